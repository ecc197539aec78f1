import { z } from 'zod';
import { daysOutOfOrder, dateInput, moneyInput, optionalDateInput, pageQuery } from './common';
import { DUE_BEFORE_ISSUE, invoiceStatuses } from './invoices';

/**
 * The Invoice Automation Hub (spec 2.6, 3.4). "Invoices" here are the firm's own invoices to its
 * clients: invoices in the firm's books whose customer is a practice client the member may see.
 */

export const hubStatusFilters = ['all', 'draft', 'sent', 'paid', 'overdue'] as const;
export type HubStatusFilter = (typeof hubStatusFilters)[number];

/** GET /api/practice/invoices: the Recent Invoices list, newest issue day first. */
export const hubInvoiceListQuery = pageQuery.extend({
  status: z.enum(hubStatusFilters, { message: 'Status must be all, draft, sent, paid or overdue' }).default('all'),
});
export type HubInvoiceListQuery = z.output<typeof hubInvoiceListQuery>;

export const hubInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  /** The first line's description. */
  description: z.string(),
  /** Effective status: a sent invoice past due and unpaid reads overdue. */
  status: z.enum(invoiceStatuses),
  amount: z.string(),
  balance: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
});
export type HubInvoice = z.infer<typeof hubInvoiceSchema>;

export const upcomingInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  dueDate: z.string(),
  /** What is still due on it. */
  amount: z.string(),
});

export const invoiceOverviewSchema = z.object({
  totalClientsWithInvoices: z.number().int(),
  totalOutstandingAmount: z.string(),
  totalMonthlyRecurring: z.string(),
  recentInvoiceCount: z.number().int(),
  upcomingInvoices: z.array(upcomingInvoiceSchema),
  /** The first 10 of GET /api/practice/invoices. */
  recentInvoices: z.array(hubInvoiceSchema),
});
export type InvoiceOverview = z.infer<typeof invoiceOverviewSchema>;

const description = z
  .string({ message: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(500, 'Description must be at most 500 characters');
const amount = moneyInput('Amount').refine((cents) => cents > 0, 'Amount must be greater than zero');

/** POST /api/clients/{clientId}/invoices (Create New Invoice): one line, issued today unless issueDate says otherwise. */
export const clientInvoiceSchema = z
  .object({ description, amount, dueDate: dateInput('Due date'), issueDate: optionalDateInput('Issue date') })
  .superRefine((value, ctx) => {
    if (value.issueDate && daysOutOfOrder(value.issueDate, value.dueDate)) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: DUE_BEFORE_ISSUE });
  });
export type ClientInvoiceInput = z.output<typeof clientInvoiceSchema>;
export type ClientInvoiceFormValues = z.input<typeof clientInvoiceSchema>;

export const MAX_BULK_ITEMS = 500;
const tooMany = `At most ${MAX_BULK_ITEMS} items per bulk operation`;
const invoiceItem = z.object({ invoiceId: z.string({ message: 'Invoice is required' }) });

/** POST /api/practice/invoices/bulk (Bulk Invoice Operations). */
export const bulkInvoiceSchema = z.discriminatedUnion(
  'operation',
  [
    z.object({
      operation: z.literal('generate'),
      items: z
        .array(z.object({ clientId: z.string({ message: 'Client is required' }), description, amount, dueDate: dateInput('Due date') }))
        .min(1, 'Choose at least one client')
        .max(MAX_BULK_ITEMS, tooMany),
    }),
    z.object({ operation: z.literal('send'), items: z.array(invoiceItem).min(1, 'Choose at least one invoice').max(MAX_BULK_ITEMS, tooMany) }),
    z.object({ operation: z.literal('auto-approve'), items: z.array(invoiceItem).min(1, 'Choose at least one invoice').max(MAX_BULK_ITEMS, tooMany) }),
  ],
  { message: 'Operation must be generate, send or auto-approve' },
);
export type BulkInvoiceInput = z.output<typeof bulkInvoiceSchema>;

export const bulkInvoiceResultSchema = z.object({
  success: z.number().int(),
  failed: z.number().int(),
  /** One per item, in the order sent; id is the client id (generate) or the invoice id. */
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string(), invoiceId: z.string().nullable() })),
});
export type BulkInvoiceResult = z.infer<typeof bulkInvoiceResultSchema>;
