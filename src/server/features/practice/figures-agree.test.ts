import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsPractice, IndustryBenchmarks } from '../../../shared/contracts/analytics';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { InvoiceOverview } from '../../../shared/contracts/invoice-hub';
import type { OnboardingStats } from '../../../shared/contracts/portfolio';
import type { PracticeClient } from '../../../shared/contracts/practice';
import type { Report, ReportFigures } from '../../../shared/contracts/reports';
import { glossary } from '../../../shared/glossary';
import { bills, clientOnboardingWorkflows, customers, invoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { insertBill, insertInvoice, insertPayment, insertVendor } from '../payments/test-rows';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';
import { addClient, signUpFirm } from './practice.fixtures';

/*
 * Issue 29 items 4 and 5: every screen, export and report that shows a label answers the same
 * number for the same workspace and period (the definitions are in shared/glossary.ts). The clock
 * stands mid-month, at an hour that is the 18th in every US zone and in UTC.
 */
const NOW = new Date('2026-03-18T15:00:00Z');
let t: TestApp;
let firm: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  firm = await signUpFirm(t);
});
afterAll(async () => t.close());

async function get<T>(url: string): Promise<T> {
  const response = await firm.request({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function report(type: string, from: string, to: string): Promise<ReportFigures> {
  const response = await firm.request({ method: 'POST', url: '/api/reports/generate', payload: { type, period: 'custom', from, to } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Report & { figures: ReportFigures }>().figures;
}

const summary = (figures: ReportFigures, label: string) => figures.summary.find((entry) => entry.label === label)?.value;

/** The Summary sheet of the analytics export, label to value. */
async function exportedSummary(months: number): Promise<Map<string, unknown>> {
  const response = await firm.request({ method: 'GET', url: `/api/analytics/export?months=${months}&format=xlsx` });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Summary');
  const values = new Map<string, unknown>();
  sheet?.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
  return values;
}

/** A client whose onboarding completed in 2025, billed `fee` a month at `frequency` by its fee schedule. */
async function activeClient(name: string, fee: string, frequency: 'monthly' | 'quarterly' | 'annually', deactivated = false): Promise<PracticeClient> {
  const client = await addClient(firm, { businessName: name });
  await t.deps.db
    .update(customers)
    .set({ onboardingStatus: 'completed', monthlyFee: fee, billingFrequency: frequency, activatedAt: new Date('2025-06-01T15:00:00Z'), isActive: !deactivated, deactivatedAt: deactivated ? NOW : null })
    .where(eq(customers.id, client.id));
  await t.deps.db.update(clientOnboardingWorkflows).set({ status: 'completed', startedAt: new Date('2025-05-20T15:00:00Z'), completedAt: new Date('2025-06-01T15:00:00Z') }).where(eq(clientOnboardingWorkflows.customerId, client.id));
  await t.deps.db.transaction((tx) => syncPracticeFeeSchedule(tx, { organizationId: firm.user.homeOrganizationId, userId: firm.user.id }, client.id, NOW));
  return client;
}

/** A client whose onboarding started today (its first step saved through the API). */
async function startedClient(name: string): Promise<PracticeClient> {
  const client = await addClient(firm, { businessName: name });
  const response = await firm.request({
    method: 'PUT',
    url: `/api/practice/clients/${client.id}/onboarding/steps/1`,
    payload: {
      businessInfo: { name, email: client.email, phone: '555-0101', address: '1 Harbor Way', city: 'Portland', state: 'ME', zipCode: '04101', taxId: '12-3456789', businessType: 'llc', industry: 'restaurant' },
      primaryContact: { name: 'Rosa Baker', email: 'rosa@bayside.example', phone: '555-0102', title: 'Owner' },
      complete: true,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

describe('one label, one number, on every screen and export', () => {
  let today: string;
  let monthStart: string;

  beforeAll(async () => {
    const db = t.deps.db;
    const firmId = firm.user.homeOrganizationId;
    const standard = await activeClient('Standard Monthly Co', '299.00', 'monthly');
    // 499.00 x 3 less 5% = 1,422.15 a quarter: 474.05 a month.
    await activeClient('Premium Quarterly Co', '499.00', 'quarterly');
    // Deactivated today: not billed, not counted, whatever its schedule says.
    await activeClient('Closed Books Co', '999.00', 'monthly', true);
    // Added today and never started: not in onboarding, not "Started".
    const pending = await addClient(firm, { businessName: 'Pending Co' });
    await db.update(clientOnboardingWorkflows).set({ createdAt: NOW }).where(eq(clientOnboardingWorkflows.customerId, pending.id));
    await startedClient('Started One Co');
    await startedClient('Started Two Co');
    // Started today, then deactivated: started, but no longer in onboarding.
    const dropped = await startedClient('Dropped Co');
    const status = await firm.request({ method: 'PUT', url: `/api/practice/clients/${dropped.id}/status`, payload: { isActive: false } });
    expect(status.statusCode, status.body).toBe(200);

    // A fee invoice issued on the 10th, 299.00 of it paid on the 17th.
    const invoice = await insertInvoice(db, firmId, { customerId: standard.id, totalCents: 59_800, paidCents: 29_900, status: 'sent' });
    await db.update(invoices).set({ issueDate: '2026-03-10' }).where(eq(invoices.id, invoice.id));
    await insertPayment(db, firmId, { type: 'invoice_payment', referenceId: invoice.id, amountCents: 29_900, processedAt: new Date('2026-03-17T15:00:00Z') });
    // Bills: one to pay, one its approver rejected.
    const vendor = await insertVendor(db, firmId);
    await insertBill(db, firmId, { vendorId: vendor.id, totalCents: 10_000 });
    const rejected = await insertBill(db, firmId, { vendorId: vendor.id, totalCents: 70_000 });
    await db.update(bills).set({ approvalStatus: 'rejected' }).where(eq(bills.id, rejected.id));

    today = (await get<OnboardingStats>('/api/onboarding/stats')).asOf;
    monthStart = `${today.slice(0, 7)}-01`;
  });

  it('Monthly Recurring and Avg Client Value: the practice dashboard, the invoice hub, Analytics and its export', async () => {
    const stats = await get<OnboardingStats>('/api/onboarding/stats');
    const hub = await get<InvoiceOverview>('/api/practice/invoice-overview');
    const analytics = await get<AnalyticsPractice>('/api/analytics/practice?months=12');
    const exported = await exportedSummary(12);
    // 299.00 + 474.05: the active clients only.
    expect(stats.monthlyRecurring).toBe('773.05');
    expect(hub.totalMonthlyRecurring).toBe(stats.monthlyRecurring);
    expect(analytics.overview.monthlyRecurringRevenue).toBe(stats.monthlyRecurring);
    expect(exported.get(glossary.monthlyRecurring.label)).toBe(773.05);
    // 773.05 / 2 = 386.525: 386.53, to the cent.
    expect(stats.averageClientValue).toBe('386.53');
    expect(analytics.overview.averageClientValue).toBe(stats.averageClientValue);
    expect(exported.get(glossary.averageClientValue.label)).toBe(386.53);
    expect(analytics.overview.activeClients).toBe(stats.activeClients);
    expect(exported.get(glossary.activeClients.label)).toBe(2);
  });

  it('Active Onboarding: the practice dashboard, the My Practice badge and the Client Onboarding report', async () => {
    const stats = await get<OnboardingStats>('/api/onboarding/stats');
    const counts = await get<{ clientsInOnboarding: number }>('/api/navigation/counts');
    const onboarding = await report('client_onboarding', monthStart, today);
    expect(stats.activeOnboarding).toBe(2);
    expect(stats.onboardingInProgress).toBe(stats.activeOnboarding);
    expect(counts.clientsInOnboarding).toBe(stats.activeOnboarding);
    expect(summary(onboarding, glossary.onboardingInProgress.label)).toBe(stats.activeOnboarding);
    // The two in onboarding and the one dropped today started; the pending client never did.
    expect(summary(onboarding, glossary.onboardingStarted.label)).toBe(3);
  });

  it("Total Revenue on the dashboard is the Revenue Summary's Collected for this month", async () => {
    const dashboard = await get<DashboardStats>('/api/dashboard/stats');
    const revenue = await report('revenue_summary', monthStart, today);
    expect(dashboard.totalRevenue).toBe('299.00');
    expect(summary(revenue, glossary.collected.label)).toBe(dashboard.totalRevenue);
  });

  it("Analytics' Fees Invoiced is the Revenue Summary's Invoiced for the same days, on the page and in the export", async () => {
    const analytics = await get<AnalyticsPractice>('/api/analytics/practice?months=3');
    const revenue = await report('revenue_summary', analytics.period.from, analytics.period.to);
    expect(analytics.overview.totalRevenue).toBe('598.00');
    expect(summary(revenue, glossary.invoiced.label)).toBe(analytics.overview.totalRevenue);
    expect((await exportedSummary(3)).get(glossary.feesInvoiced.label)).toBe(598);
  });

  it("Outstanding: the dashboard's Outstanding Invoices, the hub's Outstanding Amount and the Revenue Summary's Outstanding on today", async () => {
    const dashboard = await get<DashboardStats>('/api/dashboard/stats');
    const hub = await get<InvoiceOverview>('/api/practice/invoice-overview');
    const revenue = await report('revenue_summary', monthStart, today);
    // 598.00 less the 299.00 paid; the firm invoices only its clients here, so the three agree.
    expect(dashboard.outstandingInvoices).toBe('299.00');
    expect(hub.totalOutstandingAmount).toBe(dashboard.outstandingInvoices);
    expect(summary(revenue, glossary.outstanding.label)).toBe(dashboard.outstandingInvoices);
  });

  it('Bills to Pay and the Bills badge leave out a rejected bill', async () => {
    const dashboard = await get<DashboardStats>('/api/dashboard/stats');
    const counts = await get<{ unpaidBills: number }>('/api/navigation/counts');
    expect(dashboard.billsToPay).toBe('100.00');
    expect(counts.unpaidBills).toBe(1);
  });

  it('Days sales outstanding is the same on every period, on the page and in the export', async () => {
    const dso = async (months: number) =>
      (await get<IndustryBenchmarks>(`/api/analytics/industry-benchmarks?months=${months}`)).performanceComparison.find((row) => row.key === 'days_sales_outstanding')?.userValue;
    // 299.00 open of 598.00 invoiced since the first fee invoice on the 10th: 9 days x 0.5 = 4.5.
    expect(await dso(12)).toBe(4.5);
    expect(await dso(24)).toBe(4.5);
    expect(await dso(3)).toBe(4.5);
  });
});

describe('month rows of a period that starts mid-month', () => {
  it('are labelled by the days they cover, not "2026-02-01"', async () => {
    const revenue = await report('revenue_summary', '2026-02-26', '2026-03-18');
    const months = revenue.tables.find((table) => table.key === 'by_month');
    expect(months?.columns.find((column) => column.key === 'month')?.kind).toBe('text');
    expect(months?.rows.map((row) => row.month)).toEqual(['Feb 26–28, 2026', 'Mar 1–18, 2026']);
  });
});
