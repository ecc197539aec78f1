import { z } from 'zod';
import { dateInput, pageQuery } from './common';

export const paymentRunMethods = ['ach', 'wire', 'check'] as const;
export type PaymentRunMethod = (typeof paymentRunMethods)[number];

export const paymentRunMethodLabels: Record<PaymentRunMethod, string> = {
  ach: 'ACH',
  wire: 'Wire',
  check: 'Check',
};

/** At most this many bills in one run (one NACHA batch stays small enough to review). */
export const MAX_BILLS_PER_RUN = 100;

/** POST /api/payments/schedule: pay these bills from this verified account, by this method, on this day. */
export const schedulePaymentSchema = z.object({
  billIds: z
    .array(z.string(), { message: 'Choose at least one bill' })
    .min(1, 'Choose at least one bill')
    .max(MAX_BILLS_PER_RUN, `Choose at most ${MAX_BILLS_PER_RUN} bills`)
    .refine((ids) => new Set(ids).size === ids.length, 'A bill is listed twice'),
  bankAccountId: z.string({ message: 'Choose a bank account' }).min(1, 'Choose a bank account'),
  method: z.enum(paymentRunMethods, { message: 'Choose a payment method' }),
  scheduledDate: dateInput('Payment date'),
});
export type SchedulePaymentInput = z.input<typeof schedulePaymentSchema>;
export type SchedulePayment = z.output<typeof schedulePaymentSchema>;

export const scheduledPaymentSchema = z.object({
  id: z.string(),
  type: z.literal('bill_payment'),
  referenceId: z.string(),
  amount: z.string(),
  method: z.enum(paymentRunMethods),
  status: z.enum(['pending', 'processing', 'sent', 'completed', 'failed']),
  scheduledDate: z.string().nullable(),
  paymentRunId: z.string(),
  bankAccountId: z.string(),
});

export const scheduleResultSchema = z.object({
  paymentRunId: z.string(),
  payments: z.array(scheduledPaymentSchema),
});
export type ScheduleResult = z.infer<typeof scheduleResultSchema>;

export const paymentRunStatuses = [
  'scheduled',
  'processing',
  'sent',
  'completed',
  'completed_with_failures',
  'failed',
] as const;
export type PaymentRunStatus = (typeof paymentRunStatuses)[number];

/** A run with its totals, aggregated from its payments. */
export const paymentRunSchema = z.object({
  id: z.string(),
  method: z.enum(paymentRunMethods),
  scheduledDate: z.string(),
  bankAccountId: z.string(),
  bankAccountName: z.string(),
  bankAccountLast4: z.string(),
  paymentCount: z.number(),
  completedCount: z.number(),
  failedCount: z.number(),
  /** ACH payments whose file was exported and that the bank has not yet settled. */
  sentCount: z.number(),
  totalAmount: z.string(),
  status: z.enum(paymentRunStatuses),
  /**
   * How the run's ACH payments complete once sent (its bank account's ACH profile): when a bank
   * statement line shows them, or on `completesOn`. Null for wires and checks.
   */
  completion: z
    .object({
      mode: z.enum(['bank_confirmation', 'settlement_days']),
      completesOn: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type PaymentRun = z.infer<typeof paymentRunSchema>;

export const paymentRunListQuery = pageQuery;

export const processDueResultSchema = z.object({
  processed: z.number(),
  completed: z.number(),
  failed: z.number(),
});
export type ProcessDueResult = z.infer<typeof processDueResultSchema>;
