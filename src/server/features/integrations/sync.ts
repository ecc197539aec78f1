import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { SyncResult } from '../../../shared/contracts/integrations';
import type { Database } from '../../db/client';
import { integrationSyncs, integrations, jobs } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { HEARTBEAT_MS, type Job, completeJob, enqueueJob, renewJobLease, runDueJobs } from '../../platform/jobs';
import { timeOrderedId } from '../../platform/audit';
import type { ConnectorRegistry } from './catalogue';
import type { ProviderId, SyncSummary } from './provider';
import { connectors } from './providers';
import { decryptIntegrationSecrets, encryptIntegrationSecrets } from './providers/integration-secrets';

/**
 * Running one sync of an integration (manual 'Sync' or the scheduler), always as a job of kind
 * SYNC_JOB (platform/jobs.ts):
 *
 * 1. claimSync, in one transaction that locks the integration row: refuses a disconnected
 *    integration and a second sync while one is running (409), inserts the integration_syncs row
 *    as running (a scheduled one with its slot: the unique (integration, slot) index makes each
 *    period run once, ON CONFLICT DO NOTHING), and enqueues the job already claimed by this process.
 * 2. executeSync runs the connector outside any transaction and records succeeded (with what it
 *    processed) or failed (with the provider's message), then completes the job.
 * 3. After a crash the job is left running; once its heartbeat stops (STALE_JOB_MS) the job queue hands it to the
 *    next worker (the scheduler's tick runs runSyncJobs), which runs the same sync row again:
 *    connectors are idempotent (external_records), so a rerun creates nothing twice.
 */
export const SYNC_JOB = 'integration.sync';
/**
 * A running sync older than this is presumed dead: it no longer blocks another sync. Twice
 * SYNC_TIMEOUT_MS, after which a live sync has recorded its outcome.
 */
export const STALE_SYNC_MS = 10 * 60_000;
/** A connector that has not answered after this long fails the sync (it may finish in the background; connectors are idempotent). */
export const SYNC_TIMEOUT_MS = 5 * 60_000;

type SyncDeps = Pick<AppDeps, 'db' | 'now' | 'config'> & Partial<AppDeps>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ClaimedSync {
  syncId: string;
  job: Job;
}

function emptySummary(): SyncResult['summary'] {
  return { customersProcessed: 0, invoicesProcessed: 0, paymentsProcessed: 0 };
}

/** The message a failed sync keeps (and health and the 'Sync Failed' toast show): the provider's words, never a query. */
export function syncErrorMessage(error: unknown): string {
  if (error instanceof AppError) return error.message.slice(0, 500);
  if (error instanceof Error) {
    if (/failed query|syntax error|relation .* does not exist|violates/i.test(error.message)) return 'The sync failed because of an internal error';
    return (error.message || 'The sync failed').slice(0, 500);
  }
  return 'The sync failed';
}

async function insertClaimedJob(tx: Tx, syncId: string, now: Date, workerId: string): Promise<Job> {
  const job = await enqueueJob(tx, { kind: SYNC_JOB, payload: { syncId }, runAt: now, maxAttempts: 3 });
  const [claimed] = await tx
    .update(jobs)
    .set({ status: 'running', attempts: 1, lockedAt: now, lockedBy: workerId, updatedAt: now })
    .where(eq(jobs.id, job.id))
    .returning();
  if (!claimed) throw new Error('The sync job was not claimed');
  return claimed;
}

async function runningSyncOf(tx: Tx, integrationId: string, now: Date, except?: string) {
  const staleBefore = new Date(now.getTime() - STALE_SYNC_MS);
  const [running] = await tx
    .select({ id: integrationSyncs.id })
    .from(integrationSyncs)
    .where(
      and(
        eq(integrationSyncs.integrationId, integrationId),
        inArray(integrationSyncs.status, ['queued', 'running']),
        gt(integrationSyncs.startedAt, staleBefore),
        except ? ne(integrationSyncs.id, except) : undefined,
      ),
    )
    .limit(1);
  return running;
}

