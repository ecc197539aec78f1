import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { addMember } from '../features/team/team.fixtures';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { asUser, signUp } from '../test/factories';
import { SessionCache } from './session-cache';

/** The session lookup cache (issue 15) never lets a revoked session, an old password or an old role through in this process. */
describe('session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionCacheMs: 60_000 } });
  });
  afterAll(async () => t.close());

  it('serves repeated reads from the cache (a session deleted behind its back is still seen within the TTL)', async () => {
    const owner = await signUp(t.app);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // Deleted directly in the database, not through the app: only the TTL ends the cached entry.
    // This is the behaviour another process sees, and why the TTL is a few seconds.
    await t.deps.db.delete(sessions).where(eq(sessions.userId, owner.user.id));
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // The app's clock moving past the TTL ends it too.
    t.clock.advance(61_000);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('answers a burst of parallel requests once the entry expired, and a sign-out still ends the session at once', async () => {
    const owner = await signUp(t.app);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    t.clock.advance(61_000);
    const burst = await Promise.all(Array.from({ length: 16 }, () => owner.request({ method: 'GET', url: '/api/user' })));
    expect(burst.map((response) => response.statusCode)).toEqual(Array.from({ length: 16 }, () => 200));
    expect(new Set(burst.map((response) => response.json().id))).toEqual(new Set([owner.user.id]));
    expect((await owner.request({ method: 'POST', url: '/api/logout' })).statusCode).toBeLessThan(300);
    const after = await Promise.all(Array.from({ length: 4 }, () => owner.request({ method: 'GET', url: '/api/user' })));
    expect(after.map((response) => response.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('refuses a signed-out session on the very next request', async () => {
    const owner = await signUp(t.app);
    expect((await owner.request({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(200);
    expect((await owner.request({ method: 'POST', url: '/api/logout' })).statusCode).toBeLessThan(300);
    expect((await owner.request({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
  });

  it('refuses the other sessions after a password change, at once', async () => {
    const owner = await signUp(t.app, { password: 'first password here' });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: owner.user.username, password: 'first password here' } });
    const other = asUser(t.app, String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '');
    expect((await other({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const change = await owner.request({
      method: 'PUT',
      url: '/api/user/password',
      payload: { currentPassword: 'first password here', newPassword: 'second password here', confirmPassword: 'second password here' },
    });
    expect(change.statusCode).toBe(204);
    expect((await other({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('applies a role change and a removal to the member on their next request', async () => {
    const owner = await signUp(t.app);
    const member = await addMember(t, owner, 'admin');
    const customer = { name: 'Cached Co', email: 'cached@example.com' };
    expect((await member.request({ method: 'GET', url: '/api/user' })).json<{ role: string }>().role).toBe('admin');
    const demote = await owner.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'viewer' } });
    expect(demote.statusCode).toBe(200);
    expect((await member.request({ method: 'GET', url: '/api/user' })).json<{ role: string }>().role).toBe('viewer');
    expect((await member.request({ method: 'POST', url: '/api/customers', payload: customer })).statusCode).toBe(403);
    expect((await owner.request({ method: 'DELETE', url: `/api/team/${member.user.id}` })).statusCode).toBe(204);
    expect((await member.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const [row] = await t.deps.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, member.user.id));
    expect(row?.isActive).toBe(false);
  });
});

describe('SessionCache', () => {
  const auth = { sessionId: 's', userId: 'u', organizationId: 'o', role: 'owner' as const, homeOrganizationId: 'o', homeRole: 'owner' as const, firmId: null };

  it('does not store a lookup that began before an invalidation', () => {
    const cache = new SessionCache(5000);
    const started = cache.begin();
    cache.invalidateAll();
    cache.set('s', auth, 0, started);
    expect(cache.get('s', 0)).toBeNull();
    cache.set('s', auth, 0, cache.begin());
    expect(cache.get('s', 1000)).toEqual(auth);
    expect(cache.get('s', 6000)).toBeNull();
  });

  it('is off with a TTL of 0', () => {
    const cache = new SessionCache(0);
    cache.set('s', auth, 0, cache.begin());
    expect(cache.size).toBe(0);
  });
});
