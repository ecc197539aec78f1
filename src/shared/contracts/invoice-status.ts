/**
 * Invoice statuses, in a module without zod so that client pages that only list or label them
 * (the invoice list's status filter) do not pull the schema library into their first load.
 */
export const invoiceStatuses = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
