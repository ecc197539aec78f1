import { describe, expect, it } from 'vitest';
import { sessionCookie } from '../../test/factories';
import { setCookies, twoFactorTestApp } from './two-factor.fixtures';

const { t, codeNow, wrongCode, userWithTwoFactor, login, secondStep, challengeFor, auditActions } =
  twoFactorTestApp();

describe('signing in with two-factor on', () => {
  it('answers a challenge without a session, then signs in with the right code', async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await login(user.username);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(body.id).toBeUndefined();
    expect(setCookies(first).some((cookie) => cookie.startsWith('sid='))).toBe(false);
    expect((await t().app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    const second = await secondStep(body.challengeToken, codeNow(secret));
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(user.id);
    const me = await t().app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(second) },
    });
    expect(me.json().id).toBe(user.id);
    // The challenge is spent.
    expect((await secondStep(body.challengeToken, codeNow(secret))).statusCode).toBe(401);
  });

  it('refuses a code whose time step was already used', async () => {
    const { user, secret } = await userWithTwoFactor();
    const code = codeNow(secret);
    expect((await secondStep(await challengeFor(user.username), code)).statusCode).toBe(200);
    const replay = await secondStep(await challengeFor(user.username), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid authentication code');
  });

  it('accepts each recovery code once, and audits its use', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const code = (recoveryCodes[3] ?? '').toUpperCase();
    const first = await secondStep(await challengeFor(user.username), code);
    expect(first.statusCode).toBe(200);
    expect(sessionCookie(first)).toMatch(/^sid=/);
    const used = await auditActions(user.id, 'user.two_factor_recovery_code_used');
    expect(used.map((row) => row.details)).toEqual([{ remaining: 9 }]);
    expect((await secondStep(await challengeFor(user.username), code)).statusCode).toBe(401);
  });

  it('counts wrong codes toward the throttle, after which even the right code gets a 429', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challengeToken = await challengeFor(user.username);
    // An address of its own, so the failures other tests recorded for 127.0.0.1 do not count here.
    const address = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) {
      expect((await secondStep(challengeToken, wrongCode(secret), address)).statusCode).toBe(401);
    }
    const limited = await secondStep(challengeToken, codeNow(secret), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login(user.username)).statusCode).toBe(429);
    t().clock.advance(16 * 60_000);
    expect((await secondStep(await challengeFor(user.username), codeNow(secret))).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired challenge', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challengeToken = await challengeFor(user.username);
    t().clock.advance(11 * 60_000);
    const late = await secondStep(challengeToken, codeNow(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired. Sign in again.');
    expect((await secondStep('not-a-challenge', codeNow(secret))).statusCode).toBe(401);
  });
});
