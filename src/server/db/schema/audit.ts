import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizations } from './organizations';
import { xactIdDefault, xid8 } from './platform';

/**
 * Every change to money, approval or access state, written in the same transaction as the change;
 * read by Settings > Activity and each record's history (GET /api/audit-log).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The writing transaction's id (issue 33): the webhook feed reads events below the oldest
     * transaction of this database still running (webhook-feed.ts), so a late commit is never skipped.
     */
    xactId: xid8('xact_id').notNull().default(xactIdDefault),
  },
  (t) => [
    index('audit_log_org_idx').on(t.organizationId, t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_org_user_idx').on(t.organizationId, t.userId, t.createdAt),
    index('audit_log_org_xact_idx').on(t.organizationId, t.xactId, t.id),
  ],
);
