import { boolean, date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { invoices } from './invoices';
import { organizations } from './organizations';

/*
 * Summary tables (issue 15, docs/decisions/0009): per-organization totals kept by statement-level
 * triggers on invoices and payments (migration 0008), so they change in the same transaction as
 * the rows they sum, whoever writes them (the API, imports, recurring runs, connectors, a psql
 * session). The dashboard, the sidebar badges and the lists' X-Total-Count read these instead of
 * scanning every invoice; their cost grows with the days, not with the rows.
 * Sums are plain numeric, like the amounts they add up (columns.ts): they keep the currency's scale.
 */
const sum = (name: string) => numeric(name);

/** Invoices by status, due day and whether a balance is left (amount_paid < total_amount). */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    isOpen: boolean('is_open').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    totalAmount: sum('total_amount').notNull(),
    amountPaid: sum('amount_paid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status, t.dueDate, t.isOpen] })],
);

/**
 * Payments by type, status and the day they were processed where the organization is (its time
 * zone; '-infinity' when not processed). A change of the organization's time zone rebuilds its rows.
 */
export const paymentTotals = pgTable(
  'payment_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull(),
    processedDay: date('processed_day', { mode: 'string' }).notNull(),
    paymentCount: integer('payment_count').notNull(),
    amount: sum('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.type, t.status, t.processedDay] })],
);

/**
 * Each invoice's items as the API writes them (a JSON array text, in position order), kept by
 * statement-level triggers on invoice_items (migration 0011) in the writing transaction. The
 * invoice list reads one row per invoice instead of looking up and formatting every item on every
 * page. No row: the invoice has no items.
 */
export const invoiceItemLists = pgTable('invoice_item_lists', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  itemsJson: text('items_json').notNull(),
});

/**
 * Each customer's amount due on open invoices (sent or overdue: total_amount - amount_paid), kept
 * by statement-level triggers on invoices (migration 0019) like invoice_totals. A customer's
 * balance (credits/customer-balance.ts) reads one row instead of summing the customer's invoices,
 * which at 4,000 invoices a customer made the customer list 21 pages a second (issue 33).
 */
export const customerOpenTotals = pgTable(
  'customer_open_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    openDue: sum('open_due').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.customerId] })],
);