/**
 * Claims a sync of the integration (step 1). Manual: throws 404/409. Scheduled (with a slot):
 * returns null when the slot was taken already, the integration is no longer due, or a sync is
 * running (the next tick tries again); `nextSyncAt` is then moved to the next period.
 */
export async function claimSync(
  deps: SyncDeps,
  input: { organizationId: string; integrationId: string; trigger: 'manual' | 'scheduled'; slot?: string; nextSyncAt?: Date; requestedBy?: string | null },
): Promise<ClaimedSync | null> {
  const now = deps.now();
  const workerId = `sync-${process.pid}-${randomUUID()}`;
  return deps.db.transaction(async (tx) => {
    const [integration] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, input.integrationId), eq(integrations.organizationId, input.organizationId)))
      .for('update');
    if (!integration) throw notFound('Integration');
    const scheduled = input.trigger === 'scheduled';
    if (integration.status !== 'connected') {
      if (scheduled) return null;
      throw new AppError(
        'CONFLICT',
        integration.status === 'pending_authorization'
          ? 'This integration is waiting for authorization with the provider; finish connecting it first'
          : 'This integration is disconnected; connect it again to sync',
      );
    }
    if (scheduled && (!integration.nextSyncAt || integration.nextSyncAt > now)) return null;
    if (await runningSyncOf(tx, integration.id, now)) {
      if (scheduled) return null;
      throw new AppError('CONFLICT', 'A sync of this integration is already running; try again when it has finished');
    }
    const [sync] = await tx
      .insert(integrationSyncs)
      .values({
        // Time-ordered, so syncs finished in the same instant still read back newest first (health).
        id: timeOrderedId(now.getTime()),
        organizationId: integration.organizationId,
        integrationId: integration.id,
        trigger: input.trigger,
        slot: input.slot ?? null,
        status: 'running',
        requestedBy: input.requestedBy ?? null,
        startedAt: now,
      })
      .onConflictDoNothing({ target: [integrationSyncs.integrationId, integrationSyncs.slot] })
      .returning({ id: integrationSyncs.id });
    if (input.nextSyncAt) {
      await tx.update(integrations).set({ nextSyncAt: input.nextSyncAt, updatedAt: now }).where(eq(integrations.id, integration.id));
    }
    if (!sync) return null;
    const job = await insertClaimedJob(tx, sync.id, now, workerId);
    return { syncId: sync.id, job };
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The provider did not answer in time (timed out)')), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Step 2: runs the connector and records the outcome on the sync row and the integration. */
export async function executeSync(deps: SyncDeps, syncId: string, registry: ConnectorRegistry = connectors): Promise<SyncResult> {
  const [row] = await deps.db
    .select({ sync: integrationSyncs, integration: integrations })
    .from(integrationSyncs)
    .innerJoin(integrations, eq(integrations.id, integrationSyncs.integrationId))
    .where(eq(integrationSyncs.id, syncId));
  if (!row) throw notFound('Sync');
  const { integration } = row;
  let summary: SyncSummary | null = null;
  let error: string | null = null;
  try {
    const connector = registry[integration.provider as ProviderId];
    if (!connector || !connector.isConfigured(deps as AppDeps)) throw new AppError('CONFLICT', 'This provider is not available at the moment');
    summary = await withTimeout(
      connector.sync({
        deps: deps as AppDeps,
        integration,
        secrets: decryptIntegrationSecrets(deps.config.encryptionKey, integration.secretsEncrypted),
        saveSecrets: async (secrets) => {
          await deps.db
            .update(integrations)
            .set({ secretsEncrypted: encryptIntegrationSecrets(deps.config.encryptionKey, secrets), updatedAt: deps.now() })
            .where(eq(integrations.id, integration.id));
        },
        now: deps.now(),
      }),
      SYNC_TIMEOUT_MS,
    );
  } catch (thrown) {
    error = syncErrorMessage(thrown);
  }
  const now = deps.now();
  const counts = summary ?? emptySummary();
  const other = summary?.other ?? {};
  const count = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(integrationSyncs)
      .set({
        status: error === null ? 'succeeded' : 'failed',
        customersProcessed: count(counts.customersProcessed),
        invoicesProcessed: count(counts.invoicesProcessed),
        paymentsProcessed: count(counts.paymentsProcessed),
        otherProcessed: other,
        error,
        finishedAt: now,
      })
      .where(and(eq(integrationSyncs.id, syncId), inArray(integrationSyncs.status, ['queued', 'running'])));
    await tx.update(integrations).set({ lastSyncAt: now, updatedAt: now }).where(eq(integrations.id, integration.id));
  });
  return {
    syncId,
    status: error === null ? 'succeeded' : 'failed',
    summary: {
      customersProcessed: count(counts.customersProcessed),
      invoicesProcessed: count(counts.invoicesProcessed),
      paymentsProcessed: count(counts.paymentsProcessed),
    },
    other,
    ...(error === null ? {} : { error }),
  } as SyncResult & { error?: string };
}

