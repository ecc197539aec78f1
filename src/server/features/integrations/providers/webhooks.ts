import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { auditLog, bills, customers, integrations, invoices, organizations, vendors, webhookDeliveries } from '../../../db/schema';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { centsFromDecimal, toDecimal } from '../../../../shared/money';
import { webhookEventTypes, type WebhookEventType } from '../../../../shared/contracts/integration-connectors';
import type { Integration, ProviderConnector, SyncContext, SyncSummary } from '../provider';
import { decryptIntegrationSecrets } from './integration-secrets';
import { type GuardOptions, checkWebhookUrl } from './webhook-guard';
import { startLoop } from '../../../platform/loop';

/**
 * Webhooks: signed POSTs of the organization's invoice, payment and bill events to an https URL.
 *
 * Outbox: the audit log. Every money and approval change writes its audit row in the same
 * transaction (platform/audit.ts), so an event exists exactly when its change committed, and no
 * feature has to know about webhooks. The feed reads the organization's audit rows after the
 * integration's cursor (created_at, id) with a LOOKBACK of five minutes, because a transaction
 * that commits late carries the earlier clock_timestamp() of its statement; re-reading is harmless
 * because a delivery is unique per (integration, event id = audit row id). Events before the
 * integration was connected are never sent.
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

export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
export const FEED_LOOKBACK_MS = 5 * 60_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
const LOCK_LEASE_MS = 2 * 60_000;
const FEED_PAGE = 500;
const DELIVERY_BATCH = 20;
export const WEBHOOK_INTERVAL_MS = 10_000;

/** Audit actions that are webhook events. bill.approved: only the decision that approved the bill. */
const eventOfAction: Record<string, WebhookEventType> = {
  'invoice.created': 'invoice.created',
  'invoice.sent': 'invoice.sent',
  'invoice.paid': 'invoice.paid',
  'invoice.payment_recorded': 'payment.received',
  'bill.created': 'bill.created',
  'bill_approval.approved': 'bill.approved',
  'bill.paid': 'bill.paid',
};

