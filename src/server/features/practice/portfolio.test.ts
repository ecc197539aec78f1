import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeClientDetails } from '../../../shared/contracts/portfolio';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { auditLog, customers, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { billPayload, vendorPayload } from '../bills/payables-fixtures';
import { createInvoiceFor } from '../invoices/invoices.fixtures';
import { addMember } from '../team/team.fixtures';
import { addClient, grantClient, openWorkspace, signUpFirm } from './practice.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Status = 'pending' | 'in_progress' | 'completed';
async function setOnboarding(client: PracticeClient, onboardingStatus: Status): Promise<void> {
  await t.deps.db.update(customers).set({ onboardingStatus }).where(eq(customers.id, client.id));
}

const names = (response: { json: () => unknown }) => (response.json() as PracticeClient[]).map((row) => row.name);
const list = (member: SignedIn, query = '') => member.request({ method: 'GET', url: `/api/practice/clients${query}` });
const details = (member: SignedIn, id: string) => member.request({ method: 'GET', url: `/api/practice/clients/${id}` });

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.map((row) => row.action);
}

describe('GET /api/practice/clients', () => {
  it('lists the firm clients by name, with search on name or email and the four filters', async () => {
    const firm = await signUpFirm(t);
    const orchard = await addClient(firm, { businessName: 'Apple Orchard', businessEmail: 'hello@apple-orchard.example' });
    const bakery = await addClient(firm, { businessName: 'Bayside Bakery', businessEmail: 'owner@bayside.example' });
    const cafe = await addClient(firm, { businessName: 'cedar Cafe', businessEmail: 'cedar@cafe.example' });
    const dental = await addClient(firm, { businessName: 'Dune Dental 50%', businessEmail: 'front@dune.example' });
    await setOnboarding(bakery, 'in_progress');
    await setOnboarding(cafe, 'completed');
    await setOnboarding(dental, 'completed');
    const deactivated = await firm.request({ method: 'PUT', url: `/api/practice/clients/${dental.id}/status`, payload: { isActive: false } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await addClient(await signUpFirm(t), { businessName: 'Another Firm Client' });

    const all = await list(firm);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(names(all)).toEqual(['Apple Orchard', 'Bayside Bakery', 'cedar Cafe', 'Dune Dental 50%']);
    expect(all.json()[0]).toMatchObject({ id: orchard.id, onboardingStatus: 'pending', serviceLevel: 'standard', monthlyFee: '299.00', organizationId: orchard.organizationId });

    expect(names(await list(firm, '?filter=onboarding'))).toEqual(['Bayside Bakery']);
    expect(names(await list(firm, '?filter=completed'))).toEqual(['cedar Cafe', 'Dune Dental 50%']);
    expect(names(await list(firm, '?filter=active'))).toEqual(['cedar Cafe']);
    expect(names(await list(firm, '?search=BAYSIDE'))).toEqual(['Bayside Bakery']);
    expect(names(await list(firm, '?search=apple-orchard.EXAMPLE'))).toEqual(['Apple Orchard']);
    expect(names(await list(firm, '?search=50%25'))).toEqual(['Dune Dental 50%']);
    expect(names(await list(firm, '?search=0%25_'))).toEqual([]);
    expect(names(await list(firm, '?search=a&filter=completed'))).toEqual(['cedar Cafe', 'Dune Dental 50%']);

    const page = await list(firm, '?limit=2&offset=2');
    expect(names(page)).toEqual(['cedar Cafe', 'Dune Dental 50%']);
    expect(page.headers['x-total-count']).toBe('4');
    expect((await list(firm, '?filter=archived')).statusCode).toBe(400);
  });

  it('shows an accountant only their granted clients, and refuses businesses (403)', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const granted = await addClient(firm, { businessName: 'Granted Gardens' });
    await addClient(firm, { businessName: 'Hidden Hardware' });
    await grantClient(t, firm, accountant, granted);
    expect(names(await list(accountant))).toEqual(['Granted Gardens']);
    expect((await list(accountant)).headers['x-total-count']).toBe('1');

    const business = await signUp(t.app);
    expect((await list(business)).statusCode).toBe(403);
    expect((await business.request({ method: 'GET', url: '/api/onboarding/stats' })).statusCode).toBe(403);
  });
});

describe('GET /api/practice/clients/{id}', () => {
  it('shows the profile, onboarding progress, fees after the billing discount, open balance and who has access', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const client = await addClient(firm, { businessName: 'Harbor Hotel', businessPhone: '555-0101', businessAddress: '1 Pier Way', tags: ['local', 'high-value'] });
    await grantClient(t, firm, accountant, client, 'approver');
    const level = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/service-level`, payload: { billingFrequency: 'quarterly' } });
    expect(level.statusCode, level.body).toBe(200);
    // Two sent invoices from the firm (one part paid) count; a draft does not.
    await createInvoiceFor(firm, client.id, { status: 'sent' });
    const partly = await createInvoiceFor(firm, client.id, { status: 'sent' });
    await createInvoiceFor(firm, client.id, { status: 'draft' });
    const paid = await firm.request({ method: 'POST', url: `/api/invoices/${partly.id}/payments`, payload: { amount: '35.40', method: 'check', paidAt: t.clock.now.toISOString() } });
    expect(paid.statusCode, paid.body).toBe(201);

    const response = await details(firm, client.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PracticeClientDetails>();
    expect(body).toMatchObject({
      id: client.id,
      organizationId: client.organizationId,
      name: 'Harbor Hotel',
      phone: '555-0101',
      address: '1 Pier Way',
      contactName: 'Rosa Baker',
      tags: ['local', 'high-value'],
      onboardingStatus: 'pending',
      onboardingProgress: { status: 'pending', currentStep: 1, completionPercentage: 0 },
      serviceLevel: 'standard',
      monthlyFee: '299.00',
      billingFrequency: 'quarterly',
      // 3 x 299.00 = 897.00 less 5% (44.85); per month 299.00 less 14.95.
      fees: { monthlyFee: '299.00', discountPercent: 5, billedFee: '852.15', monthlyEquivalent: '284.05' },
      openBalance: '235.40',
      openInvoices: 2,
    });
    expect(body.access.map(({ name, role, source }) => ({ name, role, source }))).toEqual([
      { name: 'Dana Whitfield', role: 'owner', source: 'firm' },
      { name: 'Mia Member', role: 'approver', source: 'grant' },
    ]);
  });

  it("answers 404 for another firm's client, an ungranted accountant, an unknown and a malformed id", async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const mine = await addClient(firm);
    const theirs = await addClient(await signUpFirm(t));
    expect((await details(firm, theirs.id)).statusCode).toBe(404);
    expect((await details(accountant, mine.id)).statusCode).toBe(404);
    expect((await details(firm, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await details(firm, 'not-an-id')).statusCode).toBe(404);
    expect((await details(await signUp(t.app), mine.id)).statusCode).toBe(403);
  });
});

describe('PUT /api/practice/clients/{id}/service-level', () => {
  it('changes the level and fee with an audit row holding before and after', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const response = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/service-level`, payload: { serviceLevel: 'premium', monthlyFee: '499' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ serviceLevel: 'premium', monthlyFee: '499.00', billingFrequency: 'monthly' });
    const [stored] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
    expect(stored).toMatchObject({ serviceLevel: 'premium', monthlyFee: '499.00' });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'practice_client.service_level_changed')));
    expect(audit?.details).toEqual({
      before: { serviceLevel: 'standard', monthlyFee: '299.00', billingFrequency: 'monthly' },
      after: { serviceLevel: 'premium', monthlyFee: '499.00', billingFrequency: 'monthly' },
    });

    // Partial: a fee alone keeps the level.
    const fee = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/service-level`, payload: { monthlyFee: 450.5 } });
    expect(fee.json()).toMatchObject({ serviceLevel: 'premium', monthlyFee: '450.50' });
  });

  it('refuses values outside the enumerations and bad amounts with field messages, and changes nothing', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const bad = await firm.request({
      method: 'PUT',
      url: `/api/practice/clients/${client.id}/service-level`,
      payload: { serviceLevel: 'gold', monthlyFee: '12.345', billingFrequency: 'weekly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        serviceLevel: 'Choose a service level: basic, standard, premium or enterprise',
        monthlyFee: 'Monthly fee must be a number with at most 2 decimals',
        billingFrequency: 'Choose a billing frequency: monthly, quarterly or annually',
      },
    });
    const negative = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/service-level`, payload: { monthlyFee: '-5' } });
    expect(negative.json().fields).toEqual({ monthlyFee: 'Monthly fee cannot be negative' });
    const [stored] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
    expect(stored).toMatchObject({ serviceLevel: 'standard', monthlyFee: '299.00' });
  });

  it('lets a granted accountant change it, refuses a firm viewer (403) and hides other clients (404)', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const viewer = await addMember(t, firm, 'viewer');
    const granted = await addClient(firm);
    const hidden = await addClient(firm);
    await grantClient(t, firm, accountant, granted);
    await grantClient(t, firm, viewer, granted, 'viewer');
    const put = (member: SignedIn, id: string) =>
      member.request({ method: 'PUT', url: `/api/practice/clients/${id}/service-level`, payload: { serviceLevel: 'basic', monthlyFee: '199' } });
    expect((await put(accountant, granted.id)).statusCode).toBe(200);
    expect((await put(accountant, hidden.id)).statusCode).toBe(404);
    expect((await put(viewer, granted.id)).statusCode).toBe(403);
    expect((await put(firm, (await addClient(await signUpFirm(t))).id)).statusCode).toBe(404);
  });
});

