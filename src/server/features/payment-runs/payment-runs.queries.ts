import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PaymentRun, PaymentRunStatus } from '../../../shared/contracts/payment-runs';
import { addBankingDays } from '../../../shared/calendar';
import type { Database } from '../../db/client';
import { achProfiles, bankAccounts, paymentRuns, payments } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

export type PaymentRunRow = typeof paymentRuns.$inferSelect;

function runStatus(counts: {
  total: number;
  pending: number;
  processing: number;
  sent: number;
  failed: number;
}): PaymentRunStatus {
  if (counts.processing > 0) return 'processing';
  if (counts.pending > 0) return 'scheduled';
  // The ACH file went to the bank; the bank has not yet settled every payment in it.
  if (counts.sent > 0) return 'sent';
  if (counts.total > 0 && counts.failed === counts.total) return 'failed';
  if (counts.failed > 0) return 'completed_with_failures';
  return 'completed';
}

/** Recent runs with totals and status aggregated in SQL from their payments. */
export async function findPaymentRuns(
  db: Database,
  params: { organizationId: string; limit: number; offset: number; id?: string },
): Promise<{ rows: PaymentRun[]; total: number }> {
  const where = and(
    eq(paymentRuns.organizationId, params.organizationId),
    params.id ? eq(paymentRuns.id, params.id) : undefined,
  );
  const statusCount = (status: string) =>
    sql<number>`count(${payments.id}) filter (where ${payments.status} = ${status})`.mapWith(
      Number,
    );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        run: paymentRuns,
        bankAccountName: bankAccounts.accountName,
        bankAccountLast4: bankAccounts.accountLast4,
        settlementMode: achProfiles.settlementMode,
        settlementDays: achProfiles.settlementDays,
        paymentCount: sql<number>`count(${payments.id})`.mapWith(Number),
        totalAmount: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,2)::text`,
        pending: statusCount('pending'),
        processing: statusCount('processing'),
        sent: statusCount('sent'),
        completed: statusCount('completed'),
        failed: statusCount('failed'),
      })
      .from(paymentRuns)
      .innerJoin(bankAccounts, eq(bankAccounts.id, paymentRuns.bankAccountId))
      .leftJoin(achProfiles, eq(achProfiles.bankAccountId, paymentRuns.bankAccountId))
      .leftJoin(payments, eq(payments.paymentRunId, paymentRuns.id))
      .where(where)
      .groupBy(paymentRuns.id, bankAccounts.id, achProfiles.bankAccountId)
      .orderBy(desc(paymentRuns.createdAt), desc(paymentRuns.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(paymentRuns).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.run.id,
      method: row.run.method,
      scheduledDate: row.run.scheduledDate,
      bankAccountId: row.run.bankAccountId,
      bankAccountName: row.bankAccountName,
      bankAccountLast4: row.bankAccountLast4,
      paymentCount: row.paymentCount,
      completedCount: row.completed,
      failedCount: row.failed,
      sentCount: row.sent,
      totalAmount: row.totalAmount,
      status: runStatus({
        total: row.paymentCount,
        pending: row.pending,
        processing: row.processing,
        sent: row.sent,
        failed: row.failed,
      }),
      completion:
        row.run.method !== 'ach'
          ? null
          : row.settlementMode === 'settlement_days'
            ? { mode: 'settlement_days', completesOn: addBankingDays(row.run.scheduledDate, row.settlementDays ?? 0) }
            : { mode: 'bank_confirmation', completesOn: null },
      createdAt: row.run.createdAt.toISOString(),
    })),
  };
}

export async function findPaymentRun(
  db: Database,
  organizationId: string,
  id: string,
): Promise<PaymentRunRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(paymentRuns)
    .where(and(eq(paymentRuns.organizationId, organizationId), eq(paymentRuns.id, id)))
    .limit(1);
  return row ?? null;
}