const webhookSettingsSchema = z.object({
  url: z.string({ error: 'The webhook URL is required' }).trim().min(1, 'The webhook URL is required'),
  events: z
    .array(z.enum(webhookEventTypes, { message: `Events must be among ${webhookEventTypes.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .optional(),
});

export function webhookGuardOptions(deps: Pick<AppDeps, 'config'>): GuardOptions {
  const testOnly = deps.config.testOnly;
  return {
    ...(testOnly?.resolveHost ? { resolver: testOnly.resolveHost } : {}),
    ...(testOnly?.allowLoopbackWebhooks ? { allowLoopbackHttp: true } : {}),
  };
}

function eventsOf(settings: Record<string, unknown>): WebhookEventType[] {
  const events = settings.events;
  return Array.isArray(events) ? events.filter((event): event is WebhookEventType => webhookEventTypes.includes(event as WebhookEventType)) : [...webhookEventTypes];
}

interface FeedCursor {
  createdAt: string;
  id: string;
}

function readFeedCursor(cursor: string | null): FeedCursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as FeedCursor;
    return typeof parsed.createdAt === 'string' && typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

const isoSql = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface FeedRow {
  action: string;
  entityType: string;
  entityId: string;
  details: Record<string, unknown>;
}

/**
 * The records of a page of events, read at once: one query for its invoices and one for its bills
 * (not one per event), keyed by id.
 */
async function loadPageRecords(db: Database, organizationId: string, rows: readonly FeedRow[]) {
  // As eventData reads them: an invoice event names an invoice, every other event a bill.
  const idsOf = (invoice: boolean) => [...new Set(rows.filter((row) => (row.entityType === 'invoice') === invoice).map((row) => row.entityId))];
  const invoiceIds = idsOf(true);
  const billIds = idsOf(false);
  const [invoiceRows, billRows] = await Promise.all([
    invoiceIds.length === 0
      ? []
      : db
          .select({ invoice: invoices, customerName: customers.name, currency: organizations.currency })
          .from(invoices)
          .innerJoin(customers, eq(customers.id, invoices.customerId))
          .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
          .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, invoiceIds))),
    billIds.length === 0
      ? []
      : db
          .select({ bill: bills, vendorName: vendors.name, currency: organizations.currency })
          .from(bills)
          .innerJoin(vendors, eq(vendors.id, bills.vendorId))
          .innerJoin(organizations, eq(organizations.id, bills.organizationId))
          .where(and(eq(bills.organizationId, organizationId), inArray(bills.id, billIds))),
  ]);
  return {
    invoices: new Map(invoiceRows.map((row) => [row.invoice.id, row])),
    bills: new Map(billRows.map((row) => [row.bill.id, row])),
  };
}

type PageRecords = Awaited<ReturnType<typeof loadPageRecords>>;

/** The record's public fields at the time the feed reads the event. */
function eventData(records: PageRecords, row: FeedRow): Record<string, unknown> {
  if (row.entityType === 'invoice') {
    const invoice = records.invoices.get(row.entityId);
    if (!invoice) return { invoiceId: row.entityId };
    const total = centsFromDecimal(invoice.invoice.totalAmount);
    const paid = centsFromDecimal(invoice.invoice.amountPaid);
    const data: Record<string, unknown> = {
      invoiceId: invoice.invoice.id,
      invoiceNumber: invoice.invoice.invoiceNumber,
      status: invoice.invoice.status,
      customer: { id: invoice.invoice.customerId, name: invoice.customerName },
      issueDate: invoice.invoice.issueDate,
      dueDate: invoice.invoice.dueDate,
      currency: invoice.currency,
      totalAmount: toDecimal(total),
      amountPaid: toDecimal(paid),
      balanceDue: toDecimal(total - paid),
    };
    if (row.action === 'invoice.payment_recorded') {
      data.payment = {
        paymentId: typeof row.details.paymentId === 'string' ? row.details.paymentId : null,
        amount: typeof row.details.amount === 'string' ? toDecimal(centsFromDecimal(row.details.amount)) : null,
        method: typeof row.details.method === 'string' ? row.details.method : null,
      };
    }
    return data;
  }
  const bill = records.bills.get(row.entityId);
  if (!bill) return { billId: row.entityId };
  return {
    billId: bill.bill.id,
    billNumber: bill.bill.billNumber,
    status: bill.bill.status,
    approvalStatus: bill.bill.approvalStatus,
    vendor: { id: bill.bill.vendorId, name: bill.vendorName },
    billDate: String(bill.bill.billDate),
    dueDate: String(bill.bill.dueDate),
    currency: bill.currency,
    totalAmount: toDecimal(centsFromDecimal(bill.bill.totalAmount)),
  };
}

/**
 * Reads the integration's new audit events into webhook_deliveries (pending). Answers how many
 * deliveries it queued. Safe to run concurrently and repeatedly: the unique (integration, event)
 * drops what is already queued, and the cursor only moves forward.
 */
export async function feedWebhookEvents(deps: Pick<AppDeps, 'db' | 'now'>, integration: Integration): Promise<number> {
  const { db } = deps;
  const wanted = new Set(eventsOf(integration.settings));
  const actions = Object.entries(eventOfAction).filter(([, type]) => wanted.has(type)).map(([action]) => action);
  if (actions.length === 0) return 0;
  const cursor = readFeedCursor(integration.cursor);
  const createdIso = isoSql(auditLog.createdAt);
  // Start: the cursor minus the lookback, never before the integration was connected.
  let after: FeedCursor | null = null;
  let queued = 0;
  let last: FeedCursor | null = cursor;
  for (;;) {
    const afterCondition: ReturnType<typeof sql> | undefined = after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: { id: string; action: string; entityType: string; entityId: string; details: Record<string, unknown>; createdAt: string }[] = await db
      .select({ id: auditLog.id, action: auditLog.action, entityType: auditLog.entityType, entityId: auditLog.entityId, details: auditLog.details, createdAt: createdIso })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, integration.organizationId),
          inArray(auditLog.action, actions),
          sql`${auditLog.createdAt} >= ${integration.createdAt.toISOString()}::timestamptz`,
          cursor ? sql`${auditLog.createdAt} > ${cursor.createdAt}::timestamptz - make_interval(secs => ${FEED_LOOKBACK_MS / 1000})` : undefined,
          afterCondition,
        ),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      .limit(FEED_PAGE);
    if (rows.length === 0) break;
    const sent = rows.filter((row) => eventOfAction[row.action] && !(row.action === 'bill_approval.approved' && row.details.billApproved !== true));
    const records = await loadPageRecords(db, integration.organizationId, sent);
    const events = [];
    for (const row of sent) {
      const type = eventOfAction[row.action];
      if (!type) continue;
      events.push({
        organizationId: integration.organizationId,
        integrationId: integration.id,
        eventId: row.id,
        eventType: type,
        nextAttemptAt: deps.now(),
        payload: { id: row.id, type, createdAt: row.createdAt, organizationId: integration.organizationId, data: eventData(records, row) },
      });
    }
    if (events.length > 0) {
      const inserted = await db.insert(webhookDeliveries).values(events).onConflictDoNothing().returning({ id: webhookDeliveries.id });
      queued += inserted.length;
    }
    const tail = rows[rows.length - 1];
    if (tail) {
      after = { createdAt: tail.createdAt, id: tail.id };
      if (!last || tail.createdAt > last.createdAt || (tail.createdAt === last.createdAt && tail.id > last.id)) last = after;
    }
    if (rows.length < FEED_PAGE) break;
  }
  if (last && last !== cursor) {
    // Forward only: another feed that got further keeps its cursor.
    await db
      .update(integrations)
      .set({ cursor: JSON.stringify(last) })
      .where(
        and(
          eq(integrations.id, integration.id),
          or(isNull(integrations.cursor), sql`(${integrations.cursor}::jsonb ->> 'createdAt')::timestamptz < ${last.createdAt}::timestamptz`, sql`(${integrations.cursor}::jsonb ->> 'createdAt')::timestamptz = ${last.createdAt}::timestamptz and ${integrations.cursor}::jsonb ->> 'id' < ${last.id}`),
        ),
      );
    integration.cursor = JSON.stringify(last);
  }
  return queued;
}

/** The signature header of a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

interface SendResult {
  statusCode: number | null;
  error: string | null;
}

/** One POST to the checked URL, connected to the checked address only. */
async function post(deps: Pick<AppDeps, 'config'>, rawUrl: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  let checked;
  try {
    checked = await checkWebhookUrl(rawUrl, webhookGuardOptions(deps));
  } catch (error) {
    return { statusCode: null, error: error instanceof Error ? error.message : 'The webhook URL was refused' };
  }
  const { url, address } = checked;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        lookup: pinned,
        timeout: deps.config.testOnly?.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'SignalAR-Webhooks/1.0' },
      },
      (response) => {
        // The body is not needed: read (and drop) at most 64 KB of it, then close.
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 65_536) response.destroy();
        });
        response.on('end', () => finish({ statusCode: response.statusCode ?? null, error: null }));
        response.on('close', () => finish({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', () => finish({ statusCode: response.statusCode ?? null, error: null }));
      },
    );
    const timeoutMs = deps.config.testOnly?.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS;
    const timedOut = () => request.destroy(new Error(`timed out after ${timeoutMs / 1000} s`));
    // The socket's idle timeout, and a cap on the whole request (a receiver trickling bytes).
    const timer = setTimeout(timedOut, timeoutMs);
    request.on('timeout', timedOut);
    request.on('error', (error) => finish({ statusCode: null, error: `Request failed: ${error.message}` }));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** Claims due deliveries (of one integration, or of every connected webhook integration). */
async function claimDue(deps: Pick<AppDeps, 'db' | 'now'>, scope: { integrationId?: string }, limit: number): Promise<Delivery[]> {
  const now = deps.now();
  const lockExpired = new Date(now.getTime() - LOCK_LEASE_MS);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(integrations, eq(integrations.id, webhookDeliveries.integrationId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.lockedAt), lte(webhookDeliveries.lockedAt, lockExpired)),
          eq(integrations.provider, 'webhooks'),
          eq(integrations.status, 'connected'),
          scope.integrationId ? eq(webhookDeliveries.integrationId, scope.integrationId) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
      .limit(limit)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ lockedAt: now, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, due.map((row) => row.id)))
      .returning();
  });
}

export interface DeliveryPass {
  succeeded: number;
  failed: number;
  retrying: number;
  byType: Record<string, number>;
  lastError: string | null;
}

/**
 * Sends one claimed delivery and records its outcome, if this claim still holds the lock. A batch
 * is claimed at once and sent one by one (each up to the timeout), so just before sending the
 * claim is renewed (locked_at compared and set again): a delivery whose lease ran out meanwhile
 * and was claimed, and sent, by another process is not sent a second time (answers null).
 */
async function deliverOne(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, delivery: Delivery, integration: Integration, secret: string): Promise<'succeeded' | 'failed' | 'retrying' | null> {
  const renewedAt = deps.now();
  const [held] = await deps.db
    .update(webhookDeliveries)
    .set({ lockedAt: renewedAt })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.status, 'pending'),
        delivery.lockedAt ? eq(webhookDeliveries.lockedAt, delivery.lockedAt) : isNull(webhookDeliveries.lockedAt),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!held) return null;
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  const url = typeof integration.settings.url === 'string' ? integration.settings.url : '';
  const result = await post(deps, url, {
    'x-signal-signature': signatureHeader(secret, timestamp, body),
    'x-signal-event': delivery.eventType,
    'x-signal-delivery': delivery.id,
  }, body);
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const now = deps.now();
  const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
  const outcome = ok ? 'succeeded' : delay === undefined ? 'failed' : 'retrying';
  const lastError = ok ? null : (result.error ?? `The receiver answered HTTP ${result.statusCode ?? '?'}`);
  await deps.db
    .update(webhookDeliveries)
    .set({
      status: outcome === 'retrying' ? 'pending' : outcome,
      lockedAt: null,
      lastStatusCode: result.statusCode,
      lastError,
      ...(ok ? { deliveredAt: now } : {}),
      ...(outcome === 'retrying' && delay !== undefined ? { nextAttemptAt: new Date(now.getTime() + delay) } : {}),
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.lockedAt, renewedAt)));
  return outcome;
}

/** Delivers what is due, batch by batch, until nothing is due (or `maxBatches`). */
export async function deliverDueWebhooks(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  scope: { integrationId?: string; maxBatches?: number } = {},
): Promise<DeliveryPass> {
  const pass: DeliveryPass = { succeeded: 0, failed: 0, retrying: 0, byType: {}, lastError: null };
  const integrationCache = new Map<string, { integration: Integration; secret: string } | null>();
  for (let batch = 0; batch < (scope.maxBatches ?? 50); batch += 1) {
    const claimed = await claimDue(deps, scope, DELIVERY_BATCH);
    if (claimed.length === 0) break;
    for (const delivery of claimed) {
      let entry = integrationCache.get(delivery.integrationId);
      if (entry === undefined) {
        const [integration] = await deps.db.select().from(integrations).where(eq(integrations.id, delivery.integrationId)).limit(1);
        const secrets = integration ? decryptIntegrationSecrets(deps.config.encryptionKey, integration.secretsEncrypted) : {};
        entry = integration && typeof secrets.signingSecret === 'string' ? { integration, secret: secrets.signingSecret } : null;
        integrationCache.set(delivery.integrationId, entry);
      }
      if (!entry) continue;
      const outcome = await deliverOne(deps, delivery, entry.integration, entry.secret);
      if (outcome === null) continue;
      pass[outcome] += 1;
      if (outcome === 'succeeded') pass.byType[delivery.eventType] = (pass.byType[delivery.eventType] ?? 0) + 1;
      else pass.lastError = `${delivery.eventType}: ${(await lastErrorOf(deps.db, delivery.id)) ?? 'failed'}`;
    }
  }
  return pass;
}

async function lastErrorOf(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ lastError: webhookDeliveries.lastError }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return row?.lastError ?? null;
}

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

async function webhookSync(context: SyncContext): Promise<SyncSummary> {
  const { deps, integration, secrets } = context;
  if (typeof secrets.signingSecret !== 'string') throw new Error('The webhook has no signing secret: disconnect and connect it again.');
  const queued = await feedWebhookEvents({ ...deps, now: () => context.now }, integration);
  const pass = await deliverDueWebhooks({ ...deps, now: () => context.now }, { integrationId: integration.id, maxBatches: 10 });
  const count = (prefix: string) => Object.entries(pass.byType).filter(([type]) => type.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
  if (pass.succeeded === 0 && pass.failed + pass.retrying > 0) {
    throw new Error(`Webhook deliveries failed (${pass.failed + pass.retrying}); last: ${pass.lastError ?? 'unknown error'}. Check that the URL answers 2xx.`);
  }
  if (pass.succeeded + pass.failed + pass.retrying === 0) {
    // Nothing was due now, but the worker (every 10 s) may have tried this integration's events just
    // before: a sync must not report success while deliveries wait for a retry after failing.
    const waiting = await deps.db
      .select({ eventType: webhookDeliveries.eventType, lastError: webhookDeliveries.lastError, count: sql<number>`count(*) over ()::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.integrationId, integration.id), eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.attempts} > 0`))
      .orderBy(sql`${webhookDeliveries.createdAt} desc`)
      .limit(1);
    const latest = waiting[0];
    if (latest) {
      throw new Error(
        `Webhook deliveries failed (${latest.count}) and wait for a retry; last: ${latest.eventType}: ${latest.lastError ?? 'failed'}. Check that the URL answers 2xx.`,
      );
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

/** For the routes: marks a delivery to be sent again now, with a fresh series of attempts. */
export async function retryDelivery(db: Database, integration: Integration, deliveryId: string, now: Date): Promise<Delivery | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.integrationId, integration.id),
        eq(webhookDeliveries.organizationId, integration.organizationId),
        eq(webhookDeliveries.status, 'failed'),
      ),
    )
    .returning();
  return row ?? null;
}

