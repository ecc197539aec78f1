import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalPermission } from '../../../shared/contracts/portal';
import type { Database } from '../../db/client';
import { customers, portalSessions, portalTokens } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/sessions';

/** The portal's own cookie: never the staff session's `sid`, and only sent to the portal API. */
export const PORTAL_COOKIE = 'psid';
/** A mailed sign-in link works once, for 30 minutes. */
export const PORTAL_TOKEN_MS = 30 * 60 * 1000;
/** A portal session ends after 2 hours without a request, and 12 hours after it began. */
export const PORTAL_IDLE_MS = 2 * 60 * 60 * 1000;
export const PORTAL_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;

export const INVALID_LINK = 'This sign-in link is not valid or has expired. Ask for a new one.';

/** Who is signed in to the portal: one customer of one workspace. */
export interface PortalContext {
  sessionId: string;
  organizationId: string;
  customerId: string;
  email: string;
  permissions: PortalPermission[];
}

/** A new single-use sign-in token for the customer; only its hash is stored. */
export async function createPortalToken(
  db: Database,
  input: { organizationId: string; customerId: string; email: string; userId: string | null },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PORTAL_TOKEN_MS);
  await db.insert(portalTokens).values({ id: hashToken(token), ...input, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * Exchanges a sign-in token for a portal session: the token is marked used in the same statement
 * that checks it (two tabs opening one link get one session), and the customer must still have
 * portal access. Returns the session's cookie token.
 */
export async function openPortalSession(db: Database, token: string, now: Date): Promise<{ cookieToken: string; context: PortalContext }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(portalTokens)
      .set({ usedAt: now })
      .where(and(eq(portalTokens.id, hashToken(token)), isNull(portalTokens.usedAt), gt(portalTokens.expiresAt, now)))
      .returning();
    if (!claimed) throw new AppError('UNAUTHORIZED', INVALID_LINK);
    const [customer] = await tx
      .select({ hasPortalAccess: customers.hasPortalAccess, isActive: customers.isActive, permissions: customers.portalPermissions })
      .from(customers)
      .where(and(eq(customers.organizationId, claimed.organizationId), eq(customers.id, claimed.customerId)))
      .limit(1);
    if (!customer?.hasPortalAccess || !customer.isActive) throw new AppError('UNAUTHORIZED', INVALID_LINK);
    const cookieToken = randomBytes(32).toString('base64url');
    const sessionId = hashToken(cookieToken);
    await tx.insert(portalSessions).values({
      id: sessionId,
      organizationId: claimed.organizationId,
      customerId: claimed.customerId,
      email: claimed.email,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + PORTAL_ABSOLUTE_MS),
    });
    return {
      cookieToken,
      context: {
        sessionId,
        organizationId: claimed.organizationId,
        customerId: claimed.customerId,
        email: claimed.email,
        permissions: customer.permissions as PortalPermission[],
      },
    };
  });
}

/** The portal session behind a cookie token, while the customer still has portal access. */
export async function findPortalSession(db: Database, cookieToken: string, now: Date): Promise<PortalContext | null> {
  const id = hashToken(cookieToken);
  const [row] = await db
    .select({
      sessionId: portalSessions.id,
      organizationId: portalSessions.organizationId,
      customerId: portalSessions.customerId,
      email: portalSessions.email,
      lastSeenAt: portalSessions.lastSeenAt,
      expiresAt: portalSessions.expiresAt,
      hasPortalAccess: customers.hasPortalAccess,
      isActive: customers.isActive,
      permissions: customers.portalPermissions,
    })
    .from(portalSessions)
    .innerJoin(customers, and(eq(customers.id, portalSessions.customerId), eq(customers.organizationId, portalSessions.organizationId)))
    .where(eq(portalSessions.id, id))
    .limit(1);
  if (!row || !row.hasPortalAccess || !row.isActive) return null;
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > PORTAL_IDLE_MS) {
    await db.delete(portalSessions).where(eq(portalSessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(portalSessions).set({ lastSeenAt: now }).where(eq(portalSessions.id, id));
  }
  return {
    sessionId: row.sessionId,
    organizationId: row.organizationId,
    customerId: row.customerId,
    email: row.email,
    permissions: row.permissions as PortalPermission[],
  };
}

/** One session lookup per request, however many checks ask (a route's preValidation and its handler). */
const lookups = new WeakMap<FastifyRequest, Promise<PortalContext | null>>();

/**
 * The portal context of a request (portal routes are `public` for the staff check and call this
 * instead): 401 without a live portal session, 403 without the permission asked for.
 */
export async function requirePortal(
  request: FastifyRequest,
  deps: { db: Database; now: () => Date },
  permission?: PortalPermission,
): Promise<PortalContext> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const raw = request.cookies[PORTAL_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    lookup = unsigned?.valid && unsigned.value ? findPortalSession(deps.db, unsigned.value, deps.now()) : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  const context = await lookup;
  if (!context) throw new AppError('UNAUTHORIZED', 'Not signed in to the portal');
  if (permission && !context.permissions.includes(permission)) throw new AppError('FORBIDDEN', 'Your portal access does not include this');
  return context;
}

export function setPortalCookie(reply: FastifyReply, cookieToken: string, secure: boolean): void {
  reply.setCookie(PORTAL_COOKIE, cookieToken, { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true });
}

export function clearPortalCookie(reply: FastifyReply): void {
  reply.clearCookie(PORTAL_COOKIE, { path: '/' });
}

/** Ends every portal session of a customer (access revoked), in the caller's transaction. */
export async function revokePortalSessions(tx: Database, organizationId: string, customerId: string): Promise<number> {
  const ended = await tx
    .delete(portalSessions)
    .where(and(eq(portalSessions.organizationId, organizationId), eq(portalSessions.customerId, customerId)))
    .returning({ id: portalSessions.id });
  await tx
    .update(portalTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(portalTokens.organizationId, organizationId), eq(portalTokens.customerId, customerId), isNull(portalTokens.usedAt)));
  return ended.length;
}

/** Drops expired sessions and tokens (called by the scheduler's housekeeping). */
export async function prunePortalSessions(db: Database, now: Date): Promise<void> {
  await db.delete(portalSessions).where(or(lt(portalSessions.expiresAt, now), lt(portalSessions.lastSeenAt, new Date(now.getTime() - PORTAL_IDLE_MS))));
  await db.delete(portalTokens).where(lt(portalTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
