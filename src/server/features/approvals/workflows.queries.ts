import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ApprovalWorkflow, EligibleApprover } from '../../../shared/contracts/approvals';
import type { Database } from '../../db/client';
import { approvalWorkflows, users, vendors } from '../../db/schema';
import { isUuid, userDisplayNameSql } from '../../db/query-helpers';
import { isWorkspaceMember, workspaceRoleOf } from '../../platform/workspace-members';

export type WorkflowRow = typeof approvalWorkflows.$inferSelect;

const personName = userDisplayNameSql;

/** Active members who can be named as approvers (viewers are read-only). */
export async function findEligibleApprovers(db: Database, organizationId: string, ids?: string[]): Promise<EligibleApprover[]> {
  const role = workspaceRoleOf(organizationId);
  const conditions = [isWorkspaceMember(organizationId), ne(role, 'viewer')];
  if (ids) conditions.push(inArray(users.id, ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']));
  return db
    .select({ id: users.id, name: personName, role, approvalLimit: users.approvalLimit })
    .from(users)
    .where(and(...conditions))
    .orderBy(personName);
}

export async function findWorkflows(db: Database, organizationId: string): Promise<ApprovalWorkflow[]> {
  const rows = await db
    .select({ workflow: approvalWorkflows, vendorName: vendors.name })
    .from(approvalWorkflows)
    .leftJoin(
      vendors,
      and(
        eq(approvalWorkflows.triggerType, 'vendor'),
        eq(vendors.organizationId, approvalWorkflows.organizationId),
        sql`${vendors.id}::text = ${approvalWorkflows.triggerValue}`,
      ),
    )
    .where(eq(approvalWorkflows.organizationId, organizationId))
    .orderBy(desc(approvalWorkflows.isActive), asc(approvalWorkflows.createdAt), approvalWorkflows.id);
  const ids = [...new Set(rows.flatMap((row) => row.workflow.approverIds))];
  const names =
    ids.length === 0
      ? []
      : await db.select({ id: users.id, name: personName }).from(users).where(and(isWorkspaceMember(organizationId), inArray(users.id, ids)));
  const byId = new Map(names.map((row) => [row.id, row.name]));
  return rows.map(({ workflow, vendorName }) => ({
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    triggerType: workflow.triggerType,
    triggerValue: workflow.triggerValue,
    vendorName,
    approverIds: workflow.approverIds,
    approvers: workflow.approverIds.map((id) => ({ id, name: byId.get(id) ?? 'Former member' })),
    requireAllApprovers: workflow.requireAllApprovers,
    isActive: workflow.isActive,
    createdAt: workflow.createdAt.toISOString(),
  }));
}

export async function findWorkflow(db: Database, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<WorkflowRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(approvalWorkflows)
    .where(and(eq(approvalWorkflows.organizationId, organizationId), eq(approvalWorkflows.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}
