import { z } from 'zod';
import { daysOutOfOrder, dateInput, moneyInput, pageQuery } from './common';
import { type InvoiceStatus, invoiceStatuses } from './invoice-status';
import { checkClaimedTotals, checkExemptionReason, type LineVat, lineItemsSchemaFor, vatExemptionReasonInput } from './line-items';

export { invoiceStatuses, type InvoiceStatus } from './invoice-status';

export const invoicePaymentMethods = ['ach', 'wire', 'check', 'card'] as const;
export type InvoicePaymentMethod = (typeof invoicePaymentMethods)[number];

export const DUE_BEFORE_ISSUE = 'Due date cannot be before the issue date';

const invoiceNumberField = z
  .string({ message: 'Invoice number is required' })
  .trim()
  .min(1, 'Invoice number is required')
  .max(50, 'Invoice number must be at most 50 characters');

/** An invoice's fields, amounts in minor units of `currency` (the organization's; default USD). */
function invoiceFieldsFor(currency?: string) {
  return z.object({
    customerId: z.uuid({ message: 'Customer is required' }),
    invoiceNumber: invoiceNumberField,
    // Absent: draft for a new invoice, unchanged on an edit.
    status: z.enum(invoiceStatuses, { message: 'Status must be draft, sent, paid, overdue or cancelled' }).optional(),
    issueDate: dateInput('Issue date'),
    dueDate: dateInput('Due date'),
    subtotal: moneyInput('Subtotal', { currency }),
    taxAmount: moneyInput('Tax amount', { currency }).default(0),
    discountAmount: moneyInput('Discount amount', { currency }).default(0),
    totalAmount: moneyInput('Total amount', { currency }),
    notes: z
      .string()
      .trim()
      .max(5000, 'Notes must be at most 5000 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
    paymentTerms: z
      .string()
      .trim()
      .max(50, 'Payment terms must be at most 50 characters')
      .nullish()
      .transform((value) => value || 'Net 30'),
    items: lineItemsSchemaFor(currency),
    /** BT-120: why lines of category E, AE, K, G or O carry no VAT (required with them). */
    vatExemptionReason: vatExemptionReasonInput,
  });
}

const invoiceFields = invoiceFieldsFor();

function checkInvoice(value: Omit<z.output<typeof invoiceFields>, 'invoiceNumber'>, ctx: z.RefinementCtx) {
  checkClaimedTotals(value, ctx);
  checkExemptionReason(value, ctx);
  if (daysOutOfOrder(value.issueDate, value.dueDate)) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: DUE_BEFORE_ISSUE });
  }
}

/**
 * Create or update an invoice (spec 7.2). The client sends its totals; the server recomputes them
 * with computeTotals and refuses a request whose figures disagree, naming the field.
 */
export const invoiceInputSchema = invoiceFields.superRefine(checkInvoice);

/**
 * The invoice contracts with amounts in `currency`'s minor unit (JPY: yen, KWD: fils): what the
 * invoice service parses a request with, once it knows the organization's currency.
 */
export function invoiceContractsFor(currency: string) {
  const fields = invoiceFieldsFor(currency);
  return {
    invoiceInputSchema: fields.superRefine(checkInvoice),
    newInvoiceSchema: fields.extend({ invoiceNumber: invoiceNumberField.optional() }).superRefine(checkInvoice),
    recordPaymentSchema: recordPaymentSchemaFor(currency),
  };
}
export type InvoiceInput = z.output<typeof invoiceInputSchema>;
export type InvoiceFormValues = z.input<typeof invoiceInputSchema>;

/**
 * POST /api/invoices: as invoiceInputSchema, but the number may be left out; the organization's
 * invoice settings then give the next one (GET /api/invoice-settings shows it).
 */
export const newInvoiceSchema = invoiceFields.extend({ invoiceNumber: invoiceNumberField.optional() }).superRefine(checkInvoice);
export type NewInvoiceInput = z.output<typeof newInvoiceSchema>;

/** GET /api/invoice-settings: how the organization numbers its invoices, and the number the next one gets. */
export const invoiceSettingsSchema = z.object({
  prefix: z.string(),
  nextNumber: z.number().int(),
  /** prefix and nextNumber joined, moved past numbers already used by an invoice. */
  nextInvoiceNumber: z.string(),
  paymentTerms: z.string(),
  currency: z.string(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** GET /api/invoices?status=&search=&customerId=&limit=&offset= (status is the effective one). */
export const invoiceListQuery = pageQuery.extend({
  status: z.enum(invoiceStatuses).optional(),
  search: z.string().trim().max(200).optional(),
  customerId: z.uuid().optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

/** POST /api/invoices/{id}/payments: a full or partial payment received. */
function recordPaymentSchemaFor(currency?: string) {
  return z.object({
    amount: moneyInput('Amount', { currency }).refine((cents) => cents > 0, 'Amount must be greater than zero'),
    paidAt: dateInput('Payment date'),
    method: z.enum(invoicePaymentMethods, { message: 'Payment method must be ach, wire, check or card' }),
    reference: z
      .string()
      .trim()
      .max(100, 'Reference must be at most 100 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
    /** Money above the balance is refused unless this is true: then it is kept as the customer's credit. */
    keepExcessAsCredit: z.boolean().optional(),
  });
}

export const recordPaymentSchema = recordPaymentSchemaFor();
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;
export type RecordPaymentFormValues = z.input<typeof recordPaymentSchema>;

/** An invoice line; taxCategory, taxRate and unitCode are null without VAT detail (LineVat). */
export interface InvoiceItem extends LineVat {
  id: string;
  description: string;
  /** Exact decimal text, up to 4 decimals ("1.5"). */
  quantity: string;
  unitPrice: string;
  totalPrice: string;
}

/** An invoice as the API returns it; amounts are decimal strings, dates "YYYY-MM-DD". */
export interface Invoice {
  id: string;
  invoiceNumber: string;
  customerId: string;
  customer: { id: string; name: string; email: string };
  /** Effective status: a sent, unpaid invoice past its due date reads 'overdue'. */
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string;
  subtotal: string;
  taxAmount: string;
  discountAmount: string;
  totalAmount: string;
  amountPaid: string;
  balance: string;
  notes: string | null;
  paymentTerms: string;
  /** BT-120, with exempt or reverse-charge lines (issue 36). */
  vatExemptionReason: string | null;
  sentAt: string | null;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
  items: InvoiceItem[];
  /** GET /api/invoices/{id}: why the last autopay charge failed, when it did (issue 31). */
  autopayFailure?: string | null;
}

export interface InvoicePayment {
  id: string;
  invoiceId: string;
  amount: string;
  method: string;
  status: string;
  reference: string | null;
  transactionId: string | null;
  processedAt: string | null;
}
