import { z } from 'zod';
import { einvoiceChannels, einvoiceDeliveryStatuses, einvoiceFormats } from '../einvoice-codes';

/** One delivery of an invoice or credit note as an e-invoice (GET /api/invoices/:id/einvoice-deliveries). */
export const einvoiceDeliverySchema = z.object({
  id: z.string(),
  documentKind: z.enum(['invoice', 'credit_note']),
  documentId: z.string(),
  format: z.enum(einvoiceFormats),
  channel: z.enum(einvoiceChannels),
  status: z.enum(einvoiceDeliveryStatuses),
  /** The mail address, or the buyer's participant id on the network. */
  recipient: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EinvoiceDelivery = z.infer<typeof einvoiceDeliverySchema>;
