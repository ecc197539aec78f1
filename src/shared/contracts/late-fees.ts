import { z } from 'zod';
import { moneyInput } from './common';

export const lateFeeKinds = ['fixed', 'percentage'] as const;
export type LateFeeKind = (typeof lateFeeKinds)[number];

/** A percentage per month: more than 0, at most 100, at most 4 decimals ("1.5"). */
const percentageInput = z
  .union([z.number(), z.string().trim().min(1, 'Percentage is required')], { error: () => 'Percentage must be a number' })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Percentage must be a number with at most 4 decimals' });
      return z.NEVER;
    }
    if (Number(text) > 100) {
      ctx.addIssue({ code: 'custom', message: 'Percentage must be at most 100' });
      return z.NEVER;
    }
    return text;
  });

/**
 * PUT /api/settings/late-fees: the workspace's late fee policy (issue 31). Off unless enabled. For
 * each month an open invoice stays unpaid after its due date plus graceDays, one fee: fixedAmount,
 * or percentage of the amount still due, at least minimumAmount, and never taking the invoice's
 * fees in total above capAmount (null: no cap). Each fee is its own invoice.
 */
export const lateFeePolicyInput = z
  .object({
    enabled: z.boolean({ message: 'Late fees must be on or off' }),
    kind: z.enum(lateFeeKinds, { message: 'Choose a fixed amount or a percentage' }),
    fixedAmount: moneyInput('Fixed amount'),
    percentage: percentageInput,
    graceDays: z
      .number({ message: 'Grace days must be a number' })
      .int('Grace days must be a whole number')
      .min(0, 'Grace days cannot be negative')
      .max(365, 'Grace days must be at most 365'),
    minimumAmount: moneyInput('Minimum amount'),
    capAmount: z.union([z.literal(''), z.null(), moneyInput('Cap')]).transform((value) => (value === '' ? null : value)),
  })
  .superRefine((policy, ctx) => {
    if (!policy.enabled) return;
    if (policy.kind === 'fixed' && policy.fixedAmount <= 0) ctx.addIssue({ code: 'custom', path: ['fixedAmount'], message: 'A fixed late fee must be more than 0' });
    if (policy.kind === 'percentage' && Number(policy.percentage) <= 0) ctx.addIssue({ code: 'custom', path: ['percentage'], message: 'A percentage late fee must be more than 0' });
    if (policy.capAmount !== null && policy.capAmount <= 0) ctx.addIssue({ code: 'custom', path: ['capAmount'], message: 'The cap must be more than 0, or left empty for no cap' });
    if (policy.capAmount !== null && policy.capAmount < policy.minimumAmount) ctx.addIssue({ code: 'custom', path: ['capAmount'], message: 'The cap cannot be below the minimum' });
  });
export type LateFeePolicyInput = z.input<typeof lateFeePolicyInput>;

/** GET /api/settings/late-fees (money as decimal strings). */
export const lateFeePolicySchema = z.object({
  enabled: z.boolean(),
  kind: z.enum(lateFeeKinds),
  fixedAmount: z.string(),
  percentage: z.string(),
  graceDays: z.number().int(),
  minimumAmount: z.string(),
  capAmount: z.string().nullable(),
});
export type LateFeePolicy = z.infer<typeof lateFeePolicySchema>;

/** One fee charged on an invoice (GET /api/invoices/{id}/late-fees), oldest period first. */
export const lateFeeSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  period: z.number().int(),
  chargedOn: z.string(),
  amount: z.string(),
  feeInvoiceId: z.string().nullable(),
  feeInvoiceNumber: z.string().nullable(),
  feeInvoiceStatus: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type LateFee = z.infer<typeof lateFeeSchema>;

/** What one late fee run did (POST /api/late-fees/run, and the scheduler). */
export const lateFeeRunResult = z.object({ charged: z.number().int(), skipped: z.number().int() });
export type LateFeeRunResult = z.infer<typeof lateFeeRunResult>;
