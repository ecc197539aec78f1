import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, lte, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { organizations, sessions, users, workspaceGrants } from '../db/schema';
import { workspaceRole } from './workspace-access';

/** Sessions end after 12 hours without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** And 30 days after sign-in however active, unless SESSION_MAX_AGE_DAYS says otherwise (config.sessionMaxAgeMs). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthContext {
  sessionId: string;
  userId: string;
  /** The active workspace: the user's own organization, or a client workspace of their firm. */
  organizationId: string;
  /** The user's role in the active workspace. */
  role: Role;
  /** The organization the user belongs to, and their role there. */
  homeOrganizationId: string;
  homeRole: Role;
  /** The user's accounting firm (their own organization when it is a firm), else null. */
  firmId: string | null;
  /**
   * The active workspace's time zone, read with the session (lists compute "today" from it without
   * another query). Absent on contexts not made by findSession: read it from the organization then.
   */
  timeZone?: string;
  /**
   * When the session ends whatever its activity (ms since the epoch, the app's clock): a cached
   * lookup (session-cache.ts) is not used past it. Absent on contexts not made by findSession.
   */
  endsAt?: number;
}

/** The session's id: the SHA-256 of its cookie token (the token itself is never stored). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Database, user: { id: string; organizationId: string }, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: user.id,
    organizationId: user.organizationId,
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

const activeOrganization = alias(organizations, 'active_organization');
const homeOrganization = alias(organizations, 'home_organization');

/**
 * The session behind a cookie token, with the user's role in the session's active workspace. A
 * client workspace the user may no longer open (grant revoked, role changed, client deactivated)
 * sends the session back to the user's own organization on this request.
 */
export async function findSession(db: Database, token: string, now: Date, maxAgeMs = SESSION_MAX_AGE_MS): Promise<AuthContext | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      activeOrganizationId: sessions.organizationId,
      userId: users.id,
      homeOrganizationId: users.organizationId,
      homeType: homeOrganization.type,
      homeTimeZone: homeOrganization.timeZone,
      workspaceTimeZone: activeOrganization.timeZone,
      role: users.role,
      isActive: users.isActive,
      workspaceFirmId: activeOrganization.accountingFirmId,
      workspaceActive: activeOrganization.isActive,
      grantRole: workspaceGrants.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(homeOrganization, eq(homeOrganization.id, users.organizationId))
    .leftJoin(activeOrganization, and(eq(activeOrganization.id, sessions.organizationId), ne(sessions.organizationId, users.organizationId)))
    .leftJoin(workspaceGrants, and(eq(workspaceGrants.organizationId, sessions.organizationId), eq(workspaceGrants.userId, users.id)))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime();
  const endsAt = row.createdAt.getTime() + maxAgeMs;
  if (idle > SESSION_IDLE_MS || now.getTime() >= endsAt || !row.isActive) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const home = { homeOrganizationId: row.homeOrganizationId, homeRole: row.role, firmId: row.homeType === 'accounting_firm' ? row.homeOrganizationId : null };
  let organizationId = row.activeOrganizationId;
  let role: Role = row.role;
  if (organizationId !== row.homeOrganizationId) {
    const inWorkspace =
      row.workspaceFirmId !== null && row.workspaceFirmId === home.firmId && row.workspaceActive === true
        ? workspaceRole(row.role, row.grantRole)
        : null;
    if (inWorkspace) role = inWorkspace;
    else {
      organizationId = row.homeOrganizationId;
      await db.update(sessions).set({ organizationId }).where(eq(sessions.id, id));
    }
  }
  if (idle > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  const timeZone = organizationId === row.homeOrganizationId ? row.homeTimeZone : (row.workspaceTimeZone ?? row.homeTimeZone);
  return { sessionId: row.sessionId, userId: row.userId, organizationId, role, ...home, timeZone, endsAt };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere (password change, removal from the team), optionally but one session. */
export async function deleteUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) if (row.id !== keepSessionId) await deleteSession(db, row.id);
}

/**
 * Deletes the sessions past the idle limit or their absolute lifetime (the maintenance loop):
 * findSession refuses them anyway, but a session nobody presents again would stay forever.
 */
export async function deleteExpiredSessions(db: Database, now: Date, maxAgeMs = SESSION_MAX_AGE_MS): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)), lte(sessions.createdAt, new Date(now.getTime() - maxAgeMs))))
    .returning({ id: sessions.id });
  return deleted.length;
}
