import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** An invitation to join an organization's team; the link carries a token, the table its SHA-256. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'accountant', 'approver', 'viewer'] }).notNull(),
    /** null: no limit. */
    approvalLimit: money('approval_limit'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_key').on(t.tokenHash),
    index('team_invitations_org_idx').on(t.organizationId, t.createdAt),
  ],
);
