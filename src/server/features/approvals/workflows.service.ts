import { and, eq } from 'drizzle-orm';
import { type ApprovalWorkflowInput, approvalWorkflowInputSchema } from '../../../shared/contracts/approvals';
import type { PartialBody } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { approvalWorkflows } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { mergeUpdate, storedFields } from '../../platform/partial-update';
import { findVendor } from '../vendors/vendors.queries';
import { type WorkflowRow, findEligibleApprovers, findWorkflow } from './workflows.queries';

export interface WorkflowActor {
  organizationId: string;
  userId: string;
}

const BAD_APPROVERS = 'Approvers must be active members of your organization who are not viewers';

async function checkInput(tx: Database, organizationId: string, input: ApprovalWorkflowInput): Promise<void> {
  const approvers = await findEligibleApprovers(tx, organizationId, input.approverIds);
  if (approvers.length !== input.approverIds.length) {
    throw new AppError('VALIDATION', BAD_APPROVERS, { approverIds: BAD_APPROVERS });
  }
  if (input.triggerType === 'vendor' && (!input.triggerValue || !(await findVendor(tx, organizationId, input.triggerValue)))) {
    throw new AppError('VALIDATION', 'Vendor not found', { triggerValue: 'Vendor not found' });
  }
}

const values = (input: ApprovalWorkflowInput) => ({
  name: input.name,
  description: input.description,
  triggerType: input.triggerType,
  triggerValue: input.triggerValue,
  approverIds: input.approverIds,
  requireAllApprovers: input.requireAllApprovers,
  isActive: input.isActive,
});

const auditDetails = (row: WorkflowRow) => ({
  name: row.name,
  triggerType: row.triggerType,
  triggerValue: row.triggerValue,
  approverIds: row.approverIds,
  requireAllApprovers: row.requireAllApprovers,
  isActive: row.isActive,
});

/** Rules apply to bills sent for approval from now on; bills already waiting keep their plan. */
export async function createWorkflow(db: Database, actor: WorkflowActor, input: ApprovalWorkflowInput): Promise<WorkflowRow> {
  return db.transaction(async (tx) => {
    await checkInput(tx, actor.organizationId, input);
    const [row] = await tx
      .insert(approvalWorkflows)
      .values({ ...values(input), organizationId: actor.organizationId, userId: actor.userId })
      .returning();
    if (!row) throw new Error('workflow insert returned nothing');
    await writeAudit(tx, { organizationId: actor.organizationId, userId: actor.userId, action: 'approval_workflow.created', entityType: 'approval_workflow', entityId: row.id, details: auditDetails(row) });
    return row;
  });
}

export async function updateWorkflow(db: Database, actor: WorkflowActor, id: string, body: PartialBody): Promise<WorkflowRow> {
  return db.transaction(async (tx) => {
    const before = await findWorkflow(tx, actor.organizationId, id, { lock: true });
    if (!before) throw notFound('Approval rule');
    const input = mergeUpdate(approvalWorkflowInputSchema, storedFields(before, approvalWorkflowInputSchema), body);
    await checkInput(tx, actor.organizationId, input);
    const [row] = await tx
      .update(approvalWorkflows)
      .set({ ...values(input), updatedAt: new Date() })
      .where(and(eq(approvalWorkflows.organizationId, actor.organizationId), eq(approvalWorkflows.id, id)))
      .returning();
    if (!row) throw notFound('Approval rule');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'approval_workflow.updated',
      entityType: 'approval_workflow',
      entityId: row.id,
      details: { before: auditDetails(before), after: auditDetails(row) },
    });
    return row;
  });
}

export async function deleteWorkflow(db: Database, actor: WorkflowActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findWorkflow(tx, actor.organizationId, id);
    if (!before) throw notFound('Approval rule');
    await tx.delete(approvalWorkflows).where(and(eq(approvalWorkflows.organizationId, actor.organizationId), eq(approvalWorkflows.id, id)));
    await writeAudit(tx, { organizationId: actor.organizationId, userId: actor.userId, action: 'approval_workflow.deleted', entityType: 'approval_workflow', entityId: id, details: auditDetails(before) });
  });
}
