import { and, eq } from 'drizzle-orm';
import type { QueueBatchResult, QueueDecision } from '../../../shared/contracts/practice-queue';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { billApprovals, bills, organizations, vendors, workspaceGrants } from '../../db/schema';
import type { Role } from '../../../shared/contracts/common';
import { AppError, notFound } from '../../platform/errors';
import { workspaceRole } from '../../platform/workspace-access';
import { type Approver, approveRequest, rejectRequest } from '../approvals/decide-request';
import { queueWorkspaces } from './approval-queue';
import type { FirmActor } from './create-client';

/*
 * Decisions from the practice queue. The queue only finds which workspace a request lives in (among
 * those the member may open) and acts there as the Approvals page would, through decide-request.ts:
 * the same guards, approval limit, locks and audit rows.
 */

interface QueueRequest {
  organizationId: string;
  clientName: string;
  billNumber: string;
  vendor: string;
  /** The member's role in the request's workspace. */
  role: Role;
}

/** The workspace of an approval request the member may reach, or null (unknown, or in a workspace they may not open). */
async function findQueueRequest(db: Database, actor: FirmActor, approvalId: string): Promise<QueueRequest | null> {
  if (!isUuid(approvalId)) return null;
  const [row] = await db
    .select({
      organizationId: organizations.id,
      clientName: organizations.name,
      billNumber: bills.billNumber,
      vendor: vendors.name,
      grantRole: workspaceGrants.role,
    })
    .from(billApprovals)
    .innerJoin(organizations, eq(organizations.id, billApprovals.organizationId))
    .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .leftJoin(workspaceGrants, and(eq(workspaceGrants.organizationId, organizations.id), eq(workspaceGrants.userId, actor.userId)))
    .where(and(eq(billApprovals.id, approvalId), queueWorkspaces(actor)))
    .limit(1);
  if (!row) return null;
  const { grantRole, ...found } = row;
  const role = row.organizationId === actor.firmId ? actor.role : workspaceRole(actor.role, grantRole);
  return role === null ? null : { ...found, role };
}

/**
 * The member as an approver inside the request's workspace. A viewer there is refused as the
 * Approvals page refuses them: the role in that workspace counts, not the firm role.
 */
function approverIn(actor: FirmActor, found: QueueRequest): Approver {
  if (found.role === 'viewer') throw new AppError('FORBIDDEN', 'Viewers have read-only access');
  return { organizationId: found.organizationId, userId: actor.userId };
}

async function requireQueueRequest(db: Database, actor: FirmActor, approvalId: string): Promise<QueueRequest> {
  const found = await findQueueRequest(db, actor, approvalId);
  if (!found) throw notFound('Approval request');
  return found;
}

export async function approveFromQueue(db: Database, actor: FirmActor, approvalId: string, comments: string | null, now: Date): Promise<QueueDecision> {
  const found = await requireQueueRequest(db, actor, approvalId);
  const result = await approveRequest(db, approverIn(actor, found), approvalId, comments, now);
  return { approvalId, organizationId: found.organizationId, billId: result.billId, billApprovalStatus: result.billApprovalStatus === 'approved' ? 'approved' : 'pending' };
}

export async function rejectFromQueue(db: Database, actor: FirmActor, approvalId: string, comments: string, now: Date): Promise<QueueDecision> {
  const found = await requireQueueRequest(db, actor, approvalId);
  const result = await rejectRequest(db, approverIn(actor, found), approvalId, comments, now);
  return { approvalId, organizationId: found.organizationId, ...result };
}

/**
 * Approves each request in its own workspace and its own transaction (as the Approvals page's batch
 * does): one refusal does not undo the others, and each item says what happened to it.
 */
export async function batchApproveFromQueue(db: Database, actor: FirmActor, approvalIds: string[], comments: string | null, now: Date): Promise<QueueBatchResult> {
  const results: QueueBatchResult['results'] = [];
  for (const approvalId of approvalIds) {
    let found: QueueRequest | null = null;
    const about = () => ({
      organizationId: found?.organizationId ?? null,
      clientName: found?.clientName ?? null,
      billNumber: found?.billNumber ?? null,
      vendor: found?.vendor ?? null,
    });
    try {
      found = await requireQueueRequest(db, actor, approvalId);
      const result = await approveRequest(db, approverIn(actor, found), approvalId, comments, now);
      results.push({ approvalId, outcome: 'approved', reason: null, ...about(), billApprovalStatus: result.billApprovalStatus === 'approved' ? 'approved' : 'pending' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ approvalId, outcome: 'skipped', reason: error.message, ...about(), billApprovalStatus: null });
    }
  }
  const approvedCount = results.filter((item) => item.outcome === 'approved').length;
  return { approvedCount, skippedCount: results.length - approvedCount, results };
}
