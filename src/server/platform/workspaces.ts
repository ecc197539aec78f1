import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Role } from '../../shared/contracts/common';
import type { Workspace, WorkspaceList, WorkspaceListQuery } from '../../shared/contracts/workspaces';
import type { Database } from '../db/client';
import { likePattern } from '../db/query-helpers';
import { customers, organizations, sessions, workspaceGrants } from '../db/schema';
import { isUuid } from '../db/query-helpers';
import { writeAudit } from './audit';
import { notFound } from './errors';
import type { AuthContext } from './sessions';
import { FIRM_WIDE_ROLES, workspaceRole } from './workspace-access';

/** The client workspaces of a firm that a member may open: all for owners and admins, else granted ones. */
export function openableClients(firmId: string, userId: string, firmRole: Role) {
  const base = and(eq(organizations.accountingFirmId, firmId), eq(organizations.isActive, true));
  if (FIRM_WIDE_ROLES.includes(firmRole)) return base;
  return and(
    base,
    // Qualified by hand: drizzle leaves columns unqualified in one-table queries, and "id" would be the grant's.
    sql`exists (select 1 from workspace_grants g where g.organization_id = "organizations"."id" and g.user_id = ${userId})`,
  );
}

/**
 * The workspaces the user may open: their own organization first, then, for a firm member, the
 * firm's clients they may open, by name (paginated; the search matches client names).
 */
export async function listWorkspaces(db: Database, auth: AuthContext, query: WorkspaceListQuery): Promise<WorkspaceList> {
  const [home] = await db.select().from(organizations).where(eq(organizations.id, auth.homeOrganizationId)).limit(1);
  if (!home) throw notFound('Organization');
  const own: Workspace = {
    organizationId: home.id,
    name: home.name,
    kind: home.type === 'accounting_firm' ? 'firm' : 'own',
    customerId: null,
    role: auth.homeRole,
    active: auth.organizationId === home.id,
  };
  if (!auth.firmId) return { home: own, clients: [], total: 0 };
  const conditions = [openableClients(auth.firmId, auth.userId, auth.homeRole)];
  if (query.search) conditions.push(ilike(organizations.name, likePattern(query.search)));
  const where = and(...conditions);
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, customerId: customers.id, grantRole: workspaceGrants.role })
    .from(organizations)
    .leftJoin(customers, and(eq(customers.clientOrganizationId, organizations.id), eq(customers.organizationId, auth.firmId)))
    .leftJoin(workspaceGrants, and(eq(workspaceGrants.organizationId, organizations.id), eq(workspaceGrants.userId, auth.userId)))
    .where(where)
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(organizations).where(where);
  return {
    home: own,
    clients: rows.map((row) => ({
      organizationId: row.id,
      name: row.name,
      kind: 'client' as const,
      customerId: row.customerId,
      role: workspaceRole(auth.homeRole, row.grantRole) ?? 'viewer',
      active: auth.organizationId === row.id,
    })),
    total: total?.n ?? 0,
  };
}

/** The user's role in a workspace they may open, or null (another firm's client, no grant, unknown). */
export async function findWorkspaceRole(db: Database, auth: Pick<AuthContext, 'userId' | 'homeOrganizationId' | 'homeRole' | 'firmId'>, organizationId: string): Promise<Role | null> {
  if (organizationId === auth.homeOrganizationId) return auth.homeRole;
  if (!auth.firmId || !isUuid(organizationId)) return null;
  const [row] = await db
    .select({ grantRole: workspaceGrants.role })
    .from(organizations)
    .leftJoin(workspaceGrants, and(eq(workspaceGrants.organizationId, organizations.id), eq(workspaceGrants.userId, auth.userId)))
    .where(and(eq(organizations.id, organizationId), eq(organizations.accountingFirmId, auth.firmId), eq(organizations.isActive, true)))
    .limit(1);
  if (!row) return null;
  return workspaceRole(auth.homeRole, row.grantRole);
}

/**
 * Makes a workspace the session's active organization. Anything the user may not open is a 404
 * and changes nothing. The switch is audited in the user's own organization and, for a client
 * workspace, in the client's log too (the client sees who from the firm came in).
 */
export async function switchWorkspace(db: Database, auth: AuthContext, organizationId: string, now: Date): Promise<Role> {
  const role = await findWorkspaceRole(db, auth, organizationId);
  if (role === null) throw notFound('Workspace');
  if (organizationId === auth.organizationId) return role;
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ organizationId, lastSeenAt: now }).where(eq(sessions.id, auth.sessionId));
    const details = { from: auth.organizationId, to: organizationId, role };
    await writeAudit(tx, { organizationId: auth.homeOrganizationId, userId: auth.userId, action: 'workspace.switched', entityType: 'organization', entityId: organizationId, details });
    if (organizationId !== auth.homeOrganizationId) {
      await writeAudit(tx, { organizationId, userId: auth.userId, action: 'workspace.entered', entityType: 'organization', entityId: organizationId, details });
    }
  });
  return role;
}
