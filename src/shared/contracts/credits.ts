import { z } from 'zod';
import { vatCategories } from '../einvoice-codes';
import { dateInput, moneyInput, pageQuery, quantityInput } from './common';
import { vatExemptionReasonInput, vatRateInput } from './line-items';

/**
 * Customer credits (issue 31): credit notes, numbered in their own series, and overpayments. Each
 * is applied to open invoices of the same customer or refunded; what is left is unapplied credit.
 */
export const customerCreditKinds = ['credit_note', 'overpayment'] as const;
export const customerCreditStatuses = ['open', 'closed', 'void'] as const;

export const creditAllocationSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'refund']),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  amount: z.string(),
  date: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type CreditAllocation = z.infer<typeof creditAllocationSchema>;

export const creditNoteItemSchema = z.object({
  id: z.string(),
  invoiceItemId: z.string().nullable(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  /** EN 16931 VAT of the line (issue 36), copied from the invoice line; null without VAT detail. */
  taxCategory: z.enum(vatCategories).nullable(),
  taxRate: z.string().nullable(),
  unitCode: z.string().nullable(),
});

/** A credit note or an overpayment credit, as GET /api/credit-notes lists it. Money as decimal strings. */
export const creditNoteSchema = z.object({
  id: z.string(),
  kind: z.enum(customerCreditKinds),
  /** Credit notes: "CN-1000"; overpayments: null. */
  creditNumber: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  paymentId: z.string().nullable(),
  issueDate: z.string(),
  subtotal: z.string(),
  taxAmount: z.string(),
  amount: z.string(),
  amountApplied: z.string(),
  amountRefunded: z.string(),
  /** amount - amountApplied - amountRefunded. */
  remaining: z.string(),
  status: z.enum(customerCreditStatuses),
  reason: z.string().nullable(),
  /** BT-120, with exempt or reverse-charge lines. */
  vatExemptionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const creditNoteDetailSchema = creditNoteSchema.extend({
  items: z.array(creditNoteItemSchema),
  allocations: z.array(creditAllocationSchema),
});
export type CreditNoteDetail = z.infer<typeof creditNoteDetailSchema>;

/**
 * POST /api/invoices/{id}/credit-notes: exactly one of whole (every line, tax included), items
 * (chosen lines, each up to its quantity) or amount (one line "Credit" of that amount). The total
 * of the invoice's credit notes can never exceed the invoice total.
 */
export const createCreditNoteInput = z
  .object({
    whole: z.boolean().optional(),
    items: z.array(z.object({ invoiceItemId: z.uuid(), quantity: quantityInput })).max(500).optional(),
    amount: moneyInput('Amount').optional(),
    issueDate: dateInput('Issue date').optional(),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').nullish(),
    /** Apply the new credit note to the invoice it credits at once (when that invoice is open). */
    applyToInvoice: z.boolean().default(false),
    /**
     * An amount credit of an invoice with VAT lines: the line's VAT category and rate (the amount is
     * the net; its VAT is added). Ignored for whole or chosen lines, which keep the invoice's.
     */
    taxCategory: z.enum(vatCategories, { message: 'VAT category must be S, Z, E, AE, K, G, O, L or M' }).nullish(),
    taxRate: vatRateInput.nullish(),
    /** BT-120; left out, the invoice's reason is copied. */
    vatExemptionReason: vatExemptionReasonInput,
  })
  .superRefine((value, ctx) => {
    const chosen = [value.whole === true, value.items !== undefined, value.amount !== undefined].filter(Boolean).length;
    if (chosen !== 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose the whole invoice, some lines or an amount' });
    if (value.amount !== undefined && value.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount must be more than 0' });
  });
export type CreateCreditNoteInput = z.output<typeof createCreditNoteInput>;

export const creditNoteListQuery = pageQuery.extend({
  customerId: z.uuid().optional(),
  kind: z.enum(customerCreditKinds).optional(),
  /** open: credits with something left to apply. */
  status: z.enum(['open', 'closed', 'void']).optional(),
});
export type CreditNoteListQuery = z.output<typeof creditNoteListQuery>;

/** POST /api/credit-notes/{id}/apply: to one or more open invoices of the same customer. */
export const applyCreditInput = z.object({
  allocations: z
    .array(z.object({ invoiceId: z.uuid(), amount: moneyInput('Amount') }))
    .min(1, 'Choose at least one invoice')
    .max(200),
  date: dateInput('Date').optional(),
});
export type ApplyCreditInput = z.output<typeof applyCreditInput>;

/** POST /api/credit-notes/{id}/refund: money given back to the customer (recorded, not sent). */
export const refundCreditInput = z.object({
  amount: moneyInput('Amount'),
  date: dateInput('Date'),
  method: z.enum(['check', 'ach', 'wire', 'card', 'stripe']),
  reference: z.string().trim().max(100).nullish(),
});
export type RefundCreditInput = z.output<typeof refundCreditInput>;

/** A vendor credit (payables). */
export const vendorCreditSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  creditNumber: z.string(),
  creditDate: z.string(),
  amount: z.string(),
  amountApplied: z.string(),
  remaining: z.string(),
  billId: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(customerCreditStatuses),
  applications: z.array(z.object({ id: z.string(), billId: z.string(), billNumber: z.string(), amount: z.string(), date: z.string(), reversedAt: z.string().nullable() })),
  createdAt: z.string(),
});
export type VendorCredit = z.infer<typeof vendorCreditSchema>;

/** POST /api/vendor-credits: record a vendor's credit memo, optionally applied at once to open bills. */
export const createVendorCreditInput = z.object({
  vendorId: z.uuid({ message: 'Vendor is required' }),
  creditNumber: z.string().trim().min(1, 'Credit number is required').max(50, 'Credit number must be at most 50 characters'),
  creditDate: dateInput('Credit date'),
  amount: moneyInput('Amount'),
  billId: z.uuid().nullish(),
  reason: z.string().trim().max(500).nullish(),
  applications: z.array(z.object({ billId: z.uuid(), amount: moneyInput('Amount') })).max(200).default([]),
});
export type CreateVendorCreditInput = z.output<typeof createVendorCreditInput>;

/** POST /api/vendor-credits/{id}/apply. */
export const applyVendorCreditInput = z.object({
  applications: z.array(z.object({ billId: z.uuid(), amount: moneyInput('Amount') })).min(1, 'Choose at least one bill').max(200),
  date: dateInput('Date').optional(),
});
export type ApplyVendorCreditInput = z.output<typeof applyVendorCreditInput>;
