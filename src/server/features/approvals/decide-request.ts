import { and, eq, ne } from 'drizzle-orm';
import type { BatchApproveResult } from '../../../shared/contracts/approvals';
import { findCurrency } from '../../../shared/currencies';
import { centsFromDecimal, formatDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { billApprovals, bills, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { isUuid } from '../../db/query-helpers';
import { planSatisfied } from './approval-rounds';

type ApprovalRow = typeof billApprovals.$inferSelect;
type BillRow = typeof bills.$inferSelect;

export interface Approver {
  organizationId: string;
  userId: string;
}

/**
 * Loads and locks a request and its bill (bill first, the order every bill change takes), and
 * refuses unless the signed-in user is its approver and it is still waiting.
 */
async function lockRequest(tx: Database, auth: Approver, requestId: string): Promise<{ request: ApprovalRow; bill: BillRow }> {
  if (!isUuid(requestId)) throw notFound('Approval request');
  const [found] = await tx
    .select({ billId: billApprovals.billId })
    .from(billApprovals)
    .where(and(eq(billApprovals.organizationId, auth.organizationId), eq(billApprovals.id, requestId)))
    .limit(1);
  if (!found) throw notFound('Approval request');
  const [bill] = await tx.select().from(bills).where(eq(bills.id, found.billId)).for('update').limit(1);
  const [request] = await tx.select().from(billApprovals).where(eq(billApprovals.id, requestId)).for('update').limit(1);
  if (!bill || !request) throw notFound('Approval request');
  if (request.approverId !== auth.userId) throw new AppError('FORBIDDEN', 'Only the assigned approver can act on this request');
  if (request.status === 'approved' || request.status === 'rejected') {
    throw new AppError('CONFLICT', `You have already ${request.status} this request`);
  }
  if (request.status !== 'pending' || bill.approvalStatus !== 'pending' || request.round !== bill.approvalRound) {
    throw new AppError('CONFLICT', 'This request is no longer waiting for approval');
  }
  return { request, bill };
}

async function checkMayApprove(tx: Database, auth: Approver, bill: BillRow): Promise<void> {
  if (bill.userId === auth.userId) {
    const [other] = await tx
      .select({ id: billApprovals.id })
      .from(billApprovals)
      .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.round, bill.approvalRound), ne(billApprovals.approverId, auth.userId)))
      .limit(1);
    if (other) throw new AppError('FORBIDDEN', 'You cannot approve a bill you created');
  }
  const [user] = await tx
    .select({ approvalLimit: users.approvalLimit, currency: users.currency, locale: users.locale })
    .from(users)
    .where(eq(users.id, auth.userId))
    .limit(1);
  // null is "no limit", chosen on purpose; 0 allows nothing above 0.
  const limit = user?.approvalLimit == null ? null : centsFromDecimal(user.approvalLimit);
  if (user && limit !== null && centsFromDecimal(bill.totalAmount) > limit) {
    const currency = findCurrency(user.currency);
    // The limit is kept with two decimals; shown in the user's currency without losing any.
    const shown = formatDecimal(toDecimal(limit), { currency: user.currency, locale: user.locale, symbol: currency?.symbol, position: currency?.position });
    throw new AppError('FORBIDDEN', `This bill is over your approval limit of ${shown}`);
  }
}

/**
 * Approves one request. The bill becomes approved once every matching rule is met (all of its
 * approvers, or any one); the round's other requests are then no longer needed.
 */
export async function approveRequest(db: Database, auth: Approver, requestId: string, comments: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const { request, bill } = await lockRequest(tx, auth, requestId);
    await checkMayApprove(tx, auth, bill);
    await tx.update(billApprovals).set({ status: 'approved', notes: comments, approvedAt: now, updatedAt: now }).where(eq(billApprovals.id, request.id));
    const approved = await tx
      .select({ approverId: billApprovals.approverId })
      .from(billApprovals)
      .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.round, bill.approvalRound), eq(billApprovals.status, 'approved')));
    const billApproved = planSatisfied(bill.approvalPlan, new Set(approved.map((row) => row.approverId)));
    if (billApproved) {
      await tx.update(bills).set({ approvalStatus: 'approved', updatedAt: now }).where(eq(bills.id, bill.id));
      await tx
        .update(billApprovals)
        .set({ status: 'superseded', updatedAt: now })
        .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.round, bill.approvalRound), eq(billApprovals.status, 'pending')));
    }
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'bill_approval.approved',
      entityType: 'bill',
      entityId: bill.id,
      details: { requestId: request.id, round: request.round, comments, totalAmount: bill.totalAmount, billApproved },
    });
    return { billId: bill.id, billApprovalStatus: billApproved ? 'approved' : 'pending' };
  });
}

/** One rejection rejects the bill; it can be paid only after an edit and a new approval. */
export async function rejectRequest(db: Database, auth: Approver, requestId: string, comments: string, now: Date) {
  return db.transaction(async (tx) => {
    const { request, bill } = await lockRequest(tx, auth, requestId);
    await tx.update(billApprovals).set({ status: 'rejected', notes: comments, approvedAt: now, updatedAt: now }).where(eq(billApprovals.id, request.id));
    await tx.update(bills).set({ approvalStatus: 'rejected', updatedAt: now }).where(eq(bills.id, bill.id));
    await tx
      .update(billApprovals)
      .set({ status: 'superseded', updatedAt: now })
      .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.round, bill.approvalRound), eq(billApprovals.status, 'pending')));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'bill_approval.rejected',
      entityType: 'bill',
      entityId: bill.id,
      details: { requestId: request.id, round: request.round, comments, totalAmount: bill.totalAmount },
    });
    return { billId: bill.id, billApprovalStatus: 'rejected' as const };
  });
}

/** Each request in its own transaction: one refusal does not undo the others. */
export async function batchApprove(db: Database, auth: Approver, requestIds: string[], comments: string | null, now: Date): Promise<BatchApproveResult> {
  const result: BatchApproveResult = { approvedCount: 0, skipped: [] };
  for (const requestId of requestIds) {
    try {
      await approveRequest(db, auth, requestId, comments, now);
      result.approvedCount += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.skipped.push({ requestId, reason: error.message });
    }
  }
  return result;
}

