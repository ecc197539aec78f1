import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { vatCategories } from '../../../shared/einvoice-codes';
import { organizations } from './organizations';
import { vendors } from './vendors';

export const billStatuses = ['received', 'scheduled', 'paid', 'overdue'] as const;
export const billApprovalStatuses = ['not_required', 'pending', 'approved', 'rejected'] as const;

/** One matching approval rule as it stood when the bill was sent for approval. */
export interface ApprovalPlanStep {
  workflowId: string;
  name: string;
  approverIds: string[];
  requireAllApprovers: boolean;
}

/** Vendor bills (spec 3, Bill). Totals are the server's own computeTotals run. */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who entered the bill (spec: Bill.userId); an approver may not approve their own bill. */
    userId: uuid('user_id'),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    billNumber: text('bill_number').notNull(),
    status: text('status', { enum: billStatuses }).notNull().default('received'),
    billDate: date('bill_date').notNull(),
    dueDate: date('due_date').notNull(),
    subtotal: money('subtotal').notNull(),
    taxAmount: money('tax_amount').notNull().default('0.00'),
    /** Document-level allowances of a received e-invoice (BT-107): total = subtotal + tax - discount. */
    discountAmount: money('discount_amount').notNull().default('0.00'),
    totalAmount: money('total_amount').notNull(),
    /** Paid before this bill (BT-113): what is due is total - credited - prepaid. */
    prepaidAmount: money('prepaid_amount').notNull().default('0.00'),
    /** Payment terms as the vendor wrote them (BT-20). */
    paymentTerms: text('payment_terms'),
    /** Where to pay as the e-invoice says (BG-16): IBAN encrypted, its last four, BIC, remittance text (BT-83). */
    paymentIbanEncrypted: text('payment_iban_encrypted'),
    paymentIbanLast4: text('payment_iban_last4'),
    paymentBic: text('payment_bic'),
    paymentReference: text('payment_reference'),
    /** Set for bills from e-invoices whose figures break EN 16931 rules: never auto-approved. */
    einvoiceWarnings: jsonb('einvoice_warnings').$type<string[]>().notNull().default([]),
    /** Vendor credits applied to this bill (issue 31): a payment pays totalAmount - amountCredited. */
    amountCredited: money('amount_credited').notNull().default('0.00'),
    notes: text('notes'),
    /** An expense category ("Bank fees", "Software"), set on bills created from a bank line. */
    category: text('category'),
    attachmentUrl: text('attachment_url'),
    /** An uploaded document (documents feature) this bill was read from or is attached to. */
    documentId: uuid('document_id'),
    scheduledPaymentDate: date('scheduled_payment_date'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    approvalStatus: text('approval_status', { enum: billApprovalStatuses }).notNull().default('not_required'),
    /** Increases each time the bill is sent for approval; bill_approvals of older rounds are history. */
    approvalRound: integer('approval_round').notNull().default(0),
    approvalPlan: jsonb('approval_plan').$type<ApprovalPlanStep[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bills_vendor_number_key').on(t.organizationId, t.vendorId, t.billNumber),
    index('bills_org_due_idx').on(t.organizationId, t.dueDate),
    index('bills_org_status_idx').on(t.organizationId, t.status),
    index('bills_org_created_idx').on(t.organizationId, t.createdAt),
    index('bills_vendor_idx').on(t.vendorId),
    // The bill list's text search on the number (ILIKE '%term%', pg_trgm).
    index('bills_number_trgm_idx').using('gin', sql`${t.billNumber} gin_trgm_ops`),
    index('bills_notes_trgm_idx').using('gin', sql`${t.notes} gin_trgm_ops`),
    index('bills_document_idx').on(t.documentId),
  ],
);

export const billItems = pgTable(
  'bill_items',
  {
    id: id(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
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
  (t) => [index('bill_items_bill_idx').on(t.billId, t.position)],
);
