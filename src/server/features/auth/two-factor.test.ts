import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { decryptSecret } from '../../platform/encryption';
import { sessionCookie, signUp } from '../../test/factories';
import { PASSWORD, twoFactorTestApp } from './two-factor.fixtures';

const {
  t,
  codeNow,
  wrongCode,
  enrol,
  userWithTwoFactor,
  login,
  secondStep,
  challengeFor,
  auditActions,
} = twoFactorTestApp();

describe('two-factor enrolment', () => {
  it('returns a QR code, the secret and ten recovery codes, and is not on until a code confirms it', async () => {
    const signed = await signUp(t().app);
    const enrolment = await enrol(signed);
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Signal AR');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(signed.user.email);
    expect(new Set(enrolment.recoveryCodes).size).toBe(10);

    // The secret is encrypted at rest, the recovery codes kept only as hashes.
    const [row] = await t()
      .deps.db.select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, signed.user.id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secretEncrypted).not.toContain(enrolment.secret);
    expect(decryptSecret(t().deps.config.encryptionKey, row?.secretEncrypted ?? '')).toBe(
      enrolment.secret,
    );
    const hashes = await t()
      .deps.db.select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, signed.user.id));
    expect(hashes).toHaveLength(10);
    const firstCode = enrolment.recoveryCodes[0]?.replace(/-/g, '') ?? '';
    expect(hashes.map((h) => h.codeHash)).toContain(
      createHash('sha256').update(firstCode).digest('hex'),
    );
    expect(hashes.map((h) => h.codeHash)).not.toContain(enrolment.recoveryCodes[0]);

    // Pending enrolment changes nothing: settings say off, and the password alone still signs in.
    const status = await signed.request({ method: 'GET', url: '/api/user/two-factor' });
    expect(status.json()).toMatchObject({ enabled: false });
    const settings = await signed.request({ method: 'GET', url: '/api/user/settings' });
    expect(settings.json().security.twoFactorEnabled).toBe(false);
    const response = await login(signed.user.username);
    expect(response.json().id).toBe(signed.user.id);
    expect(sessionCookie(response)).toMatch(/^sid=/);
  });

  it('refuses a wrong confirmation code with a 400, then turns on with the right one and audits it', async () => {
    const signed = await signUp(t().app);
    const { secret } = await enrol(signed);
    const wrong = await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: wrongCode(secret) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toMatch(/not right/);
    const malformed = await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: '12ab' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await auditActions(signed.user.id, 'user.two_factor_enabled')).toHaveLength(0);

    const right = await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: codeNow(secret) },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    const settings = await signed.request({ method: 'GET', url: '/api/user/settings' });
    expect(settings.json().security.twoFactorEnabled).toBe(true);
    expect(await auditActions(signed.user.id, 'user.two_factor_enabled')).toHaveLength(1);
    const again = await signed.request({ method: 'POST', url: '/api/user/two-factor/enrolment' });
    expect(again.statusCode).toBe(409);
  });
});

describe('turning two-factor off', () => {
  it('needs a code or the password, and audits the change', async () => {
    const { user, request, secret } = await userWithTwoFactor();
    const disable = (payload: Record<string, string>) =>
      request({ method: 'POST', url: '/api/user/two-factor/disable', payload });
    expect((await disable({})).statusCode).toBe(400);
    const wrongPassword = await disable({ password: 'not my password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: 'Password is incorrect' });
    expect((await disable({ code: wrongCode(secret) })).statusCode).toBe(400);
    expect((await request({ method: 'GET', url: '/api/user/two-factor' })).json().enabled).toBe(
      true,
    );

    const off = await disable({ password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesRemaining: 0 });
    expect(await auditActions(user.id, 'user.two_factor_disabled')).toMatchObject([
      { details: { confirmedWith: 'password' } },
    ]);
    expect(
      await t()
        .deps.db.select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);
    const response = await login(user.username);
    expect(response.json().id).toBe(user.id);
  });

  it('also takes a current code or a recovery code', async () => {
    const withCode = await userWithTwoFactor();
    const byCode = await withCode.request({
      method: 'POST',
      url: '/api/user/two-factor/disable',
      payload: { code: codeNow(withCode.secret) },
    });
    expect(byCode.json().enabled).toBe(false);
    expect(await auditActions(withCode.user.id, 'user.two_factor_disabled')).toMatchObject([
      { details: { confirmedWith: 'totp' } },
    ]);

    const withRecovery = await userWithTwoFactor();
    const code = withRecovery.recoveryCodes[0] ?? '';
    const byRecovery = await withRecovery.request({
      method: 'POST',
      url: '/api/user/two-factor/disable',
      payload: { code },
    });
    expect(byRecovery.json().enabled).toBe(false);
    expect(await auditActions(withRecovery.user.id, 'user.two_factor_disabled')).toMatchObject([
      { details: { confirmedWith: 'recovery_code' } },
    ]);
  });
});

describe('regenerating recovery codes', () => {
  it('replaces all ten with a current code; the old ones stop working', async () => {
    const { user, request, secret, recoveryCodes } = await userWithTwoFactor();
    const refused = await request({
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes',
      payload: { code: wrongCode(secret) },
    });
    expect(refused.statusCode).toBe(400);
    const response = await request({
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes',
      payload: { code: codeNow(secret) },
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect(await auditActions(user.id, 'user.two_factor_recovery_codes_regenerated')).toHaveLength(
      1,
    );
    expect(
      (await secondStep(await challengeFor(user.username), recoveryCodes[0] ?? '')).statusCode,
    ).toBe(401);
    expect((await secondStep(await challengeFor(user.username), fresh[0] ?? '')).statusCode).toBe(
      200,
    );
  });
});

describe('API docs', () => {
  it('describe the challenge answer of POST /api/login and the second step', async () => {
    const docs = (await t().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const login = JSON.stringify(docs.paths['/api/login'].post.responses['200']);
    expect(login).toContain('challengeToken');
    expect(login).toContain('twoFactorRequired');
    expect(docs.paths['/api/login/two-factor'].post.requestBody).toBeDefined();
    expect(docs.paths['/api/user/two-factor/enrolment'].post).toBeDefined();
  });
});
