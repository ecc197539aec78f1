import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teamInvitations, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { sessionCookie, signUp, uniqueName } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { addMember, invitationToken } from './team.fixtures';
import { findPendingInvitations } from './team.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const joinPayload = (overrides: Record<string, unknown> = {}) => ({
  username: uniqueName('joiner'),
  password: 'joiner password',
  firstName: 'Jo',
  lastName: 'Iner',
  ...overrides,
});
const accept = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/team/invitations/${token}/accept`, payload });

describe('POST /api/team/invitations', () => {
  it('stores a hashed token with a 7-day expiry and mails the link', async () => {
    const owner = await signUp(t.app, { companyName: 'Invite Co', firstName: 'Olive', lastName: 'Owner' });
    const email = `${uniqueName()}@example.com`;
    const response = await owner.request({ method: 'POST', url: '/api/team/invitations', payload: { email: email.toUpperCase(), role: 'accountant', approvalLimit: '2500.50' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, role: 'accountant', approvalLimit: '2500.50' });
    const [row] = await t.deps.db.select().from(teamInvitations).where(eq(teamInvitations.id, response.json().id));
    expect(row?.organizationId).toBe(owner.user.organizationId);
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 7 * 24 * 3600_000);
    const token = invitationToken(t, email);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mail = readMails(t).find((text) => text.includes(`To: ${email}`)) ?? '';
    expect(mail).toContain(`http://localhost:5000/auth?invite=${token}`);
    expect(mail).toContain('Olive Owner invited you to join Invite Co on Signal AR as Accountant');
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, response.json().id));
    expect(audit[0]).toMatchObject({ action: 'team.member_invited', userId: owner.user.id });
    const pending = await owner.request({ method: 'GET', url: '/api/team/invitations' });
    expect(pending.json().map((invite: { email: string }) => invite.email)).toContain(email);
  });

  it.each([
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ role: 'emperor' }, 'role', 'Choose a role from the list'],
    [{ approvalLimit: 'lots' }, 'approvalLimit', 'Approval limit must be a number with at most 2 decimals'],
    [{ approvalLimit: '-5' }, 'approvalLimit', 'Approval limit cannot be negative'],
    [{ approvalLimit: undefined }, 'approvalLimit', 'Enter an approval limit or choose No limit'],
    [{ approvalLimit: '' }, 'approvalLimit', 'Enter an approval limit or choose No limit'],
  ])('refuses %j with the message', async (override, field, message) => {
    const owner = await signUp(t.app);
    const payload = { email: `${uniqueName()}@example.com`, role: 'viewer', approvalLimit: '0', ...override };
    const response = await owner.request({ method: 'POST', url: '/api/team/invitations', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });

  it('refuses an email that already has an account', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await owner.request({ method: 'POST', url: '/api/team/invitations', payload: { email: other.user.email, role: 'viewer', approvalLimit: 0 } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A user with this email already exists');
  });

  it('lets only owners and admins invite, and only owners invite an owner', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t, owner, 'admin');
    const invite = (who: typeof owner, role: string) =>
      who.request({ method: 'POST', url: '/api/team/invitations', payload: { email: `${uniqueName()}@example.com`, role, approvalLimit: 0 } });
    expect((await invite(admin, 'accountant')).statusCode).toBe(201);
    const adminOwner = await invite(admin, 'owner');
    expect(adminOwner.statusCode).toBe(403);
    expect(adminOwner.json().message).toBe('Only an owner can make someone an owner');
    expect((await invite(owner, 'owner')).statusCode).toBe(201);
    for (const role of ['accountant', 'approver', 'viewer'] as const) {
      const member = await addMember(t, owner, role);
      expect((await invite(member, 'viewer')).statusCode, role).toBe(403);
      expect((await member.request({ method: 'GET', url: '/api/team/invitations' })).statusCode, role).toBe(403);
    }
  });
});

describe('accepting an invitation', () => {
  it('shows what the link offers, then creates the member in the inviting organization and signs them in', async () => {
    const owner = await signUp(t.app, { companyName: 'Join Co' });
    const email = `${uniqueName()}@example.com`;
    await owner.request({ method: 'POST', url: '/api/team/invitations', payload: { email, role: 'approver', approvalLimit: '1000' } });
    const token = invitationToken(t, email);
    const preview = await t.app.inject({ method: 'GET', url: `/api/team/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email, role: 'approver', organizationName: 'Join Co' });

    const payload = joinPayload();
    const response = await accept(token, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: payload.username,
      email,
      role: 'approver',
      approvalLimit: '1000.00',
      organizationId: owner.user.organizationId,
      organizationName: 'Join Co',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(response) } });
    expect(me.json().id).toBe(response.json().id);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, response.json().id));
    expect(row).toMatchObject({ invitedBy: owner.user.id, organizationId: owner.user.organizationId });
    const [invitation] = await t.deps.db.select().from(teamInvitations).where(eq(teamInvitations.acceptedUserId, response.json().id));
    expect(invitation?.acceptedAt).not.toBeNull();
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, response.json().id));
    expect(audit.map((entry) => entry.action)).toContain('team.member_joined');
    const team = await owner.request({ method: 'GET', url: '/api/team' });
    expect(team.json().map((member: { email: string }) => member.email)).toContain(email);
  });

  it('refuses to use a token twice', async () => {
    const owner = await signUp(t.app);
    const email = `${uniqueName()}@example.com`;
    await owner.request({ method: 'POST', url: '/api/team/invitations', payload: { email, role: 'viewer', approvalLimit: 0 } });
    const token = invitationToken(t, email);
    expect((await accept(token, joinPayload())).statusCode).toBe(201);
    const again = await accept(token, joinPayload());
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This invitation has already been used');
    expect((await t.app.inject({ method: 'GET', url: `/api/team/invitations/${token}` })).statusCode).toBe(400);
  });

  it('refuses an expired token and an unknown one', async () => {
    const local = await createTestApp();
    try {
      const owner = await signUp(local.app);
      const email = `${uniqueName()}@example.com`;
      await owner.request({ method: 'POST', url: '/api/team/invitations', payload: { email, role: 'viewer', approvalLimit: 0 } });
      const token = invitationToken(local, email);
      local.clock.advance(7 * 24 * 3600_000 + 1000);
      const expired = await local.app.inject({ method: 'POST', url: `/api/team/invitations/${token}/accept`, payload: joinPayload() });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('This invitation has expired');
      expect(await findPendingInvitations(local.deps.db, owner.user.organizationId, local.clock.now)).toEqual([]);
      const unknown = await local.app.inject({ method: 'POST', url: '/api/team/invitations/not-a-token/accept', payload: joinPayload() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Invitation not found');
    } finally {
      await local.close();
    }
  });

  it('refuses a taken username and keeps the invitation usable', async () => {
    const owner = await signUp(t.app);
    const email = `${uniqueName()}@example.com`;
    await owner.request({ method: 'POST', url: '/api/team/invitations', payload: { email, role: 'viewer', approvalLimit: 0 } });
    const token = invitationToken(t, email);
    const taken = await accept(token, joinPayload({ username: owner.user.username }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username already exists');
    expect((await accept(token, joinPayload())).statusCode).toBe(201);
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ password: '123' }, 'password', 'Password must be at least 6 characters'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
  ])('refuses %j with the message', async (override, field, message) => {
    const response = await accept('any-token', joinPayload(override));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });
});
