import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSightings } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { sessionCookie, signUp } from '../../test/factories';
import { readOutbox } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-03-02T09:00:00Z') });
});
afterAll(async () => t.close());

const PASSWORD = 'correct horse battery';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** The mails sent to one address, oldest first. */
const mailsTo = (email: string) => readOutbox(t).filter((mail) => mail.includes(`To: ${email}`));

/** "did=...": the device cookie the server set, to send back like a browser would. */
function deviceCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const found = list
    .map((value) => value.split(';')[0] ?? '')
    .find((value) => value.startsWith('did='));
  if (!found) throw new Error('no device cookie');
  return found;
}

const login = (username: string, options: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: PASSWORD },
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { 'user-agent': FIREFOX, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });

describe('login notifications', () => {
  it('records the first sign-in (registration) without mail, then mails for a new browser, not for a known one', async () => {
    const { user } = await signUp(t.app, { remoteAddress: '127.0.0.1' });
    const [sighting] = await t.deps.db
      .select()
      .from(loginSightings)
      .where(eq(loginSightings.userId, user.id));
    expect(sighting).toBeDefined();
    expect(mailsTo(user.email)).toHaveLength(0);

    // No device cookie: a browser the account has not been used from.
    const fromNewBrowser = await login(user.username);
    expect(fromNewBrowser.statusCode).toBe(200);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: New sign-in to your Signal AR account');
    expect(mails[0]).toContain('a new browser');
    expect(mails[0]).toContain('Address: 127.0.0.1');
    expect(mails[0]).toContain('Firefox/140.0');
    expect(mails[0]).toContain('2026-03-02 09:00:00 UTC');
    expect(mails[0]).toContain('If it was not you');

    // The same browser (its cookie) from the same address: nothing new.
    const cookie = deviceCookie(fromNewBrowser);
    expect((await login(user.username, { cookie })).statusCode).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(1);

    // Only the device cookie's hash is stored.
    const stored = await t.deps.db
      .select()
      .from(loginSightings)
      .where(eq(loginSightings.userId, user.id));
    expect(stored.map((row) => row.valueHash)).not.toContain(cookie.slice('did='.length));
  });

  it('mails for a new address from a known browser', async () => {
    const { user } = await signUp(t.app, { remoteAddress: '127.0.0.1' });
    const first = await login(user.username);
    const cookie = deviceCookie(first);
    expect(mailsTo(user.email)).toHaveLength(1);
    await login(user.username, { cookie, remoteAddress: '203.0.113.45' });
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('a new address');
    expect(mails[1]).toContain('Address: 203.0.113.45');
  });

  it('stays quiet when the user turned login notifications off', async () => {
    const { user, request } = await signUp(t.app);
    const off = await request({
      method: 'PUT',
      url: '/api/user/preferences',
      payload: { security: { loginNotifications: false } },
    });
    expect(off.json().security.loginNotifications).toBe(false);
    expect((await login(user.username, { remoteAddress: '198.51.100.20' })).statusCode).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it('treats an account with no sightings yet (its first login) as nothing to compare with', async () => {
    const { user } = await signUp(t.app);
    await t.deps.db.delete(loginSightings).where(eq(loginSightings.userId, user.id));
    expect((await login(user.username)).statusCode).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(0);
    expect(
      await t.deps.db.select().from(loginSightings).where(eq(loginSightings.userId, user.id)),
    ).toHaveLength(2);
  });

  it('with two-factor on, mails once the code step completes, not at the password', async () => {
    const signed = await signUp(t.app);
    const enrolment = await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/enrolment',
    });
    const secret = Secret.fromBase32(enrolment.json<{ secret: string }>().secret);
    const code = () => TOTP.generate({ secret, timestamp: t.clock.now.getTime() });
    await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: code() },
    });
    t.clock.advance(30_000);

    const challenge = await login(signed.user.username);
    expect(challenge.json().twoFactorRequired).toBe(true);
    expect(mailsTo(signed.user.email)).toHaveLength(0);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      payload: { challengeToken: challenge.json().challengeToken, code: code() },
      headers: { 'user-agent': FIREFOX },
    });
    expect(sessionCookie(done)).toMatch(/^sid=/);
    expect(deviceCookie(done)).toMatch(/^did=/);
    expect(mailsTo(signed.user.email)).toHaveLength(1);
  });
});
