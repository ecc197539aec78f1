import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { addMember } from './team.fixtures';

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
const auditFor = (id: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe('GET /api/team', () => {
  it('lists the active members of the organization only, with role and approval limit', async () => {
    const owner = await signUp(t.app);
    const accountant = await addMember(t, owner, 'accountant', '750.25');
    await signUp(t.app); // another organization
    const response = await accountant.request({ method: 'GET', url: '/api/team' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.json()).toEqual([
      expect.objectContaining({ id: owner.user.id, role: 'owner', approvalLimit: null }),
      expect.objectContaining({ id: accountant.user.id, role: 'accountant', approvalLimit: '750.25' }),
    ]);
    expect(JSON.stringify(response.json())).not.toContain('passwordHash');
    const page = await owner.request({ method: 'GET', url: '/api/team?limit=1&offset=1' });
    expect(page.json().map((member: { id: string }) => member.id)).toEqual([accountant.user.id]);
  });
});

describe('PUT /api/team/{userId}', () => {
  it('changes role and approval limit and writes an audit row', async () => {
    const owner = await signUp(t.app);
    const member = await addMember(t, owner, 'accountant', '0');
    const response = await owner.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'approver', approvalLimit: '5000' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'approver', approvalLimit: '5000.00' });
    expect(await storedUser(member.user.id)).toMatchObject({ role: 'approver', approvalLimit: '5000.00' });
    const audit = await auditFor(member.user.id);
    expect(audit.find((entry) => entry.action === 'team.member_updated')).toMatchObject({
      userId: owner.user.id,
      details: { from: { role: 'accountant', approvalLimit: '0.00' }, to: { role: 'approver', approvalLimit: '5000.00' } },
    });
    // The new role applies to the member's existing session at once.
    const me = await member.request({ method: 'GET', url: '/api/user' });
    expect(me.json().role).toBe('approver');
  });

  it('sets "no limit" only when asked to (null), and back to an amount', async () => {
    const owner = await signUp(t.app);
    const member = await addMember(t, owner, 'approver', '250');
    const free = await owner.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'approver', approvalLimit: null } });
    expect(free.json()).toMatchObject({ approvalLimit: null });
    expect((await storedUser(member.user.id)).approvalLimit).toBeNull();
    const audit = await auditFor(member.user.id);
    expect(audit.find((entry) => entry.action === 'team.member_updated')?.details).toEqual({
      from: { role: 'approver', approvalLimit: '250.00' },
      to: { role: 'approver', approvalLimit: null },
    });
    const zero = await owner.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'approver', approvalLimit: 0 } });
    expect(zero.json()).toMatchObject({ approvalLimit: '0.00' });
  });

  it('keeps the last owner an owner, but lets a second owner step down', async () => {
    const owner = await signUp(t.app);
    const demote = await owner.request({ method: 'PUT', url: `/api/team/${owner.user.id}`, payload: { role: 'admin', approvalLimit: 0 } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The last owner cannot be demoted');
    expect((await storedUser(owner.user.id)).role).toBe('owner');
    const second = await addMember(t, owner, 'owner');
    const stepDown = await owner.request({ method: 'PUT', url: `/api/team/${owner.user.id}`, payload: { role: 'admin', approvalLimit: 0 } });
    expect(stepDown.statusCode).toBe(200);
    const last = await second.request({ method: 'PUT', url: `/api/team/${second.user.id}`, payload: { role: 'viewer', approvalLimit: 0 } });
    expect(last.statusCode).toBe(409);
  });

  it('lets an admin manage others but not make an owner or touch an owner', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'viewer');
    expect((await admin.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'accountant', approvalLimit: 10 } })).statusCode).toBe(200);
    const promote = await admin.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'owner', approvalLimit: 10 } });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Only an owner can make someone an owner');
    const touchOwner = await admin.request({ method: 'PUT', url: `/api/team/${owner.user.id}`, payload: { role: 'viewer', approvalLimit: 0 } });
    expect(touchOwner.statusCode).toBe(403);
    expect((await storedUser(owner.user.id)).role).toBe('owner');
  });

  it('refuses other roles: 403 for accountants, approvers and viewers', async () => {
    const owner = await signUp(t.app);
    const target = await addMember(t, owner, 'viewer');
    for (const role of ['accountant', 'approver', 'viewer'] as const) {
      const member = await addMember(t, owner, role);
      const update = await member.request({ method: 'PUT', url: `/api/team/${target.user.id}`, payload: { role: 'admin', approvalLimit: 0 } });
      expect(update.statusCode, role).toBe(403);
      const remove = await member.request({ method: 'DELETE', url: `/api/team/${target.user.id}` });
      expect(remove.statusCode, role).toBe(403);
    }
    expect(await storedUser(target.user.id)).toMatchObject({ role: 'viewer', isActive: true });
  });

  it("answers 404 for another organization's user and for a malformed id", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const other = await owner.request({ method: 'PUT', url: `/api/team/${stranger.user.id}`, payload: { role: 'viewer', approvalLimit: 0 } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Team member not found');
    expect((await storedUser(stranger.user.id)).role).toBe('owner');
    expect((await owner.request({ method: 'DELETE', url: `/api/team/${stranger.user.id}` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'PUT', url: '/api/team/not-a-uuid', payload: { role: 'viewer', approvalLimit: 0 } })).statusCode).toBe(404);
  });

  it.each([
    [{ role: 'boss' }, 'role', 'Choose a role from the list'],
    [{ approvalLimit: '1.234' }, 'approvalLimit', 'Approval limit must be a number with at most 2 decimals'],
    [{ approvalLimit: '' }, 'approvalLimit', 'Enter an approval limit or choose No limit'],
  ])('refuses %j with the message', async (override, field, message) => {
    const owner = await signUp(t.app);
    const member = await addMember(t, owner, 'viewer');
    const response = await owner.request({ method: 'PUT', url: `/api/team/${member.user.id}`, payload: { role: 'viewer', approvalLimit: '0', ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });
});

describe('DELETE /api/team/{userId}', () => {
  it('deactivates the member, signs them out and writes an audit row', async () => {
    const owner = await signUp(t.app);
    const member = await addMember(t, owner, 'accountant');
    const response = await owner.request({ method: 'DELETE', url: `/api/team/${member.user.id}` });
    expect(response.statusCode).toBe(204);
    expect((await storedUser(member.user.id)).isActive).toBe(false);
    expect((await member.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: member.user.username, password: 'member password' } });
    expect(login.statusCode).toBe(401);
    const team = await owner.request({ method: 'GET', url: '/api/team' });
    expect(team.json().map((entry: { id: string }) => entry.id)).not.toContain(member.user.id);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.user.id), eq(auditLog.action, 'team.member_removed')));
    expect(audit).toHaveLength(1);
    expect((await owner.request({ method: 'DELETE', url: `/api/team/${member.user.id}` })).statusCode).toBe(404);
  });

  it('refuses to remove the last owner', async () => {
    const owner = await signUp(t.app);
    const response = await owner.request({ method: 'DELETE', url: `/api/team/${owner.user.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The last owner cannot be removed');
    expect((await storedUser(owner.user.id)).isActive).toBe(true);
  });

  it('lets an admin remove a member but not an owner', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'approver');
    expect((await admin.request({ method: 'DELETE', url: `/api/team/${member.user.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/team/${owner.user.id}` })).statusCode).toBe(403);
  });
});
