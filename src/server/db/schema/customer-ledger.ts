import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { vatCategories } from '../../../shared/einvoice-codes';
import { customers } from './customers';
import { bills } from './bills';
import { invoices } from './invoices';
import { organizations } from './organizations';
import { payments } from './payments';
import { vendors } from './vendors';

export const customerCreditKinds = ['credit_note', 'overpayment'] as const;
export const customerCreditStatuses = ['open', 'closed', 'void'] as const;

/**
 * What an organization owes a customer back (issue 31): a credit note (numbered in its own series,
 * with lines, a PDF like an invoice) or an overpayment (the part of a payment above what the
 * invoices it paid were due). Applied to open invoices of the same customer or refunded, through
 * credit_allocations; amountApplied + amountRefunded never exceed amount (checked under a row lock
 * and by the constraint below). The unapplied rest is credit on the customer.
 */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: customerCreditKinds }).notNull(),
    /** Credit notes only: "CN-1000", the organization's own series (credit_note_settings). */
    creditNumber: text('credit_number'),
    /** The invoice credited (credit notes), or the invoice that was overpaid (overpayments). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    /** Overpayments: the payment row that carried the excess (its amount is the whole sum received). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** The organization's day the credit was issued or the money arrived. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    subtotal: money('subtotal').notNull(),
    taxAmount: money('tax_amount').notNull().default('0.00'),
    amount: money('amount').notNull(),
    amountApplied: money('amount_applied').notNull().default('0.00'),
    amountRefunded: money('amount_refunded').notNull().default('0.00'),
    status: text('status', { enum: customerCreditStatuses }).notNull().default('open'),
    reason: text('reason'),
    /** As on invoices (BT-120). */
    vatExemptionReason: text('vat_exemption_reason'),
    userId: uuid('user_id'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customer_credits_org_number_key').on(t.organizationId, t.creditNumber),
    index('customer_credits_org_created_idx').on(t.organizationId, t.createdAt),
    index('customer_credits_customer_idx').on(t.organizationId, t.customerId, t.issueDate),
    index('customer_credits_invoice_idx').on(t.invoiceId),
    // One overpayment credit per payment: a replayed webhook or a retried match cannot add a second.
    uniqueIndex('customer_credits_payment_key').on(t.paymentId),
  ],
);

/** A credit note's lines: copied from the credited invoice's lines (whole or chosen) or one amount line. */
export const creditNoteItems = pgTable(
  'credit_note_items',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => customerCredits.id, { onDelete: 'cascade' }),
    /** The invoice line this credits, when chosen from the invoice. */
    invoiceItemId: uuid('invoice_item_id'),
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
  (t) => [index('credit_note_items_credit_idx').on(t.creditId, t.position)],
);

export const creditAllocationKinds = ['invoice', 'refund'] as const;

/**
 * One use of a customer credit: applied to an invoice (which raises the invoice's amountPaid and
 * amountCredited in the same transaction) or refunded to the customer (recorded, money out).
 * A reversed allocation keeps its row with reversedAt set.
 */
export const creditAllocations = pgTable(
  'credit_allocations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => customerCredits.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: creditAllocationKinds }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** The organization's day of the application or refund. */
    allocationDate: date('allocation_date', { mode: 'string' }).notNull(),
    /** Refunds: how the money went back (check, ach, wire, card, stripe) and its reference. */
    method: text('method'),
    reference: text('reference'),
    userId: uuid('user_id'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_allocations_credit_idx').on(t.creditId),
    index('credit_allocations_invoice_idx').on(t.organizationId, t.invoiceId),
    index('credit_allocations_org_date_idx').on(t.organizationId, t.allocationDate),
  ],
);

/** The credit note number series of one organization (like invoice_settings for invoices). */
export const creditNoteSettings = pgTable('credit_note_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('CN'),
  nextNumber: integer('next_number').notNull().default(1000),
  updatedAt: updatedAt(),
});

/**
 * A vendor's credit on the payables side (a returned good, a billing error): applied to open
 * bills of the same vendor before they are paid, which lowers what a payment run pays.
 */
export const vendorCredits = pgTable(
  'vendor_credits',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    /** The vendor's own credit memo number. */
    creditNumber: text('credit_number').notNull(),
    creditDate: date('credit_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    amountApplied: money('amount_applied').notNull().default('0.00'),
    /** The bill the vendor credited, when known. */
    billId: uuid('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** The document (a received e-invoice credit note) it was read from. */
    documentId: uuid('document_id'),
    status: text('status', { enum: customerCreditStatuses }).notNull().default('open'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_credits_vendor_number_key').on(t.organizationId, t.vendorId, t.creditNumber),
    index('vendor_credits_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** One application of a vendor credit to a bill (raises bills.amount_credited in the same transaction). */
export const vendorCreditApplications = pgTable(
  'vendor_credit_applications',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorCreditId: uuid('vendor_credit_id')
      .notNull()
      .references(() => vendorCredits.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    applicationDate: date('application_date', { mode: 'string' }).notNull(),
    userId: uuid('user_id'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_credit_applications_credit_idx').on(t.vendorCreditId), index('vendor_credit_applications_bill_idx').on(t.organizationId, t.billId)],
);

export const lateFeeKinds = ['fixed', 'percentage'] as const;

/**
 * A workspace's late fee policy (PUT /api/settings/late-fees): off unless enabled. A fee is due for
 * each whole month (period) an invoice stays unpaid past its due date plus graceDays; a percentage
 * is of the balance due, per month, between minimum and cap.
 */
export const lateFeePolicies = pgTable('late_fee_policies', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  kind: text('kind', { enum: lateFeeKinds }).notNull().default('percentage'),
  /** kind fixed: the amount per period. */
  fixedAmount: money('fixed_amount').notNull().default('0.00'),
  /** kind percentage: percent of the balance due per month, e.g. 1.5000. */
  percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull().default('0'),
  graceDays: integer('grace_days').notNull().default(0),
  minimumAmount: money('minimum_amount').notNull().default('0.00'),
  /** The most one invoice may be charged in late fees in total; null for no cap. */
  capAmount: money('cap_amount'),
  updatedAt: updatedAt(),
});

/**
 * One late fee: charged once per invoice and period (the unique key) by the scheduler, as its own
 * invoice (feeInvoiceId) so the invoice the customer already has never changes. Reversed by a user:
 * the fee invoice is cancelled (or credited when paid) and reversedAt set; a reversed period is not charged again.
 */
export const lateFees = pgTable(
  'late_fees',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    feeInvoiceId: uuid('fee_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** 1 for the first month past due + grace, 2 for the next... */
    period: integer('period').notNull(),
    /** The organization's day the fee was charged. */
    chargedOn: date('charged_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('late_fees_invoice_period_key').on(t.invoiceId, t.period),
    index('late_fees_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('late_fees_fee_invoice_key').on(t.feeInvoiceId),
  ],
);

/**
 * "Send statements" (POST /api/statements/send): one row per customer and statement date, claimed
 * before the mail goes out, so a retried or repeated request never mails a customer twice.
 */
export const statementDeliveries = pgTable(
  'statement_deliveries',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    email: text('email').notNull(),
    closingBalance: money('closing_balance').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_deliveries_customer_date_key').on(t.organizationId, t.customerId, t.statementDate),
    index('statement_deliveries_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
  ],
);
