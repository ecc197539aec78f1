import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import { addDays, advanceSchedule, termDays } from '../../../shared/recurrence';
import { computeTotals } from '../../../shared/totals';
import type { Database } from '../../db/client';
import { invoiceItems, invoices, recurringInvoiceRuns, recurringInvoices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { organizationTodaySql } from '../../platform/calendar';
import { takeNextInvoiceNumber } from '../invoices/invoice-numbering';
import { sendInvoice } from '../invoices/send-invoice';
import { findRecurringItems, type RecurringInvoiceRow } from './recurring-invoices.queries';

export const RECURRING_INTERVAL_MS = 60_000;
const BATCH_SIZE = 50;
/** An auto-send run whose mail did not go out is retried for this long, then left as a draft. */
const RESEND_WINDOW_MS = 7 * 24 * 3600_000;

export interface RunDueOptions {
  now: Date;
  /** Only these organizations' schedules (the practice endpoint: the firm and its clients). */
  organizationIds?: readonly string[];
  /** At most this many invoices in this call. */
  limit?: number;
}

export interface RunDueResult {
  generated: number;
  sent: number;
  failed: number;
}

/**
 * Inside the claiming transaction: makes the invoice of the schedule's next run day, numbered by
 * the organization's invoice settings, and advances the schedule. The run row's unique key
 * (schedule, day) is the idempotency key: a day already run makes no second invoice.
 */
async function generateRun(tx: Database, schedule: RecurringInvoiceRow, now: Date): Promise<{ runId: string; invoiceId: string } | null> {
  const runDay = schedule.nextRunDate;
  if (runDay === null) return null;
  const actor = { organizationId: schedule.organizationId, userId: null };
  const [run] = await tx
    .insert(recurringInvoiceRuns)
    .values({ organizationId: schedule.organizationId, recurringInvoiceId: schedule.id, runDate: runDay, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: recurringInvoiceRuns.id });
  let invoiceId: string | null = null;
  if (run) {
    const items = (await findRecurringItems(tx, [schedule.id])).get(schedule.id) ?? [];
    const totals = computeTotals({
      items: items.map((item) => ({ quantity: item.quantity, unitPrice: centsFromDecimal(item.unitPrice) })),
      taxAmount: centsFromDecimal(schedule.taxAmount),
      discountAmount: centsFromDecimal(schedule.discountAmount),
    });
    const invoiceNumber = await takeNextInvoiceNumber(tx, schedule.organizationId, now);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        organizationId: schedule.organizationId,
        userId: schedule.userId,
        customerId: schedule.customerId,
        invoiceNumber,
        status: 'draft',
        issueDate: runDay,
        dueDate: addDays(runDay, termDays(schedule.paymentTerms)),
        subtotal: toDecimal(totals.subtotal),
        taxAmount: toDecimal(totals.taxAmount),
        discountAmount: toDecimal(totals.discountAmount),
        totalAmount: toDecimal(totals.totalAmount),
        notes: schedule.notes,
        paymentTerms: schedule.paymentTerms,
        recurringInvoiceId: schedule.id,
        updatedAt: now,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('invoice insert returned nothing');
    invoiceId = invoice.id;
    if (items.length > 0) {
      await tx.insert(invoiceItems).values(
        items.map((item, index) => ({
          organizationId: schedule.organizationId,
          invoiceId: invoice.id,
          position: index,
          description: item.description,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          totalPrice: toDecimal(totals.itemTotals[index] ?? 0),
        })),
      );
    }
    await tx.update(recurringInvoiceRuns).set({ invoiceId: invoice.id }).where(eq(recurringInvoiceRuns.id, run.id));
    await writeAudit(tx, {
      ...actor,
      action: 'invoice.created',
      entityType: 'invoice',
      entityId: invoice.id,
      details: { invoiceNumber, totalAmount: toDecimal(totals.totalAmount), status: 'draft', recurringInvoiceId: schedule.id, runDate: runDay },
    });
  }
  const generatedCount = schedule.generatedCount + (run ? 1 : 0);
  const next = advanceSchedule(schedule, runDay, generatedCount);
  await tx
    .update(recurringInvoices)
    .set({ generatedCount, nextRunDate: next.nextRunDate, status: next.completed ? 'completed' : 'active', lastRunAt: now, updatedAt: now })
    .where(eq(recurringInvoices.id, schedule.id));
  await writeAudit(tx, {
    ...actor,
    action: 'recurring_invoice.generated',
    entityType: 'recurring_invoice',
    entityId: schedule.id,
    details: { runDate: runDay, invoiceId, generatedCount, nextRunDate: next.nextRunDate },
  });
  return run && invoiceId ? { runId: run.id, invoiceId } : null;
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
 * claimed with FOR UPDATE SKIP LOCKED and each makes its next run's invoice in that transaction.
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
      const runs: { runId: string; autoSend: boolean }[] = [];
      for (const schedule of claimed) {
        try {
          // A savepoint per schedule: one that cannot run is set aside, the batch goes on.
          const generated = await tx.transaction((inner) => generateRun(inner, schedule, options.now));
          if (generated) runs.push({ runId: generated.runId, autoSend: schedule.autoSend });
        } catch {
          failedIds.push(schedule.id);
          result.failed += 1;
        }
      }
      return { claimed: claimed.length, runs };
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
    if (made.claimed === 0) break;
  }
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
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDueSchedules(deps, { now: deps.now() })
      .catch((error: unknown) => log.error({ err: error }, 'recurring invoice run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, RECURRING_INTERVAL_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
