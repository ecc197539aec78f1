import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditLog } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';

export const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
  recoveryCodes: string[];
}

/** The code an authenticator app would show at a time. */
export const totpAt = (secret: string, at: Date) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });

export const setCookies = (response: LightMyRequestResponse) => {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
};

/**
 * A test app for one file (opened before its tests, closed after) and the two-factor steps
 * driven through its API, by its clock.
 */
export function twoFactorTestApp() {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ now: new Date('2026-03-02T09:00:00Z') });
  });
  afterAll(async () => app?.close());
  const t = (): TestApp => {
    if (!app) throw new Error('the test app opens in beforeAll');
    return app;
  };

  /** The code the app would show now, by the test app's clock. */
  const codeNow = (secret: string) => totpAt(secret, t().clock.now);
  const wrongCode = (secret: string) => (codeNow(secret) === '000000' ? '111111' : '000000');

  async function enrol(signed: SignedIn): Promise<Enrolment> {
    const response = await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/enrolment',
    });
    expect(response.statusCode).toBe(200);
    return response.json<Enrolment>();
  }

  /** Signs up, turns two-factor on, and moves the clock to the next time step. */
  async function userWithTwoFactor() {
    const signed = await signUp(t().app);
    const enrolment = await enrol(signed);
    const confirm = await signed.request({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: codeNow(enrolment.secret) },
    });
    expect(confirm.statusCode).toBe(200);
    t().clock.advance(STEP_MS);
    return { ...signed, ...enrolment };
  }

  const login = (username: string, password = PASSWORD) =>
    t().app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const secondStep = (challengeToken: string, code: string, remoteAddress = '127.0.0.1') =>
    t().app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      payload: { challengeToken, code },
      remoteAddress,
    });

  async function challengeFor(username: string): Promise<string> {
    const response = await login(username);
    expect(response.statusCode).toBe(200);
    return response.json<{ challengeToken: string }>().challengeToken;
  }

  const auditActions = async (userId: string, action: string) =>
    t()
      .deps.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

  return {
    t,
    codeNow,
    wrongCode,
    enrol,
    userWithTwoFactor,
    login,
    secondStep,
    challengeFor,
    auditActions,
  };
}
