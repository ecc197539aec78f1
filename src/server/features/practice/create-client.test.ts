import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  automationSettings,
  clientOnboardingSteps,
  clientOnboardingWorkflows,
  customers,
  invoiceSettings,
  organizations,
  workspaceGrants,
} from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addMember } from '../team/team.fixtures';
import { addClient, newClientInput, signUpFirm } from './practice.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
});
afterAll(async () => t.close());

const countWhere = async (table: typeof organizations | typeof customers, where: ReturnType<typeof eq>) =>
  (await t.deps.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

describe('POST /api/practice/clients (Add New Client wizard)', () => {
  it("creates the firm's customer row and the client's workspace with its settings, onboarding and audit row", async () => {
    const firm = await signUpFirm(t);
    const input = newClientInput({
      businessName: 'Bayside Bakery',
      businessPhone: '555-0101',
      businessAddress: '1 Pier Rd\nMonterey, CA',
      businessType: 'corporation',
      contactTitle: 'Owner',
      invoicePrefix: 'BAY',
      invoiceStartNumber: 5000,
      paymentTerms: 'net_45',
      currency: 'EUR',
      sendReminders: false,
      autoRecurring: true,
      recurringFrequency: 'quarterly',
      accountingSoftware: 'xero',
      tags: ['high-value', 'local', 'Wholesale'],
      notes: 'Prefers email. <b>Not HTML</b>',
    });
    const response = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: input });
    expect(response.statusCode, response.body).toBe(201);
    const client = response.json();
    expect(client).toMatchObject({
      name: 'Bayside Bakery',
      email: input.businessEmail,
      contactName: 'Rosa Baker',
      serviceLevel: 'standard',
      monthlyFee: '299.00',
      onboardingStatus: 'pending',
      onboardingProgress: { status: 'pending', currentStep: 1, completionPercentage: 0 },
      accountingSoftware: 'xero',
      tags: ['high-value', 'local', 'Wholesale'],
      notes: 'Prefers email. <b>Not HTML</b>',
      isActive: true,
    });

    const [workspace] = await t.deps.db.select().from(organizations).where(eq(organizations.id, client.organizationId));
    expect(workspace).toMatchObject({ type: 'business', accountingFirmId: firm.user.homeOrganizationId, name: 'Bayside Bakery', currency: 'EUR', phone: '555-0101' });
    const [numbering] = await t.deps.db.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, client.organizationId));
    expect(numbering).toMatchObject({ prefix: 'BAY', nextNumber: 5000, paymentTerms: 'net_45', currency: 'EUR' });
    const [automation] = await t.deps.db.select().from(automationSettings).where(eq(automationSettings.organizationId, client.organizationId));
    expect(automation).toMatchObject({ sendReminders: false, reminderDays: [7, 14, 30], autoRecurring: true, recurringFrequency: 'quarterly' });

    const [customer] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
    expect(customer).toMatchObject({
      organizationId: firm.user.homeOrganizationId,
      clientOrganizationId: client.organizationId,
      businessType: 'corporation',
      industry: 'restaurant',
      primaryContactEmail: input.contactEmail,
      paymentTerms: 'net_45',
      relationshipStartDate: '2026-11-21',
    });

    const [workflow] = await t.deps.db.select().from(clientOnboardingWorkflows).where(eq(clientOnboardingWorkflows.customerId, client.id));
    expect(workflow).toMatchObject({ organizationId: firm.user.homeOrganizationId, accountantId: firm.user.id, currentStep: 1, status: 'pending' });
    const steps = await t.deps.db.select().from(clientOnboardingSteps).where(eq(clientOnboardingSteps.workflowId, workflow?.id ?? '')).orderBy(clientOnboardingSteps.stepNumber);
    expect(steps.map((step) => step.stepName)).toEqual(['Business Information', 'Service Configuration', 'Document Upload', 'Banking Setup', 'Review & Activation']);
    expect(steps[0]?.data).toMatchObject({ businessInfo: { name: 'Bayside Bakery', businessType: 'corporation' }, primaryContact: { name: 'Rosa Baker', title: 'Owner' } });

    // The owner reaches every client through their firm role: no grant row is written for them.
    expect(await t.deps.db.select().from(workspaceGrants).where(eq(workspaceGrants.organizationId, client.organizationId))).toEqual([]);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'practice_client.created')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ organizationId: firm.user.homeOrganizationId, userId: firm.user.id });
    expect(audits[0]?.details).toMatchObject({ name: 'Bayside Bakery', workspaceId: client.organizationId, invoicePrefix: 'BAY', invoiceStartNumber: 5000 });
  });

  it("applies the spec's defaults to what the wizard leaves out", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const [numbering] = await t.deps.db.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, client.organizationId ?? ''));
    expect(numbering).toMatchObject({ prefix: 'INV', nextNumber: 1000, paymentTerms: 'net_30', currency: 'USD' });
    const [automation] = await t.deps.db.select().from(automationSettings).where(eq(automationSettings.organizationId, client.organizationId ?? ''));
    expect(automation).toMatchObject({ sendReminders: true, reminderDays: [7, 14, 30], autoRecurring: false, recurringFrequency: null });
    expect(client).toMatchObject({ accountingSoftware: 'none', tags: [], notes: null });
  });

  it('grants the client to an accountant who adds it, who then sees it and nobody else does', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const colleague = await addMember(t, firm, 'accountant');
    const client = await addClient(accountant, { businessName: 'Granted Gardens' });
    const grants = await t.deps.db.select().from(workspaceGrants).where(eq(workspaceGrants.organizationId, client.organizationId ?? ''));
    expect(grants).toEqual([expect.objectContaining({ userId: accountant.user.id, role: 'accountant', firmOrganizationId: firm.user.homeOrganizationId, grantedBy: accountant.user.id })]);
    const mine = (await accountant.request({ method: 'GET', url: '/api/workspaces' })).json();
    expect(mine.clients.map((row: { name: string }) => row.name)).toEqual(['Granted Gardens']);
    expect((await colleague.request({ method: 'GET', url: '/api/workspaces' })).json().clients).toEqual([]);
  });

  it('refuses a viewer of the firm (403) and creates nothing', async () => {
    const firm = await signUpFirm(t);
    const viewer = await addMember(t, firm, 'viewer');
    const input = newClientInput();
    const response = await viewer.request({ method: 'POST', url: '/api/practice/clients', payload: input });
    expect(response.statusCode).toBe(403);
    expect(await countWhere(customers, eq(customers.email, input.businessEmail))).toBe(0);
  });

  let firmForRefusals: SignedIn | undefined;
  it.each([
    [{ businessName: 'B' }, 'businessName', 'Business name is required'],
    [{ businessName: undefined }, 'businessName', 'Business name is required'],
    [{ businessEmail: 'not-an-email' }, 'businessEmail', 'Valid email is required'],
    [{ businessEmail: undefined }, 'businessEmail', 'Valid email is required'],
    [{ industry: '' }, 'industry', 'Industry is required'],
    [{ industry: 'farming' }, 'industry', 'Industry is required'],
    [{ contactName: ' R ' }, 'contactName', 'Contact name is required'],
    [{ contactEmail: 'rosa@' }, 'contactEmail', 'Valid contact email is required'],
    [{ invoiceStartNumber: 0 }, 'invoiceStartNumber', 'Starting invoice number must be at least 1'],
    [{ invoiceStartNumber: 'soon' }, 'invoiceStartNumber', 'Starting invoice number must be a number'],
    [{ invoiceStartNumber: 10.5 }, 'invoiceStartNumber', 'Starting invoice number must be a whole number'],
    [{ invoicePrefix: 'BAY 1' }, 'invoicePrefix', 'Invoice prefix may hold letters, digits and dashes'],
    [{ invoicePrefix: 'ABCDEFGHIJKLM' }, 'invoicePrefix', 'Invoice prefix must be at most 12 characters'],
    [{ businessType: 'llp' }, 'businessType', 'Choose a business type'],
    [{ paymentTerms: 'net_90' }, 'paymentTerms', 'Choose payment terms'],
    [{ currency: 'JPY' }, 'currency', 'Choose a currency'],
    [{ autoRecurring: true, recurringFrequency: 'daily' }, 'recurringFrequency', 'Choose a recurring frequency'],
    [{ accountingSoftware: 'wave' }, 'accountingSoftware', 'Choose accounting software'],
    [{ tags: ['local', ' '] }, 'tags.1', 'A tag cannot be empty'],
    [{ reminderDays: [7, 0] }, 'reminderDays.1', 'Reminder days must be at least 1'],
  ])('refuses %j with a 400 naming %s, and creates nothing', async (override, field, message) => {
    firmForRefusals ??= await signUpFirm(t);
    const firm = firmForRefusals;
    const input = newClientInput(override as never);
    const response = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: input });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    expect(await countWhere(customers, eq(customers.organizationId, firm.user.homeOrganizationId))).toBe(0);
    expect(await countWhere(organizations, eq(organizations.accountingFirmId, firm.user.homeOrganizationId))).toBe(0);
  });

  it('refuses a business email already in the practice, in any case, with a 409 naming the field', async () => {
    const firm = await signUpFirm(t);
    const first = await addClient(firm, { businessEmail: 'Owner@Bayside.example' });
    const response = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput({ businessName: 'Second Bayside', businessEmail: 'owner@BAYSIDE.example' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', fields: { businessEmail: 'A client with this business email is already in your practice' } });
    expect(await countWhere(organizations, eq(organizations.name, 'Second Bayside'))).toBe(0);
    expect(first.email).toBe('Owner@Bayside.example');
    // Another firm may have a client with the same email.
    const other = await signUpFirm(t);
    expect((await other.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput({ businessEmail: 'owner@bayside.example' }) })).statusCode).toBe(201);
  });

  it('writes everything or nothing: a failure after the workspace is created leaves no organization or customer behind', async () => {
    const firm = await signUpFirm(t);
    // A database fault injected at the last write of the transaction, the audit row.
    await t.deps.db.execute(sql`create or replace function fail_doomed_client() returns trigger language plpgsql as $$
      begin
        if new.action = 'practice_client.created' and new.details->>'name' = 'Doomed Dairy' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await t.deps.db.execute(sql`create trigger fail_doomed_client before insert on audit_log for each row execute function fail_doomed_client()`);
    try {
      const input = newClientInput({ businessName: 'Doomed Dairy' });
      const response = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: input });
      expect(response.statusCode).toBe(500);
      expect(await countWhere(organizations, eq(organizations.name, 'Doomed Dairy'))).toBe(0);
      expect(await countWhere(customers, eq(customers.email, input.businessEmail))).toBe(0);
      const workflows = await t.deps.db.select({ n: count() }).from(clientOnboardingWorkflows).where(eq(clientOnboardingWorkflows.organizationId, firm.user.homeOrganizationId));
      expect(workflows[0]?.n).toBe(0);
    } finally {
      await t.deps.db.execute(sql`drop trigger fail_doomed_client on audit_log`);
      await t.deps.db.execute(sql`drop function fail_doomed_client()`);
    }
    // The same client goes through once the fault is gone.
    expect((await addClient(firm, { businessName: 'Doomed Dairy' })).name).toBe('Doomed Dairy');
  });
});

describe("the plan's client limit", () => {
  it('refuses the eleventh active client of a starter firm with a 409 naming the limit, and counts only active clients', async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    const clients = [];
    for (let index = 0; index < 10; index += 1) clients.push(await addClient(firm));
    const input = newClientInput({ businessName: 'Eleventh Eatery' });
    const refused = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: input });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Your Starter plan allows up to 10 active clients. Change your plan in Settings > Billing to add more.',
    });
    expect(await countWhere(organizations, eq(organizations.name, 'Eleventh Eatery'))).toBe(0);

    // A deactivated client frees its place.
    await t.deps.db.update(customers).set({ isActive: false }).where(eq(customers.id, clients[0]?.id ?? ''));
    expect((await firm.request({ method: 'POST', url: '/api/practice/clients', payload: input })).statusCode).toBe(201);
  });
});
