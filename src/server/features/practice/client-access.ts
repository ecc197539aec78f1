import { and, eq } from 'drizzle-orm';
import type { ClientAccessEntry, GrantableRole } from '../../../shared/contracts/portfolio';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { users, workspaceGrants } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import { requireFirmWide } from './client-lifecycle';
import type { FirmActor } from './create-client';
import { findClientAccess } from './portfolio.queries';
import { findPracticeClient } from './practice.queries';

/** The client (locked) and its workspace, for an owner or admin managing who may open it. */
async function clientForAccess(tx: Database, actor: FirmActor, clientId: string) {
  requireFirmWide(actor, "manage access to clients' workspaces");
  const found = await findPracticeClient(tx, actor, clientId, { lock: true });
  if (!found?.customer.clientOrganizationId) throw notFound('Client');
  return { customer: found.customer, workspaceId: found.customer.clientOrganizationId };
}

/** An active member of the actor's firm, or a 404 (someone else's user, removed, unknown). */
async function firmMember(tx: Database, actor: FirmActor, userId: string) {
  if (!isUuid(userId)) throw notFound('Team member');
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, actor.firmId), eq(users.isActive, true)))
    .limit(1);
  if (!member) throw notFound('Team member');
  return member;
}

/** Who may open the client's workspace (owners and admins of the firm, then the granted members). */
export async function listClientAccess(db: Database, actor: FirmActor, clientId: string): Promise<ClientAccessEntry[]> {
  const found = await findPracticeClient(db, actor, clientId);
  if (!found?.customer.clientOrganizationId) throw notFound('Client');
  return findClientAccess(db, actor.firmId, found.customer.clientOrganizationId);
}

/**
 * Gives a firm member a client's workspace with a role, or changes the role of their grant. The
 * firm's owners and admins reach every client already and get no grant. Audited in the firm.
 */
export async function grantClientAccess(db: Database, actor: FirmActor, clientId: string, userId: string, role: GrantableRole, now: Date): Promise<ClientAccessEntry[]> {
  const workspaceId = await db.transaction(async (tx) => {
    const { customer, workspaceId } = await clientForAccess(tx, actor, clientId);
    const member = await firmMember(tx, actor, userId);
    if (FIRM_WIDE_ROLES.includes(member.role)) {
      throw new AppError('CONFLICT', `${member.username} is an ${member.role} of the firm and can open every client already`);
    }
    const [previous] = await tx
      .select({ role: workspaceGrants.role })
      .from(workspaceGrants)
      .where(and(eq(workspaceGrants.organizationId, workspaceId), eq(workspaceGrants.userId, member.id)));
    if (previous?.role === role) return workspaceId;
    await tx
      .insert(workspaceGrants)
      .values({ firmOrganizationId: actor.firmId, organizationId: workspaceId, userId: member.id, role, grantedBy: actor.userId, createdAt: now })
      .onConflictDoUpdate({ target: [workspaceGrants.organizationId, workspaceGrants.userId], set: { role, grantedBy: actor.userId } });
    await writeAudit(tx, {
      organizationId: actor.firmId,
      userId: actor.userId,
      action: 'practice_client.access_granted',
      entityType: 'customer',
      entityId: customer.id,
      details: { memberId: member.id, username: member.username, before: previous?.role ?? null, after: role, workspaceId },
    });
    return workspaceId;
  });
  return findClientAccess(db, actor.firmId, workspaceId);
}

/** Takes a member's grant away; it takes effect at their next request (findSession sends them home). */
export async function revokeClientAccess(db: Database, actor: FirmActor, clientId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { customer, workspaceId } = await clientForAccess(tx, actor, clientId);
    const member = await firmMember(tx, actor, userId);
    const [removed] = await tx
      .delete(workspaceGrants)
      .where(and(eq(workspaceGrants.organizationId, workspaceId), eq(workspaceGrants.userId, member.id)))
      .returning({ role: workspaceGrants.role });
    if (!removed) throw notFound('Access grant');
    await writeAudit(tx, {
      organizationId: actor.firmId,
      userId: actor.userId,
      action: 'practice_client.access_revoked',
      entityType: 'customer',
      entityId: customer.id,
      details: { memberId: member.id, username: member.username, before: removed.role, after: null, workspaceId },
    });
  });
}
