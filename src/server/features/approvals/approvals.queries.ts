import { and, count, eq, type Placeholder, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { billApprovals, bills } from '../../db/schema';

/**
 * A request counts as waiting while it is pending in the bill's current, still pending round.
 * organizationId may be a column (the practice queue reads many workspaces at once).
 */
export const waitingCondition = (organizationId: string | AnyPgColumn | Placeholder, userId: string | Placeholder) =>
  and(
    eq(billApprovals.organizationId, organizationId),
    eq(billApprovals.approverId, userId),
    eq(billApprovals.status, 'pending'),
    eq(bills.approvalStatus, 'pending'),
    eq(billApprovals.round, bills.approvalRound),
  );

/** Read on every sidebar refresh and pending page: prepared once per database (issue 15). */
const pendingCountStatement = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(billApprovals)
    .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
    .where(waitingCondition(sql.placeholder('organizationId'), sql.placeholder('userId')))
    .prepare('pending_approval_count'),
);

/** Requests waiting for this user (sidebar badge, dashboard, stats, the pending list's total). */
export async function countPendingApprovalsFor(db: Database, organizationId: string, userId: string): Promise<number> {
  const [row] = await pendingCountStatement(db).execute({ organizationId, userId });
  return row?.n ?? 0;
}

export function weekStart(now: Date): Date {
  // Monday 00:00 UTC of the current week.
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

/** The approvals page tiles, for the signed-in approver, in one aggregate query per figure set. */
export async function findApprovalStats(db: Database, organizationId: string, userId: string, now: Date) {
  const since = weekStart(now);
  const [pending] = await db
    .select({ n: count(), highest: sql<string | null>`max(${bills.totalAmount})` })
    .from(billApprovals)
    .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
    .where(waitingCondition(organizationId, userId));
  const [decided] = await db
    .select({
      approved: sql<number>`count(*) filter (where ${billApprovals.status} = 'approved')`,
      // A rejection stays counted after a new round supersedes it (its approvedAt is kept).
      rejected: sql<number>`count(*) filter (where ${billApprovals.status} in ('rejected', 'superseded'))`,
    })
    .from(billApprovals)
    .where(
      and(
        eq(billApprovals.organizationId, organizationId),
        eq(billApprovals.approverId, userId),
        sql`${billApprovals.approvedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return {
    pendingCount: pending?.n ?? 0,
    approvedThisWeek: Number(decided?.approved ?? 0),
    rejectedThisWeek: Number(decided?.rejected ?? 0),
    highestPendingAmount: pending?.highest ?? '0.00',
  };
}
