import { toDecimal, type Cents } from '../../../shared/money';
import { calendarDay } from '../../../shared/calendar';
import type { MailMessage } from '../../platform/mail';
import type { BankAccountRow } from './bank-accounts.queries';

/**
 * The bank's notice of the two micro-deposits. It stands in for the deposits showing on the
 * statement, since no bank-data provider is connected. Plain ASCII, short lines: the amounts
 * must read the same in any mail client (and in the .eml outbox).
 */
export function microDepositNotice(params: {
  to: string;
  account: Pick<
    BankAccountRow,
    'accountName' | 'accountLast4' | 'routingNumber' | 'accountHolderName'
  >;
  amounts: [Cents, Cents];
  expiresAt: Date;
  /** The organization's: the last day is the one it is there when the deposits expire. */
  timeZone: string;
}): MailMessage {
  const { account, amounts } = params;
  const until = calendarDay(params.expiresAt, params.timeZone);
  return {
    to: params.to,
    subject: `Micro-deposits sent to your account ending in ${account.accountLast4}`,
    text: [
      'Hello,',
      '',
      `Two micro-deposits were sent to the bank account "${account.accountName}"`,
      `ending in ${account.accountLast4} (routing number ${account.routingNumber}),`,
      `held by ${account.accountHolderName}.`,
      '',
      'They appear on your bank statement as:',
      `  Micro-deposit 1: $${toDecimal(amounts[0])}`,
      `  Micro-deposit 2: $${toDecimal(amounts[1])}`,
      '',
      'Enter both amounts under Bank Accounts > Verify Micro-Deposits in Signal AR',
      `by ${until}. After 3 wrong attempts, or after that date, the verification`,
      'ends and the account has to be added again.',
      '',
      'Signal AR',
    ].join('\n'),
  };
}
