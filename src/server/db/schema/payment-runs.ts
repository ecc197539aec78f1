import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank-accounts';
import { createdAt, id } from './columns';
import { organizations } from './organizations';

export const paymentRunMethods = ['ach', 'wire', 'check'] as const;

/**
 * Bills paid together from one of the organization's bank accounts, by one method, on one date.
 * The payments (payments.payment_run_id) carry the amounts and statuses; a run's totals and
 * status are aggregates over them, so they never drift.
 */
export const paymentRuns = pgTable(
  'payment_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who scheduled it. */
    userId: uuid('user_id'),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    method: text('method', { enum: paymentRunMethods }).notNull(),
    scheduledDate: date('scheduled_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_runs_org_created_idx').on(t.organizationId, t.createdAt)],
);
