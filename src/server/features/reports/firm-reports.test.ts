import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportFigures } from '../../../shared/contracts/reports';
import { toDecimal } from '../../../shared/money';
import { bills, clientOnboardingWorkflows, customers, documents, invoices, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addClient, signUpFirm } from '../practice/practice.fixtures';
import { addMember } from '../team/team.fixtures';
import { REPORTS_NOW } from './reports.fixtures';

let t: TestApp;
let firm: SignedIn;
let clients: { id: string; name: string; organizationId: string }[];
beforeAll(async () => {
  t = await createTestApp({ now: REPORTS_NOW });
  firm = await signUpFirm(t);
  clients = [];
  for (const businessName of ['Bayside Bakery', 'Cedar Dental', 'Delta Movers']) {
    const client = await addClient(firm, { businessName });
    if (!client.organizationId) throw new Error('client without workspace');
    clients.push({ id: client.id, name: client.name, organizationId: client.organizationId });
  }
});
afterAll(async () => t.close());

const generate = async (payload: Record<string, unknown>) => {
  const response = await firm.request({ method: 'POST', url: '/api/reports/generate', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Report & { figures: ReportFigures }>();
};
const figure = (figures: ReportFigures, label: string) => figures.summary.find((entry) => entry.label === label)?.value;
const rows = (figures: ReportFigures, key: string) => figures.tables.find((table) => table.key === key)?.rows ?? [];
const MARCH = { period: 'custom', from: '2026-03-01', to: '2026-03-31' } as const;

describe("a firm's client_profitability", () => {
  it("sets the fee billed to each client against the work in the client's workspace", async () => {
    const db = t.deps.db;
    const [bakery] = clients;
    if (!bakery) throw new Error('no client');
    const workspace = bakery.organizationId;
    // In the bakery's own workspace, in March: one invoice, two bills, one document read.
    const [buyer] = await db.insert(customers).values({ organizationId: workspace, name: 'Cafe Uno', email: 'uno@example.com' }).returning();
    const [supplier] = await db.insert(vendors).values({ organizationId: workspace, name: 'Flour Mill', email: 'mill@example.com' }).returning();
    if (!buyer || !supplier) throw new Error('insert failed');
    const money = (cents: number) => ({ subtotal: toDecimal(cents), totalAmount: toDecimal(cents) });
    await db.insert(invoices).values({ organizationId: workspace, customerId: buyer.id, invoiceNumber: 'B-1', status: 'sent', issueDate: '2026-03-10', dueDate: '2026-04-09', ...money(5_000) });
    await db.insert(bills).values([
      { organizationId: workspace, vendorId: supplier.id, billNumber: 'M-1', billDate: '2026-03-04', dueDate: '2026-04-03', ...money(2_000) },
      { organizationId: workspace, vendorId: supplier.id, billNumber: 'M-2', billDate: '2026-03-11', dueDate: '2026-04-10', ...money(3_000) },
      // February: outside the period.
      { organizationId: workspace, vendorId: supplier.id, billNumber: 'M-0', billDate: '2026-02-11', dueDate: '2026-03-10', ...money(3_000) },
    ]);
    await db.insert(documents).values({
      organizationId: workspace,
      fileName: 'bill.pdf',
      storageKey: 'x/bill.pdf',
      fileType: 'application/pdf',
      fileSize: 100,
      documentType: 'bill',
      ocrStatus: 'completed',
      createdAt: new Date('2026-03-09T15:00:00Z'),
    });
    // The firm bills the bakery 300.00 in March.
    await db.insert(invoices).values({ organizationId: firm.user.organizationId, customerId: bakery.id, invoiceNumber: 'F-1', status: 'sent', issueDate: '2026-03-05', dueDate: '2026-04-04', ...money(30_000) });

    const { figures } = await generate({ type: 'client_profitability', ...MARCH });
    const ranking = rows(figures, 'ranking');
    expect(figures.tables[0]?.title).toBe('Clients ranked by fee billed');
    expect(ranking[0]).toEqual({
      rank: 1,
      customer: 'Bayside Bakery',
      invoiced: '300.00',
      collected: '0.00',
      days_to_pay: null,
      open_balance: '300.00',
      documents: 1,
      client_invoices: 1,
      client_bills: 2,
      // 300.00 over 1 + 1 + 2 items of work.
      fee_per_item: '75.00',
    });
    // The other clients are listed with no work and no fee.
    expect(ranking.slice(1).map((row) => [row.customer, row.invoiced, row.fee_per_item])).toEqual([
      ['Cedar Dental', '0.00', null],
      ['Delta Movers', '0.00', null],
    ]);
  });
});

describe("a firm accountant's reports", () => {
  it('leave out the work of clients not granted to them', async () => {
    const accountant = await addMember(t, firm, 'accountant');
    const response = await accountant.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'client_profitability', ...MARCH } });
    expect(response.statusCode, response.body).toBe(201);
    const bakery = rows(response.json<Report & { figures: ReportFigures }>().figures, 'ranking').find((row) => row.customer === 'Bayside Bakery');
    // The fee the firm billed is the firm's own figure; the client's workspace is not theirs to count.
    expect(bakery).toMatchObject({ invoiced: '300.00', documents: null, client_invoices: null, client_bills: null, fee_per_item: null });
  });
});