/** Steps 1 and 2 for POST /api/integrations/{id}/sync: the job runs now, in this process, and is waited for. */
export async function runManualSync(
  deps: SyncDeps,
  input: { organizationId: string; integrationId: string; requestedBy: string },
  registry: ConnectorRegistry = connectors,
): Promise<SyncResult & { error?: string }> {
  const claimed = await claimSync(deps, { ...input, trigger: 'manual' });
  if (!claimed) throw new AppError('CONFLICT', 'A sync of this integration is already running; try again when it has finished');
  // The job is held by this request, not a job worker: it renews the lease itself meanwhile.
  const heartbeat = setInterval(() => {
    renewJobLease(deps.db, claimed.job, deps.now()).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const result = await executeSync(deps, claimed.syncId, registry);
    await completeJob(deps.db, claimed.job, deps.now());
    return result;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The job handler (step 3): a sync job handed out again (its process died) runs its sync row
 * again unless it has finished; if another sync of the integration is running now, it waits for
 * the queue's retry.
 */
async function runSyncJob(deps: SyncDeps, job: Job, registry: ConnectorRegistry): Promise<void> {
  const syncId = String(job.payload.syncId ?? '');
  const now = deps.now();
  const again = await deps.db.transaction(async (tx) => {
    const [sync] = await tx.select().from(integrationSyncs).where(eq(integrationSyncs.id, syncId));
    if (!sync || sync.status === 'succeeded' || sync.status === 'failed') return false;
    const [integration] = await tx.select().from(integrations).where(eq(integrations.id, sync.integrationId)).for('update');
    if (!integration || integration.status !== 'connected') {
      await tx
        .update(integrationSyncs)
        .set({ status: 'failed', error: 'The sync was interrupted and the integration is no longer connected', finishedAt: now })
        .where(eq(integrationSyncs.id, syncId));
      return false;
    }
    if (await runningSyncOf(tx, integration.id, now, syncId)) {
      // The queue retries later; on its last attempt the sync is closed as interrupted, never left running.
      if (job.attempts < job.maxAttempts) throw new Error('Another sync of this integration is running');
      await tx
        .update(integrationSyncs)
        .set({ status: 'failed', error: 'The sync was interrupted (the server stopped) and could not run again', finishedAt: now })
        .where(eq(integrationSyncs.id, syncId));
      return false;
    }
    await tx.update(integrationSyncs).set({ status: 'running', startedAt: now }).where(eq(integrationSyncs.id, syncId));
    return true;
  });
  if (again) await executeSync(deps, syncId, registry);
}

/** Runs the sync jobs that are due or were left by a dead process (the scheduler's tick calls it). */
export async function runSyncJobs(deps: SyncDeps, registry: ConnectorRegistry = connectors): Promise<number> {
  return runDueJobs(deps.db, { handlers: { [SYNC_JOB]: (job) => runSyncJob(deps, job, registry) }, now: deps.now });
}

/** For tests: how many syncs of an integration are running now. */
export async function runningSyncCount(db: Database, integrationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.integrationId, integrationId), eq(integrationSyncs.status, 'running')));
  return row?.n ?? 0;
}
