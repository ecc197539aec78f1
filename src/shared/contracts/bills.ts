import { z } from 'zod';
import { daysOutOfOrder, dateInput, moneyInput, optionalDateInput, pageQuery } from './common';
import { checkClaimedTotals, type LineVat, lineItemsSchemaFor } from './line-items';

export const billStatuses = ['received', 'scheduled', 'paid', 'overdue'] as const;
export type BillStatus = (typeof billStatuses)[number];

export const billApprovalStatuses = ['not_required', 'pending', 'approved', 'rejected'] as const;
export type BillApprovalStatus = (typeof billApprovalStatuses)[number];


export const DUE_BEFORE_BILL = 'Due date cannot be before the bill date';

/** Only web links: a stored "javascript:" URL would run when clicked. */
const attachmentUrlInput = z
  .string()
  .trim()
  .max(2000, 'Attachment URL must be at most 2000 characters')
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: 'Attachment URL must be an http or https link' });
      return z.NEVER;
    }
    return value;
  });

/**
 * Create or update a bill (spec 7.2). Totals as on invoices, without a discount: the server runs
 * computeTotals itself and refuses figures that disagree. Amounts are in `currency`'s minor unit
 * (the organization's, which the service knows; default USD).
 */
export function billInputSchemaFor(currency?: string) {
  return z
    .object({
      vendorId: z.uuid({ message: 'Vendor is required' }),
      billNumber: z
        .string({ message: 'Bill number is required' })
        .trim()
        .min(1, 'Bill number is required')
        .max(50, 'Bill number must be at most 50 characters'),
      status: z.enum(billStatuses, { message: 'Status must be received, scheduled, paid or overdue' }).default('received'),
      billDate: dateInput('Bill date'),
      dueDate: dateInput('Due date'),
      subtotal: moneyInput('Subtotal', { currency }),
      taxAmount: moneyInput('Tax amount', { currency }).default(0),
      /** Document-level allowances (a received e-invoice's BT-107): total = subtotal + tax - discount. */
      discountAmount: moneyInput('Discount amount', { currency }).optional(),
      totalAmount: moneyInput('Total amount', { currency }),
      notes: z
        .string()
        .trim()
        .max(5000, 'Notes must be at most 5000 characters')
        .nullish()
        .transform((value) => value || null),
      attachmentUrl: attachmentUrlInput,
      /** An uploaded document of the organization, shown as the bill's attachment. */
      documentId: z
        .union([z.literal(''), z.null(), z.uuid({ message: 'Invalid document' })])
        .optional()
        .transform((value) => value || null),
      scheduledPaymentDate: optionalDateInput('Scheduled payment date').transform((value) => value ?? null),
      items: lineItemsSchemaFor(currency),
    })
    .superRefine((value, ctx) => {
      checkClaimedTotals(value, ctx);
      if (daysOutOfOrder(value.billDate, value.dueDate)) {
        ctx.addIssue({ code: 'custom', path: ['dueDate'], message: DUE_BEFORE_BILL });
      }
    });
}

export const billInputSchema = billInputSchemaFor();
export type BillInput = z.output<typeof billInputSchema>;
export type BillFormValues = z.input<typeof billInputSchema>;

/** GET /api/bills?status=&approvalStatus=&search=&vendorId=&limit=&offset= (status is the effective one). */
export const billListQuery = pageQuery.extend({
  status: z.enum(billStatuses).optional(),
  approvalStatus: z.enum(billApprovalStatuses).optional(),
  search: z.string().trim().max(200).optional(),
  vendorId: z.uuid().optional(),
});
export type BillListQuery = z.output<typeof billListQuery>;

/** A bill line; taxCategory, taxRate and unitCode are null without VAT detail (LineVat). */
export interface BillItem extends LineVat {
  id: string;
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
}

/** A bill as the API returns it; amounts are decimal strings, dates "YYYY-MM-DD". */
export interface Bill {
  id: string;
  vendorId: string;
  vendor: { id: string; name: string; paymentMethod: string };
  billNumber: string;
  /** Effective status: an unpaid received bill past its due date reads overdue. */
  status: BillStatus;
  billDate: string;
  dueDate: string;
  subtotal: string;
  taxAmount: string;
  totalAmount: string;
  /** Vendor credits applied to the bill (issue 31). */
  amountCredited: string;
  /** What is left to pay: totalAmount - amountCredited, 0 once paid (bill-amount-due.ts). */
  amountDue: string;
  notes: string | null;
  attachmentUrl: string | null;
  documentId: string | null;
  scheduledPaymentDate: string | null;
  paidAt: string | null;
  approvalStatus: BillApprovalStatus;
  /** Whether a payment can be scheduled now (not paid or scheduled, approval not pending or rejected). */
  payable: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a bill read from an e-invoice carries besides the usual fields (issue 36). */
export interface BillEinvoiceFields {
  /** EN 16931 rules the e-invoice's figures break: such a bill is never auto-approved. */
  einvoiceWarnings: string[];
  /** Paid before this bill (BT-113), decimal string. */
  prepaidAmount: string;
  /** Document-level allowances (BT-107), decimal string. */
  discountAmount: string;
  paymentTerms: string | null;
  paymentIbanLast4: string | null;
  paymentBic: string | null;
  paymentReference: string | null;
}

export interface BillDetail extends Bill, BillEinvoiceFields {
  items: BillItem[];
}
