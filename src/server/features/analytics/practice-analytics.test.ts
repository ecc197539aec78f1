import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsPractice, IndustryBenchmarks } from '../../../shared/contracts/analytics';
import type { PracticeClient } from '../../../shared/contracts/practice';
import type { OnboardingStats } from '../../../shared/contracts/portfolio';
import { bills, customers, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { overlappingText, pdfTextBoxes } from '../../test/pdf-layout';
import { type SignedIn, signUp } from '../../test/factories';
import { addClient, grantClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';
import { addMember } from '../team/team.fixtures';
import { ANALYTICS_NOW, firmInvoice, invoicePayment, shapeClient } from './analytics.fixtures';

let t: TestApp;
let firm: SignedIn;
const ids: Record<string, string> = {};
const added: Record<string, PracticeClient> = {};
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp({ now: ANALYTICS_NOW });
  firm = await signUpFirm(t);
  const db = t.deps.db;
  const org = firm.user.organizationId;
  for (const name of ['Bayside Bakery', 'Cedar Dental', 'Delta Movers', 'Evergreen Florist']) {
    added[name] = await addClient(firm, { businessName: name });
    ids[name] = added[name].id;
  }
  const [bayside, cedar, delta, evergreen] = ['Bayside Bakery', 'Cedar Dental', 'Delta Movers', 'Evergreen Florist'].map((name) => ids[name] as string) as [string, string, string, string];
  // Bayside: standard, 299.00 a month, onboarding 5 to 15 January (10 days).
  await shapeClient(db, bayside, {
    customer: { serviceLevel: 'standard', monthlyFee: '299.00', billingFrequency: 'monthly', onboardingStatus: 'completed', createdAt: at('2026-01-04T15:00:00Z'), activatedAt: at('2026-01-15T15:00:00Z') },
    workflow: { status: 'completed', startedAt: at('2026-01-05T15:00:00Z'), completedAt: at('2026-01-15T15:00:00Z') },
  });
  // Cedar: premium, 499.00 a month, onboarding 1 December to 1 February (62 days), started before the period.
  await shapeClient(db, cedar, {
    customer: { serviceLevel: 'premium', monthlyFee: '499.00', billingFrequency: 'monthly', onboardingStatus: 'completed', createdAt: at('2025-11-20T15:00:00Z'), activatedAt: at('2026-02-01T15:00:00Z') },
    workflow: { status: 'completed', startedAt: at('2025-12-01T15:00:00Z'), completedAt: at('2026-02-01T15:00:00Z') },
  });
  // Delta: active from 10 January 2025 (so a year ago), deactivated 15 February 2026.
  await shapeClient(db, delta, {
    customer: { serviceLevel: 'enterprise', monthlyFee: '999.00', onboardingStatus: 'completed', createdAt: at('2024-12-15T15:00:00Z'), activatedAt: at('2025-01-10T15:00:00Z'), isActive: false, deactivatedAt: at('2026-02-15T15:00:00Z') },
    workflow: { status: 'completed', startedAt: at('2024-12-20T15:00:00Z'), completedAt: at('2025-01-10T15:00:00Z') },
  });
  // Evergreen: added this month, onboarding started today, not completed.
  await shapeClient(db, evergreen, {
    customer: { serviceLevel: 'standard', onboardingStatus: 'in_progress', createdAt: at('2026-03-16T15:00:00Z') },
    workflow: { status: 'in_progress', startedAt: at('2026-03-16T15:00:00Z'), completedAt: null },
  });

  // The fee schedules follow the clients as shaped (Monthly Recurring reads them).
  for (const id of [bayside, cedar, delta, evergreen]) {
    await db.transaction((tx) => syncPracticeFeeSchedule(tx, { organizationId: org, userId: firm.user.id }, id, ANALYTICS_NOW));
  }

  // The firm's billing. Period (months=3): 1 January to 18 March 2026; previous: 1 October to 18 December 2025.
  const jan = await firmInvoice(db, org, { customerId: bayside, issue: '2026-01-10', cents: 30_000, status: 'paid', paidCents: 30_000 });
  await invoicePayment(db, org, jan.id, 30_000, at('2026-01-20T15:00:00Z'));
  const feb = await firmInvoice(db, org, { customerId: bayside, issue: '2026-02-10', cents: 30_000, paidCents: 15_000 });
  await invoicePayment(db, org, feb.id, 15_000, at('2026-03-01T15:00:00Z'));
  const mar = await firmInvoice(db, org, { customerId: bayside, issue: '2026-03-05', cents: 30_000 });
  // A failed payment collects nothing.
  await invoicePayment(db, org, mar.id, 30_000, at('2026-03-10T15:00:00Z'), 'failed');
  // Previous period: 500.00 issued 10 December, collected 5 January; 200.00 issued 1 November, collected 31 December in New York.
  const dec = await firmInvoice(db, org, { customerId: cedar, issue: '2025-12-10', cents: 50_000, status: 'paid', paidCents: 50_000 });
  await invoicePayment(db, org, dec.id, 50_000, at('2026-01-05T15:00:00Z'));
  const nov = await firmInvoice(db, org, { customerId: cedar, issue: '2025-11-01', cents: 20_000, status: 'paid', paidCents: 20_000 });
  await invoicePayment(db, org, nov.id, 20_000, at('2026-01-01T04:30:00Z'));
  // 20 December: after the previous period's 18 December, before this one.
  await firmInvoice(db, org, { customerId: cedar, issue: '2025-12-20', cents: 10_000 });
  // Never revenue: a draft, a cancelled invoice, and an invoice to a customer that is not a client.
  await firmInvoice(db, org, { customerId: delta, issue: '2026-03-01', cents: 99_900, status: 'draft' });
  await firmInvoice(db, org, { customerId: delta, issue: '2026-02-02', cents: 5_000, status: 'cancelled' });
  const [walkIn] = await db.insert(customers).values({ organizationId: org, name: 'Walk-in', email: 'walkin@example.com' }).returning();
  if (!walkIn) throw new Error('insert failed');
  await firmInvoice(db, org, { customerId: walkIn.id, issue: '2026-02-01', cents: 100_000 });
});
afterAll(async () => t.close());

