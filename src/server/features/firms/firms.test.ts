import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { nextClientAddress, sessionCookie, uniqueName } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { runWelcomeMailJobs } from '../auth/welcome-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function validFirm(overrides: Record<string, unknown> = {}) {
  const name = uniqueName('firm');
  return {
    firmName: 'Harbor CPA',
    firmEmail: `${name}@harbor.example`,
    firmPhone: '555-0100',
    firmAddress: '1 Quay Street',
    firmCity: 'Boston',
    firmState: 'MA',
    firmZipCode: '02110',
    website: 'https://harbor.example',
    taxId: '12-3456789',
    licenseNumber: 'MA-123',
    specializations: ['Tax Preparation', 'Bookkeeping'],
    ownerFirstName: 'Dana',
    ownerLastName: 'Whitfield',
    ownerEmail: `${name}.owner@harbor.example`,
    ownerUsername: `${name}owner`,
    ownerPassword: 'harbor-secret',
    confirmPassword: 'harbor-secret',
    ownerPhone: '555-0101',
    jobTitle: 'Managing Partner',
    ownerLicenseNumber: 'CPA-9',
    certifications: ['CPA', 'CMA'],
    subscriptionPlan: 'enterprise',
    agreeToTerms: true,
    ...overrides,
  };
}

const registerFirm = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/accounting-firms/register', payload, remoteAddress: nextClientAddress() });

async function countRows() {
  const [orgs] = await t.deps.db.select({ n: count() }).from(organizations);
  const [people] = await t.deps.db.select({ n: count() }).from(users);
  return { organizations: orgs?.n ?? 0, users: people?.n ?? 0 };
}

