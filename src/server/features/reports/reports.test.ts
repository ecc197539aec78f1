import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { Report, ReportFigures, ReportListItem } from '../../../shared/contracts/reports';
import { jobs, reports, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addMember } from '../team/team.fixtures';
import { generateReport, runReportJobs } from './reports.service';
import { INJECTION_NAME, REPORTS_NOW, seedLedger } from './reports.fixtures';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let ledger: Awaited<ReturnType<typeof seedLedger>>;
beforeAll(async () => {
  t = await createTestApp({ now: REPORTS_NOW });
  owner = await signUp(t.app);
  other = await signUp(t.app);
  ledger = await seedLedger(t.deps.db, owner.user.organizationId);
});
afterAll(async () => t.close());

const MARCH = { period: 'custom', from: '2026-03-01', to: '2026-03-31' } as const;

async function generate(user: SignedIn, payload: Record<string, unknown>): Promise<Report & { figures: ReportFigures }> {
  const response = await user.request({ method: 'POST', url: '/api/reports/generate', payload });
  expect(response.statusCode, response.body).toBe(201);
  const report = response.json<Report & { figures: ReportFigures }>();
  expect(report.status).toBe('ready');
  return report;
}

const figure = (figures: ReportFigures, label: string) => figures.summary.find((entry) => entry.label === label)?.value;
const rows = (figures: ReportFigures, key: string) => figures.tables.find((table) => table.key === key)?.rows ?? [];

describe('revenue_summary', () => {
  it('adds up invoiced, collected and outstanding for March against the 31 days before', async () => {
    const { figures, from, to } = await generate(owner, { type: 'revenue_summary', ...MARCH });
    expect([from, to]).toEqual(['2026-03-01', '2026-03-31']);
    // Issued in March, drafts left out: 1,000.00 + 200.00. Collected: 250.00 + 500.00.
    expect(figure(figures, 'Invoiced')).toBe('1200.00');
    expect(figure(figures, 'Collected')).toBe('750.00');
    // Open balances issued by 31 March: 750 + 400 + 200 + 200 + 150.
    expect(figure(figures, 'Outstanding')).toBe('1700.00');
    expect(figure(figures, 'Invoices issued')).toBe(2);
    // The previous 31 days are 29 January to 28 February: invoiced 500.00, collected 40.00 + 60.00.
    expect(figures.previous).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(figure(figures, 'Invoiced, previous period')).toBe('500.00');
    expect(figure(figures, 'Invoiced change')).toBe(140);
    expect(figure(figures, 'Collected, previous period')).toBe('100.00');
    expect(figure(figures, 'Collected change')).toBe(650);
    expect(rows(figures, 'by_month')).toEqual([{ month: 'Mar 2026', invoiced: '1200.00', collected: '750.00' }]);
    expect(rows(figures, 'by_customer')).toEqual([
      { customer: 'Acme Corp', invoices: 1, invoiced: '1000.00', collected: '750.00', outstanding: '1150.00' },
      { customer: 'Globex', invoices: 1, invoiced: '200.00', collected: '0.00', outstanding: '350.00' },
      { customer: INJECTION_NAME, invoices: 0, invoiced: '0.00', collected: '0.00', outstanding: '200.00' },
    ]);
    expect(figures.chart).toEqual({ table: 'by_month', x: 'month', series: ['invoiced', 'collected'], kind: 'bar' });
  });

  it("collects for a month exactly that month's invoice payments on the dashboard, in the organization's time zone", async () => {
    const stats = (await owner.request({ method: 'GET', url: '/api/dashboard/stats' })).json<DashboardStats>();
    const march = await generate(owner, { type: 'revenue_summary', ...MARCH });
    const february = await generate(owner, { type: 'revenue_summary', period: 'custom', from: '2026-02-01', to: '2026-02-28' });
    // The dashboard's trend compares the same days of last month (1 to 18 February).
    const sameDays = await generate(owner, { type: 'revenue_summary', period: 'custom', from: stats.lastMonthFrom, to: stats.lastMonthTo });
    expect([stats.lastMonthFrom, stats.lastMonthTo]).toEqual(['2026-02-01', '2026-02-18']);
    expect(figure(march.figures, 'Collected')).toBe(stats.totalRevenue);
    expect(figure(sameDays.figures, 'Collected')).toBe(stats.lastMonthRevenue);
    // The 60.00 paid at 04:59Z on 1 March belongs to February in New York.
    expect(figure(february.figures, 'Collected')).toBe('100.00');
  });

  it('places a timestamp in the organization\'s day and splits months at their ends', async () => {
    const report = await generate(owner, { type: 'revenue_summary', period: 'custom', from: '2026-02-27T12:00:00Z', to: '2026-03-01T04:59:00Z' });
    expect([report.from, report.to]).toEqual(['2026-02-27', '2026-02-28']);
    const months = await generate(owner, { type: 'revenue_summary', period: 'custom', from: '2026-02-28', to: '2026-03-01' });
    expect(rows(months.figures, 'by_month')).toEqual([
      { month: 'Feb 28, 2026', invoiced: '0.00', collected: '60.00' },
      { month: 'Mar 1, 2026', invoiced: '200.00', collected: '0.00' },
    ]);
  });

  it('narrows to one customer and one status with More Filters, and stores them with the report', async () => {
    const report = await generate(owner, { type: 'revenue_summary', ...MARCH, filters: { customerId: ledger.globex.id, status: 'overdue' } });
    expect(report.filters).toEqual({ customerId: ledger.globex.id, status: 'overdue' });
    // Globex's 200.00 of 1 March, due 10 March, is overdue by 31 March; with its 150.00 overdue since January.
    expect(figure(report.figures, 'Invoiced')).toBe('200.00');
    expect(figure(report.figures, 'Outstanding')).toBe('350.00');
    const sent = await generate(owner, { type: 'revenue_summary', ...MARCH, filters: { customerId: ledger.globex.id, status: 'sent' } });
    expect(figure(sent.figures, 'Outstanding')).toBe('0.00');
    const stored = await owner.request({ method: 'GET', url: `/api/reports/${report.id}` });
    expect(stored.json<Report>().filters).toEqual({ customerId: ledger.globex.id, status: 'overdue' });
  });

  it('reads a sent invoice past due by the period\'s end as overdue, as the invoices list does', async () => {
    // Acme's 1,000.00 invoice (due 1 April, 750.00 open) is sent in March and overdue by 2 April.
    const march = await generate(owner, { type: 'revenue_summary', ...MARCH, filters: { customerId: ledger.acme.id, status: 'overdue' } });
    expect(figure(march.figures, 'Outstanding')).toBe('400.00');
    const april = await generate(owner, { type: 'revenue_summary', period: 'custom', from: '2026-03-01', to: '2026-04-02', filters: { customerId: ledger.acme.id, status: 'overdue' } });
    expect(figure(april.figures, 'Outstanding')).toBe('1150.00');
    expect(figure(april.figures, 'Invoiced')).toBe('1000.00');
  });
});

