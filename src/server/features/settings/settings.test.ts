import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userSettings, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { sessionCookie, signUp, uniqueName } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const storedUser = async (id: string) => {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user missing');
  return row;
};

const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: `${uniqueName()}@example.com`,
  username: uniqueName(),
  industry: 'accounting',
  timezone: 'est',
  ...overrides,
});

describe('GET /api/user/settings', () => {
  it('gives the spec defaults to a new user', async () => {
    const { request } = await signUp(t.app);
    const response = await request({ method: 'GET', url: '/api/user/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      currency: 'USD',
      locale: 'en-US',
      industry: null,
      timezone: null,
      notifications: { invoiceUpdates: true, paymentConfirmations: true, weeklyReports: false, securityAlerts: true },
      security: { twoFactorEnabled: false, loginNotifications: true },
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/settings' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/currency', () => {
  it('stores the currency with its catalogue locale when none is given', async () => {
    const { user, request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/currency', payload: { currency: 'EUR' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(await storedUser(user.id)).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    const settings = await request({ method: 'GET', url: '/api/user/settings' });
    expect(settings.json()).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
  });

  it('keeps a locale the user gives', async () => {
    const { request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/currency', payload: { currency: 'EUR', locale: 'fr-FR' } });
    expect(response.json()).toEqual({ currency: 'EUR', locale: 'fr-FR' });
  });

  it.each([
    [{ currency: 'XYZ' }, 'currency', 'Unknown currency'],
    [{}, 'currency', 'Currency is required'],
    [{ currency: 'EUR', locale: 'not a locale!' }, 'locale', 'Invalid locale'],
  ])('refuses %j with a 400', async (payload, field, message) => {
    const { user, request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/currency', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    expect(await storedUser(user.id)).toMatchObject({ currency: 'USD', locale: 'en-US' });
  });

  it('is allowed to a viewer', async () => {
    const { user, request } = await signUp(t.app);
    await t.deps.db.update(users).set({ role: 'viewer' }).where(eq(users.id, user.id));
    const response = await request({ method: 'PUT', url: '/api/user/currency', payload: { currency: 'GBP' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT /api/user/profile', () => {
  it('saves the profile and the industry and timezone choices', async () => {
    const { user, request } = await signUp(t.app);
    const payload = profile({ email: `${uniqueName()}@Example.COM` });
    const response = await request({ method: 'PUT', url: '/api/user/profile', payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', username: payload.username, email: payload.email.toLowerCase() });
    expect(await storedUser(user.id)).toMatchObject({ firstName: 'Grace', username: payload.username, email: payload.email.toLowerCase() });
    const [row] = await t.deps.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row).toMatchObject({ industry: 'accounting', timezone: 'est' });
    const settings = await request({ method: 'GET', url: '/api/user/settings' });
    expect(settings.json()).toMatchObject({ industry: 'accounting', timezone: 'est' });
  });

  it('keeps the user’s own username and email without a conflict', async () => {
    const { user, request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/profile', payload: profile({ username: user.username, email: user.email, industry: '', timezone: null }) });
    expect(response.statusCode).toBe(200);
    const settings = await request({ method: 'GET', url: '/api/user/settings' });
    expect(settings.json()).toMatchObject({ industry: null, timezone: null });
  });

  it('refuses a username or email another user has, with a 409', async () => {
    const other = await signUp(t.app);
    const { user, request } = await signUp(t.app);
    const name = await request({ method: 'PUT', url: '/api/user/profile', payload: profile({ username: other.user.username.toUpperCase() }) });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ message: 'Username already exists', fields: { username: 'Username already exists' } });
    const email = await request({ method: 'PUT', url: '/api/user/profile', payload: profile({ email: other.user.email }) });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email already exists');
    expect((await storedUser(user.id)).username).toBe(user.username);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: ' ' }, 'lastName', 'Last name is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ industry: 'farming' }, 'industry', 'Choose an industry from the list'],
    [{ timezone: 'mars' }, 'timezone', 'Choose a timezone from the list'],
  ])('refuses %j with the message', async (override, field, message) => {
    const { request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/profile', payload: profile(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });
});

describe('PUT /api/user/password', () => {
  const change = (overrides: Record<string, unknown> = {}) => ({
    currentPassword: 'correct horse battery',
    newPassword: 'a-new-password',
    confirmPassword: 'a-new-password',
    ...overrides,
  });

  it('changes the password and signs out the other sessions but not this one', async () => {
    const { user, request } = await signUp(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'correct horse battery' } });
    const otherCookie = sessionCookie(login);
    const response = await request({ method: 'PUT', url: '/api/user/password', payload: change() });
    expect(response.statusCode).toBe(204);
    expect((await request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'correct horse battery' } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'a-new-password' } });
    expect(newLogin.statusCode).toBe(200);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit.map((row) => row.action)).toContain('user.password_changed');
  });

  it('refuses a wrong current password', async () => {
    const { request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/password', payload: change({ currentPassword: 'wrong one' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } });
  });

  it.each([
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [{ newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'New password must be at least 8 characters'],
    [{ confirmPassword: 'something-else' }, 'confirmPassword', 'Passwords do not match'],
  ])('refuses %j with the message', async (override, field, message) => {
    const { request } = await signUp(t.app);
    const response = await request({ method: 'PUT', url: '/api/user/password', payload: change(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });
});

describe('PUT /api/user/preferences', () => {
  it('stores the toggles given and keeps the others', async () => {
    const { user, request } = await signUp(t.app);
    const response = await request({
      method: 'PUT',
      url: '/api/user/preferences',
      payload: { notifications: { weeklyReports: true, invoiceUpdates: false } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notifications: { invoiceUpdates: false, paymentConfirmations: true, weeklyReports: true, securityAlerts: true },
      security: { twoFactorEnabled: false, loginNotifications: true },
    });
    const second = await request({ method: 'PUT', url: '/api/user/preferences', payload: { security: { loginNotifications: false } } });
    expect(second.json().security).toEqual({ twoFactorEnabled: false, loginNotifications: false });
    const [row] = await t.deps.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row).toMatchObject({ weeklyReports: true, invoiceUpdates: false, loginNotifications: false });
  });

  it('cannot switch two-factor on or off by a boolean: that takes a code', async () => {
    const { request } = await signUp(t.app);
    for (const twoFactorEnabled of [true, false]) {
      const response = await request({ method: 'PUT', url: '/api/user/preferences', payload: { security: { twoFactorEnabled } } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const settings = await request({ method: 'GET', url: '/api/user/settings' });
    expect(settings.json().security).toEqual({ twoFactorEnabled: false, loginNotifications: true });
  });

  it('refuses a toggle that is not a boolean or a field it does not know', async () => {
    const { request } = await signUp(t.app);
    const bad = await request({ method: 'PUT', url: '/api/user/preferences', payload: { notifications: { weeklyReports: 'yes' } } });
    expect(bad.statusCode).toBe(400);
    const unknown = await request({ method: 'PUT', url: '/api/user/preferences', payload: { role: 'owner' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('is allowed to a viewer', async () => {
    const { user, request } = await signUp(t.app);
    await t.deps.db.update(users).set({ role: 'viewer' }).where(eq(users.id, user.id));
    const response = await request({ method: 'PUT', url: '/api/user/preferences', payload: { notifications: { weeklyReports: true } } });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/user/billing', () => {
  it("shows the organization's actual plan", async () => {
    const { request } = await signUp(t.app, { companyName: 'Plan Test Ltd' });
    const response = await request({ method: 'GET', url: '/api/user/billing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organizationName: 'Plan Test Ltd',
      plan: 'starter',
      status: 'active',
      maxClients: 10,
      memberCount: 1,
      hasPaymentMethod: false,
    });
  });
});