const ANALYTICS_URLS = ['/api/analytics/practice', '/api/analytics/client-profitability', '/api/analytics/cost-settings', '/api/analytics/predictive-insights', '/api/analytics/industry-benchmarks', '/api/analytics/export?format=pdf'];
const get = (member: SignedIn, query = '') => member.request({ method: 'GET', url: `/api/analytics/practice${query}` });

describe('GET /api/analytics/industry-benchmarks', () => {
  it("sets the firm's figures against the reference table with percentiles", async () => {
    const db = t.deps.db;
    const org = firm.user.organizationId;
    // A bill of the firm's own, dated 1 February and paid 21 February: 20 days.
    const [vendor] = await db.insert(vendors).values({ organizationId: org, name: 'Office Rent', email: 'rent@example.com' }).returning();
    if (!vendor) throw new Error('insert failed');
    await db.insert(bills).values({ organizationId: org, vendorId: vendor.id, billNumber: 'R-1', billDate: '2026-02-01', dueDate: '2026-03-01', status: 'paid', paidAt: at('2026-02-21T15:00:00Z'), subtotal: '900.00', totalAmount: '900.00' });
    const response = await firm.request({ method: 'GET', url: '/api/analytics/industry-benchmarks?months=3' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<IndustryBenchmarks>();
    expect(body.source).toMatch(/^Atradius Payment Practices Barometer, USA, June 2020 .* stated norms/);
    // Every average names its own source; the rows without a survey say they are norms.
    expect(body.performanceComparison.map((row) => row.source.split(':')[0])).toEqual([
      'Atradius Payment Practices Barometer, USA, June 2020',
      'Atradius Payment Practices Barometer, USA, June 2020',
      'Atradius Payment Practices Barometer, USA, June 2020',
      'Stated norm, not survey data',
      'Stated norm, not survey data',
    ]);
    expect(body.performanceComparison.map((row) => [row.key, row.userValue, row.industryAverage, row.percentile])).toEqual([
      // glossary.daysSalesOutstanding, whatever the period: open today 150.00 left of February's,
      // March's 300.00, Cedar's 100.00 = 550.00; invoiced in the last 90 days (19 December to 18
      // March) 300.00 x 3 + 100.00 = 1,000.00: 550 x 90 / 1000 = 49.5.
      // Percentile: z = (49.5 − 38) / 11.4 = 1.009, lower is better: Φ(−1.009) = 0.157.
      ['days_sales_outstanding', 49.5, 38, 16],
      // 950.00 / 900.00; z = 9.6 / 28.8 = 0.333, Φ = 0.631.
      ['collection_rate', 105.6, 96, 63],
      // z = −18 / 11.4 = −1.58, lower is better: Φ(1.58) = 0.943.
      ['days_to_pay_bills', 20, 38, 94],
      // 3 invoices to clients in the period / 2 active clients / 3 months; z = −0.5 / 0.3, Φ(−1.67) = 0.048.
      ['invoices_per_client', 0.5, 1, 5],
      // (10 + 62) / 2, far above 14: kept at the 1st percentile.
      ['onboarding_days', 36, 14, 1],
    ]);
  });
});

describe('GET /api/analytics/export', () => {
  it('writes the four tabs into one XLSX and one PDF', async () => {
    const xlsx = await firm.request({ method: 'GET', url: '/api/analytics/export?months=3&format=xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="Business-Intelligence-Report-2026-01-01-to-2026-03-18.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Summary',
      'Revenue by month',
      'Client profitability',
      expect.stringMatching(/^Industry benchmarks/),
      'Cash-flow forecast',
      'Client churn risk',
      'Growth opportunities',
    ]);
    const summary = new Map<string, ExcelJS.CellValue>();
    workbook.getWorksheet('Summary')?.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
    // glossary.feesInvoiced: the page's and the Revenue Summary's figure, under its one label.
    expect(summary.get('Fees Invoiced')).toBe(900);
    expect(summary.get('Monthly Recurring')).toBe(798);
    expect(summary.get('Total revenue')).toBeUndefined();
    expect(summary.get('Collected')).toBe(950);
    expect(workbook.getWorksheet('Revenue by month')?.getRow(2).values).toEqual([undefined, '2026-01', 300, 800]);
    const pdf = await firm.request({ method: 'GET', url: '/api/analytics/export?months=3&format=pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await firm.request({ method: 'GET', url: '/api/analytics/export?format=csv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ format: 'Format must be pdf or xlsx' });
  });

  it('prints the benchmark sources and the other long texts of the PDF each in its own place', async () => {
    const pdf = await firm.request({ method: 'GET', url: '/api/analytics/export?months=3&format=pdf' });
    expect(pdf.statusCode).toBe(200);
    const { boxes } = await pdfTextBoxes(pdf.rawPayload);
    expect(overlappingText(boxes)).toEqual([]);
    const text = boxes.map((box) => box.text).join(' ').replace(/\s+/g, ' ');
    // Each benchmark's source is printed whole, wrapped in its column.
    const sources = (await firm.request({ method: 'GET', url: '/api/analytics/industry-benchmarks?months=3' })).json<IndustryBenchmarks>().performanceComparison.map((row) => row.source);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(text).toContain(source.replace(/\s+/g, ' '));
  });
});

describe('GET /api/analytics/practice', () => {
  it("computes the firm's revenue, collection, growth, clients and onboarding over the period", async () => {
    const response = await get(firm, '?months=3');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AnalyticsPractice>();
    expect(body.period).toEqual({ from: '2026-01-01', to: '2026-03-18' });
    expect(body.previousPeriod).toEqual({ from: '2025-10-01', to: '2025-12-18' });
    // Bayside 300.00 in each of January, February and March.
    expect(body.overview.totalRevenue).toBe('900.00');
    // Bayside and Cedar have completed onboarding and are active: 299.00 + 499.00; average 399.00.
    expect(body.overview.activeClients).toBe(2);
    expect(body.overview.monthlyRecurringRevenue).toBe('798.00');
    expect(body.overview.averageClientValue).toBe('399.00');
    // Active a year ago (end of 18 March 2025): Delta only, deactivated since: 0 of 1.
    expect(body.overview.clientRetentionRate).toBe(0);
    // Onboardings started in the period: Bayside (completed) and Evergreen (not): 1 of 2.
    expect(body.overview.onboardingConversionRate).toBe(50);
    // Previous period: 500.00 + 200.00; growth (900 − 700) / 700 = 28.57%.
    expect(body.revenueMetrics).toEqual({ previousRevenue: '700.00', growthRate: 28.6, collected: '950.00', collectionRate: 105.6 });
    // Collected: 300.00 (20 Jan) + 150.00 (1 Mar) + 500.00 (5 Jan) = 950.00; the 31 December payment is outside.
    expect(body.clientMetrics).toEqual({
      newClientsThisMonth: 1,
      // Active clients by level; Delta is deactivated.
      clientsByServiceLevel: { premium: 1, standard: 2 },
      // Completed in the period: Bayside 10 days, Cedar 62 days.
      averageOnboardingTime: 36,
    });
    expect(body.timeSeriesData.revenueByMonth).toEqual([
      { month: '2026-01', revenue: '300.00', collected: '800.00' },
      { month: '2026-02', revenue: '300.00', collected: '0.00' },
      { month: '2026-03', revenue: '300.00', collected: '150.00' },
    ]);
  });

  it('agrees with the practice dashboard and defaults to 12 months', async () => {
    const body = (await get(firm)).json<AnalyticsPractice>();
    const stats = (await firm.request({ method: 'GET', url: '/api/onboarding/stats' })).json<OnboardingStats>();
    expect(body.months).toBe(12);
    expect(body.period).toEqual({ from: '2025-04-01', to: '2026-03-18' });
    expect(body.timeSeriesData.revenueByMonth).toHaveLength(12);
    expect(body.timeSeriesData.revenueByMonth[0]?.month).toBe('2025-04');
    // All seeded invoices fall in 12 months: 900.00 + 500.00 + 200.00 + 100.00.
    expect(body.overview.totalRevenue).toBe('1700.00');
    expect(body.revenueMetrics.growthRate).toBeNull();
    expect(body.overview.clientRetentionRate).toBe(stats.retentionRate);
    expect(body.overview.monthlyRecurringRevenue).toBe(stats.monthlyRecurring);
  });

  it('refuses other periods with a 400 naming months', async () => {
    for (const query of ['?months=5', '?months=abc', '?months=']) {
      const response = await get(firm, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { months: 'months must be 3, 6, 12 or 24' } });
    }
  });

  it('shows an accountant only granted clients', async () => {
    const accountant = await addMember(t, firm, 'accountant');
    expect((await get(accountant, '?months=3')).json<AnalyticsPractice>().overview.totalRevenue).toBe('0.00');
    const bayside = added['Bayside Bakery'];
    if (!bayside) throw new Error('no client');
    await grantClient(t, firm, accountant, bayside);
    const body = (await get(accountant, '?months=3')).json<AnalyticsPractice>();
    expect(body.overview.totalRevenue).toBe('900.00');
    expect(body.revenueMetrics.collected).toBe('450.00');
  });

  it('refuses a business and a client member (403)', async () => {
    const business = await signUp(t.app);
    const other = await signUpFirm(t);
    const client = await addClient(other);
    await openWorkspace(other, client.organizationId);
    const clientMember = await addMember(t, other, 'admin');
    expect(clientMember.user.homeOrganizationId).toBe(client.organizationId);
    for (const member of [business, clientMember]) {
      for (const url of ANALYTICS_URLS) expect((await member.request({ method: 'GET', url })).statusCode, url).toBe(403);
      const costs = { documentMinutes: 1, invoiceMinutes: 1, billMinutes: 1, approvalMinutes: 1, exceptionMinutes: 1, hourlyRate: '1' };
      expect((await member.request({ method: 'PUT', url: '/api/analytics/cost-settings', payload: costs })).statusCode).toBe(403);
    }
  });
});

