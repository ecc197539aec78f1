import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingStats } from '../../../shared/contracts/portfolio';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { monthlyEquivalent } from '../../../shared/practice-fees';
import { auditLog, clientOnboardingWorkflows, customers, organizations, recurringInvoices } from '../../db/schema';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addMember } from '../team/team.fixtures';
import { statsDays, trendText } from './onboarding-stats';
import { addClient, grantClient, signUpFirm } from './practice.fixtures';

/*
 * The figures of GET /api/onboarding/stats against hand-computed ones. The clock stands at
 * 2026-03-01 03:00 UTC, which in New York (the firm's time zone) is still 2026-02-28 22:00: the
 * firm's month is February. Days below are New York days unless they say UTC.
 */
const NOW = new Date('2026-03-01T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t.close());

interface Seed {
  status: 'pending' | 'in_progress' | 'completed';
  fee: string;
  frequency?: 'monthly' | 'quarterly' | 'annually';
  created: string;
  started?: string;
  activated?: string;
  deactivated?: string;
  relationshipStart?: string;
}

async function seed(firm: SignedIn, name: string, row: Seed): Promise<PracticeClient> {
  const client = await addClient(firm, { businessName: `Client ${name}` });
  await t.deps.db
    .update(customers)
    .set({
      onboardingStatus: row.status,
      monthlyFee: row.fee,
      billingFrequency: row.frequency ?? 'monthly',
      createdAt: new Date(row.created),
      activatedAt: row.activated ? new Date(row.activated) : null,
      deactivatedAt: row.deactivated ? new Date(row.deactivated) : null,
      isActive: !row.deactivated,
      relationshipStartDate: row.relationshipStart ?? null,
    })
    .where(eq(customers.id, client.id));
  await t.deps.db
    .update(clientOnboardingWorkflows)
    .set({ status: row.status, startedAt: row.started ? new Date(row.started) : null })
    .where(eq(clientOnboardingWorkflows.customerId, client.id));
  await keepFeeScheduleSince(firm, client, new Date(row.created), row.deactivated ? new Date(row.deactivated) : null);
  return client;
}

/**
 * Brings the client's fee schedule in step with its seeded fee (as Edit Service Level would) and
 * dates the schedule and its audit history back to the client's creation (a pause to its
 * deactivation), as if the firm had billed it since then: Monthly Recurring reads the schedules,
 * and its trend their history.
 */
async function keepFeeScheduleSince(firm: SignedIn, client: PracticeClient, since: Date, paused: Date | null): Promise<void> {
  const db = t.deps.db;
  const organizationId = firm.user.homeOrganizationId;
  await db.transaction((tx) => syncPracticeFeeSchedule(tx, { organizationId, userId: firm.user.id }, client.id, NOW));
  const schedules = await db
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.organizationId, organizationId), eq(recurringInvoices.customerId, client.id)));
  const ids = schedules.map((schedule) => schedule.id);
  if (ids.length === 0) return;
  await db.update(recurringInvoices).set({ createdAt: since }).where(inArray(recurringInvoices.id, ids));
  const history = and(eq(auditLog.entityType, 'recurring_invoice'), inArray(auditLog.entityId, ids));
  await db.update(auditLog).set({ createdAt: since }).where(and(history, inArray(auditLog.action, ['recurring_invoice.created', 'recurring_invoice.updated'])));
  await db.update(auditLog).set({ createdAt: paused ?? since }).where(and(history, eq(auditLog.action, 'recurring_invoice.paused')));
}

