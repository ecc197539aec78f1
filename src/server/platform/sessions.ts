import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Role } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

/** Sessions end after 12 hours without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthContext {
  sessionId: string;
  userId: string;
  organizationId: string;
  role: Role;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

export async function findSession(db: Database, token: string, now: Date): Promise<AuthContext | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      organizationId: users.organizationId,
      role: users.role,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime();
  if (idle > SESSION_IDLE_MS || !row.isActive) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (idle > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { sessionId: row.sessionId, userId: row.userId, organizationId: row.organizationId, role: row.role };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere (password change, removal from the team), optionally but one session. */
export async function deleteUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) if (row.id !== keepSessionId) await deleteSession(db, row.id);
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
