import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, rateLimitCounters } from '../db/schema';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { uniqueName } from '../test/factories';

/**
 * The client address every per-address limit counts (issue 33): X-Forwarded-For is read only from
 * the proxies TRUST_PROXY names, so a script cannot dodge a limit by inventing addresses.
 */
const resetFrom = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `${uniqueName('reset')}@example.com` },
  });

const failedSignIn = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: uniqueName('nobody'), password: 'not the password' },
  });

describe('client address with no TRUST_PROXY (the default), in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production once trusted every X-Forwarded-For: the default must hold there too.
    t = await createTestApp({ config: { nodeEnv: 'production' } });
  });
  afterAll(async () => t.close());

  it('counts password reset requests against the sender, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) statuses.push((await resetFrom(t, '198.51.100.7', `203.0.113.${i}`)).statusCode);
    // 5 per 15 minutes per address: the sixth is refused although each claimed another address.
    expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
    const keys = await t.deps.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters).where(like(rateLimitCounters.key, 'password-reset:ip:%'));
    expect(keys.map((row) => row.key)).toEqual(['password-reset:ip:198.51.100.7']);
  });

  it('keys the sign-in throttle on the sender, so invented addresses do not reset it', async () => {
    for (let i = 1; i <= 10; i += 1) expect((await failedSignIn(t, '198.51.100.8', `203.0.113.${i}`)).statusCode).toBe(401);
    // Ten failures from one address: the eleventh attempt is throttled, though a new username and address are claimed.
    expect((await failedSignIn(t, '198.51.100.8', '192.0.2.99')).statusCode).toBe(429);
    const rows = await t.deps.db.select({ key: loginFailures.key }).from(loginFailures).where(like(loginFailures.key, 'ip:%'));
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(['ip:198.51.100.8']));
  });
});

describe('client address with TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(async () => t.close());

  it("counts the address the proxy reports, each client on its own", async () => {
    for (let i = 1; i <= 6; i += 1) expect((await resetFrom(t, '10.0.0.2', `203.0.113.${i}`)).statusCode).toBeLessThan(300);
    const [row] = await t.deps.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'password-reset:ip:203.0.113.6'));
    expect(row?.count).toBe(1);
  });

  it('takes only the hop the proxy added: an address the client put in front of it is ignored', async () => {
    const statuses: number[] = [];
    // The client sends "X-Forwarded-For: <invented>"; the proxy appends the address it saw (198.51.100.9).
    for (let i = 1; i <= 6; i += 1) statuses.push((await resetFrom(t, '10.0.0.2', `192.0.2.${i}, 198.51.100.9`)).statusCode);
    expect(statuses[5]).toBe(429);
  });
});

describe('client address with TRUST_PROXY as a list of proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] } });
  });
  afterAll(async () => t.close());

  it('reads X-Forwarded-For from a listed proxy and ignores it from anyone else', async () => {
    expect((await failedSignIn(t, '10.1.2.3', '203.0.113.50')).statusCode).toBe(401);
    expect((await failedSignIn(t, '198.51.100.10', '203.0.113.51')).statusCode).toBe(401);
    const rows = await t.deps.db.select({ key: loginFailures.key }).from(loginFailures).where(like(loginFailures.key, 'ip:%'));
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(['ip:203.0.113.50', 'ip:198.51.100.10']));
  });
});
