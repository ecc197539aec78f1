import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../shared/contracts/common';

/*
 * Who belongs to a workspace, as SQL over the users table: the organization's own active members,
 * and, for a client workspace, the managing firm's owners and admins and the firm members granted
 * that client. The same rule as findSession's, for queries that list or pick members (approvers).
 */

// Qualified by hand: inside the subqueries an unqualified "id" would be the grant's own id.
const user = { id: sql.raw('"users"."id"'), organizationId: sql.raw('"users"."organization_id"'), role: sql.raw('"users"."role"'), isActive: sql.raw('"users"."is_active"') };

/** True for a users row that is an active member of the workspace. */
export function isWorkspaceMember(organizationId: string): SQL<boolean> {
  return sql<boolean>`(${user.isActive} and (${user.organizationId} = ${organizationId} or exists (
    select 1 from organizations o
    where o.id = ${organizationId} and o.is_active and o.accounting_firm_id = ${user.organizationId}
      and (${user.role} in ('owner', 'admin')
        or exists (select 1 from workspace_grants g where g.organization_id = o.id and g.user_id = ${user.id})))))`;
}

/** A member's role in the workspace (their own role at home, else firm role or grant role). */
export function workspaceRoleOf(organizationId: string): SQL<Role> {
  return sql<Role>`(case
    when ${user.organizationId} = ${organizationId} or ${user.role} in ('owner', 'admin') then ${user.role}
    else (select g.role from workspace_grants g where g.organization_id = ${organizationId} and g.user_id = ${user.id})
  end)`;
}
