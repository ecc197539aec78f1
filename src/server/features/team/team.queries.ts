import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { TeamMember } from '../../../shared/contracts/team';
import type { Database } from '../../db/client';
import { teamInvitations, users } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

type UserRow = typeof users.$inferSelect;

export function toMemberDto(user: UserRow): TeamMember {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    approvalLimit: user.approvalLimit,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

const activeIn = (organizationId: string) => and(eq(users.organizationId, organizationId), eq(users.isActive, true));

export async function findMembers(db: Database, params: { organizationId: string; limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(users)
    .where(activeIn(params.organizationId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(params.limit)
    .offset(params.offset);
  const [total] = await db.select({ n: count() }).from(users).where(activeIn(params.organizationId));
  return { items: rows.map(toMemberDto), total: total?.n ?? 0 };
}


/** An active member of the organization, locked for the transaction; null for anything else. */
export async function findMemberForUpdate(db: Database, organizationId: string, userId: string) {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), activeIn(organizationId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The organization's active owners, locked, so two demotions cannot race past the last-owner rule. */
export async function lockOwners(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(activeIn(organizationId), eq(users.role, 'owner')))
    .for('update');
  return rows.map((row) => row.id);
}

export async function findInvitationByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function findPendingInvitations(db: Database, organizationId: string, now: Date) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.organizationId, organizationId), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
    .orderBy(asc(teamInvitations.createdAt))
    .limit(200);
}
