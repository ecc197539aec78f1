import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { sessionCookie, signUp, uniqueName } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { runWelcomeMailJobs } from './welcome-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/register', payload });
const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, headers });

describe('registration', () => {
  it('creates the user and an organization named after the company, and signs them in', async () => {
    const username = uniqueName();
    const response = await register({
      username,
      email: `${username}@Example.com`,
      password: 'secret123',
      firstName: 'Grace',
      lastName: 'Hopper',
      companyName: 'Hopper & Co',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ username, email: `${username}@example.com`, role: 'owner', organizationName: 'Hopper & Co' });
    expect(JSON.stringify(user)).not.toContain('secret123');
    expect(user).not.toHaveProperty('passwordHash');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('names the organization after the person when no company is given', async () => {
    const { user } = await signUp(t.app, { firstName: 'Alan', lastName: 'Turing' });
    expect(user.organizationName).toBe('Alan Turing');
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ username: undefined }, 'username', 'Username must be at least 3 characters'],
  ])('refuses %j with the spec message', async (override, field, message) => {
    const username = uniqueName();
    const response = await register({
      username,
      email: `${username}@example.com`,
      password: 'secret123',
      firstName: 'A',
      lastName: 'B',
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
  });

  it('refuses a duplicate username or email with a 409 naming which', async () => {
    const first = await signUp(t.app);
    const sameName = await register({
      username: first.user.username.toUpperCase(),
      email: `${uniqueName()}@example.com`,
      password: 'secret123',
      firstName: 'A',
      lastName: 'B',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Username already exists');
    const sameEmail = await register({
      username: uniqueName(),
      email: first.user.email.toUpperCase(),
      password: 'secret123',
      firstName: 'A',
      lastName: 'B',
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Email already exists');
  });
});

describe('welcome mail and first sign-in', () => {
  const mailsTo = (email: string) => readMails(t).filter((mail) => mail.includes(`To: ${email}`));

  it('mails a new owner one welcome that says the account is already active, however often the job runs', async () => {
    const { user } = await signUp(t.app, { companyName: 'Hopper & Co' });
    await runWelcomeMailJobs(t.deps);
    await runWelcomeMailJobs(t.deps);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain('Subject: Welcome to Signal AR');
    expect(mail).toContain('you are the owner of Hopper & Co');
    expect(mail).toContain(`Username: ${user.username}`);
    expect(mail).toContain('there is nothing to confirm');
    expect(mail).toContain(`${t.deps.config.appUrl}/auth`);
  });

  it("says firstSignIn only on the sign-in of an account nobody signed in as before", async () => {
    // An account made for someone (like the demo's or a client's), never signed in.
    const username = uniqueName('fresh');
    const { user: owner } = await signUp(t.app);
    await t.deps.db.insert(users).values({ organizationId: owner.organizationId, username, email: `${username}@example.com`, passwordHash: await hashPassword('fresh-pass-1'), firstName: 'Fay', lastName: 'Fresh', role: 'admin' });
    const first = await login({ username, password: 'fresh-pass-1' }, { 'x-forwarded-for': '7' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ username, firstSignIn: true });
    const again = await login({ username, password: 'fresh-pass-1' }, { 'x-forwarded-for': '7' });
    expect(again.json()).toMatchObject({ username, firstSignIn: false });
    // Registering signed the owner in already: their next sign-in is a return.
    const back = await login({ username: owner.username, password: 'correct horse battery' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().firstSignIn).toBe(false);
    const [row] = await t.deps.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.username, username));
    expect(row?.lastLoginAt).not.toBeNull();
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password and out again', async () => {
    const { user } = await signUp(t.app, { password: 'pass-word-1' });
    const response = await login({ username: user.username, password: 'pass-word-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
    const cookie = sessionCookie(response);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { user } = await signUp(t.app);
    const wrong = await login({ username: user.username, password: 'nope-nope' }, { 'x-forwarded-for': '1' });
    const unknown = await login({ username: uniqueName('ghost'), password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password', code: 'UNAUTHORIZED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires username and password with the spec messages', async () => {
    const response = await login({ username: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('answers 401 for /api/user when signed out, and for a forged cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'sid=abc.def' } });
    expect(forged.statusCode).toBe(401);
  });

  it('ends a session after 12 hours idle but keeps an active one alive', async () => {
    const local = await createTestApp({ now: new Date('2026-01-01T08:00:00Z') });
    try {
      const active = await signUp(local.app);
      const idle = await signUp(local.app);
      for (let hour = 0; hour < 3; hour += 1) {
        local.clock.advance(5 * 3600_000);
        expect((await active.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      }
      expect((await idle.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it('answers 429 after 10 failures for one username within 15 minutes, then recovers', async () => {
    const local = await createTestApp({ now: new Date('2026-01-01T08:00:00Z') });
    try {
      const { user } = await signUp(local.app, { password: 'right-password' });
      const attempt = (password: string) =>
        local.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password } });
      for (let i = 0; i < 10; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
      const limited = await attempt('right-password');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      local.clock.advance(16 * 60_000);
      expect((await attempt('right-password')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('API conventions', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('answers a body over 1 MB with a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('refuses a write from another origin', async () => {
    const { user } = await signUp(t.app, { password: 'secret123' });
    const response = await login({ username: user.username, password: 'secret123' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/login');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Refusals and unknown paths carry them too.
    for (const url of ['/api/user', '/api/no-such-route']) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});
