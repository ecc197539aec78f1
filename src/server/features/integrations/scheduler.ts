import { and, asc, eq, lte } from 'drizzle-orm';
import type { SyncFrequency } from '../../../shared/contracts/integrations';
import { integrations } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { completeJob } from '../../platform/jobs';
import type { ConnectorRegistry } from './catalogue';
import { connectors } from './providers';
import { claimSync, executeSync, runSyncJobs } from './sync';
import { startLoop } from '../../platform/loop';

/**
 * The sync scheduler: every minute (deps.startWorkers), each connected integration whose
 * next_sync_at has come gets one scheduled sync for the current period of its frequency. Periods
 * are UTC: real_time = each minute, hourly, daily, weekly (weeks start on Monday). The period's
 * key is the sync row's `slot`, unique per integration, so two schedulers (two processes on one
 * PostgreSQL) or a retry run a period once. Before that, sync jobs left by a dead process are run
 * again (runSyncJobs).
 */
export const SCHEDULER_INTERVAL_MS = 60_000;
const BATCH = 100;

const pad = (value: number) => String(value).padStart(2, '0');

/** The period `at` falls in: its key and when the next one starts. */
export function syncPeriod(frequency: SyncFrequency, at: Date): { slot: string; next: Date } {
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const startOfDay = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  switch (frequency) {
    case 'real_time': {
      const start = Math.floor(at.getTime() / 60_000) * 60_000;
      return { slot: `${day}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`, next: new Date(start + 60_000) };
    }
    case 'hourly': {
      const start = Math.floor(at.getTime() / 3600_000) * 3600_000;
      return { slot: `${day}T${pad(at.getUTCHours())}`, next: new Date(start + 3600_000) };
    }
    case 'daily':
      return { slot: day, next: new Date(startOfDay + 86_400_000) };
    case 'weekly': {
      const sinceMonday = (at.getUTCDay() + 6) % 7;
      const monday = new Date(startOfDay - sinceMonday * 86_400_000);
      const key = `${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`;
      return { slot: `week-${key}`, next: new Date(monday.getTime() + 7 * 86_400_000) };
    }
  }
}

/** When a newly connected (or re-scheduled) integration first syncs by itself: the start of the next period. */
export function firstSyncAt(frequency: SyncFrequency, now: Date): Date {
  return syncPeriod(frequency, now).next;
}

export interface SchedulerResult {
  ran: number;
  succeeded: number;
  failed: number;
  recovered: number;
}

export async function runDueSyncs(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'> & Partial<AppDeps>,
  registry: ConnectorRegistry = connectors,
): Promise<SchedulerResult> {
  const result: SchedulerResult = { ran: 0, succeeded: 0, failed: 0, recovered: await runSyncJobs(deps, registry) };
  const now = deps.now();
  const due = await deps.db
    .select({ id: integrations.id, organizationId: integrations.organizationId, syncFrequency: integrations.syncFrequency })
    .from(integrations)
    .where(and(eq(integrations.status, 'connected'), lte(integrations.nextSyncAt, now)))
    .orderBy(asc(integrations.nextSyncAt))
    .limit(BATCH);
  for (const integration of due) {
    const period = syncPeriod(integration.syncFrequency, now);
    const claimed = await claimSync(deps, {
      organizationId: integration.organizationId,
      integrationId: integration.id,
      trigger: 'scheduled',
      slot: period.slot,
      nextSyncAt: period.next,
    });
    if (!claimed) continue;
    const outcome = await executeSync(deps, claimed.syncId, registry);
    await completeJob(deps.db, claimed.job, deps.now());
    result.ran += 1;
    if (outcome.status === 'succeeded') result.succeeded += 1;
    else result.failed += 1;
  }
  return result;
}

/** Runs runDueSyncs at start and every minute until the app closes; never two runs at once in one process. */
export function startIntegrationScheduler(deps: AppDeps, log: { error: (details: object, message: string) => void }): () => Promise<void> {
  return startLoop(() => runDueSyncs(deps), SCHEDULER_INTERVAL_MS, log, 'integration sync scheduler failed');
}
