import { z } from 'zod';

/**
 * Contracts of the connectors' own routes (issue 14): the file exports, the webhook delivery log
 * and the OAuth callback. The hub's routes (connect, sync, health) have their own contracts.
 */

/** The events a webhook integration may subscribe to (settings.events; all by default). */
export const webhookEventTypes = [
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'payment.received',
  'bill.created',
  'bill.approved',
  'bill.paid',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** GET /api/integrations/{id}/export: everything (default) or the file of the last sync. */
export const exportQuery = z.object({
  scope: z.enum(['all', 'since_last_sync'], { message: 'scope must be all or since_last_sync' }).default('all'),
  /** Xero CSV only: one CSV instead of the ZIP of the three. */
  file: z.enum(['contacts', 'invoices', 'bills'], { message: 'file must be contacts, invoices or bills' }).optional(),
  /** With file: which of the numbered files when Xero's per-file limit split that kind (1 = the first). */
  part: z.coerce.number({ message: 'part must be a whole number from 1' }).int({ message: 'part must be a whole number from 1' }).min(1, { message: 'part must be a whole number from 1' }).max(100_000).optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/** One row of the Delivery Log. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  status: (typeof webhookDeliveryStatuses)[number];
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export const deliveryParams = z.object({ id: z.string(), deliveryId: z.string() });

export const oauthProviderParams = z.object({ provider: z.enum(['quickbooks_online', 'xero'], { message: 'Unknown provider' }) });

export const oauthCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  /** Xero answers its tenant id separately; Intuit sends realmId (the company). */
  realmId: z.string().max(100).optional(),
  error: z.string().max(200).optional(),
});
