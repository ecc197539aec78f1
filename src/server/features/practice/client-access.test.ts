import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAccessEntry } from '../../../shared/contracts/portfolio';
import { auditLog, users, workspaceGrants } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addMember } from '../team/team.fixtures';
import { addClient, grantClient, openWorkspace, signUpFirm } from './practice.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const accessUrl = (clientId: string, userId?: string) => `/api/practice/clients/${clientId}/access${userId ? `/${userId}` : ''}`;
const grant = (as: SignedIn, clientId: string, userId: string, role: string) => as.request({ method: 'PUT', url: accessUrl(clientId, userId), payload: { role } });
const revoke = (as: SignedIn, clientId: string, userId: string) => as.request({ method: 'DELETE', url: accessUrl(clientId, userId) });

async function grantsOf(userId: string) {
  return t.deps.db.select().from(workspaceGrants).where(eq(workspaceGrants.userId, userId));
}

describe('client access grants', () => {
  it('lets an owner grant a member a client, change the role, and revoke it, each audited; the revocation ends access at the next request', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const client = await addClient(firm, { businessName: 'Granted Gardens' });

    // Before the grant the accountant cannot see the client at all.
    expect((await accountant.request({ method: 'GET', url: `/api/practice/clients/${client.id}` })).statusCode).toBe(404);
    const granted = await grant(firm, client.id, accountant.user.id, 'accountant');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<ClientAccessEntry[]>().map(({ userId, role, source }) => ({ userId, role, source }))).toEqual([
      { userId: firm.user.id, role: 'owner', source: 'firm' },
      { userId: accountant.user.id, role: 'accountant', source: 'grant' },
    ]);
    expect((await accountant.request({ method: 'GET', url: `/api/practice/clients/${client.id}` })).statusCode).toBe(200);
    expect(await openWorkspace(accountant, client.organizationId)).toMatchObject({ organizationId: client.organizationId, role: 'accountant' });

    const changed = await grant(firm, client.id, accountant.user.id, 'approver');
    expect(changed.json<ClientAccessEntry[]>()[1]).toMatchObject({ role: 'approver' });
    expect(await grantsOf(accountant.user.id)).toEqual([expect.objectContaining({ role: 'approver', grantedBy: firm.user.id })]);
    expect((await accountant.request({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ organizationId: client.organizationId, role: 'approver' });

    const listed = await firm.request({ method: 'GET', url: accessUrl(client.id) });
    expect(listed.json<ClientAccessEntry[]>().map((entry) => entry.role)).toEqual(['owner', 'approver']);

    const revoked = await revoke(firm, client.id, accountant.user.id);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(await grantsOf(accountant.user.id)).toEqual([]);
    // The accountant's next request is back in the firm, and the client is hidden again.
    expect((await accountant.request({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ organizationId: firm.user.homeOrganizationId, clientWorkspace: false });
    expect((await accountant.request({ method: 'GET', url: `/api/practice/clients/${client.id}` })).statusCode).toBe(404);

    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, client.id), eq(auditLog.organizationId, firm.user.homeOrganizationId)));
    const trail = audits.filter((row) => row.action.startsWith('practice_client.access')).map((row) => [row.action, row.details.before, row.details.after]);
    expect(trail).toEqual([
      ['practice_client.access_granted', null, 'accountant'],
      ['practice_client.access_granted', 'accountant', 'approver'],
      ['practice_client.access_revoked', 'approver', null],
    ]);
  });

  it('refuses an accountant managing grants (403), even on a client granted to them', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const colleague = await addMember(t, firm, 'accountant');
    const client = await addClient(firm);
    await grantClient(t, firm, accountant, client);
    expect((await grant(accountant, client.id, colleague.user.id, 'viewer')).statusCode).toBe(403);
    expect((await grant(accountant, client.id, accountant.user.id, 'admin')).statusCode).toBe(403);
    expect((await revoke(accountant, client.id, accountant.user.id)).statusCode).toBe(403);
    expect(await grantsOf(colleague.user.id)).toEqual([]);
    expect(await grantsOf(accountant.user.id)).toEqual([expect.objectContaining({ role: 'accountant' })]);
  });

  it("answers 404 for another firm's client or member, an unknown user, a removed member and a missing grant", async () => {
    const firm = await signUpFirm(t);
    const other = await signUpFirm(t);
    const mine = await addClient(firm);
    const theirs = await addClient(other);
    const theirMember = await addMember(t, other, 'accountant');
    const removed = await addMember(t, firm, 'accountant');
    const member = await addMember(t, firm, 'accountant');
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, removed.user.id));

    expect((await grant(firm, theirs.id, member.user.id, 'viewer')).statusCode).toBe(404);
    expect((await grant(firm, mine.id, theirMember.user.id, 'viewer')).statusCode).toBe(404);
    expect((await grant(firm, mine.id, removed.user.id, 'viewer')).statusCode).toBe(404);
    expect((await grant(firm, mine.id, '00000000-0000-4000-8000-000000000000', 'viewer')).statusCode).toBe(404);
    expect((await grant(firm, mine.id, 'someone', 'viewer')).statusCode).toBe(404);
    expect((await revoke(firm, mine.id, member.user.id)).statusCode).toBe(404);
    expect((await firm.request({ method: 'GET', url: accessUrl(theirs.id) })).statusCode).toBe(404);
    expect(await grantsOf(theirMember.user.id)).toEqual([]);
  });

  it('refuses roles outside the list (400) and owners or admins, who reach every client already (409)', async () => {
    const firm = await signUpFirm(t);
    const admin = await addMember(t, firm, 'admin');
    const member = await addMember(t, firm, 'accountant');
    const client = await addClient(firm);
    const bad = await grant(firm, client.id, member.user.id, 'owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ role: 'Choose a role: accountant, approver, viewer or admin' });
    expect((await grant(firm, client.id, admin.user.id, 'viewer')).statusCode).toBe(409);
    // An admin of the firm manages grants like the owner.
    expect((await grant(admin, client.id, member.user.id, 'viewer')).statusCode).toBe(200);
  });

  it("lists the firm's members to grant from, whatever workspace is open", async () => {
    const firm = await signUpFirm(t);
    const member = await addMember(t, firm, 'accountant');
    const client = await addClient(firm);
    await openWorkspace(firm, client.organizationId);
    const response = await firm.request({ method: 'GET', url: '/api/practice/members' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.json().map((row: { id: string }) => row.id)).toEqual([firm.user.id, member.user.id]);
  });
});
