import { z } from 'zod';
import type { AchSettlementMode } from './ach';
import { pageQuery } from './common';

export const paymentTypes = ['invoice_payment', 'bill_payment'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentStatuses = ['pending', 'processing', 'sent', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentMethods = ['ach', 'wire', 'check', 'card', 'stripe'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** GET /api/payments?type=&status=&limit=&offset=, newest first. */
export const paymentListQuery = pageQuery.extend({
  type: z.enum(paymentTypes).optional(),
  status: z.enum(paymentStatuses).optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

/** One row of the Payment History (spec 2.9); amounts are decimal strings. */
export interface Payment {
  id: string;
  type: PaymentType;
  method: PaymentMethod;
  status: PaymentStatus;
  /** The invoice's or bill's id. */
  referenceId: string;
  /** What the payer wrote: a check number, a wire reference. */
  reference: string | null;
  /** "INV-1001 · Acme Corp" or "BILL-7 · Paper Co"; null when the invoice or bill is gone. */
  label: string | null;
  scheduledDate: string | null;
  processedAt: string | null;
  amount: string;
  transactionId: string | null;
  failureReason: string | null;
  createdAt: string;
  /**
   * A sent ACH payment: how it completes (its account's ACH settings): when a bank line shows it,
   * or `days` banking days after its scheduled date. Null otherwise.
   */
  settlement: { mode: AchSettlementMode; days: number } | null;
}

/** GET /api/payments/upcoming?limit=&offset=: money due in or out, soonest first. */
export const upcomingPaymentsQuery = pageQuery;

export interface UpcomingPayment {
  id: string;
  /** bill_payment: a scheduled pending bill payment; invoice: an unpaid invoice falling due. */
  kind: 'bill_payment' | 'invoice';
  referenceId: string;
  scheduledDate: string;
  amount: string;
  method: PaymentMethod | null;
  label: string;
}