describe("a firm's client_onboarding", () => {
  it('counts onboardings started, completed and in progress, the days to complete and the step they wait at', async () => {
    const db = t.deps.db;
    const [bakery, dental, movers] = clients;
    if (!bakery || !dental || !movers) throw new Error('no clients');
    const set = (customerId: string, values: Partial<typeof clientOnboardingWorkflows.$inferInsert>) =>
      db.update(clientOnboardingWorkflows).set(values).where(eq(clientOnboardingWorkflows.customerId, customerId));
    // Completed in 10 days, inside March.
    await set(bakery.id, { status: 'completed', currentStep: 5, startedAt: new Date('2026-03-02T15:00:00Z'), completedAt: new Date('2026-03-12T15:00:00Z'), updatedAt: new Date('2026-03-12T15:00:00Z') });
    // Started in March, waiting at step 3 since 10 March 15:00Z: 21.54 days before 1 April 04:00Z (midnight in New York).
    await set(dental.id, { status: 'in_progress', currentStep: 3, startedAt: new Date('2026-03-05T15:00:00Z'), completedAt: null, updatedAt: new Date('2026-03-10T15:00:00Z') });
    // Started in January, waiting at step 3 for exactly 12 days at the period's end.
    await set(movers.id, { status: 'in_progress', currentStep: 3, startedAt: new Date('2026-01-10T15:00:00Z'), completedAt: null, updatedAt: new Date('2026-03-20T04:00:00Z') });

    const { figures } = await generate({ type: 'client_onboarding', ...MARCH });
    expect(figure(figures, 'Started')).toBe(2);
    expect(figure(figures, 'Completed')).toBe(1);
    expect(figure(figures, 'In progress')).toBe(2);
    expect(figure(figures, 'Average days to complete')).toBe(10);
    expect(rows(figures, 'by_step')).toEqual([
      { step: '1. Business Information', clients: 0, avg_days_waiting: null },
      { step: '2. Service Configuration', clients: 0, avg_days_waiting: null },
      // (21.5417 + 12) / 2 = 16.77.
      { step: '3. Document Upload', clients: 2, avg_days_waiting: 16.8 },
      { step: '4. Banking Setup', clients: 0, avg_days_waiting: null },
      { step: '5. Review & Activation', clients: 0, avg_days_waiting: null },
    ]);
    expect(rows(figures, 'clients')).toEqual([
      { client: 'Cedar Dental', status: 'in progress', step: 'Document Upload', started: '2026-03-05', completed: null, days: null },
      { client: 'Bayside Bakery', status: 'completed', step: 'Done', started: '2026-03-02', completed: '2026-03-12', days: 10 },
      { client: 'Delta Movers', status: 'in progress', step: 'Document Upload', started: '2026-01-10', completed: null, days: null },
    ]);
  });
});

describe("a report another member generated with clients' figures", () => {
  it('is a 404 to an accountant without the grants, on the page and as a download', async () => {
    const { id } = await generate({ type: 'client_profitability', ...MARCH });
    const accountant = await addMember(t, firm, 'accountant');
    for (const url of [`/api/reports/${id}`, `/api/reports/${id}/download?format=csv`, `/api/reports/${id}/download?format=xlsx`]) {
      const response = await accountant.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Bayside Bakery');
    }
    // Nor is it in their Recent Reports.
    const listed = await accountant.request({ method: 'GET', url: '/api/reports' });
    expect(listed.json<{ id: string }[]>().map((report) => report.id)).not.toContain(id);
    // The owner who generated it still reads it.
    expect((await firm.request({ method: 'GET', url: `/api/reports/${id}` })).statusCode).toBe(200);
  });
});
