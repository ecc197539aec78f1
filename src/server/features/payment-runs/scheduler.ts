import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { addBankingDays } from '../../../shared/calendar';
import type { ProcessDueResult } from '../../../shared/contracts/payment-runs';
import type { Database } from '../../db/client';
import { achProfiles, bills, payments, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { organizationToday, organizationTodaySql } from '../../platform/calendar';
import { vendorCanReceive } from './schedule-payments';
import { startLoop } from '../../platform/loop';

export const SCHEDULER_INTERVAL_MS = 30_000;
const BATCH_SIZE = 50;

type PaymentRow = typeof payments.$inferSelect;

/** "ACH-20261123-…": the day in it is the paying organization's, like the payment's own date. */
function transactionIdFor(payment: PaymentRow, today: string): string {
  return `${payment.method.toUpperCase()}-${today.replace(/-/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** Settles one claimed payment inside the claiming transaction: the bill is paid, or the payment fails with a reason. */
async function settlePayment(
  tx: Database,
  payment: PaymentRow,
  now: Date,
): Promise<'completed' | 'failed'> {
  const [bill] = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.id, payment.referenceId), eq(bills.organizationId, payment.organizationId)))
    .for('update');
  const [vendor] = bill ? await tx.select().from(vendors).where(eq(vendors.id, bill.vendorId)) : [];
  let failureReason: string | null = null;
  if (!bill || !vendor) failureReason = 'The bill no longer exists';
  else if (bill.status === 'paid') failureReason = `Bill ${bill.billNumber} was already paid`;
  else if (
    (payment.method === 'ach' || payment.method === 'wire') &&
    !vendorCanReceive(vendor, payment.method)
  ) {
    failureReason = `Vendor ${vendor.name} has no bank account details`;
  }

  const audit = { organizationId: payment.organizationId, userId: null };
  if (failureReason !== null || !bill) {
    await tx
      .update(payments)
      .set({ status: 'failed', failureReason, processedAt: now })
      .where(eq(payments.id, payment.id));
    if (bill?.status === 'scheduled') {
      await tx
        .update(bills)
        .set({ status: 'received', scheduledPaymentDate: null, updatedAt: now })
        .where(eq(bills.id, bill.id));
    }
    await writeAudit(tx, {
      ...audit,
      action: 'payment.failed',
      entityType: 'payment',
      entityId: payment.id,
      details: { failureReason, billId: payment.referenceId },
    });
    return 'failed';
  }

  await completeBillPayment(tx, payment, bill.id, now, null);
  return 'completed';
}

/**
 * Marks a bill payment completed at `at` and its bill paid, with their audit rows: the one
 * settlement, used by the scheduler and by a bank line that shows the money left (a payment
 * run's settlement debit).
 */
export async function completeBillPayment(
  tx: Database,
  payment: PaymentRow,
  billId: string,
  at: Date,
  userId: string | null,
): Promise<void> {
  const transactionId = payment.transactionId ?? transactionIdFor(payment, await organizationToday(tx, payment.organizationId, at));
  await tx
    .update(payments)
    .set({ status: 'completed', processedAt: at, transactionId })
    .where(eq(payments.id, payment.id));
  await tx
    .update(bills)
    .set({ status: 'paid', paidAt: at, updatedAt: at })
    .where(eq(bills.id, billId));
  const audit = { organizationId: payment.organizationId, userId };
  await writeAudit(tx, {
    ...audit,
    action: 'payment.completed',
    entityType: 'payment',
    entityId: payment.id,
    details: {
      amount: payment.amount,
      method: payment.method,
      transactionId,
      paymentRunId: payment.paymentRunId,
      billId,
    },
  });
  await writeAudit(tx, {
    ...audit,
    action: 'bill.paid',
    entityType: 'bill',
    entityId: billId,
    details: { paymentId: payment.id, amount: payment.amount },
  });
}

type DueFilter = ReturnType<typeof and>;

/**
 * Claims batches of the payments `dueWhere` selects and settles each in the claiming transaction.
 * A batch is claimed with UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED), so a second
 * server process skips rows the first holds; a crash rolls the claim back to the status it had.
 */
async function claimAndSettle(
  db: Database,
  dueWhere: DueFilter,
  now: Date,
  result: ProcessDueResult,
  signal: AbortSignal | undefined,
): Promise<void> {
  // A stop (signal) ends the run between batches, each settled in its own transaction.
  while (!signal?.aborted) {
    const settled = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: payments.id })
        .from(payments)
        .where(dueWhere)
        .orderBy(asc(payments.scheduledDate), asc(payments.createdAt), asc(payments.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      const claimed = await tx
        .update(payments)
        .set({ status: 'processing' })
        .where(inArray(payments.id, due))
        .returning();
      const outcomes: ('completed' | 'failed')[] = [];
      for (const payment of claimed) outcomes.push(await settlePayment(tx, payment, now));
      return outcomes;
    });
    if (settled.length === 0) return;
    result.processed += settled.length;
    result.completed += settled.filter((outcome) => outcome === 'completed').length;
    result.failed += settled.filter((outcome) => outcome === 'failed').length;
  }
}

/**
 * Sent ACH payments whose bank account's ACH profile completes them after settlement days, and
 * whose scheduled date plus those banking days is on or before the organization's today.
 */
async function findSettledAchPaymentIds(db: Database, now: Date, organizationId?: string): Promise<string[]> {
  const today = organizationTodaySql(payments.organizationId, now);
  const rows = await db
    .select({
      id: payments.id,
      scheduledDate: payments.scheduledDate,
      settlementDays: achProfiles.settlementDays,
      today: sql<string>`${today}::text`,
    })
    .from(payments)
    .innerJoin(
      achProfiles,
      and(eq(achProfiles.bankAccountId, payments.bankAccountId), eq(achProfiles.organizationId, payments.organizationId)),
    )
    .where(
      and(
        eq(payments.type, 'bill_payment'),
        eq(payments.method, 'ach'),
        eq(payments.status, 'sent'),
        eq(achProfiles.settlementMode, 'settlement_days'),
        lte(payments.scheduledDate, today),
        organizationId ? eq(payments.organizationId, organizationId) : undefined,
      ),
    );
  return rows
    .filter((row) => row.scheduledDate !== null && addBankingDays(row.scheduledDate, row.settlementDays) <= row.today)
    .map((row) => row.id);
}

/**
 * Processes the bill payments due by `now`, each exactly once, on the day it is where the paying
 * organization is. Checks and wires complete on their scheduled date. An ACH payment waits for its
 * file: pending until exported, then sent; a sent one completes here only when its profile says
 * "settlement days" and they have passed; otherwise the bank line that shows it completes it
 * (bank reconciliation).
 */
export async function processDuePayments(
  source: Database | Pick<AppDeps, 'db'>,
  now: Date,
  options: { organizationId?: string; signal?: AbortSignal } = {},
): Promise<ProcessDueResult> {
  const db = 'transaction' in source ? source : source.db;
  const result: ProcessDueResult = { processed: 0, completed: 0, failed: 0 };
  const scope = options.organizationId ? eq(payments.organizationId, options.organizationId) : undefined;
  await claimAndSettle(
    db,
    and(
      eq(payments.type, 'bill_payment'),
      eq(payments.status, 'pending'),
      ne(payments.method, 'ach'),
      lte(payments.scheduledDate, organizationTodaySql(payments.organizationId, now)),
      scope,
    ),
    now,
    result,
    options.signal,
  );
  if (options.signal?.aborted) return result;
  const settledAch = await findSettledAchPaymentIds(db, now, options.organizationId);
  for (let index = 0; index < settledAch.length && !options.signal?.aborted; index += BATCH_SIZE) {
    const batch = settledAch.slice(index, index + BATCH_SIZE);
    // The status check again: another process may have completed some since they were read.
    await claimAndSettle(db, and(inArray(payments.id, batch), eq(payments.status, 'sent'), scope), now, result, options.signal);
  }
  return result;
}

/** Runs processDuePayments every 30 s until the app closes; never two runs at once in one process. */
export function startPaymentScheduler(
  deps: AppDeps,
  log: { error: (details: object, message: string) => void },
): () => Promise<void> {
  return startLoop((signal) => processDuePayments(deps, deps.now(), { signal }), SCHEDULER_INTERVAL_MS, log, 'payment scheduler run failed');
}
