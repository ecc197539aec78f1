import { z } from 'zod';
import { ROUTING_LENGTH_MESSAGE, routingNumberProblem } from '../aba';
import { moneyInput } from './common';

export const bankAccountTypes = [
  'checking',
  'savings',
  'business_checking',
  'business_savings',
] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

export const bankAccountTypeLabels: Record<BankAccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  business_checking: 'Business Checking',
  business_savings: 'Business Savings',
};

export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be at least 4 digits';
/** Micro-deposits are between $0.01 and $0.99; void after this many wrong pairs or days. */
export const MICRO_DEPOSIT_MAX_ATTEMPTS = 3;
export const MICRO_DEPOSIT_VALID_DAYS = 14;

/** Digits only once spaces and dashes are dropped; 4 to 17 (the NACHA account field). */
const accountNumber = z
  .string({ message: ACCOUNT_NUMBER_MESSAGE })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d*$/, 'Account number must contain only digits')
      .min(4, ACCOUNT_NUMBER_MESSAGE)
      .max(17, 'Account number must be at most 17 digits'),
  );

const routingNumber = z
  .string({ message: ROUTING_LENGTH_MESSAGE })
  .trim()
  .superRefine((value, ctx) => {
    const problem = routingNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/bank-accounts (spec 5, Bank account). bankName is optional: no bank directory is reachable. */
export const createBankAccountSchema = z.object({
  accountName: z
    .string({ message: 'Account name is required' })
    .trim()
    .min(1, 'Account name is required')
    .max(100),
  accountHolderName: z
    .string({ message: 'Account holder name is required' })
    .trim()
    .min(1, 'Account holder name is required')
    .max(100),
  bankName: z.string().trim().max(100).optional(),
  accountType: z.enum(bankAccountTypes, { message: 'Choose an account type' }),
  accountNumber,
  routingNumber,
  isPrimary: z.boolean().optional(),
});
export type CreateBankAccountInput = z.input<typeof createBankAccountSchema>;
export type CreateBankAccount = z.output<typeof createBankAccountSchema>;

/** PUT /api/bank-accounts/{id}: the name, bank name and primary flag; numbers never change. */
export const updateBankAccountSchema = z.object({
  accountName: z.string().trim().min(1, 'Account name is required').max(100).optional(),
  bankName: z.string().trim().max(100).nullable().optional(),
  isPrimary: z.boolean().optional(),
});
export type UpdateBankAccount = z.output<typeof updateBankAccountSchema>;

/** POST /api/bank-accounts/{id}/verify: the two amounts, in either order. */
export const verifyMicroDepositsSchema = z.object({
  microDeposit1: moneyInput('First micro-deposit amount', {
    required: 'First micro-deposit amount is required',
  }),
  microDeposit2: moneyInput('Second micro-deposit amount', {
    required: 'Second micro-deposit amount is required',
  }),
});
export type VerifyMicroDepositsInput = z.input<typeof verifyMicroDepositsSchema>;

export const bankVerificationStatuses = ['pending', 'verified', 'failed', 'expired'] as const;
export type BankVerificationStatus = (typeof bankVerificationStatuses)[number];

/** A bank account as the API shows it: only the last four digits of the account number. */
export const bankAccountSchema = z.object({
  id: z.string(),
  accountName: z.string(),
  accountHolderName: z.string(),
  bankName: z.string().nullable(),
  accountType: z.enum(bankAccountTypes),
  accountLast4: z.string(),
  routingNumber: z.string(),
  isPrimary: z.boolean(),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  needsMicroDeposits: z.boolean(),
  achEnabled: z.boolean(),
  wireEnabled: z.boolean(),
  balance: z.string().nullable(),
  /** True once a live feed (Plaid) is linked; its id is never sent. */
  feedLinked: z.boolean(),
  /** The feed's last sync. */
  lastSyncAt: z.string().nullable(),
  verificationStatus: z.enum(bankVerificationStatuses),
  verificationAttemptsLeft: z.number(),
  microDepositsSentAt: z.string().nullable(),
  microDepositsExpireAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** GET /api/bank-accounts/{id}: the account and when a statement file was last imported. */
export const bankAccountDetailSchema = bankAccountSchema.extend({
  lastImportAt: z.string().nullable(),
});
export type BankAccountDetail = z.infer<typeof bankAccountDetailSchema>;

export const verifyBankAccountResultSchema = z.object({
  message: z.string(),
  bankAccount: bankAccountSchema,
});
export type VerifyBankAccountResult = z.infer<typeof verifyBankAccountResultSchema>;

/** Spec 4: Verified, Pending (micro-deposits outstanding) or Unverified. */
export function verificationLabel(
  account: Pick<BankAccount, 'isVerified' | 'needsMicroDeposits'>,
): 'Verified' | 'Pending' | 'Unverified' {
  if (account.isVerified) return 'Verified';
  if (account.needsMicroDeposits) return 'Pending';
  return 'Unverified';
}
