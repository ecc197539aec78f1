import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, recurringInvoiceRuns, recurringInvoices } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { organizationTodaySql } from '../../platform/calendar';
import { sendInvoice } from '../invoices/send-invoice';
import { type GeneratedRun, generateRuns } from './generate-runs';
import { startLoop } from '../../platform/loop';

export const RECURRING_INTERVAL_MS = 60_000;
/** Schedules claimed and generated per transaction. */
const BATCH_SIZE = 200;
/** An auto-send run whose mail did not go out is retried for this long, then left as a draft. */
const RESEND_WINDOW_MS = 7 * 24 * 3600_000;

export interface RunDueOptions {
  now: Date;
  /** Only these organizations' schedules (the practice endpoint: the firm and its clients). */
  organizationIds?: readonly string[];
  /** At most this many invoices in this call. */
  limit?: number;
  /** A stop ends the run between batches (each batch's invoices made and mailed); the rest wait for the next run. */
  signal?: AbortSignal;
}

export interface RunDueResult {
  generated: number;
  sent: number;
  failed: number;
}

/**
 * Mails a generated invoice once: the run's sentAt is claimed before the mail leaves and released
 * if the mail server refuses, so a retry or a second process never mails twice (at most once: a
 * crash between the claim and the mail leaves the invoice a draft rather than risk a second copy).
 */
export async function sendRunInvoice(deps: Pick<AppDeps, 'db' | 'mail'>, runId: string, now: Date): Promise<boolean> {
  const [claimed] = await deps.db
    .update(recurringInvoiceRuns)
    .set({ sentAt: now })
    .where(and(eq(recurringInvoiceRuns.id, runId), isNull(recurringInvoiceRuns.sentAt), isNotNull(recurringInvoiceRuns.invoiceId)))
    .returning();
  if (!claimed?.invoiceId) return false;
  try {
    await sendInvoice(deps.db, deps.mail, { organizationId: claimed.organizationId, userId: null }, claimed.invoiceId, now);
    return true;
  } catch (error) {
    await deps.db.update(recurringInvoiceRuns).set({ sentAt: null }).where(eq(recurringInvoiceRuns.id, runId));
    throw error;
  }
}

/** Runs of auto-send schedules whose invoice is made but not mailed yet (a refused mail, a crash). */
async function unsentRunIds(db: Database, options: RunDueOptions): Promise<string[]> {
  const conditions: SQL[] = [
    isNull(recurringInvoiceRuns.sentAt),
    isNotNull(recurringInvoiceRuns.invoiceId),
    eq(recurringInvoices.autoSend, true),
    eq(invoices.status, 'draft'),
    gt(recurringInvoiceRuns.createdAt, new Date(options.now.getTime() - RESEND_WINDOW_MS)),
  ];
  if (options.organizationIds) conditions.push(inArray(recurringInvoiceRuns.organizationId, [...options.organizationIds]));
  const rows = await db
    .select({ id: recurringInvoiceRuns.id })
    .from(recurringInvoiceRuns)
    .innerJoin(recurringInvoices, eq(recurringInvoices.id, recurringInvoiceRuns.recurringInvoiceId))
    .innerJoin(invoices, eq(invoices.id, recurringInvoiceRuns.invoiceId))
    .where(and(...conditions))
    .orderBy(asc(recurringInvoiceRuns.createdAt))
    .limit(500);
  return rows.map((row) => row.id);
}

/**
 * Generates every due run of the active schedules (next run day on or before the organization's
 * today), each exactly once, also with two processes on one database: a batch of schedules is
 * claimed with FOR UPDATE SKIP LOCKED and makes its next runs' invoices in that transaction (generateRuns).
 * Missed days are caught up one run at a time, in order (a schedule still due is claimed again).
 * Auto-send mails go out after the commit; runs whose mail did not go out are retried.
 */
export async function runDueSchedules(deps: Pick<AppDeps, 'db' | 'mail'>, options: RunDueOptions): Promise<RunDueResult> {
  const { db } = deps;
  const result: RunDueResult = { generated: 0, sent: 0, failed: 0 };
  if (options.organizationIds?.length === 0) return result;
  const failedIds: string[] = [];
  for (;;) {
    const room = options.limit === undefined ? BATCH_SIZE : Math.min(BATCH_SIZE, options.limit - result.generated);
    if (room <= 0) break;
    const made = await db.transaction(async (tx) => {
      const conditions: SQL[] = [
        eq(recurringInvoices.status, 'active'),
        isNotNull(recurringInvoices.nextRunDate),
        lte(recurringInvoices.nextRunDate, organizationTodaySql(recurringInvoices.organizationId, options.now)),
      ];
      if (options.organizationIds) conditions.push(inArray(recurringInvoices.organizationId, [...options.organizationIds]));
      if (failedIds.length > 0) conditions.push(notInArray(recurringInvoices.id, failedIds));
      const claimed = await tx
        .select()
        .from(recurringInvoices)
        .where(and(...conditions))
        .orderBy(asc(recurringInvoices.nextRunDate), asc(recurringInvoices.id))
        .limit(room)
        .for('update', { skipLocked: true });
      let runs: GeneratedRun[] = [];
      try {
        // The batch in one savepoint; should one schedule fail, each runs in its own and the others go on.
        runs = await tx.transaction((inner) => generateRuns(inner, claimed, options.now));
      } catch {
        for (const schedule of claimed) {
          try {
            runs.push(...(await tx.transaction((inner) => generateRuns(inner, [schedule], options.now))));
          } catch {
            failedIds.push(schedule.id);
            result.failed += 1;
          }
        }
      }
      const autoSend = new Set(claimed.filter((schedule) => schedule.autoSend).map((schedule) => schedule.id));
      return { claimed: claimed.length, runs: runs.map((run) => ({ runId: run.runId, autoSend: autoSend.has(run.scheduleId) })) };
    });
    result.generated += made.runs.length;
    for (const run of made.runs) {
      if (!run.autoSend) continue;
      try {
        if (await sendRunInvoice(deps, run.runId, options.now)) result.sent += 1;
      } catch {
        // Left unsent and retried by the sweep below on a later pass.
      }
    }
    if (made.claimed === 0 || options.signal?.aborted) break;
  }
  if (options.signal?.aborted) return result;
  for (const runId of await unsentRunIds(db, options)) {
    try {
      if (await sendRunInvoice(deps, runId, options.now)) result.sent += 1;
    } catch {
      // Still refused: tried again on the next pass.
    }
  }
  return result;
}

/** Runs runDueSchedules at start and every minute until the app closes; never two runs at once in one process. */
export function startRecurringScheduler(deps: AppDeps, log: { error: (details: object, message: string) => void }): () => Promise<void> {
  return startLoop((signal) => runDueSchedules(deps, { now: deps.now(), signal }), RECURRING_INTERVAL_MS, log, 'recurring invoice run failed');
}
