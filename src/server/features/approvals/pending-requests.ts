import { userDisplayNameSql } from '../../db/query-helpers';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ApprovalRequest } from '../../../shared/contracts/approvals';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { billApprovals, billItems, bills, users, vendors } from '../../db/schema';
import { countPendingApprovalsFor, waitingCondition } from './approvals.queries';

const personName = userDisplayNameSql;

const firstItem = sql<string | null>`(select ${billItems.description} from ${billItems} where ${billItems.billId} = ${bills.id} order by ${billItems.position} limit 1)`;

/** Waiting for the user, in the session's organization (both placeholders). */
const waiting = () => waitingCondition(sql.placeholder('organizationId'), sql.placeholder('userId'));

/** Read on every approvals page and badge refresh: prepared once per database (issue 15). */
const pageStatement = preparedOnce((db) =>
  db
    .select({
      id: billApprovals.id,
      billId: bills.id,
      billNumber: bills.billNumber,
      round: bills.approvalRound,
      vendor: vendors.name,
      notes: bills.notes,
      firstItem,
      totalAmount: bills.totalAmount,
      requestedAt: billApprovals.createdAt,
      createdBy: personName,
    })
    .from(billApprovals)
    .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .leftJoin(users, eq(users.id, bills.userId))
    .where(waiting())
    .orderBy(asc(billApprovals.createdAt), billApprovals.id)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('pending_approval_page'),
);

/** Every approver's state on the page's bills (a uuid array parameter). */
const chipsStatement = preparedOnce((db) =>
  db
    .select({ id: billApprovals.id, billId: billApprovals.billId, round: billApprovals.round, status: billApprovals.status, approverName: personName })
    .from(billApprovals)
    .innerJoin(users, eq(users.id, billApprovals.approverId))
    .where(and(sql`${billApprovals.billId} = any(${sql.placeholder('billIds')}::uuid[])`, ne(billApprovals.status, 'superseded')))
    .orderBy(asc(billApprovals.createdAt), personName)
    .prepare('pending_approval_chips'),
);

/** The requests waiting for the signed-in user, oldest first, with every approver's state. */
export async function findPendingRequests(
  db: Database,
  params: { organizationId: string; userId: string; limit: number; offset: number },
): Promise<{ rows: ApprovalRequest[]; total: number }> {
  const [rows, total] = await Promise.all([
    pageStatement(db).execute({ organizationId: params.organizationId, userId: params.userId, limit: params.limit, offset: params.offset }),
    countPendingApprovalsFor(db, params.organizationId, params.userId),
  ]);
  const billIds = rows.map((row) => row.billId);
  const chips = billIds.length === 0 ? [] : await chipsStatement(db).execute({ billIds });
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      billId: row.billId,
      billNumber: row.billNumber,
      vendor: row.vendor,
      description: row.notes || row.firstItem || `Bill ${row.billNumber}`,
      totalAmount: row.totalAmount,
      requestedAt: row.requestedAt.toISOString(),
      createdBy: row.createdBy,
      approvals: chips
        .filter((chip) => chip.billId === row.billId && chip.round === row.round)
        .map((chip) => ({ id: chip.id, approverName: chip.approverName, action: chip.status === 'superseded' ? 'pending' : chip.status })),
    })),
  };
}
