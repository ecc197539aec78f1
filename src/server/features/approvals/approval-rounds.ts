import { and, eq, inArray, ne } from 'drizzle-orm';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { type ApprovalPlanStep, approvalWorkflows, billApprovals, bills, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { isWorkspaceMember, workspaceRoleOf } from '../../platform/workspace-members';

type WorkflowRow = typeof approvalWorkflows.$inferSelect;
type BillRow = typeof bills.$inferSelect;

/** Whether an active rule applies to a bill: every bill, bills over an amount, or one vendor's bills. */
export function workflowMatches(workflow: WorkflowRow, bill: { totalAmount: string; vendorId: string }): boolean {
  if (!workflow.isActive) return false;
  switch (workflow.triggerType) {
    case 'all':
      return true;
    case 'amount_over':
      return workflow.triggerValue !== null && centsFromDecimal(bill.totalAmount) > centsFromDecimal(workflow.triggerValue);
    case 'vendor':
      return workflow.triggerValue === bill.vendorId;
    default:
      return false;
  }
}

/**
 * Each matching rule must be met: all of its approvers when requireAllApprovers, else any one.
 * Rules are met together (a bill matching two rules needs both).
 */
export function planSatisfied(plan: readonly ApprovalPlanStep[], approved: ReadonlySet<string>): boolean {
  return plan.every((step) =>
    step.requireAllApprovers ? step.approverIds.every((id) => approved.has(id)) : step.approverIds.some((id) => approved.has(id)),
  );
}

/**
 * The plan for a bill: the matching rules with their approvers who can still act (active, not
 * viewers). The bill's author does not approve their own bill when anyone else can: they are
 * left out, and a rule left with no one falls to any other approver of the bill.
 */
async function buildPlan(tx: Database, bill: BillRow): Promise<ApprovalPlanStep[]> {
  const workflows = await tx
    .select()
    .from(approvalWorkflows)
    .where(and(eq(approvalWorkflows.organizationId, bill.organizationId), eq(approvalWorkflows.isActive, true)))
    .orderBy(approvalWorkflows.createdAt, approvalWorkflows.id);
  const matching = workflows.filter((workflow) => workflowMatches(workflow, bill));
  const review = await einvoiceReviewStep(tx, bill);
  if (matching.length === 0) return review ? [review] : [];
  const named = [...new Set(matching.flatMap((workflow) => workflow.approverIds))];
  const usable = new Set(
    named.length === 0
      ? []
      : (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(isWorkspaceMember(bill.organizationId), inArray(users.id, named), ne(workspaceRoleOf(bill.organizationId), 'viewer')),
            )
        ).map((row) => row.id),
  );
  let steps = matching.map((workflow) => ({
    workflowId: workflow.id,
    name: workflow.name,
    approverIds: workflow.approverIds.filter((id) => usable.has(id)),
    requireAllApprovers: workflow.requireAllApprovers,
  }));
  const everyone = new Set(steps.flatMap((step) => step.approverIds));
  if (bill.userId && everyone.has(bill.userId) && everyone.size > 1) {
    const author = bill.userId;
    const others = [...everyone].filter((id) => id !== author);
    steps = steps.map((step) => {
      const rest = step.approverIds.filter((id) => id !== author);
      return rest.length > 0 ? { ...step, approverIds: rest } : { ...step, approverIds: others, requireAllApprovers: false };
    });
  }
  // A rule whose approvers have all left cannot hold the bill forever: the organization's owners decide.
  if (steps.some((step) => step.approverIds.length === 0)) {
    const owners = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(isWorkspaceMember(bill.organizationId), eq(workspaceRoleOf(bill.organizationId), 'owner')))
    ).map((row) => row.id);
    steps = steps.map((step) => (step.approverIds.length > 0 ? step : { ...step, approverIds: owners, requireAllApprovers: false }));
  }
  steps = steps.filter((step) => step.approverIds.length > 0);
  return review ? [...steps, review] : steps;
}

export const EINVOICE_REVIEW_STEP = 'E-invoice totals do not add up';

/**
 * A bill from an e-invoice whose totals break EN 16931's rules (bills.einvoice_warnings) is never
 * approved by default: with or without a matching rule, an owner or admin (other than its author
 * when anyone else can) must approve it. The step has no workflow row (workflowId '').
 */
async function einvoiceReviewStep(tx: Database, bill: BillRow): Promise<ApprovalPlanStep | null> {
  if (bill.einvoiceWarnings.length === 0) return null;
  const admins = (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(isWorkspaceMember(bill.organizationId), inArray(workspaceRoleOf(bill.organizationId), ['owner', 'admin'])))
  ).map((row) => row.id);
  const others = admins.filter((id) => id !== bill.userId);
  const approverIds = others.length > 0 ? others : admins;
  return approverIds.length > 0 ? { workflowId: '', name: EINVOICE_REVIEW_STEP, approverIds, requireAllApprovers: false } : null;
}

/**
 * Sends a bill for approval under the rules that match it now, inside the caller's transaction
 * (bill created, or its amount or vendor changed, or a rejected bill edited). The previous
 * round's pending and rejected requests are superseded. Returns the bill's new approvalStatus.
 */
export async function startApprovalRound(
  tx: Database,
  bill: BillRow,
  actorId: string | null,
  now: Date,
): Promise<BillRow['approvalStatus']> {
  await tx
    .update(billApprovals)
    .set({ status: 'superseded', updatedAt: now })
    .where(and(eq(billApprovals.billId, bill.id), inArray(billApprovals.status, ['pending', 'rejected'])));
  const plan = await buildPlan(tx, bill);
  if (plan.length === 0) {
    if (bill.approvalStatus !== 'not_required' || bill.approvalPlan.length > 0) {
      await tx.update(bills).set({ approvalStatus: 'not_required', approvalPlan: [], updatedAt: now }).where(eq(bills.id, bill.id));
    }
    return 'not_required';
  }
  const round = bill.approvalRound + 1;
  const assigned = new Map<string, string>();
  for (const step of plan) for (const id of step.approverIds) if (!assigned.has(id)) assigned.set(id, step.workflowId);
  await tx.insert(billApprovals).values(
    [...assigned].map(([approverId, workflowId]) => ({
      organizationId: bill.organizationId,
      billId: bill.id,
      approverId,
      workflowId: workflowId || null,
      round,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await tx.update(bills).set({ approvalStatus: 'pending', approvalRound: round, approvalPlan: plan, updatedAt: now }).where(eq(bills.id, bill.id));
  await writeAudit(tx, {
    organizationId: bill.organizationId,
    userId: actorId,
    action: 'bill.approval_requested',
    entityType: 'bill',
    entityId: bill.id,
    details: { round, totalAmount: bill.totalAmount, rules: plan.map((step) => step.name), approverIds: [...assigned.keys()] },
  });
  return 'pending';
}