describe('firm registration', () => {
  it("takes the time zone the browser sent as the firm's calendar", async () => {
    const response = await registerFirm(validFirm({ timeZone: 'Pacific/Auckland' }));
    expect(response.statusCode, response.body).toBe(201);
    const [firm] = await t.deps.db.select().from(organizations).where(eq(organizations.id, response.json().firm.id));
    expect(firm?.timeZone).toBe('Pacific/Auckland');
  });

  it('creates the firm with its plan limit and specializations, and its owner, who can then sign in', async () => {
    const payload = validFirm();
    const response = await registerFirm(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.firm).toMatchObject({
      name: 'Harbor CPA',
      subscriptionPlan: 'enterprise',
      maxClients: 200,
    });
    expect(JSON.stringify(body)).not.toContain('harbor-secret');

    const [firm] = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, body.firm.id));
    expect(firm).toMatchObject({
      type: 'accounting_firm',
      email: payload.firmEmail,
      city: 'Boston',
      specializations: ['Tax Preparation', 'Bookkeeping'],
      subscriptionPlan: 'enterprise',
      maxClients: 200,
    });
    const [owner] = await t.deps.db.select().from(users).where(eq(users.id, body.owner.id));
    expect(owner).toMatchObject({
      organizationId: body.firm.id,
      accountingFirmId: body.firm.id,
      role: 'owner',
      certifications: ['CPA', 'CMA'],
      jobTitle: 'Managing Partner',
      licenseNumber: 'CPA-9',
    });
    expect(owner?.passwordHash).toMatch(/^scrypt\$/);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, body.firm.id));
    expect(audit?.action).toBe('firm.registered');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: payload.ownerUsername, password: 'harbor-secret' },
    });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(login) },
    });
    expect(me.json()).toMatchObject({
      role: 'owner',
      organizationType: 'accounting_firm',
      organizationName: 'Harbor CPA',
    });
  });

  it('signs the owner straight in and mails them a welcome to start in My Practice, once', async () => {
    const payload = validFirm({ subscriptionPlan: 'starter' });
    const response = await registerFirm(payload);
    expect(response.statusCode, response.body).toBe(201);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: payload.ownerUsername, role: 'owner', organizationType: 'accounting_firm', organizationName: 'Harbor CPA' });
    await runWelcomeMailJobs(t.deps);
    await runWelcomeMailJobs(t.deps);
    const mails = readMails(t).filter((mail) => mail.includes(`To: ${payload.ownerEmail}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('you are the owner of Harbor CPA');
    expect(mails[0]).toContain(`${t.deps.config.appUrl}/practice`);
    expect(mails[0]).toContain('Your plan holds up to 10 clients.');
    expect(mails[0]).toContain('there is nothing to confirm');
    // Registration was the owner's first sign-in: signing in again is a return.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: payload.ownerUsername, password: 'harbor-secret' } });
    expect(login.json().firstSignIn).toBe(false);
  });

  it.each([
    ['starter', 10],
    ['professional', 50],
  ])('gives the %s plan a limit of %i clients', async (plan, maxClients) => {
    const response = await registerFirm(validFirm({ subscriptionPlan: plan }));
    expect(response.statusCode).toBe(201);
    expect(response.json().firm.maxClients).toBe(maxClients);
  });

  it('defaults to the professional plan and accepts the optional fields left empty', async () => {
    const response = await registerFirm(
      validFirm({
        subscriptionPlan: undefined,
        website: '',
        firmPhone: '',
        taxId: '',
        specializations: [],
        certifications: [],
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().firm).toMatchObject({
      subscriptionPlan: 'professional',
      maxClients: 50,
    });
    const [firm] = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, response.json().firm.id));
    expect(firm).toMatchObject({ website: null, phone: null, taxId: null });
  });

  it.each([
    [{ firmName: 'H' }, 'firmName', 'Firm name must be at least 2 characters'],
    [{ firmEmail: 'not-an-email' }, 'firmEmail', 'Please enter a valid email address'],
    [{ ownerFirstName: 'D' }, 'ownerFirstName', 'First name must be at least 2 characters'],
    [{ ownerLastName: '' }, 'ownerLastName', 'Last name must be at least 2 characters'],
    [{ ownerEmail: 'dana' }, 'ownerEmail', 'Please enter a valid email address'],
    [{ ownerUsername: 'da' }, 'ownerUsername', 'Username must be at least 3 characters'],
    [
      { ownerPassword: 'short', confirmPassword: 'short' },
      'ownerPassword',
      'Password must be at least 8 characters',
    ],
    [{ confirmPassword: 'different-secret' }, 'confirmPassword', "Passwords don't match"],
    [{ agreeToTerms: false }, 'agreeToTerms', 'You must agree to the terms and conditions'],
    [{ website: 'ftp://harbor.example' }, 'website', 'Please enter a valid URL (https://…)'],
    [{ subscriptionPlan: 'platinum' }, 'subscriptionPlan', 'Please choose a plan'],
  ])('refuses %j with the spec message and creates nothing', async (override, field, message) => {
    const before = await countRows();
    const response = await registerFirm(validFirm(override));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    expect(await countRows()).toEqual(before);
  });

  it.each([
    ['firmEmail', 'A firm with this email is already registered'],
    ['ownerEmail', 'An account with this owner email already exists'],
    ['ownerUsername', 'Username already exists'],
  ] as const)(
    'refuses a taken %s with a 409 naming it, and creates nothing',
    async (field, message) => {
      const first = validFirm();
      expect((await registerFirm(first)).statusCode).toBe(201);
      const before = await countRows();
      const second = validFirm({ [field]: String(first[field]).toUpperCase() });
      const response = await registerFirm(second);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message,
        fields: { [field]: message },
      });
      expect(await countRows()).toEqual(before);
    },
  );

  it('names every taken identifier at once', async () => {
    const first = validFirm();
    await registerFirm(first);
    const response = await registerFirm(first);
    expect(response.statusCode).toBe(409);
    expect(Object.keys(response.json().fields)).toEqual([
      'firmEmail',
      'ownerEmail',
      'ownerUsername',
    ]);
  });

  it('lets only one of two simultaneous registrations for one username through', async () => {
    const username = uniqueName('race');
    const responses = await Promise.all([
      registerFirm(validFirm({ ownerUsername: username })),
      registerFirm(validFirm({ ownerUsername: username })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser?.json().fields).toEqual({ ownerUsername: 'Username already exists' });
  });

  it('rolls the firm back when the owner insert fails inside the transaction', async () => {
    // A trigger makes the owner insert fail after the firm row is written in the same transaction.
    await t.deps.db.execute(sql`
      create function refuse_owner() returns trigger language plpgsql as $$
      begin
        if new.email like 'refused-%' then raise exception 'owner refused'; end if;
        return new;
      end $$`);
    await t.deps.db.execute(
      sql`create trigger refuse_owner before insert on users for each row execute function refuse_owner()`,
    );
    try {
      const payload = validFirm({ ownerEmail: `refused-${uniqueName()}@harbor.example` });
      const before = await countRows();
      const response = await registerFirm(payload);
      expect(response.statusCode).toBe(500);
      expect(await countRows()).toEqual(before);
      const [orphan] = await t.deps.db
        .select({ n: count() })
        .from(organizations)
        .where(sql`lower(${organizations.email}) = lower(${payload.firmEmail})`);
      expect(orphan?.n).toBe(0);
    } finally {
      await t.deps.db.execute(sql`drop trigger refuse_owner on users`);
      await t.deps.db.execute(sql`drop function refuse_owner`);
    }
  });
});
