import type { Role } from '../../shared/contracts/common';

/** Firm roles that reach every client workspace of the firm without a grant. */
export const FIRM_WIDE_ROLES: readonly Role[] = ['owner', 'admin'];

/**
 * A firm member's role inside one of the firm's client workspaces: the firm's owners and admins
 * keep their role there; anyone else needs a grant and gets the grant's role. null: no access.
 */
export function workspaceRole(firmRole: Role, grantRole: Role | null): Role | null {
  if (FIRM_WIDE_ROLES.includes(firmRole)) return firmRole;
  return grantRole;
}
