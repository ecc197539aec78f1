import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { money, updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * A firm's per-item costs for the client profitability score (issue 14): minutes of the firm's
 * time each item of work in a client's workspace takes, and the hourly rate that prices them. A
 * firm without a row uses the defaults in src/server/features/analytics/cost-settings.ts.
 */
export const analyticsCostSettings = pgTable('analytics_cost_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  documentMinutes: integer('document_minutes').notNull(),
  invoiceMinutes: integer('invoice_minutes').notNull(),
  billMinutes: integer('bill_minutes').notNull(),
  approvalMinutes: integer('approval_minutes').notNull(),
  exceptionMinutes: integer('exception_minutes').notNull(),
  hourlyRate: money('hourly_rate').notNull(),
  updatedAt: updatedAt(),
});
