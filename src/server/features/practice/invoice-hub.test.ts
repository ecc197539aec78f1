import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkInvoiceResult, HubInvoice, InvoiceOverview } from '../../../shared/contracts/invoice-hub';
import type { Invoice } from '../../../shared/contracts/invoices';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { auditLog, customers, invoices, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { pdfText } from '../../test/pdf-layout';
import { type SignedIn, signUp } from '../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../invoices/invoices.fixtures';
import { addMember } from '../team/team.fixtures';
import { activateClient, addClient, grantClient, signUpFirm } from './practice.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-24T15:00:00Z') });
});
afterAll(async () => t.close());

async function firmInUtc(): Promise<SignedIn> {
  const firm = await signUpFirm(t);
  await t.deps.db.update(organizations).set({ timeZone: 'UTC' }).where(eq(organizations.id, firm.user.homeOrganizationId));
  return firm;
}

async function setClient(client: PracticeClient, values: Partial<typeof customers.$inferInsert>) {
  await t.deps.db.update(customers).set(values).where(eq(customers.id, client.id));
}

/** Through the API, so the client's fee schedule in the firm's books follows. */
async function setFee(firm: SignedIn, client: PracticeClient, payload: Record<string, string>) {
  const response = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/service-level`, payload });
  expect(response.statusCode, response.body).toBe(200);
}

const overview = async (member: SignedIn) => {
  const response = await member.request({ method: 'GET', url: '/api/practice/invoice-overview' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceOverview>();
};
const listNumbers = async (member: SignedIn, query: string) => {
  const response = await member.request({ method: 'GET', url: `/api/practice/invoices${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { numbers: response.json<HubInvoice[]>().map((row) => row.invoiceNumber), total: response.headers['x-total-count'] };
};
const bulk = (member: SignedIn, payload: Record<string, unknown>, key: string) =>
  member.request({ method: 'POST', url: '/api/practice/invoices/bulk', payload, headers: { 'idempotency-key': key } });
const outboxCount = () => {
  const dir = path.join(t.dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const invoicesOf = (firm: SignedIn, customerId: string) =>
  t.deps.db.select().from(invoices).where(and(eq(invoices.organizationId, firm.user.homeOrganizationId), eq(invoices.customerId, customerId)));

/**
 * Today is 2026-11-24 on the firm's (UTC) calendar. Each invoice totals 135.40.
 * Alder (monthly 299.00): A-1 sent 11-20 due 12-01, 35.40 paid; A-2 sent 10-01 due 10-31 (overdue).
 * Birch (quarterly 499.00: billed 3 x 499.00 less 5% = 1,422.15, 474.05 a month): B-1 draft 11-24
 * due 12-10; B-2 sent 11-10 due 11-30. Cedar (still onboarding, so not in Monthly Recurring): no
 * invoices. A plain customer of the firm (not a client): one sent invoice.
 */
async function seedHub() {
  const firm = await firmInUtc();
  const alder = await addClient(firm, { businessName: 'Alder Accounting Client' });
  const birch = await addClient(firm, { businessName: 'Birch Bistro' });
  await addClient(firm, { businessName: 'Cedar Clinic' });
  await setClient(alder, { onboardingStatus: 'completed' });
  await setClient(birch, { onboardingStatus: 'completed' });
  await setFee(firm, alder, { monthlyFee: '299.00', billingFrequency: 'monthly' });
  await setFee(firm, birch, { monthlyFee: '499.00', billingFrequency: 'quarterly' });
  const plain = await createCustomerFor(firm);
  const a1 = await createInvoiceFor(firm, alder.id, { invoiceNumber: 'A-1', status: 'sent', issueDate: '2026-11-20', dueDate: '2026-12-01' });
  await createInvoiceFor(firm, alder.id, { invoiceNumber: 'A-2', status: 'sent', issueDate: '2026-10-01', dueDate: '2026-10-31' });
  const b1 = await createInvoiceFor(firm, birch.id, { invoiceNumber: 'B-1', status: 'draft', issueDate: '2026-11-24', dueDate: '2026-12-10' });
  await createInvoiceFor(firm, birch.id, { invoiceNumber: 'B-2', status: 'sent', issueDate: '2026-11-10', dueDate: '2026-11-30' });
  await createInvoiceFor(firm, plain.id, { invoiceNumber: 'P-1', status: 'sent', issueDate: '2026-11-20', dueDate: '2026-12-01' });
  const paid = await firm.request({ method: 'POST', url: `/api/invoices/${a1.id}/payments`, payload: { amount: '35.40', paidAt: '2026-11-22', method: 'ach' } });
  expect(paid.statusCode, paid.body).toBe(201);
  return { firm, alder, birch, a1, b1 };
}

describe('GET /api/practice/invoice-overview', () => {
  it("sums the firm's invoices to its visible clients on the firm's day", async () => {
    const { firm } = await seedHub();
    const figures = await overview(firm);
    expect(figures).toMatchObject({
      totalClientsWithInvoices: 2,
      // A-1 100.00 + A-2 135.40 + B-2 135.40; the draft and the plain customer's invoice are not owed by a client.
      totalOutstandingAmount: '370.80',
      // glossary.monthlyRecurring, the active clients' fee schedules: Alder 299.00 + Birch 1,422.15 / 3.
      // Cedar is still onboarding: not counted, whatever its schedule.
      totalMonthlyRecurring: '773.05',
      // A-1, B-1, B-2 were issued in the last 30 days; A-2 on 10-01 was not.
      recentInvoiceCount: 3,
    });
    expect(figures.upcomingInvoices).toEqual([
      expect.objectContaining({ invoiceNumber: 'B-2', clientName: 'Birch Bistro', dueDate: '2026-11-30', amount: '135.40' }),
      expect.objectContaining({ invoiceNumber: 'A-1', clientName: 'Alder Accounting Client', dueDate: '2026-12-01', amount: '100.00' }),
    ]);
    expect(figures.recentInvoices.map((row) => row.invoiceNumber)).toEqual(['B-1', 'A-1', 'B-2', 'A-2']);
    expect(figures.recentInvoices[0]).toMatchObject({ clientName: 'Birch Bistro', description: 'Consulting', status: 'draft', amount: '135.40' });
  });

  it('filters the recent invoices by status and pages them in SQL', async () => {
    const { firm } = await seedHub();
    expect(await listNumbers(firm, '?status=overdue')).toEqual({ numbers: ['A-2'], total: '1' });
    expect(await listNumbers(firm, '?status=sent')).toEqual({ numbers: ['A-1', 'B-2'], total: '2' });
    expect(await listNumbers(firm, '?status=draft')).toEqual({ numbers: ['B-1'], total: '1' });
    expect(await listNumbers(firm, '?status=paid')).toEqual({ numbers: [], total: '0' });
    expect(await listNumbers(firm, '?limit=2&offset=2')).toEqual({ numbers: ['B-2', 'A-2'], total: '4' });
    const bad = await firm.request({ method: 'GET', url: '/api/practice/invoices?status=void' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { status: 'Status must be all, draft, sent, paid or overdue' } });
  });

  it('shows an accountant only the clients granted to them, and nothing without a grant', async () => {
    const { firm, alder } = await seedHub();
    const accountant = await addMember(t, firm, 'accountant');
    expect(await overview(accountant)).toMatchObject({ totalClientsWithInvoices: 0, totalOutstandingAmount: '0.00', totalMonthlyRecurring: '0.00', recentInvoiceCount: 0, upcomingInvoices: [], recentInvoices: [] });
    expect(await listNumbers(accountant, '')).toEqual({ numbers: [], total: '0' });
    await grantClient(t, firm, accountant, alder);
    expect(await overview(accountant)).toMatchObject({ totalClientsWithInvoices: 1, totalOutstandingAmount: '235.40', totalMonthlyRecurring: '299.00', recentInvoiceCount: 1 });
  });

  it("downloads a visible client's invoice as a PDF and hides the others", async () => {
    const { firm, a1 } = await seedHub();
    const pdf = await firm.request({ method: 'GET', url: `/api/practice/invoices/${a1.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const accountant = await addMember(t, firm, 'accountant');
    expect((await accountant.request({ method: 'GET', url: `/api/practice/invoices/${a1.id}/pdf` })).statusCode).toBe(404);
  });

  it('refuses a business that is not a firm', async () => {
    const business = await signUp(t.app);
    const response = await business.request({ method: 'GET', url: '/api/practice/invoice-overview' });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/clients/{clientId}/invoices', () => {
  it("creates a numbered draft in the firm's books for the client, once per Idempotency-Key", async () => {
    const firm = await firmInUtc();
    const client = await addClient(firm, { businessName: 'Dogwood Dental' });
    await activateClient(firm, client);
    const key = crypto.randomUUID();
    const payload = { description: 'November bookkeeping', amount: '299.00', dueDate: '2026-12-24' };
    const created = await firm.request({ method: 'POST', url: `/api/clients/${client.id}/invoices`, payload, headers: { 'idempotency-key': key } });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json<Invoice>();
    expect(invoice).toMatchObject({ id: key, customerId: client.id, status: 'draft', issueDate: '2026-11-24', dueDate: '2026-12-24', totalAmount: '299.00' });
    expect(invoice.invoiceNumber).toMatch(/^INV-/);
    const retried = await firm.request({ method: 'POST', url: `/api/clients/${client.id}/invoices`, payload, headers: { 'idempotency-key': key } });
    expect(retried.statusCode).toBe(200);
    expect(await invoicesOf(firm, client.id)).toHaveLength(1);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((row) => row.action)).toContain('invoice.created');
  });

  it("hides another firm's client and an ungranted client behind a 404, and names bad fields", async () => {
    const firm = await firmInUtc();
    const other = await addClient(await firmInUtc());
    const mine = await addClient(firm);
    await activateClient(firm, mine);
    const payload = { description: 'Fee', amount: '10.00', dueDate: '2026-12-24' };
    expect((await firm.request({ method: 'POST', url: `/api/clients/${other.id}/invoices`, payload })).statusCode).toBe(404);
    const accountant = await addMember(t, firm, 'accountant');
    expect((await accountant.request({ method: 'POST', url: `/api/clients/${mine.id}/invoices`, payload })).statusCode).toBe(404);
    const bad = await firm.request({ method: 'POST', url: `/api/clients/${mine.id}/invoices`, payload: { description: '', amount: '-1', dueDate: 'soon' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ description: 'Description is required', amount: 'Amount cannot be negative', dueDate: 'Invalid date' });
    const early = await firm.request({ method: 'POST', url: `/api/clients/${mine.id}/invoices`, payload: { ...payload, dueDate: '2026-11-01' } });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toMatchObject({ dueDate: 'Due date cannot be before the issue date' });
  });
});

describe('invoicing only active clients, on their terms', () => {
  it('refuses a deactivated client and one still onboarding, in Create New Invoice and in a bulk run, and offers neither', async () => {
    const firm = await firmInUtc();
    const active = await addClient(firm, { businessName: 'Hazel Hardware' });
    const closed = await addClient(firm, { businessName: 'Old Mill Hardware' });
    const onboarding = await addClient(firm, { businessName: 'Northstar Consulting' });
    for (const client of [active, closed]) await activateClient(firm, client);
    const off = await firm.request({ method: 'PUT', url: `/api/practice/clients/${closed.id}/status`, payload: { isActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    const payload = { description: 'Year-end review', amount: '450.00', dueDate: '2026-12-24' };

    const refusedClosed = await firm.request({ method: 'POST', url: `/api/clients/${closed.id}/invoices`, payload });
    expect(refusedClosed.statusCode).toBe(409);
    expect(refusedClosed.json()).toMatchObject({ code: 'CONFLICT', message: 'Old Mill Hardware is deactivated. Reactivate the client to invoice it.' });
    const refusedOnboarding = await firm.request({ method: 'POST', url: `/api/clients/${onboarding.id}/invoices`, payload });
    expect(refusedOnboarding.statusCode).toBe(409);
    expect(refusedOnboarding.json().message).toBe('Northstar Consulting is still onboarding. Complete its onboarding to invoice it.');

    const run = await bulk(firm, { operation: 'generate', items: [active, closed, onboarding].map((client) => ({ clientId: client.id, ...payload })) }, crypto.randomUUID());
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json<BulkInvoiceResult>().results.map((row) => [row.ok, row.message.replace(/INV-\d+/, 'INV-n')])).toEqual([
      [true, 'Hazel Hardware: invoice INV-n created'],
      [false, 'Old Mill Hardware: Old Mill Hardware is deactivated. Reactivate the client to invoice it.'],
      [false, 'Northstar Consulting: Northstar Consulting is still onboarding. Complete its onboarding to invoice it.'],
    ]);
    expect(await invoicesOf(firm, closed.id)).toEqual([]);
    expect(await invoicesOf(firm, onboarding.id)).toEqual([]);

    // The pickers of Create New Invoice and Bulk Operations list the active clients only.
    const offered = await firm.request({ method: 'GET', url: '/api/practice/clients?filter=active&limit=200&offset=0' });
    expect(offered.json<PracticeClient[]>().map((client) => client.name)).toEqual(['Hazel Hardware']);
  });

  it("carries the client's saved terms, and its PDF prints the due date when the due date does not follow them", async () => {
    const firm = await firmInUtc();
    const client = await addClient(firm, { businessName: 'Summit Dental Studio', paymentTerms: 'net_15' });
    await activateClient(firm, client, { paymentTerms: 'net_15' });
    const onTerms = await firm.request({ method: 'POST', url: `/api/clients/${client.id}/invoices`, payload: { description: 'Payroll setup', amount: '120.00', issueDate: '2026-11-24', dueDate: '2026-12-09' } });
    expect(onTerms.json<Invoice>()).toMatchObject({ paymentTerms: 'Net 15', dueDate: '2026-12-09' });
    const offTerms = await firm.request({ method: 'POST', url: `/api/clients/${client.id}/invoices`, payload: { description: 'Catch-up bookkeeping', amount: '640.00', issueDate: '2026-11-27', dueDate: '2026-12-15' } });
    expect(offTerms.statusCode, offTerms.body).toBe(201);
    expect(offTerms.json<Invoice>()).toMatchObject({ paymentTerms: 'Net 15', dueDate: '2026-12-15' });

    const textOf = async (invoice: Invoice) => {
      const response = await firm.request({ method: 'GET', url: `/api/practice/invoices/${invoice.id}/pdf` });
      expect(response.statusCode).toBe(200);
      return (await pdfText(response.rawPayload)).text;
    };
    const matching = await textOf(onTerms.json<Invoice>());
    expect(matching).toMatch(/Terms\s+Net 15/);
    const mismatching = await textOf(offTerms.json<Invoice>());
    expect(mismatching).toMatch(/Terms\s+Due Dec 15, 2026/);
    expect(mismatching).not.toContain('Net 15');
    expect(mismatching).not.toContain('Net 30');
  });
});

describe('POST /api/practice/invoices/bulk', () => {
  it('generates for each client in its own transaction, reports failures by name, and a retry makes no second invoice', async () => {
    const firm = await firmInUtc();
    const elm = await addClient(firm, { businessName: 'Elm Electric' });
    const fig = await addClient(firm, { businessName: 'Fig Florist' });
    for (const client of [elm, fig]) await activateClient(firm, client);
    const stranger = await addClient(await firmInUtc(), { businessName: 'Stranger Co' });
    const payload = {
      operation: 'generate',
      items: [
        { clientId: elm.id, description: 'Monthly bookkeeping', amount: '299.00', dueDate: '2026-12-24' },
        { clientId: stranger.id, description: 'Monthly bookkeeping', amount: '299.00', dueDate: '2026-12-24' },
        { clientId: fig.id, description: 'Monthly bookkeeping', amount: '299.00', dueDate: '2026-11-01' },
      ],
    };
    const key = crypto.randomUUID();
    const first = await bulk(firm, payload, key);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<BulkInvoiceResult>();
    expect(result).toMatchObject({ success: 1, failed: 2 });
    expect(result.results.map((row) => [row.id, row.ok])).toEqual([[elm.id, true], [stranger.id, false], [fig.id, false]]);
    expect(result.results[1]?.message).toBe('Client not found');
    expect(result.results[2]?.message).toBe('Fig Florist: Due date cannot be before the issue date');
    expect(await invoicesOf(firm, elm.id)).toHaveLength(1);

    const retry = await bulk(firm, payload, key);
    expect(retry.json<BulkInvoiceResult>()).toMatchObject({ success: 1, failed: 2 });
    expect(retry.json<BulkInvoiceResult>().results[0]?.message).toMatch(/^Elm Electric: invoice INV-\d+ was created already$/);
    expect(await invoicesOf(firm, elm.id)).toHaveLength(1);

    const fresh = await bulk(firm, payload, crypto.randomUUID());
    expect(fresh.json<BulkInvoiceResult>().success).toBe(1);
    expect(await invoicesOf(firm, elm.id)).toHaveLength(2);
  });

  it('sends drafts with one mail each, even when the run is retried, and refuses what cannot be sent', async () => {
    const { firm, a1, b1 } = await seedHub();
    const before = outboxCount();
    const key = crypto.randomUUID();
    const payload = { operation: 'send', items: [{ invoiceId: b1.id }, { invoiceId: a1.id }, { invoiceId: crypto.randomUUID() }] };
    const first = await bulk(firm, payload, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BulkInvoiceResult>()).toMatchObject({ success: 2, failed: 1 });
    expect(first.json<BulkInvoiceResult>().results.map((row) => row.message)).toEqual([
      'B-1 (Birch Bistro): sent to the client',
      'A-1 (Alder Accounting Client): sent already; not mailed again',
      'Invoice not found',
    ]);
    expect(outboxCount()).toBe(before + 1);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, b1.id));
    expect(stored?.status).toBe('sent');
    await bulk(firm, payload, key);
    expect(outboxCount()).toBe(before + 1);
  });

  it('puts a draft back when its mail is refused, so the retried run sends it', async () => {
    const { firm, b1 } = await seedHub();
    const key = crypto.randomUUID();
    const payload = { operation: 'send', items: [{ invoiceId: b1.id }] };
    const refused = vi.spyOn(t.deps.mail, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const first = await bulk(firm, payload, key);
    refused.mockRestore();
    expect(first.json<BulkInvoiceResult>()).toMatchObject({
      success: 0,
      failed: 1,
      results: [{ ok: false, message: 'B-1 (Birch Bistro): The invoice could not be emailed. Please try again later.' }],
    });
    const [draft] = await t.deps.db.select().from(invoices).where(eq(invoices.id, b1.id));
    expect(draft).toMatchObject({ status: 'draft', sentAt: null });
    const before = outboxCount();
    const retry = await bulk(firm, payload, key);
    expect(retry.json<BulkInvoiceResult>()).toMatchObject({ success: 1, results: [{ message: 'B-1 (Birch Bistro): sent to the client' }] });
    expect(outboxCount()).toBe(before + 1);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, b1.id));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['invoice.send_failed', 'invoice.sent', 'invoice.emailed']));
  });

  it('auto-approves a draft by mailing it to the client once (never sent unmailed), and an ungranted accountant finds none', async () => {
    const { firm, b1 } = await seedHub();
    const accountant = await addMember(t, firm, 'accountant');
    const hidden = await bulk(accountant, { operation: 'auto-approve', items: [{ invoiceId: b1.id }] }, crypto.randomUUID());
    expect(hidden.json<BulkInvoiceResult>()).toMatchObject({ success: 0, failed: 1, results: [{ ok: false, message: 'Invoice not found' }] });
    const before = outboxCount();
    const key = crypto.randomUUID();
    const approved = await bulk(firm, { operation: 'auto-approve', items: [{ invoiceId: b1.id }] }, key);
    expect(approved.json<BulkInvoiceResult>()).toMatchObject({ success: 1, failed: 0, results: [{ ok: true, message: 'B-1 (Birch Bistro): approved and sent to the client' }] });
    expect(outboxCount()).toBe(before + 1);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, b1.id));
    expect(stored?.status).toBe('sent');
    // The same run retried, or a second run: approved already, not mailed again.
    const again = await bulk(firm, { operation: 'auto-approve', items: [{ invoiceId: b1.id }] }, key);
    expect(again.json<BulkInvoiceResult>()).toMatchObject({ success: 1, results: [{ message: 'B-1 (Birch Bistro): approved already; not mailed again' }] });
    expect(outboxCount()).toBe(before + 1);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, b1.id));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['invoice.sent', 'invoice.emailed']));
    expect((await overview(firm)).totalOutstandingAmount).toBe('506.20');
  });

  it('puts an auto-approved draft back when its mail is refused, so it is never left sent but unmailed', async () => {
    const { firm, b1 } = await seedHub();
    const refused = vi.spyOn(t.deps.mail, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const first = await bulk(firm, { operation: 'auto-approve', items: [{ invoiceId: b1.id }] }, crypto.randomUUID());
    refused.mockRestore();
    expect(first.json<BulkInvoiceResult>()).toMatchObject({ success: 0, failed: 1 });
    const [draft] = await t.deps.db.select().from(invoices).where(eq(invoices.id, b1.id));
    expect(draft).toMatchObject({ status: 'draft', sentAt: null });
  });

  it('takes at most 500 items and needs an Idempotency-Key', async () => {
    const firm = await firmInUtc();
    const items = Array.from({ length: 501 }, () => ({ invoiceId: crypto.randomUUID() }));
    const tooMany = await bulk(firm, { operation: 'send', items }, crypto.randomUUID());
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION', fields: { items: 'At most 500 items per bulk operation' } });
    const noKey = await firm.request({ method: 'POST', url: '/api/practice/invoices/bulk', payload: { operation: 'send', items: items.slice(0, 1) } });
    expect(noKey.statusCode).toBe(400);
    const unknown = await bulk(firm, { operation: 'delete', items: [] }, crypto.randomUUID());
    expect(unknown.statusCode).toBe(400);
  });
});
