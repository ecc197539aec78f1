import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { einvoiceDeliveries } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { type Job, type JobWorker, runDueJobs, startJobWorker } from '../../platform/jobs';
import type { EinvoiceDeliveryProvider } from './access-point';
import { EINVOICE_STATUS_JOB, accessPointFor } from './deliver-einvoice';

type StatusDeps = Pick<AppDeps, 'db' | 'now'> & { network: EinvoiceDeliveryProvider | null };

async function finish(db: Database, delivery: typeof einvoiceDeliveries.$inferSelect, outcome: 'delivered' | 'failed', detail: string | null, now: Date) {
  await db.transaction(async (tx) => {
    // Only a row still 'sent' moves: a status is recorded once per delivery, however often the job runs.
    const [moved] = await tx
      .update(einvoiceDeliveries)
      .set(outcome === 'delivered' ? { status: 'delivered', deliveredAt: now, error: null, updatedAt: now } : { status: 'failed', error: (detail ?? 'The access point reports the delivery failed').slice(0, 1000), updatedAt: now })
      .where(and(eq(einvoiceDeliveries.id, delivery.id), eq(einvoiceDeliveries.status, 'sent')))
      .returning({ id: einvoiceDeliveries.id });
    if (!moved) return;
    await writeAudit(tx, {
      organizationId: delivery.organizationId,
      userId: null,
      action: outcome === 'delivered' ? 'einvoice.delivered' : 'einvoice.delivery_failed',
      entityType: delivery.documentKind === 'invoice' ? 'invoice' : 'credit_note',
      entityId: delivery.documentId,
      details: { deliveryId: delivery.id, channel: delivery.channel, messageId: delivery.providerMessageId, ...(detail ? { error: detail.slice(0, 300) } : {}) },
    });
  });
}

/**
 * Asks the access point how a 'sent' network delivery went. Pending: the job throws and the queue
 * asks again later with a growing delay, up to its maxAttempts; after the last check the row stays
 * 'sent' with a note, never marked delivered without an answer.
 */
export async function checkDeliveryStatusJob(deps: StatusDeps, job: Job): Promise<void> {
  const deliveryId = typeof job.payload.deliveryId === 'string' ? job.payload.deliveryId : null;
  if (!deliveryId) return;
  const [delivery] = await deps.db.select().from(einvoiceDeliveries).where(eq(einvoiceDeliveries.id, deliveryId)).limit(1);
  if (!delivery || delivery.status !== 'sent' || !delivery.providerMessageId) return;
  if (!deps.network) return; // the access point was unconfigured since; nothing to ask
  const answer = await deps.network.status(delivery.providerMessageId);
  if (answer.state !== 'pending') {
    await finish(deps.db, delivery, answer.state, answer.detail, deps.now());
    return;
  }
  if (job.attempts >= job.maxAttempts) {
    await deps.db
      .update(einvoiceDeliveries)
      .set({ error: 'The access point has not confirmed delivery yet; check with the buyer.', updatedAt: deps.now() })
      .where(and(eq(einvoiceDeliveries.id, delivery.id), eq(einvoiceDeliveries.status, 'sent')));
    return;
  }
  throw new Error('Delivery still pending at the access point');
}

const handlers = (deps: StatusDeps) => ({ [EINVOICE_STATUS_JOB]: (job: Job) => checkDeliveryStatusJob(deps, job) });

/** Runs the due status checks now, in this process (tests; the worker does the same). */
export async function runEinvoiceStatusJobs(deps: StatusDeps): Promise<number> {
  return runDueJobs(deps.db, { handlers: handlers(deps), now: deps.now });
}

export function startEinvoiceStatusWorker(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, onError: (error: unknown) => void): JobWorker {
  const statusDeps = { db: deps.db, now: deps.now, network: accessPointFor(deps.config) };
  return startJobWorker(deps.db, { handlers: handlers(statusDeps), now: deps.now, pollMs: 30_000, onError });
}
