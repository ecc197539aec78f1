import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { integrations, webhookDeliveries } from '../../../db/schema';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { startLoop } from '../../../platform/loop';
import { webhookEventTypes } from '../../../../shared/contracts/integration-connectors';
import type { ProviderConnector, SyncContext, SyncSummary } from '../provider';
import { checkWebhookUrl } from './webhook-guard';
import { type DeliveryPass, deliverDueWebhooks, webhookGuardOptions } from './webhook-delivery';
import { feedWebhookEvents } from './webhook-feed';

/**
 * Webhooks: signed POSTs of the organization's invoice, payment and bill events to an https URL.
 *
 * Outbox: the audit log. Every money and approval change writes its audit row in the same
 * transaction (platform/audit.ts), so an event exists exactly when its change committed, and no
 * feature has to know about webhooks. Each audit row carries the id of the transaction that wrote
 * it (xact_id, pg_current_xact_id()). The feed reads the organization's rows after the
 * integration's cursor in (xact_id, id) order, only below the horizon, the oldest transaction of
 * this database still running (webhook-feed.ts, horizonSql): every transaction below it has ended,
 * so no row can appear behind the cursor later, whatever a transaction's duration (a 50,000-row
 * import commit). The cost: a transaction left open in this database holds the horizon, and with
 * it every delivery, until it ends (nothing is lost); transactions in other databases on the same
 * server do not. Re-reading is harmless because a delivery is unique
 * per (integration, event id = audit row id). Events before the integration was connected are
 * never sent.
 *
 * Delivery: POST of the JSON payload with
 *   X-Signal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
 *   X-Signal-Event: <event type>
 *   X-Signal-Delivery: <delivery id>
 * a 10 s timeout, no redirect followed (a 3xx is a failure), the URL re-checked by the SSRF guard
 * at send time and the connection pinned to the address it checked (a `lookup` that answers that
 * address; TLS still verifies the certificate of the URL's host name through SNI), so DNS
 * rebinding cannot reach a private address. 2xx is success; anything else is retried after 1 min,
 * 5 min, 30 min, 2 h and 12 h, then the delivery is failed (Retry in the Delivery Log sends it
 * again).
 *
 * Exactly once: a delivery is claimed (attempts + 1, locked_at) with FOR UPDATE SKIP LOCKED in its
 * own transaction before the request, and its outcome is written only by the claim that holds the
 * lock (locked_at compared), so two processes never send one delivery at the same time. A process
 * that crashes mid-request leaves the claim, which expires after LOCK_LEASE_MS: the receiver may
 * then get the same delivery again, with the same X-Signal-Delivery id, which is what the receiver
 * dedupes on.
 */

export const WEBHOOK_INTERVAL_MS = 10_000;

const webhookSettingsSchema = z.object({
  url: z.string({ error: 'The webhook URL is required' }).trim().min(1, 'The webhook URL is required'),
  events: z
    .array(z.enum(webhookEventTypes, { message: `Events must be among ${webhookEventTypes.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .optional(),
});

/** The worker's pass: feed every connected webhook integration, then deliver what is due. */
export async function runWebhookWorker(deps: Pick<AppDeps, 'db' | 'now' | 'config'>): Promise<DeliveryPass> {
  const connected = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.provider, 'webhooks'), eq(integrations.status, 'connected')));
  for (const integration of connected) await feedWebhookEvents(deps, integration);
  return deliverDueWebhooks(deps);
}

/** Every 10 s while workers run (deps.startWorkers): feed and deliver. */
export function startWebhookWorker(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, log: { error: (details: object, message: string) => void }): () => Promise<void> {
  return startLoop(() => runWebhookWorker(deps), WEBHOOK_INTERVAL_MS, log, 'webhook delivery run failed');
}

/** The signing secret: 32 random bytes, shown once at connect. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

async function lastWaitingError(deps: Pick<AppDeps, 'db'>, integrationId: string): Promise<string> {
  const [latest] = await deps.db
    .select({ eventType: webhookDeliveries.eventType, lastError: webhookDeliveries.lastError })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.integrationId, integrationId), eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.attempts} > 0`))
    .orderBy(sql`${webhookDeliveries.createdAt} desc`)
    .limit(1);
  return latest ? `${latest.eventType}: ${latest.lastError ?? 'failed'}` : 'unknown error';
}

async function webhookSync(context: SyncContext): Promise<SyncSummary> {
  const { deps, integration, secrets } = context;
  if (typeof secrets.signingSecret !== 'string') throw new Error('The webhook has no signing secret: disconnect and connect it again.');
  const queued = await feedWebhookEvents({ ...deps, now: () => context.now }, integration);
  const pass = await deliverDueWebhooks({ ...deps, now: () => context.now }, { integrationId: integration.id, maxBatches: 10 });
  const count = (prefix: string) => Object.entries(pass.byType).filter(([type]) => type.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
  if (pass.succeeded === 0) {
    // Failed now, or by the worker (every 10 s) just before: a sync does not report success while
    // this integration's deliveries wait for a retry after failing.
    const [waiting] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.integrationId, integration.id), eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.attempts} > 0`));
    const failing = pass.failed + (waiting?.count ?? 0);
    if (failing > 0) {
      const last = pass.lastError ?? (await lastWaitingError(deps, integration.id));
      throw new Error(`Webhook deliveries failed (${failing}) and wait for a retry; last: ${last}. Check that the URL answers 2xx.`);
    }
  }
  return {
    customersProcessed: 0,
    invoicesProcessed: count('invoice.'),
    paymentsProcessed: count('payment.'),
    other: { bills: count('bill.'), eventsQueued: queued, deliveriesFailed: pass.failed, deliveriesRetrying: pass.retrying },
  };
}

export const webhooksConnector: ProviderConnector = {
  id: 'webhooks',
  isConfigured: () => true,
  async prepareConnect(deps, input) {
    const parsed = webhookSettingsSchema.safeParse(input.settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'url');
      throw new AppError('VALIDATION', issue?.message ?? 'Invalid webhook settings', { [field]: issue?.message ?? 'Invalid value' });
    }
    const checked = await checkWebhookUrl(parsed.data.url, webhookGuardOptions(deps));
    const events = parsed.data.events ? webhookEventTypes.filter((type) => parsed.data.events?.includes(type)) : [...webhookEventTypes];
    const signingSecret = newSigningSecret();
    return {
      settings: { url: checked.url.toString(), events },
      secrets: { signingSecret },
      revealOnce: { signingSecret },
    };
  },
  sync: webhookSync,
};