describe('PUT /api/practice/clients/{id}/status', () => {
  it('deactivates a client and closes its workspace, sending anyone inside home; reactivation needs a place in the plan', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    await openWorkspace(firm, client.organizationId);
    const off = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
    const [stored] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
    expect(stored?.deactivatedAt).toEqual(t.clock.now);
    const [workspace] = await t.deps.db.select().from(organizations).where(eq(organizations.id, client.organizationId ?? ''));
    expect(workspace?.isActive).toBe(false);
    expect((await firm.request({ method: 'GET', url: '/api/user' })).json().organizationId).toBe(firm.user.homeOrganizationId);
    expect((await firm.request({ method: 'PUT', url: '/api/session/workspace', payload: { organizationId: client.organizationId } })).statusCode).toBe(404);

    // The freed place is taken; reactivating the first client is then over the plan's limit.
    await t.deps.db.update(organizations).set({ maxClients: 1 }).where(eq(organizations.id, firm.user.homeOrganizationId));
    await addClient(firm);
    const refused = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('allows up to 1 active clients');
    await t.deps.db.update(organizations).set({ maxClients: 2 }).where(eq(organizations.id, firm.user.homeOrganizationId));
    const on = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: true } });
    expect(on.json()).toMatchObject({ isActive: true });
    expect(await openWorkspace(firm, client.organizationId)).toMatchObject({ organizationId: client.organizationId });
    expect(await auditActions(client.id)).toEqual(expect.arrayContaining(['practice_client.deactivated', 'practice_client.reactivated']));
  });

  it('is for owners and admins only', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const client = await addClient(firm);
    await grantClient(t, firm, accountant, client);
    const response = await accountant.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: false } });
    expect(response.statusCode).toBe(403);
    expect((await details(firm, client.id)).json().isActive).toBe(true);
  });
});