describe('invoice_aging', () => {
  it("buckets today's open balances by days past due, and its total is the dashboard's outstanding invoices", async () => {
    const report = await generate(owner, { type: 'invoice_aging' });
    expect(report.period).toBe('last_30_days');
    expect([report.from, report.to]).toEqual(['2026-02-17', '2026-03-18']);
    const stats = (await owner.request({ method: 'GET', url: '/api/dashboard/stats' })).json<DashboardStats>();
    expect(figure(report.figures, 'Total outstanding')).toBe(stats.outstandingInvoices);
    expect(rows(report.figures, 'buckets')).toEqual([
      { bucket: 'Current', amount: '750.00' },
      { bucket: '1-30 days', amount: '200.00' },
      { bucket: '31-60 days', amount: '400.00' },
      { bucket: '61-90 days', amount: '150.00' },
      { bucket: '90+ days', amount: '200.00' },
    ]);
    expect(figure(report.figures, 'Total outstanding')).toBe('1700.00');
    expect(figure(report.figures, 'Open invoices')).toBe(5);
    expect(rows(report.figures, 'by_customer')).toEqual([
      { customer: 'Acme Corp', current: '750.00', days_1_30: '0.00', days_31_60: '400.00', days_61_90: '0.00', days_90_plus: '0.00', total: '1150.00' },
      { customer: 'Globex', current: '0.00', days_1_30: '200.00', days_31_60: '0.00', days_61_90: '150.00', days_90_plus: '0.00', total: '350.00' },
      { customer: INJECTION_NAME, current: '0.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '0.00', days_90_plus: '200.00', total: '200.00' },
    ]);
  });

  it("ages as of the period's end date, leaving out invoices issued after it", async () => {
    const report = await generate(owner, { type: 'invoice_aging', period: 'custom', from: '2026-02-01', to: '2026-02-28' });
    expect(rows(report.figures, 'buckets').map((row) => row.amount)).toEqual(['0.00', '400.00', '150.00', '200.00', '0.00']);
    expect(figure(report.figures, 'Total outstanding')).toBe('750.00');
  });
});

describe('vendor_spending', () => {
  it("adds up the bills' totals per vendor against the previous period", async () => {
    const { figures } = await generate(owner, { type: 'vendor_spending', ...MARCH });
    // The bills dated in March: 120.00 + 80.00 + 1,500.00; the previous 31 days hold 1,500.00.
    expect(figure(figures, 'Total spend')).toBe('1700.00');
    expect(figure(figures, 'Bills')).toBe(3);
    expect(figure(figures, 'Spend, previous period')).toBe('1500.00');
    expect(figure(figures, 'Change')).toBe(13.3);
    expect(rows(figures, 'by_vendor')).toEqual([
      { vendor: 'Office Rent LLC', bills: 1, total: '1500.00', previous_total: '1500.00', change: 0, share: 88.2 },
      { vendor: 'Paper Supply Co', bills: 2, total: '200.00', previous_total: '0.00', change: null, share: 11.8 },
    ]);
    expect(rows(figures, 'by_status')).toEqual([
      { status: 'scheduled', bills: 1, total: '1500.00' },
      { status: 'paid', bills: 1, total: '120.00' },
      // Received, due 15 March: overdue by the period's end, as the bills list shows it.
      { status: 'overdue', bills: 1, total: '80.00' },
    ]);
    expect(rows(figures, 'by_month')).toEqual([{ month: 'Mar 2026', total: '1700.00' }]);
  });

  it('filters by vendor and by status', async () => {
    const byVendor = await generate(owner, { type: 'vendor_spending', ...MARCH, filters: { vendorId: ledger.rent.id } });
    expect(figure(byVendor.figures, 'Total spend')).toBe('1500.00');
    const paid = await generate(owner, { type: 'vendor_spending', ...MARCH, filters: { status: 'paid' } });
    expect(figure(paid.figures, 'Total spend')).toBe('120.00');
    const overdue = await generate(owner, { type: 'vendor_spending', ...MARCH, filters: { status: 'overdue' } });
    expect(figure(overdue.figures, 'Total spend')).toBe('80.00');
    // On 15 March, its due day, the same bill was still received.
    const early = await generate(owner, { type: 'vendor_spending', period: 'custom', from: '2026-03-01', to: '2026-03-15', filters: { status: 'received' } });
    expect(figure(early.figures, 'Total spend')).toBe('80.00');
  });
});

describe('payment_trends', () => {
  it('counts money in and out per week and method, with the average days to collect and to pay', async () => {
    const { figures } = await generate(owner, { type: 'payment_trends', ...MARCH });
    expect(figure(figures, 'Money in')).toBe('750.00');
    expect(figure(figures, 'Money out')).toBe('120.00');
    expect(figure(figures, 'Payments received')).toBe(2);
    expect(figure(figures, 'Payments made')).toBe(1);
    // 2 March to 10 March and 25 February to 5 March: 8 days each; the bill of 3 March paid on 12 March: 9.
    expect(figure(figures, 'Average days to collect')).toBe(8);
    expect(figure(figures, 'Average days to pay')).toBe(9);
    const weeks = rows(figures, 'over_time');
    // Weeks start on Monday: the week of 23 February holds 1 March only, the week of 30 March 30 and 31 March.
    expect(weeks.map((row) => row.period)).toEqual(['Mar 1, 2026', 'Mar 2–8, 2026', 'Mar 9–15, 2026', 'Mar 16–22, 2026', 'Mar 23–29, 2026', 'Mar 30–31, 2026']);
    expect(weeks.find((row) => row.period === 'Mar 2–8, 2026')).toEqual({ period: 'Mar 2–8, 2026', money_in: '500.00', money_out: '0.00' });
    expect(weeks.find((row) => row.period === 'Mar 9–15, 2026')).toEqual({ period: 'Mar 9–15, 2026', money_in: '250.00', money_out: '120.00' });
    expect(rows(figures, 'by_method')).toEqual([
      { method: 'CARD', count: 1, money_in: '500.00', money_out: '0.00' },
      { method: 'ACH', count: 2, money_in: '250.00', money_out: '120.00' },
    ]);
  });

  it('groups by month beyond 90 days', async () => {
    const { figures } = await generate(owner, { type: 'payment_trends', period: 'custom', from: '2026-01-01', to: '2026-04-30' });
    expect(rows(figures, 'over_time')).toEqual([
      { period: 'Jan 2026', money_in: '0.00', money_out: '0.00' },
      { period: 'Feb 2026', money_in: '100.00', money_out: '0.00' },
      { period: 'Mar 2026', money_in: '750.00', money_out: '120.00' },
      { period: 'Apr 2026', money_in: '0.00', money_out: '0.00' },
    ]);
  });
});

describe('client_profitability and client_onboarding for a business', () => {
  it('ranks customers by revenue with collected, days to pay and open balance', async () => {
    const { figures } = await generate(owner, { type: 'client_profitability', ...MARCH });
    expect(rows(figures, 'ranking')).toEqual([
      { rank: 1, customer: 'Acme Corp', invoiced: '1000.00', collected: '750.00', days_to_pay: 8, open_balance: '1150.00' },
      { rank: 2, customer: 'Globex', invoiced: '200.00', collected: '0.00', days_to_pay: null, open_balance: '350.00' },
      { rank: 3, customer: INJECTION_NAME, invoiced: '0.00', collected: '0.00', days_to_pay: null, open_balance: '200.00' },
    ]);
    expect(figure(figures, 'Revenue invoiced')).toBe('1200.00');
    expect(figure(figures, 'Revenue collected')).toBe('750.00');
  });

  it('has no onboarding without clients', async () => {
    const { figures } = await generate(owner, { type: 'client_onboarding' });
    expect(figures.summary.map((entry) => entry.value)).toEqual([0, 0, 0, null]);
    expect(rows(figures, 'clients')).toEqual([]);
  });
});

describe('Recent Reports and one report', () => {
  it('lists the organization\'s reports newest first, paginated, without figures, with who generated each', async () => {
    const fresh = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const member = await addMember(t, fresh, 'admin');
    const first = await generate(fresh, { type: 'invoice_aging' });
    t.clock.advance(1000);
    const second = await generate(member, { type: 'vendor_spending', period: 'last_7_days' });
    t.clock.advance(1000);
    const third = await generate(fresh, { type: 'payment_trends' });
    const response = await fresh.request({ method: 'GET', url: '/api/reports?limit=1&offset=1' });
    expect(response.headers['x-total-count']).toBe('3');
    const [only] = response.json<ReportListItem[]>();
    expect(only).toMatchObject({ id: second.id, type: 'vendor_spending', name: 'Vendor Spending', category: 'vendor', status: 'ready', period: 'last_7_days', generatedBy: 'Mia Member' });
    expect(only && 'figures' in only).toBe(false);
    const rest = await fresh.request({ method: 'GET', url: '/api/reports?limit=5&offset=0' });
    expect(rest.json<ReportListItem[]>().map((report) => [report.id, report.generatedBy])).toEqual([
      [third.id, 'Grace Hopper'],
      [second.id, 'Mia Member'],
      [first.id, 'Grace Hopper'],
    ]);
    // Without a name, the username; a report whose generator is gone (no user id) has none.
    await t.deps.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, member.user.id));
    await t.deps.db.update(reports).set({ userId: null }).where(eq(reports.id, third.id));
    const named = await fresh.request({ method: 'GET', url: '/api/reports?limit=2' });
    expect(named.json<ReportListItem[]>().map((report) => [report.id, report.generatedBy])).toEqual([
      [third.id, null],
      [second.id, member.user.username],
    ]);
  });

  it("hides another organization's report behind a 404", async () => {
    const report = await generate(owner, { type: 'invoice_aging' });
    expect((await other.request({ method: 'GET', url: `/api/reports/${report.id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=csv` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/reports' })).json()).toEqual([]);
    expect((await owner.request({ method: 'GET', url: '/api/reports/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const refuse = async (payload: Record<string, unknown>, status: number, field?: string) => {
    const response = await owner.request({ method: 'POST', url: '/api/reports/generate', payload });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ message: string; code: string; fields?: Record<string, string> }>();
    expect(body.message).toBeTruthy();
    if (field) expect(body.fields?.[field]).toBeTruthy();
    return body;
  };

  it('refuses an unknown type or period', async () => {
    expect((await refuse({ type: 'profit_and_loss' }, 400, 'type')).fields?.type).toBe('Unknown report type');
    expect((await refuse({ type: 'invoice_aging', period: 'last_week' }, 400, 'period')).fields?.period).toBe('Unknown period');
  });

  it('refuses a custom range without dates, in the wrong order or over five years', async () => {
    await refuse({ type: 'invoice_aging', period: 'custom', to: '2026-03-01' }, 400, 'from');
    expect((await refuse({ type: 'invoice_aging', period: 'custom', from: '2026-03-02', to: '2026-03-01' }, 400, 'to')).fields?.to).toBe('To must be on or after From');
    expect((await refuse({ type: 'invoice_aging', period: 'custom', from: '2021-01-01', to: '2026-03-01' }, 400, 'to')).fields?.to).toBe('A report covers at most 5 years');
    // 03:00Z on 2 March is still 1 March in New York: To falls before From once both are the organization's days.
    await refuse({ type: 'invoice_aging', period: 'custom', from: '2026-03-02T12:00:00Z', to: '2026-03-02T03:00:00Z' }, 400, 'to');
    await refuse({ type: 'invoice_aging', period: 'custom', from: 'yesterday', to: '2026-03-01' }, 400, 'from');
  });

  it("answers 404 for another organization's customer or vendor, and 400 for a filter the report does not read", async () => {
    const foreign = await seedLedger(t.deps.db, other.user.organizationId);
    expect((await refuse({ type: 'revenue_summary', filters: { customerId: foreign.acme.id } }, 404)).message).toBe('Customer not found');
    expect((await refuse({ type: 'vendor_spending', filters: { vendorId: foreign.rent.id } }, 404)).message).toBe('Vendor not found');
    await refuse({ type: 'revenue_summary', filters: { vendorId: ledger.rent.id } }, 400, 'filters.vendorId');
    await refuse({ type: 'revenue_summary', filters: { customerId: 'abc' } }, 400, 'filters.customerId');
  });
});

describe('large reports in the job queue', () => {
  it('answers generating, then the job stores the figures once, even if the job is taken again', async () => {
    const queued = await generateReport(t.deps, { organizationId: owner.user.organizationId, userId: owner.user.id, role: 'owner' }, { type: 'invoice_aging', period: 'last_30_days', from: undefined, to: undefined, filters: {} }, { inlineRowLimit: 2 });
    expect(queued.status).toBe('generating');
    const pending = (await owner.request({ method: 'GET', url: `/api/reports/${queued.id}` })).json<Report>();
    expect(pending).toMatchObject({ status: 'generating', figures: null });
    expect((await owner.request({ method: 'GET', url: `/api/reports/${queued.id}/download?format=pdf` })).statusCode).toBe(409);

    expect(await runReportJobs(t.deps)).toBe(1);
    const ready = (await owner.request({ method: 'GET', url: `/api/reports/${queued.id}` })).json<Report & { figures: ReportFigures }>();
    expect(ready.status).toBe('ready');
    expect(figure(ready.figures, 'Total outstanding')).toBe('1700.00');

    // A worker that died after finishing leaves its job to be taken again: the report is not written twice.
    await t.deps.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.kind, 'report.generate'));
    t.clock.advance(60_000);
    expect(await runReportJobs(t.deps)).toBe(1);
    const [row] = await t.deps.db.select().from(reports).where(eq(reports.id, queued.id));
    expect(row?.completedAt?.toISOString()).toBe(ready.completedAt);
  });
});

describe('a custom period in year 1', () => {
  it('is refused with a 400 on generate and on Export All, never a 500 or a failed report', async () => {
    const period = { period: 'custom', from: '0001-01-01', to: '0001-01-31' } as const;
    const generated = await owner.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'revenue_summary', ...period } });
    expect(generated.statusCode, generated.body).toBe(400);
    expect(generated.json()).toMatchObject({ code: 'VALIDATION', fields: { from: expect.any(String) } });
    const exported = await owner.request({ method: 'GET', url: `/api/reports/export-all?period=custom&from=${period.from}&to=${period.to}` });
    expect(exported.statusCode, exported.body).toBe(400);
    expect(exported.json()).toMatchObject({ code: 'VALIDATION', fields: { from: expect.any(String) } });
  });
});
