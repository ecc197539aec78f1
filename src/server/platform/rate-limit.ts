import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError } from './errors';
import { hashToken } from './sessions';

/**
 * One fixed-window limit on a route: at most `max` requests per `windowMs` for each value of
 * `by` (the client address unless it says otherwise).
 */
export interface RateLimit {
  /** Names the counter, so two routes can share one (`password-reset`). */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, read from the validated request; undefined skips this limit. */
  by?: (request: FastifyRequest) => string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Throttles the route (anonymous writes: sign-up, contact, password reset). */
    rateLimit?: readonly RateLimit[];
  }
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The limits of anonymous writes, per client address. A person gets through with room to spare
 * (a typo, a second try); a script filling the table or mailbox does not.
 */
export const rateLimits = {
  /** Contact and demo requests: 5 per 10 minutes, each one is mailed to the operator. */
  contact: [{ name: 'contact', max: 5, windowMs: 10 * MINUTE }],
  /** Account and firm sign-ups share one counter: 10 per hour from one address. */
  register: [{ name: 'register', max: 10, windowMs: HOUR }],
  /** Joining a team: 10 per hour (a guessed token costs a try too). */
  invitationAccept: [{ name: 'invitation-accept', max: 10, windowMs: HOUR }],
  /**
   * Reset links: 5 requests per 15 minutes per address, and 5 per 15 minutes per email, so no
   * one can flood one mailbox from many addresses.
   */
  passwordResetRequest: [
    { name: 'password-reset', max: 5, windowMs: 15 * MINUTE },
    {
      name: 'password-reset-email',
      max: 5,
      windowMs: 15 * MINUTE,
      by: (request) => emailOf(request.body),
    },
  ],
  /**
   * Portal sign-in links (issue 31), like password reset links: 5 per 15 minutes per customer, so
   * no one floods one mailbox, and 50 per hour per workspace.
   */
  portalInvite: [
    {
      name: 'portal-invite-customer',
      max: 5,
      windowMs: 15 * MINUTE,
      by: (request) => {
        const id = (request.params as { id?: unknown } | undefined)?.id;
        return typeof id === 'string' ? `customer:${id}` : undefined;
      },
    },
    {
      name: 'portal-invite-organization',
      max: 50,
      windowMs: HOUR,
      by: (request) => (request.auth ? `organization:${request.auth.organizationId}` : undefined),
    },
  ],
  /** Opening a portal sign-in link: 10 per 15 minutes per address (a token is 256 random bits). */
  portalSession: [{ name: 'portal-session', max: 10, windowMs: 15 * MINUTE }],
  /**
   * The public W-9 form (issue 32): 30 requests per 15 minutes per address, and 10 per 15 minutes
   * per link (counted by the token's hash, so the counter table never holds a token).
   */
  vendorForm: [
    { name: 'vendor-form', max: 30, windowMs: 15 * MINUTE },
    {
      name: 'vendor-form-token',
      max: 10,
      windowMs: 15 * MINUTE,
      by: (request) => {
        const token = (request.params as { token?: unknown } | undefined)?.token;
        return typeof token === 'string' ? `token:${hashToken(token)}` : undefined;
      },
    },
  ],
  /** Setting the new password: 10 per 15 minutes per address (a token is 256 random bits). */
  passwordResetConfirm: [{ name: 'password-reset-confirm', max: 10, windowMs: 15 * MINUTE }],
} satisfies Record<string, readonly RateLimit[]>;

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${email.toLowerCase()}` : undefined;
}

/** Counters older than the longest window are of no use; maintenance deletes them. */
export const RATE_LIMIT_RETENTION_MS = 24 * HOUR;

/**
 * Counts one request against `key` in the fixed window containing `now` and returns the count so
 * far. One atomic upsert, so every server process on the database shares the count.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; windowEndsAt: Date }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return { count: row?.count ?? 1, windowEndsAt: new Date(windowStart.getTime() + windowMs) };
}

export async function deleteOldRateLimitWindows(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)));
}

/**
 * Applies the limits a route declares in `config.rateLimit`. It runs after validation, so only
 * well-formed requests count (a malformed one costs the server nothing and gets its 400). Over a
 * limit: 429 RATE_LIMITED with Retry-After. `multiplier` raises every limit (test servers).
 */
export function registerRateLimit(app: FastifyInstance, deps: { db: Database; now: () => Date; multiplier: number }): void {
  app.addHook('preHandler', async (request) => {
    const limits = request.routeOptions.config.rateLimit;
    if (!limits || limits.length === 0) return;
    const now = deps.now();
    let retryAfterMs = 0;
    for (const limit of limits) {
      const value = limit.by ? limit.by(request) : `ip:${request.ip}`;
      if (value === undefined) continue;
      const { count, windowEndsAt } = await hitRateLimit(deps.db, `${limit.name}:${value}`, limit.windowMs, now);
      if (count > limit.max * deps.multiplier) retryAfterMs = Math.max(retryAfterMs, windowEndsAt.getTime() - now.getTime());
    }
    if (retryAfterMs > 0) {
      const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
        undefined,
        { retryAfterSeconds },
      );
    }
  });
}
