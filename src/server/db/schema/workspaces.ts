import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const grantRoles = ['admin', 'accountant', 'approver', 'viewer'] as const;

/**
 * A firm member's access to one client workspace (an organization whose accountingFirmId is the
 * member's firm). The firm's owners and admins reach every client without a row; accountants and
 * others reach the clients granted here. Deleting the row revokes access at the next request.
 */
export const workspaceGrants = pgTable(
  'workspace_grants',
  {
    id: id(),
    firmOrganizationId: uuid('firm_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: grantRoles }).notNull().default('accountant'),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspace_grants_org_user_key').on(t.organizationId, t.userId),
    index('workspace_grants_user_idx').on(t.userId),
  ],
);
