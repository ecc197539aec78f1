import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSessions, sessions } from '../db/schema';
import { createCustomerFor } from '../features/invoices/invoices.fixtures';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { signUp } from '../test/factories';
import { pruneExpiredSessions } from './maintenance';
import { SessionCache } from './session-cache';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, createSession, hashToken } from './sessions';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Sessions end 12 hours idle and SESSION_MAX_AGE_DAYS after sign-in, and the maintenance loop deletes the ended ones (issue 33). */
describe('session lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionMaxAgeMs: 2 * DAY, sessionCacheMs: 60_000 } });
  });
  afterAll(async () => t.close());

  it('ends an active session at its absolute lifetime, even one read from the session cache', async () => {
    const owner = await signUp(t.app);
    // Active every 11 hours: never idle for 12, so only the absolute lifetime can end it.
    for (let elapsed = 0; elapsed + 11 * HOUR < 2 * DAY; elapsed += 11 * HOUR) {
      t.clock.advance(11 * HOUR);
      expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    }
    // 44 hours in; the next lookup is cached (60 s TTL). A minute short of the end it still works.
    t.clock.advance(4 * HOUR - 60_000);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // 30 s later, within the cache's TTL but past the lifetime: the cached entry is not used.
    t.clock.advance(60_000);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toEqual([]);
  });

  it('still ends a session after 12 hours without a request', async () => {
    const owner = await signUp(t.app);
    t.clock.advance(SESSION_IDLE_MS + 60_000);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('deletes idle and aged sessions and ended portal sessions, and keeps the live ones', async () => {
    const owner = await signUp(t.app);
    const customer = await createCustomerFor(owner);
    const now = t.clock.now;
    const user = { id: owner.user.id, organizationId: owner.user.organizationId };
    const live = hashToken(await createSession(t.deps.db, user, now));
    const idle = hashToken(await createSession(t.deps.db, user, new Date(now.getTime() - SESSION_IDLE_MS - 1000)));
    const aged = hashToken(await createSession(t.deps.db, user, new Date(now.getTime() - 10 * HOUR)));
    // Active a minute ago but signed in 3 days ago, past the 2-day lifetime of this app.
    await t.deps.db.update(sessions).set({ createdAt: new Date(now.getTime() - 3 * DAY), lastSeenAt: new Date(now.getTime() - 60_000) }).where(eq(sessions.id, aged));
    const portal = (id: string, expiresAt: Date) => ({ id, organizationId: owner.user.organizationId, customerId: customer.id, email: customer.email, createdAt: now, lastSeenAt: now, expiresAt });
    await t.deps.db.insert(portalSessions).values([portal('portal-live', new Date(now.getTime() + HOUR)), portal('portal-ended', new Date(now.getTime() - 1000))]);

    const deleted = await pruneExpiredSessions(t.deps.db, now, 2 * DAY);

    expect(deleted).toEqual({ sessions: expect.any(Number), portalSessions: 1 });
    const left = await t.deps.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, [live, idle, aged]));
    expect(left.map((row) => row.id)).toEqual([live]);
    const portalLeft = await t.deps.db.select({ id: portalSessions.id }).from(portalSessions).where(eq(portalSessions.customerId, customer.id));
    expect(portalLeft.map((row) => row.id)).toEqual(['portal-live']);
    // The owner's own sign-up session is still young: kept too.
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('keeps sessions 30 days by default', () => {
    expect(SESSION_MAX_AGE_MS).toBe(30 * DAY);
  });
});

describe('session cache and the absolute lifetime', () => {
  it('does not return an entry whose session has ended, however fresh the entry', () => {
    const cache = new SessionCache(60_000);
    const auth = { sessionId: 's', userId: 'u', organizationId: 'o', role: 'owner' as const, homeOrganizationId: 'o', homeRole: 'owner' as const, firmId: null, endsAt: 1_000_000 };
    cache.set('s', auth, 999_000, cache.begin());
    expect(cache.get('s', 999_500)).toEqual(auth);
    expect(cache.get('s', 1_000_000)).toBeNull();
  });
});
