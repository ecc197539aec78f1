import type { Cents } from '../../../../../shared/money';
import type { DocumentText } from './document-text';
import { lineDates } from './document-text';
import { foreignCashWords, foreignChangeWords } from './labels';
import { findAmounts } from './parse-amount';

export interface PaymentAmounts {
  /** Amounts handed over: cash tendered, card or voucher payments. */
  tendered: Cents[];
  /** What the customer paid in the end: the last amount tendered less the change given. */
  paid: Cents | null;
  /** True when change was given, so `paid` is a sum of its own and not just the amount tendered. */
  changeGiven: boolean;
}

const tenderedPattern = new RegExp(
  String.raw`\b(?:cash|tunai|tender(?:ed)?|paid|credit\s*card|credit|card|visa|master\s*card|debit|accepted\s+total|amount\s+(?:received|tendered)|${foreignCashWords}|re[çc]u)\b`,
  'iu',
);
// A change of nothing, printed "0", "00" or "0.00" at the end of the line.
const zeroPattern = /(?:^|[\s:])0+(?:[.,]0{1,2})?\s*$/u;
const changePattern = new RegExp(
  String.raw`\b(?:change(?:\s+(?:due|amt|amount))?|baki|wang\s+baki|${foreignChangeWords})\b`,
  'iu',
);

/** The last decimal amount of a line that is not part of a date. */
function lastAmount(
  document: DocumentText,
  index: number,
): { cents: Cents; decimals: boolean } | null {
  const line = document.lines[index];
  if (!line) return null;
  const dates = lineDates(document, line);
  const amount = findAmounts(line.text)
    .filter((token) => !dates.some((date) => token.start < date.end && token.end > date.start))
    .at(-1);
  return amount ? { cents: amount.cents, decimals: amount.hasDecimals } : null;
}

/** Payment lines of a receipt: tendered amounts and the change, and from them what was paid. */
export function findPayments(document: DocumentText): PaymentAmounts {
  const tendered: Cents[] = [];
  let paid: Cents | null = null;
  let changeGiven = false;
  let lastTendered: Cents | null = null;
  document.lines.forEach((line, index) => {
    if (changePattern.test(line.text)) {
      const change =
        lastAmount(document, index) ??
        (zeroPattern.test(line.text) ? { cents: 0, decimals: false } : null);
      // A change of "0" or "00" is often printed without decimals.
      if (lastTendered !== null && change && change.cents >= 0 && change.cents <= lastTendered) {
        if (change.decimals || change.cents === 0) {
          paid = lastTendered - change.cents;
          changeGiven = change.cents > 0;
        }
      }
      return;
    }
    if (!tenderedPattern.test(line.text)) return;
    const amount = lastAmount(document, index);
    if (!amount || !amount.decimals || amount.cents <= 0) return;
    tendered.push(amount.cents);
    lastTendered = amount.cents;
  });
  return { tendered, paid, changeGiven };
}
