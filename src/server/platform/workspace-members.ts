import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../shared/contracts/common';
import { users } from '../db/schema';

/*
 * Who belongs to a workspace, as SQL over the users table: the organization's own active members,
 * and, for a client workspace, the managing firm's owners and admins and the firm members granted
 * that client. The same rule as findSession's, for queries that list or pick members (approvers).
 */

/** True for a users row that is an active member of the workspace. */
export function isWorkspaceMember(organizationId: string): SQL<boolean> {
  return sql<boolean>`(${users.isActive} and (${users.organizationId} = ${organizationId} or exists (
    select 1 from organizations o
    where o.id = ${organizationId} and o.is_active and o.accounting_firm_id = ${users.organizationId}
      and (${users.role} in ('owner', 'admin')
        or exists (select 1 from workspace_grants g where g.organization_id = o.id and g.user_id = ${users.id})))))`;
}

/** A member's role in the workspace (their own role at home, else firm role or grant role). */
export function workspaceRoleOf(organizationId: string): SQL<Role> {
  return sql<Role>`(case
    when ${users.organizationId} = ${organizationId} or ${users.role} in ('owner', 'admin') then ${users.role}
    else (select g.role from workspace_grants g where g.organization_id = ${organizationId} and g.user_id = ${users.id})
  end)`;
}
