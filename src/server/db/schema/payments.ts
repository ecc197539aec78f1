import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money } from './columns';
import { organizations } from './organizations';

/**
 * Money in (invoice_payment) and out (bill_payment). referenceId is the invoice's or bill's id;
 * bill payments made together share a paymentRunId.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    type: text('type', { enum: ['invoice_payment', 'bill_payment'] }).notNull(),
    referenceId: uuid('reference_id').notNull(),
    amount: money('amount').notNull(),
    method: text('method', { enum: ['ach', 'wire', 'check', 'card', 'stripe'] }).notNull(),
    /** ACH: pending until its file is exported (sent), completed when the bank settles it. */
    status: text('status', { enum: ['pending', 'processing', 'sent', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** What the payer wrote: a check number, a wire reference. */
    reference: text('reference'),
    transactionId: text('transaction_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    paymentRunId: uuid('payment_run_id'),
    bankAccountId: uuid('bank_account_id'),
    scheduledDate: date('scheduled_date'),
    /** When its ACH file was first exported. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_org_created_idx').on(t.organizationId, t.createdAt),
    index('payments_reference_idx').on(t.organizationId, t.type, t.referenceId),
    index('payments_due_idx').on(t.status, t.scheduledDate),
    // Dashboard revenue and cash flow read completed payments of one organization by date.
    index('payments_completed_idx').on(t.organizationId, t.processedAt, t.type, t.amount).where(sql`${t.status} = 'completed'`),
    index('payments_run_idx').on(t.paymentRunId),
    // Bank matching finds payments not failed by amount (issue 30).
    index('payments_org_type_amount_idx').on(t.organizationId, t.type, t.amount).where(sql`${t.status} <> 'failed'`),
    // One intent may pay several invoices (a portal payment), each once.
    uniqueIndex('payments_stripe_intent_key').on(t.stripePaymentIntentId, t.referenceId),
    uniqueIndex('payments_transaction_key').on(t.transactionId),
  ],
);
