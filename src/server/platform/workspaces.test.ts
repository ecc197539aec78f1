import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, organizations, workspaceGrants } from '../db/schema';
import { addClient, grantClient, openWorkspace, signUpFirm } from '../features/practice/practice.fixtures';
import { addMember } from '../features/team/team.fixtures';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { signUp } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const listCustomers = async (request: Awaited<ReturnType<typeof signUp>>['request']) =>
  (await request({ method: 'GET', url: '/api/customers' })).json<{ name: string }[]>().map((row) => row.name);

describe('workspaces', () => {
  it("lets a firm owner open a client's workspace, where every route serves the client, and come back", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { businessName: 'Bayside Bakery' });
    expect(client.organizationId).toBeTruthy();

    const list = (await firm.request({ method: 'GET', url: '/api/workspaces' })).json();
    expect(list.home).toMatchObject({ organizationId: firm.user.homeOrganizationId, kind: 'firm', active: true });
    expect(list.clients).toEqual([expect.objectContaining({ organizationId: client.organizationId, name: 'Bayside Bakery', kind: 'client', customerId: client.id, role: 'owner', active: false })]);

    // The firm's own customers include the client; the client's workspace starts empty.
    expect(await listCustomers(firm.request)).toContain('Bayside Bakery');
    const inside = await openWorkspace(firm, client.organizationId);
    expect(inside).toMatchObject({ organizationId: client.organizationId, organizationName: 'Bayside Bakery', homeOrganizationId: firm.user.homeOrganizationId, clientWorkspace: true, role: 'owner' });
    expect(await listCustomers(firm.request)).toEqual([]);
    const created = await firm.request({ method: 'POST', url: '/api/customers', payload: { name: 'Wholesale Flour Co', email: 'orders@flour.example' } });
    expect(created.statusCode, created.body).toBe(201);
    const [stored] = await t.deps.db.select().from(customers).where(eq(customers.email, 'orders@flour.example'));
    expect(stored?.organizationId).toBe(client.organizationId);

    const me = (await firm.request({ method: 'GET', url: '/api/user' })).json();
    expect(me).toMatchObject({ organizationId: client.organizationId, clientWorkspace: true });
    const back = await openWorkspace(firm, firm.user.homeOrganizationId);
    expect(back).toMatchObject({ organizationId: firm.user.homeOrganizationId, clientWorkspace: false });
    expect(await listCustomers(firm.request)).toContain('Bayside Bakery');

    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.userId, firm.user.id), eq(auditLog.action, 'workspace.switched')));
    expect(audits).toHaveLength(2);
    const entered = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, client.organizationId ?? ''), eq(auditLog.action, 'workspace.entered')));
    expect(entered).toHaveLength(1);
  });

  it("answers 404 for another firm's client, an unknown id and a business, and changes nothing", async () => {
    const firm = await signUpFirm(t);
    const other = await signUpFirm(t);
    const theirs = await addClient(other);
    const business = await signUp(t.app);
    for (const organizationId of [theirs.organizationId, business.user.organizationId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await firm.request({ method: 'PUT', url: '/api/session/workspace', payload: { organizationId } });
      expect(response.statusCode, String(organizationId)).toBe(404);
    }
    expect((await firm.request({ method: 'GET', url: '/api/user' })).json().organizationId).toBe(firm.user.homeOrganizationId);
    expect((await firm.request({ method: 'GET', url: '/api/workspaces' })).json().clients).toEqual([]);
  });

  it('gives an accountant only the clients granted to them, and a revoked grant ends access at the next request', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const granted = await addClient(firm, { businessName: 'Granted Gardens' });
    const hidden = await addClient(firm, { businessName: 'Hidden Hardware' });
    await grantClient(t, firm, accountant, granted);

    const list = (await accountant.request({ method: 'GET', url: '/api/workspaces' })).json();
    expect(list.clients.map((row: { name: string }) => row.name)).toEqual(['Granted Gardens']);
    expect(list.total).toBe(1);
    expect((await accountant.request({ method: 'PUT', url: '/api/session/workspace', payload: { organizationId: hidden.organizationId } })).statusCode).toBe(404);
    expect(await openWorkspace(accountant, granted.organizationId)).toMatchObject({ role: 'accountant', clientWorkspace: true });

    await t.deps.db.delete(workspaceGrants).where(eq(workspaceGrants.userId, accountant.user.id));
    const me = (await accountant.request({ method: 'GET', url: '/api/user' })).json();
    expect(me).toMatchObject({ organizationId: firm.user.homeOrganizationId, clientWorkspace: false });
  });

  it("keeps a business account as it was: no clients, and its own organization is the only workspace", async () => {
    const business = await signUp(t.app);
    const list = (await business.request({ method: 'GET', url: '/api/workspaces' })).json();
    expect(list).toMatchObject({ home: { organizationId: business.user.organizationId, kind: 'own', active: true }, clients: [], total: 0 });
    expect(business.user).toMatchObject({ clientWorkspace: false, firmId: null, homeOrganizationId: business.user.organizationId });
  });

  it("refuses practice routes to a client's own people and to businesses (403)", async () => {
    const business = await signUp(t.app);
    const response = await business.request({ method: 'POST', url: '/api/practice/clients', payload: {} });
    expect(response.statusCode).toBe(403);
  });

  it('sends a session back home when the client workspace is deactivated', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    await openWorkspace(firm, client.organizationId);
    await t.deps.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, client.organizationId ?? ''));
    expect((await firm.request({ method: 'GET', url: '/api/user' })).json().organizationId).toBe(firm.user.homeOrganizationId);
  });
});