describe('DELETE /api/practice/clients/{id}', () => {
  it('removes a client without books and its workspace, with an audit row', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const response = await firm.request({ method: 'DELETE', url: `/api/practice/clients/${client.id}` });
    expect(response.statusCode, response.body).toBe(204);
    expect(await t.deps.db.select().from(customers).where(eq(customers.id, client.id))).toEqual([]);
    expect(await t.deps.db.select().from(organizations).where(eq(organizations.id, client.organizationId ?? ''))).toEqual([]);
    expect(await auditActions(client.id)).toContain('practice_client.deleted');
    expect((await details(firm, client.id)).statusCode).toBe(404);
  });

  it('refuses (409, deactivate instead) a client the firm invoiced or whose workspace has bills', async () => {
    const firm = await signUpFirm(t);
    const invoiced = await addClient(firm);
    await createInvoiceFor(firm, invoiced.id);
    const refused = await firm.request({ method: 'DELETE', url: `/api/practice/clients/${invoiced.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your practice has invoiced this client. Deactivate the client instead.');

    const withBills = await addClient(firm);
    await openWorkspace(firm, withBills.organizationId);
    const vendor = await firm.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() });
    const bill = await firm.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendor.json().id) });
    expect(bill.statusCode, bill.body).toBe(201);
    await openWorkspace(firm, firm.user.homeOrganizationId);
    const second = await firm.request({ method: 'DELETE', url: `/api/practice/clients/${withBills.id}` });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("The client's workspace has bills. Deactivate the client instead.");
    expect(await t.deps.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, withBills.organizationId ?? ''))).toHaveLength(1);
  });

  it("is for owners and admins (403) and hides another firm's client (404)", async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const client = await addClient(firm);
    await grantClient(t, firm, accountant, client);
    expect((await accountant.request({ method: 'DELETE', url: `/api/practice/clients/${client.id}` })).statusCode).toBe(403);
    const theirs = await addClient(await signUpFirm(t));
    expect((await firm.request({ method: 'DELETE', url: `/api/practice/clients/${theirs.id}` })).statusCode).toBe(404);
  });
});

describe('GET /api/practice/clients/export', () => {
  it('answers the portfolio or the selection as CSV, with formulas neutralised', async () => {
    const firm = await signUpFirm(t);
    const plain = await addClient(firm, { businessName: 'Bayside Bakery', tags: ['local', 'startup'] });
    const formula = await addClient(firm, { businessName: '=HYPERLINK("http://evil.example","Click")' });
    await firm.request({ method: 'PUT', url: `/api/practice/clients/${plain.id}/service-level`, payload: { serviceLevel: 'premium', monthlyFee: '499', billingFrequency: 'annually' } });

    const response = await firm.request({ method: 'GET', url: '/api/practice/clients/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="practice-clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Phone,Industry,Contact Name,Contact Email,Service Level,Monthly Fee,Billing Frequency,Billed Fee,Onboarding Status,Onboarding Progress (%),Status,Client Since,Accounting Software,Tags',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",/);
    // 12 x 499.00 = 5988.00 less 10%.
    expect(lines[2]).toContain(`Bayside Bakery,${plain.email},,restaurant,Rosa Baker,${plain.contactEmail},premium,499.00,annually,5389.20,pending,0,active,`);
    expect(lines[2]).toMatch(/,none,local; startup$/);

    const selection = await firm.request({ method: 'GET', url: `/api/practice/clients/export?ids=${plain.id}` });
    expect(selection.body.trimEnd().split('\r\n')).toHaveLength(2);
    const theirs = await addClient(await signUpFirm(t));
    expect((await firm.request({ method: 'GET', url: `/api/practice/clients/export?ids=${plain.id},${theirs.id}` })).statusCode).toBe(404);
    expect((await firm.request({ method: 'GET', url: `/api/practice/clients/export?ids=${formula.id},nope` })).statusCode).toBe(404);
  });
});

describe('the My Practice badge (GET /api/navigation/counts)', () => {
  it('counts the visible clients still in onboarding, for firm members only', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const pending = await addClient(firm);
    const inProgress = await addClient(firm);
    const completed = await addClient(firm);
    const deactivated = await addClient(firm);
    await setOnboarding(inProgress, 'in_progress');
    await setOnboarding(completed, 'completed');
    await firm.request({ method: 'PUT', url: `/api/practice/clients/${deactivated.id}/status`, payload: { isActive: false } });
    await addClient(await signUpFirm(t));
    await grantClient(t, firm, accountant, pending);

    const counts = async (member: SignedIn) => (await member.request({ method: 'GET', url: '/api/navigation/counts' })).json().clientsInOnboarding;
    // glossary.activeOnboarding: started and not completed, not deactivated; a client added but
    // never started (pending) is not in onboarding, as Active Onboarding on /practice counts.
    expect(await counts(firm)).toBe(1);
    expect(await counts(accountant)).toBe(0);
    await grantClient(t, firm, accountant, inProgress);
    expect(await counts(accountant)).toBe(1);
    await openWorkspace(firm, completed.organizationId);
    expect(await counts(firm)).toBe(1);
    expect(await counts(await signUp(t.app))).toBe(0);
  });
});
