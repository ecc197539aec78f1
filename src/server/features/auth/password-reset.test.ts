import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, loginFailures, passwordResetTokens, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, nextClientAddress, signUp } from '../../test/factories';
import { readMails } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const REQUESTED = "If an account exists for that email, we've sent a link to reset the password.";
const INVALID = 'This reset link is invalid or has expired. Request a new one.';

// Each call from its own address, except where a test is about one address.
const requestReset = (email: string, remoteAddress = nextClientAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email }, remoteAddress });
const confirm = (token: string, password: string, confirmPassword = password) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password, confirmPassword }, remoteAddress: nextClientAddress() });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: nextClientAddress() });

// Reset mails only: signing in from a new address also mails the user (login notifications).
const mailsTo = (email: string) => readMails(t).filter((mail) => mail.includes(`To: ${email}`) && !mail.includes('Subject: New sign-in'));

/** The link of the newest reset mail to `email`; the mail goes out just after the answer. */
async function resetToken(email: string, count = 1): Promise<string> {
  await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(count), { timeout: 5000 });
  const mail = mailsTo(email).at(-1) ?? '';
  const token = /http:\/\/localhost:5000\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`No reset link in ${mail}`);
  return token;
}

async function userWithMail(): Promise<SignedIn & { email: string }> {
  const signedIn = await signUp(t.app);
  return { ...signedIn, email: signedIn.user.email };
}

describe('POST /api/password-reset', () => {
  it('mails a one-hour link to an existing account and stores only its SHA-256', async () => {
    const { email, user } = await userWithMail();
    const response = await requestReset(email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: REQUESTED });
    const token = await resetToken(email);
    const mail = mailsTo(email)[0] ?? '';
    expect(mail).toContain('Subject: Reset your Signal AR password');
    expect(mail).toContain(`username: ${user.username}`);
    const [row] = await t.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 3600_000);
  });

  it('answers an unknown or inactive email exactly the same, and mails nothing', async () => {
    const known = await requestReset((await userWithMail()).email);
    const unknown = await requestReset('nobody-here@example.com');
    const inactive = await userWithMail();
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    const deactivated = await requestReset(inactive.email);
    for (const response of [unknown, deactivated]) {
      expect(response.statusCode).toBe(known.statusCode);
      expect(response.body).toBe(known.body);
      expect(response.headers['content-type']).toBe(known.headers['content-type']);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
    expect(mailsTo(inactive.email)).toHaveLength(0);
  });

  it('answers without waiting for the mail, so a slow mail server does not tell accounts apart', async () => {
    const { email } = await userWithMail();
    let release = () => {};
    const slow = vi.spyOn(t.deps.mail, 'send').mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve({ messageId: 'slow' }))),
    );
    const started = Date.now();
    const response = await requestReset(email);
    expect(response.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(slow).toHaveBeenCalledOnce());
    release();
    slow.mockRestore();
  });

  it('refuses the 6th request in 15 minutes from one address, and the 6th for one email from many', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 5; i += 1) expect((await requestReset(`someone${i}@example.com`, address)).statusCode).toBe(202);
    const refused = await requestReset('someone-else@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 5; i += 1) expect((await requestReset('target@example.com')).statusCode).toBe(202);
    expect((await requestReset('TARGET@example.com')).statusCode).toBe(429);
    expect((await requestReset('other@example.com')).statusCode).toBe(202);
  });

  it('refuses a malformed email with the message', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { email: 'Please enter a valid email address' } });
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the new password, ends every session, clears failures, writes an audit row, and the old password stops working', async () => {
    const account = await userWithMail();
    const otherBrowser = await login(account.user.username, 'correct horse battery');
    expect(otherBrowser.statusCode).toBe(200);
    await t.deps.db.insert(loginFailures).values({ key: `user:${account.user.username.toLowerCase()}`, createdAt: t.clock.now });
    await requestReset(account.email);
    const token = await resetToken(account.email);

    const response = await confirm(token, 'a brand new password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed. Sign in with your new password.' });
    expect(response.headers['set-cookie']).toBeUndefined();

    expect((await account.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await login(account.user.username, 'correct horse battery')).statusCode).toBe(401);
    expect((await login(account.user.username, 'a brand new password')).statusCode).toBe(200);
    const failures = await t.deps.db.select().from(loginFailures).where(eq(loginFailures.key, `user:${account.user.username.toLowerCase()}`));
    expect(failures).toHaveLength(0);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, account.user.id));
    expect(audit.find((row) => row.action === 'user.password_reset')).toMatchObject({ userId: account.user.id, organizationId: account.user.organizationId, entityType: 'user' });
  });

  it('works once, and the other links of the user stop working too', async () => {
    const account = await userWithMail();
    await requestReset(account.email);
    const first = await resetToken(account.email, 1);
    await requestReset(account.email);
    const second = await resetToken(account.email, 2);
    expect(second).not.toBe(first);
    expect((await confirm(second, 'first new password')).statusCode).toBe(200);
    const again = await confirm(second, 'second new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'BAD_REQUEST', message: INVALID });
    expect((await confirm(first, 'third new password')).json().message).toBe(INVALID);
    expect((await login(account.user.username, 'first new password')).statusCode).toBe(200);
  });

  it('refuses a link after one hour', async () => {
    const account = await userWithMail();
    await requestReset(account.email);
    const token = await resetToken(account.email);
    t.clock.advance(3600_000 + 1000);
    const response = await confirm(token, 'too late password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVALID);
    expect((await login(account.user.username, 'correct horse battery')).statusCode).toBe(200);
  });

  it('refuses an unknown token, and checks the new password with the password rules', async () => {
    expect((await confirm('made-up-token', 'a fine password')).json()).toMatchObject({ code: 'BAD_REQUEST', message: INVALID });
    const short = await confirm('made-up-token', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toMatchObject({ password: 'New password must be at least 8 characters' });
    const mismatch = await confirm('made-up-token', 'a fine password', 'another password');
    expect(mismatch.json().fields).toMatchObject({ confirmPassword: 'Passwords do not match' });
  });

  it('refuses the 11th try in 15 minutes from one address', async () => {
    const address = nextClientAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset/confirm',
        payload: { token: 'guessed-token', password: 'a fine password', confirmPassword: 'a fine password' },
        remoteAddress: address,
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});