describe('a page showing another workspace', () => {
  it('is refused with WORKSPACE_CHANGED before it acts, while the user and the switch still answer', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const shown = { 'x-workspace-id': firm.user.homeOrganizationId };
    await openWorkspace(firm, client.organizationId);
    const stale = await firm.request({ method: 'POST', url: '/api/customers', headers: shown, payload: { name: 'Stale Tab Ltd', email: 'stale@tab.example' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'WORKSPACE_CHANGED' });
    const stored = await t.deps.db.select().from(customers).where(eq(customers.email, 'stale@tab.example'));
    expect(stored).toEqual([]);
    expect((await firm.request({ method: 'GET', url: '/api/user', headers: shown })).statusCode).toBe(200);
    expect((await firm.request({ method: 'GET', url: '/api/workspaces', headers: shown })).statusCode).toBe(200);
    const current = { 'x-workspace-id': client.organizationId ?? '' };
    expect((await firm.request({ method: 'GET', url: '/api/customers', headers: current })).statusCode).toBe(200);
  });
});

describe("a client's own people", () => {
  it('join the client workspace through a team invitation and never see the firm or other clients', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { businessName: 'Own People Pottery' });
    await addClient(firm, { businessName: 'Someone Else Supplies' });
    await openWorkspace(firm, client.organizationId);
    const person = await addMember(t, firm, 'approver');
    expect(person.user).toMatchObject({ organizationId: client.organizationId, organizationName: 'Own People Pottery', homeOrganizationId: client.organizationId, firmId: null, clientWorkspace: false, role: 'approver' });

    const list = (await person.request({ method: 'GET', url: '/api/workspaces' })).json();
    expect(list).toMatchObject({ home: { organizationId: client.organizationId, kind: 'own' }, clients: [], total: 0 });
    expect((await person.request({ method: 'PUT', url: '/api/session/workspace', payload: { organizationId: firm.user.homeOrganizationId } })).statusCode).toBe(404);
    expect((await person.request({ method: 'GET', url: '/api/customers' })).json()).toEqual([]);
    expect((await person.request({ method: 'POST', url: '/api/practice/clients', payload: {} })).statusCode).toBe(403);

    // The firm's team list is the firm's; the client's team is the client's own people.
    const clientTeam = (await firm.request({ method: 'GET', url: '/api/team' })).json();
    expect(JSON.stringify(clientTeam)).toContain(person.user.username);
    await openWorkspace(firm, firm.user.homeOrganizationId);
    expect(JSON.stringify((await firm.request({ method: 'GET', url: '/api/team' })).json())).not.toContain(person.user.username);
  });
});

describe('approvers in a client workspace', () => {
  it("are the client's own people, the firm's owners and admins, and the firm members granted the client", async () => {
    const firm = await signUpFirm(t);
    const granted = await addMember(t, firm, 'accountant');
    const notGranted = await addMember(t, firm, 'accountant');
    const client = await addClient(firm);
    await grantClient(t, firm, granted, client, 'approver');
    await openWorkspace(firm, client.organizationId);
    const own = await addMember(t, firm, 'approver');
    const approvers = (await firm.request({ method: 'GET', url: '/api/approval-workflows/approvers' })).json<{ id: string; role: string }[]>();
    const byId = new Map(approvers.map((row) => [row.id, row.role]));
    expect(byId.get(firm.user.id)).toBe('owner');
    expect(byId.get(granted.user.id)).toBe('approver');
    expect(byId.get(own.user.id)).toBe('approver');
    expect(byId.has(notGranted.user.id)).toBe(false);
  });
});
