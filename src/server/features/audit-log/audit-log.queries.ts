import { and, asc, count, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogUser } from '../../../shared/contracts/audit-log';
import type { Database } from '../../db/client';
import { auditLog, organizations, users } from '../../db/schema';

/** The filters once the dates are the organization's days. */
export interface AuditLogWhere {
  organizationId: string;
  timeZone: string;
  userId?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

/** Midnight starting `day` where the organization is, as an instant (index-friendly bounds on created_at). */
const startOfDay = (day: string, timeZone: string): SQL => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const startOfNextDay = (day: string, timeZone: string): SQL => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

function whereOf(filters: AuditLogWhere): SQL | undefined {
  return and(
    eq(auditLog.organizationId, filters.organizationId),
    filters.userId === 'system' ? isNull(auditLog.userId) : filters.userId ? eq(auditLog.userId, filters.userId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.fromDay ? sql`${auditLog.createdAt} >= ${startOfDay(filters.fromDay, filters.timeZone)}` : undefined,
    filters.toDay ? sql`${auditLog.createdAt} < ${startOfNextDay(filters.toDay, filters.timeZone)}` : undefined,
  );
}

const rowColumns = {
  id: auditLog.id,
  userId: auditLog.userId,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  /** created_at as text, with PostgreSQL's microseconds: the export's keyset cursor. */
  cursor: sql<string>`${auditLog.createdAt}::text`,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email },
};

/** Where the previous batch of an export ended: its last row's created_at (as text) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

export type AuditRow = Awaited<ReturnType<typeof findAuditRows>>[number];

/**
 * One page of audit rows with the member who made each (null for the product itself). Newest first
 * for the Activity log, oldest first for a record's history; id breaks ties so pages never overlap.
 */
export async function findAuditRows(
  db: Database,
  filters: AuditLogWhere,
  page: { limit: number; offset: number; order: 'newest' | 'oldest' },
  after: AuditCursor | null = null,
) {
  const direction = page.order === 'newest' ? desc : asc;
  const past = after ? sql`(${auditLog.createdAt}, ${auditLog.id}) ${sql.raw(page.order === 'newest' ? '<' : '>')} (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select(rowColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(whereOf(filters), past))
    .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditRows(db: Database, filters: AuditLogWhere): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(whereOf(filters));
  return row?.total ?? 0;
}

/**
 * The people who appear in the organization's audit trail, for the User filter: its members and
 * the managing firm's (who act in a client's workspace), including members since removed.
 */
export async function findAuditUsers(db: Database, organizationId: string): Promise<AuditLogUser[]> {
  const firm = db.select({ id: organizations.accountingFirmId }).from(organizations).where(eq(organizations.id, organizationId));
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(eq(users.organizationId, organizationId), sql`${users.organizationId} = (${firm})`),
        exists(
          db
            .select({ one: sql`1` })
            .from(auditLog)
            .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.userId, users.id))),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username));
  return rows.map((row) => ({ id: row.id, name: personName(row), email: row.email }));
}

export function personName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
}
