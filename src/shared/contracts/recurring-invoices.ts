import { z } from 'zod';
import { recurrenceEndTypes, recurrenceFrequencies, type RecurrenceEndType, type RecurrenceFrequency } from '../recurrence';
import { computeTotals } from '../totals';
import { dateInput, daysOutOfOrder, moneyInput, optionalDateInput, pageQuery } from './common';
import { checkExemptionReason, checkLineVat, type LineVat, lineItemSchema, vatExemptionReasonInput } from './line-items';

export const END_BEFORE_START = 'End date cannot be before the start date';

/** A schedule's line: the server computes its total (quantity x unit price). */
export const recurringItemSchema = lineItemSchema.pick({ description: true, quantity: true, unitPrice: true, taxCategory: true, taxRate: true, unitCode: true });

const recurringFields = z.object({
  customerId: z.uuid({ message: 'Customer is required' }),
  items: z.array(recurringItemSchema, { message: 'At least one item is required' }).min(1, 'At least one item is required').max(100, 'At most 100 items'),
  taxAmount: moneyInput('Tax amount').default(0),
  discountAmount: moneyInput('Discount amount').default(0),
  frequency: z.enum(recurrenceFrequencies, { message: 'Frequency must be weekly, monthly, quarterly or annually' }),
  startDate: dateInput('Start date'),
  endType: z.enum(recurrenceEndTypes, { message: 'End must be never, after a number of invoices or on a date' }).default('never'),
  // Forms send the number as text; '' or null is none.
  endAfterCount: z
    .union([z.number(), z.string().trim()], { message: 'Number of invoices must be a whole number' })
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null || value === '') return null;
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1 || count > 1000) {
        ctx.addIssue({ code: 'custom', message: 'Number of invoices must be a whole number from 1 to 1000' });
        return z.NEVER;
      }
      return count;
    }),
  endDate: optionalDateInput('End date').transform((value) => value ?? null),
  autoSend: z.boolean({ message: 'Auto-send must be true or false' }).default(false),
  paymentTerms: z
    .string()
    .trim()
    .max(50, 'Payment terms must be at most 50 characters')
    .nullish()
    .transform((value) => value || 'Net 30'),
  notes: z
    .string()
    .trim()
    .max(5000, 'Notes must be at most 5000 characters')
    .nullish()
    .transform((value) => value || null),
  /** BT-120 on the invoices it makes: required with exempt or reverse-charge lines. */
  vatExemptionReason: vatExemptionReasonInput,
  /** Pause and resume; 'completed' is the server's, once the end condition is reached. */
  status: z.enum(['active', 'paused'], { message: 'Status must be active or paused' }).optional(),
});

/**
 * POST /api/recurring-invoices and (merged with the stored schedule) PUT: the invoice a schedule
 * makes and when. Totals are the server's (computeTotals); the end must fit the end type.
 */
export const recurringInvoiceInputSchema = recurringFields.superRefine((value, ctx) => {
  const totals = computeTotals({ items: value.items, taxAmount: value.taxAmount, discountAmount: value.discountAmount });
  if (value.discountAmount > totals.subtotal) {
    ctx.addIssue({ code: 'custom', path: ['discountAmount'], message: 'Discount cannot be larger than the subtotal' });
  }
  // Lines with VAT categories: all or none, rates that fit, and the tax their VAT by rate (line-items.ts).
  const items = value.items.map((item, index) => ({ ...item, totalPrice: totals.itemTotals[index] ?? 0 }));
  checkLineVat({ items, subtotal: totals.subtotal, taxAmount: value.taxAmount, discountAmount: value.discountAmount, totalAmount: totals.totalAmount }, ctx);
  checkExemptionReason(value, ctx);
  if (value.endType === 'after_count' && value.endAfterCount === null) {
    ctx.addIssue({ code: 'custom', path: ['endAfterCount'], message: 'Number of invoices is required' });
  }
  if (value.endType === 'on_date') {
    if (value.endDate === null) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date is required' });
    else if (daysOutOfOrder(value.startDate, value.endDate)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
  }
});
export type RecurringInvoiceInput = z.output<typeof recurringInvoiceInputSchema>;
export type RecurringInvoiceFormValues = z.input<typeof recurringInvoiceInputSchema>;

export const recurringStatuses = ['active', 'paused', 'completed'] as const;
export type RecurringStatus = (typeof recurringStatuses)[number];

/** GET /api/recurring-invoices?status=&customerId=&limit=&offset= */
export const recurringInvoiceListQuery = pageQuery.extend({
  status: z.enum(recurringStatuses).optional(),
  customerId: z.uuid().optional(),
});
export type RecurringInvoiceListQuery = z.output<typeof recurringInvoiceListQuery>;

/** A schedule as the API returns it; amounts are decimal strings, dates "YYYY-MM-DD". */
export interface RecurringInvoice {
  id: string;
  kind: 'manual' | 'practice_fee';
  customerId: string;
  customer: { id: string; name: string; email: string };
  frequency: RecurrenceFrequency;
  startDate: string;
  anchorDay: number;
  endType: RecurrenceEndType;
  endAfterCount: number | null;
  endDate: string | null;
  /** The organization's day of the next invoice; null once the schedule has ended. */
  nextRunDate: string | null;
  generatedCount: number;
  autoSend: boolean;
  paymentTerms: string;
  subtotal: string;
  taxAmount: string;
  discountAmount: string;
  totalAmount: string;
  notes: string | null;
  vatExemptionReason: string | null;
  status: RecurringStatus;
  lastRunAt: string | null;
  createdAt: string;
  updatedAt: string;
  items: ({ id: string; description: string; quantity: string; unitPrice: string; totalPrice: string } & LineVat)[];
}

/** POST /api/practice/invoices/recurring: invoices made by the schedules that were due. */
export interface GenerateRecurringResult {
  generated: number;
}
