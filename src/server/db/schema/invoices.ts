import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoiceStatuses } from '../../../shared/contracts/invoices';
import { createdAt, id, money, updatedAt } from './columns';
import { customers } from './customers';
import { organizations } from './organizations';

/**
 * A customer invoice (spec 3). The money columns are the server's own run of computeTotals;
 * amountPaid is kept in step with the completed invoice payments, in the same transaction.
 * 'overdue' is also derived at read time: a sent, unpaid invoice past its due date.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number').notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('draft'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    subtotal: money('subtotal').notNull(),
    taxAmount: money('tax_amount').notNull().default('0'),
    discountAmount: money('discount_amount').notNull().default('0'),
    totalAmount: money('total_amount').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    notes: text('notes'),
    paymentTerms: text('payment_terms').notNull().default('Net 30'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The recurring schedule that generated this invoice, if any. */
    recurringInvoiceId: uuid('recurring_invoice_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_org_number_key').on(t.organizationId, t.invoiceNumber),
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    index('invoices_org_due_idx').on(t.organizationId, t.dueDate),
    // Carries the amounts so the dashboard's open balance is an index-only scan.
    index('invoices_org_status_idx').on(t.organizationId, t.status, t.dueDate, t.totalAmount, t.amountPaid),
    index('invoices_customer_idx').on(t.customerId),
  ],
);

/** One invoice line; quantity may be fractional (hours, kilograms). */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 4 }).notNull(),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);
