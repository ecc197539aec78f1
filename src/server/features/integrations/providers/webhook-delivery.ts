import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { integrations, webhookDeliveries } from '../../../db/schema';
import type { AppDeps } from '../../../platform/deps';
import type { Integration } from '../provider';
import { decryptIntegrationSecrets } from './integration-secrets';
import { type GuardOptions, checkWebhookUrl } from './webhook-guard';

/**
 * Webhook delivery (see webhooks.ts for the whole design): claims due deliveries, sends each signed
 * POST to the checked address only, and records the outcome and the next retry.
 */

export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
export const DELIVERY_TIMEOUT_MS = 10_000;
const LOCK_LEASE_MS = 2 * 60_000;
const DELIVERY_BATCH = 20;

export function webhookGuardOptions(deps: Pick<AppDeps, 'config'>): GuardOptions {
  const testOnly = deps.config.testOnly;
  return {
    ...(testOnly?.resolveHost ? { resolver: testOnly.resolveHost } : {}),
    ...(testOnly?.allowLoopbackWebhooks ? { allowLoopbackHttp: true } : {}),
  };
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
async function deliverOne(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, delivery: Delivery, integration: Integration, secret: string): Promise<{ outcome: 'succeeded' | 'failed' | 'retrying'; lastError: string | null } | null> {
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
  return { outcome, lastError };
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
      const sent = await deliverOne(deps, delivery, entry.integration, entry.secret);
      if (sent === null) continue;
      pass[sent.outcome] += 1;
      if (sent.outcome === 'succeeded') pass.byType[delivery.eventType] = (pass.byType[delivery.eventType] ?? 0) + 1;
      else pass.lastError = `${delivery.eventType}: ${sent.lastError ?? 'failed'}`;
    }
  }
  return pass;
}

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