const stats = async (member: SignedIn) => {
  const response = await member.request({ method: 'GET', url: '/api/onboarding/stats' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OnboardingStats>();
};

describe('statsDays and trendText', () => {
  it("takes the firm's calendar: at 03:00 UTC on March 1 New York is still in February", () => {
    expect(statsDays(NOW, 'America/New_York')).toEqual({
      today: '2026-02-28',
      monthStart: '2026-02-01',
      previousMonthStart: '2026-01-01',
      previousMonthEnd: '2026-01-31',
      previousMonthSameDay: '2026-01-28',
      last30Start: '2026-01-30',
      previous30Start: '2025-12-31',
      yearAgo: '2025-02-28',
    });
    expect(statsDays(NOW, 'UTC')).toMatchObject({ today: '2026-03-01', monthStart: '2026-03-01', previousMonthStart: '2026-02-01', yearAgo: '2025-03-01' });
  });

  it('writes the change in whole percent, or null without an earlier figure', () => {
    expect(trendText(9, 5, 'this month')).toBe('+80% this month');
    expect(trendText(1, 2, 'vs last month')).toBe('-50% vs last month');
    expect(trendText(4, 4, 'vs last month')).toBe('0% vs last month');
    expect(trendText(3, 0, 'vs last month')).toBeNull();
  });
});

describe('GET /api/onboarding/stats', () => {
  let firm: SignedIn;
  let accountant: SignedIn;
  beforeAll(async () => {
    firm = await signUpFirm(t);
    await t.deps.db.update(organizations).set({ timeZone: 'America/New_York' }).where(eq(organizations.id, firm.user.homeOrganizationId));
    accountant = await addMember(t, firm, 'accountant');
    // Active since 2024 (9 days of onboarding, from its creation).
    const a = await seed(firm, 'A', { status: 'completed', fee: '299.00', created: '2024-06-01T15:00:00Z', activated: '2024-06-10T15:00:00Z' });
    // Active a year ago, deactivated in December: churned. Quarterly: 499.00 less 5% = 474.05 a month.
    await seed(firm, 'B', { status: 'completed', fee: '499.00', frequency: 'quarterly', created: '2024-08-20T15:00:00Z', activated: '2024-09-01T15:00:00Z', deactivated: '2025-12-15T15:00:00Z' });
    // Active since June 2025, annual: 199.00 less 10% = 179.10 a month.
    await seed(firm, 'C', { status: 'completed', fee: '199.00', frequency: 'annually', created: '2025-05-20T15:00:00Z', activated: '2025-06-01T15:00:00Z' });
    // Completed at 02:00 UTC on March 1: February 28 in New York, so this month.
    await seed(firm, 'D', { status: 'completed', fee: '999.00', created: '2026-02-18T15:00:00Z', started: '2026-02-20T15:00:00Z', activated: '2026-03-01T02:00:00Z' });
    // Completed on January 15: last month, and in the 30 days before the last 30.
    await seed(firm, 'E', { status: 'completed', fee: '299.00', created: '2026-01-05T15:00:00Z', started: '2026-01-10T15:00:00Z', activated: '2026-01-15T15:00:00Z' });
    // Completed at 03:00 UTC on February 1: January 31 in New York, so last month, but within the last 30 days.
    await seed(firm, 'L', { status: 'completed', fee: '299.00', created: '2026-01-18T15:00:00Z', started: '2026-01-20T15:00:00Z', activated: '2026-02-01T03:00:00Z' });
    // Completed long ago with no activation time recorded: active from its relationship start.
    await seed(firm, 'K', { status: 'completed', fee: '100.00', created: '2023-12-15T15:00:00Z', relationshipStart: '2024-01-01' });
    // In onboarding for 3 days, and since 02:00 UTC on Feb 28 (Feb 27 in New York: 1 day).
    const f = await seed(firm, 'F', { status: 'in_progress', fee: '299.00', created: '2026-02-24T15:00:00Z', started: '2026-02-25T15:00:00Z' });
    await seed(firm, 'G', { status: 'in_progress', fee: '299.00', created: '2026-02-28T02:00:00Z', started: '2026-02-28T02:00:00Z' });
    await seed(firm, 'H', { status: 'pending', fee: '299.00', created: '2026-02-28T15:00:00Z' });
    // Another firm's client counts nowhere.
    await seed(await signUpFirm(t), 'Elsewhere', { status: 'completed', fee: '999.00', created: '2026-02-01T15:00:00Z', activated: '2026-02-10T15:00:00Z' });
    await grantClient(t, firm, accountant, a);
    await grantClient(t, firm, accountant, f);
  });

  it("computes every figure from the firm's clients on its calendar", async () => {
    expect(await stats(firm)).toEqual({
      asOf: '2026-02-28',
      // Not deactivated: A C D E L K F G H; at the end of January A C E L K existed.
      totalClients: 9,
      totalClientsTrend: '+80% this month',
      // F (3 days) and G (1 day).
      activeOnboarding: 2,
      averageOnboardingDays: 2,
      // A 299 + C 179.10 + D 999 + E 299 + L 299 + K 100; at the end of January without D: 1176.10.
      monthlyRecurring: '2175.10',
      monthlyRecurringTrend: '+85% vs 31 Jan',
      // Active on 2025-02-28: A, B and K; still active: A and K.
      retentionRate: 66.7,
      retentionBase: 3,
      // 2175.10 / 6 = 362.516... -> 362.52 (to the cent); at the end of January 1176.10 / 5 = 235.22.
      averageClientValue: '362.52',
      averageClientValueTrend: '+54% vs 31 Jan',
      // Active since 2026-01-30: D and L; in the 30 days before: E.
      newRevenue30Days: '1298.00',
      newRevenueTrend: '+334% vs previous 30 days',
      activeClients: 6,
      onboardingInProgress: 2,
      // D this month (1-28 Feb); E in the same days of last month (L on 31 Jan is after them).
      completedThisMonth: 1,
      completedThisMonthTrend: '0% vs 1–28 Jan',
      // A 9, B 12, C 12, D 8, E 5, L 11 days (K has no completion day).
      averageOnboardingTime: 9.5,
      revenueFromNewClients: '999.00',
    });
  });

  it('gives an accountant the figures of their granted clients only', async () => {
    expect(await stats(accountant)).toMatchObject({
      totalClients: 2,
      totalClientsTrend: '+100% this month',
      activeOnboarding: 1,
      averageOnboardingDays: 3,
      monthlyRecurring: '299.00',
      monthlyRecurringTrend: '0% vs 31 Jan',
      retentionRate: 100,
      retentionBase: 1,
      averageClientValue: '299.00',
      newRevenue30Days: '0.00',
      newRevenueTrend: null,
      completedThisMonth: 0,
      completedThisMonthTrend: null,
      averageOnboardingTime: 9,
      revenueFromNewClients: '0.00',
    });
  });

  it('moves the month and the days with the time zone: in UTC it is already March', async () => {
    await t.deps.db.update(organizations).set({ timeZone: 'UTC' }).where(eq(organizations.id, firm.user.homeOrganizationId));
    try {
      expect(await stats(firm)).toMatchObject({
        asOf: '2026-03-01',
        // F 4 days, G 1 day.
        averageOnboardingDays: 2.5,
        // D on March 1; L on February 1 (UTC), the same day of last month.
        completedThisMonth: 1,
        completedThisMonthTrend: '0% vs 1 Feb',
        // Active on 2025-03-01: still A, B and K.
        retentionBase: 3,
      });
    } finally {
      await t.deps.db.update(organizations).set({ timeZone: 'America/New_York' }).where(eq(organizations.id, firm.user.homeOrganizationId));
    }
  });

  it('answers zeros and nulls for a firm without clients, and says retention is unknown', async () => {
    expect(await stats(await signUpFirm(t))).toMatchObject({
      totalClients: 0,
      totalClientsTrend: null,
      activeOnboarding: 0,
      averageOnboardingDays: null,
      monthlyRecurring: '0.00',
      monthlyRecurringTrend: null,
      retentionRate: null,
      retentionBase: 0,
      averageClientValue: '0.00',
      newRevenue30Days: '0.00',
      averageOnboardingTime: null,
    });
  });

  it('rounds a half-cent discount the way shared/practice-fees does', async () => {
    const small = await signUpFirm(t);
    await seed(small, 'Tiny', { status: 'completed', fee: '1.10', frequency: 'quarterly', created: '2025-01-01T15:00:00Z', activated: '2025-01-02T15:00:00Z' });
    // 5% of 1.10 is 0.055: 0.06 off, 1.04 a month.
    expect(monthlyEquivalent(110, 'quarterly')).toBe(104);
    expect((await stats(small)).monthlyRecurring).toBe('1.04');
  });
});

describe('Monthly Recurring and its trend (issue 29 items 4 and 7)', () => {
  it('counts only active clients, from their fee schedules, whatever the schedules of pending or deactivated clients say', async () => {
    const firm = await signUpFirm(t);
    await seed(firm, 'Active', { status: 'completed', fee: '499.00', frequency: 'quarterly', created: '2025-01-01T15:00:00Z', activated: '2025-01-02T15:00:00Z' });
    const pending = await seed(firm, 'Pending', { status: 'pending', fee: '299.00', created: '2026-02-20T15:00:00Z' });
    const gone = await seed(firm, 'Gone', { status: 'completed', fee: '999.00', created: '2025-01-01T15:00:00Z', activated: '2025-01-02T15:00:00Z', deactivated: '2026-02-10T15:00:00Z' });
    // Whatever another path left on their schedules, the clients' status decides.
    await t.deps.db.update(recurringInvoices).set({ status: 'active' }).where(inArray(recurringInvoices.customerId, [pending.id, gone.id]));
    const figures = await stats(firm);
    // 499.00 x 3 less 5% = 1,422.15 a quarter: 474.05 a month, to the cent.
    expect(figures.monthlyRecurring).toBe('474.05');
    expect(figures.averageClientValue).toBe('474.05');
    const hub = await firm.request({ method: 'GET', url: '/api/practice/invoice-overview' });
    expect(hub.statusCode, hub.body).toBe(200);
    expect(hub.json<{ totalMonthlyRecurring: string }>().totalMonthlyRecurring).toBe('474.05');
  });

  it('shows a fee raised this month as a rise against the end of last month, computed as it stood then', async () => {
    const firm = await signUpFirm(t);
    await t.deps.db.update(organizations).set({ timeZone: 'America/New_York' }).where(eq(organizations.id, firm.user.homeOrganizationId));
    await seed(firm, 'Steady', { status: 'completed', fee: '1672.15', created: '2025-01-01T15:00:00Z', activated: '2025-01-02T15:00:00Z' });
    const upgraded = await seed(firm, 'Upgraded', { status: 'completed', fee: '199.00', created: '2025-01-01T15:00:00Z', activated: '2025-01-02T15:00:00Z' });
    expect(await stats(firm)).toMatchObject({ monthlyRecurring: '1871.15', monthlyRecurringTrend: '0% vs 31 Jan' });
    // Edit Service Level this month: basic 199.00 to premium 499.00.
    const response = await firm.request({
      method: 'PUT',
      url: `/api/practice/clients/${upgraded.id}/service-level`,
      payload: { serviceLevel: 'premium', monthlyFee: '499.00', billingFrequency: 'monthly' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // 2,171.15 against 1,871.15 at the end of January: +16%, not "0% vs last month".
    expect(await stats(firm)).toMatchObject({
      monthlyRecurring: '2171.15',
      monthlyRecurringTrend: '+16% vs 31 Jan',
      averageClientValue: '1085.58',
      averageClientValueTrend: '+16% vs 31 Jan',
    });
  });
});
