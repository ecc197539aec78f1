import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { vatCategories } from '../../../shared/einvoice-codes';
import { customers } from './customers';
import { invoices } from './invoices';
import { organizations } from './organizations';

export const recurringFrequencyValues = ['weekly', 'monthly', 'quarterly', 'annually'] as const;
export const recurringEndTypes = ['never', 'after_count', 'on_date'] as const;
export const recurringStatuses = ['active', 'paused', 'completed'] as const;

/**
 * A recurring invoice schedule: the invoice it makes (customer, items, tax, discount, terms), how
 * often, from when and until when. nextRunDate is the organization's day of the next invoice (null
 * once the schedule has ended); anchorDay keeps a schedule on the 31st at month ends.
 * kind practice_fee: the schedule by which a firm bills a client its service fee.
 */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    kind: text('kind', { enum: ['manual', 'practice_fee'] }).notNull().default('manual'),
    frequency: text('frequency', { enum: recurringFrequencyValues }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    anchorDay: integer('anchor_day').notNull(),
    endType: text('end_type', { enum: recurringEndTypes }).notNull().default('never'),
    endAfterCount: integer('end_after_count'),
    endDate: date('end_date', { mode: 'string' }),
    nextRunDate: date('next_run_date', { mode: 'string' }),
    generatedCount: integer('generated_count').notNull().default(0),
    autoSend: boolean('auto_send').notNull().default(false),
    paymentTerms: text('payment_terms').notNull().default('Net 30'),
    taxAmount: money('tax_amount').notNull().default('0.00'),
    discountAmount: money('discount_amount').notNull().default('0.00'),
    notes: text('notes'),
    /** BT-120 for the invoices it makes, when lines are exempt or reverse charge (issue 36). */
    vatExemptionReason: text('vat_exemption_reason'),
    status: text('status', { enum: recurringStatuses }).notNull().default('active'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recurring_invoices_org_idx').on(t.organizationId, t.createdAt),
    index('recurring_invoices_due_idx').on(t.status, t.nextRunDate),
    index('recurring_invoices_customer_idx').on(t.customerId, t.kind),
  ],
);

/** One line of the invoice a schedule makes. */
export const recurringInvoiceItems = pgTable(
  'recurring_invoice_items',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recurringInvoiceId: uuid('recurring_invoice_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 4 }).notNull(),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    /** EN 16931 VAT of the line (issue 36): category (BT-151) and rate in percent (BT-152); null: no VAT detail. */
    taxCategory: text('tax_category', { enum: vatCategories }),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    /** UN/ECE Rec 20 unit (BT-130); null reads as C62, "one". */
    unitCode: text('unit_code'),
  },
  (t) => [index('recurring_invoice_items_schedule_idx').on(t.recurringInvoiceId, t.position)],
);

/**
 * One generation of a schedule for one run day: the unique key makes generating idempotent (a
 * retry or a second process finds the run and makes no second invoice).
 */
export const recurringInvoiceRuns = pgTable(
  'recurring_invoice_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recurringInvoiceId: uuid('recurring_invoice_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** When the invoice was mailed (auto-send); null while not (yet) sent. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recurring_invoice_runs_key').on(t.recurringInvoiceId, t.runDate), index('recurring_invoice_runs_org_idx').on(t.organizationId, t.createdAt)],
);

/** A payment reminder for an overdue invoice: one per invoice and reminder day, mailed once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The configured day it answers: 7, 14, 30 days after the due date. */
    daysOverdue: integer('days_overdue').notNull(),
    /** The organization's day it was due to go out (due date + daysOverdue). */
    reminderDate: date('reminder_date', { mode: 'string' }).notNull(),
    toEmail: text('to_email').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_reminders_key').on(t.invoiceId, t.daysOverdue),
    index('invoice_reminders_org_idx').on(t.organizationId, t.createdAt),
    // The dashboard's "reminders sent this month": an index-only count, not a heap read per reminder.
    index('invoice_reminders_org_status_sent_idx').on(t.organizationId, t.status, t.sentAt),
  ],
);
