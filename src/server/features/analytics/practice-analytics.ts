import { sql } from 'drizzle-orm';
import type { AnalyticsPractice } from '../../../shared/contracts/analytics';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { organizationTimeZone } from '../../platform/calendar';
import type { FirmActor } from '../practice/create-client';
import { computeOnboardingStats } from '../practice/onboarding-stats';
import { dayEnd, dayStart, selectRows } from '../reports/report-sql';
import { analyticsPeriod, percent, visibleClientIds } from './analytics-period';

interface TotalsRow {
  revenue: string;
  previous_revenue: string;
  collected: string;
  new_clients: number;
  started: number;
  started_completed: number;
  onboarding_days: string | null;
}

/**
 * GET /api/analytics/practice. Revenue is the firm's own billing of its clients: invoices in the
 * firm's books (not draft or cancelled) to customers that are practice clients the member may
 * see, counted on their issue day; collected is the completed payments on those invoices, on the
 * day they were processed. Active clients, monthly recurring revenue, retention and average client
 * value are the practice dashboard's figures (computeOnboardingStats), so both screens agree.
 */
export async function computePracticeAnalytics(db: Database, actor: FirmActor, now: Date, months: number): Promise<AnalyticsPractice> {
  const tz = await organizationTimeZone(db, actor.firmId);
  const period = analyticsPeriod(now, tz, months);
  const clients = visibleClientIds(actor);
  const billed = sql`i.organization_id = ${actor.firmId} and i.status not in ('draft', 'cancelled') and i.customer_id in ${clients}`;
  const collectedBetween = (start: ReturnType<typeof sql>, end: ReturnType<typeof sql>) =>
    sql`(select coalesce(sum(p.amount), 0) from payments p join invoices i on i.id = p.reference_id
        where ${billed} and p.organization_id = ${actor.firmId} and p.type = 'invoice_payment' and p.status = 'completed'
          and p.processed_at >= ${start} and p.processed_at < ${end})`;
  const dayOf = (column: string) => sql`((${sql.raw(column)} at time zone ${tz})::date)`;
  const startedDay = sql`coalesce(${dayOf('w.started_at')}, ${dayOf('c.created_at')})`;
  const completedDay = sql`coalesce(${dayOf('c.activated_at')}, ${dayOf('w.completed_at')})`;
  const completed = sql`(c.onboarding_status = 'completed' and ${completedDay} is not null)`;

  const [totals] = await selectRows<TotalsRow>(
    db,
    sql`select
        (select coalesce(sum(i.total_amount), 0) from invoices i where ${billed} and i.issue_date between ${period.from}::date and ${period.to}::date)::text as revenue,
        (select coalesce(sum(i.total_amount), 0) from invoices i where ${billed}
          and i.issue_date between ${period.previous.from}::date and ${period.previous.to}::date)::text as previous_revenue,
        ${collectedBetween(dayStart(period.from, tz), dayEnd(period.to, tz))}::text as collected,
        (select count(*) from customers c where c.id in ${clients} and ${dayOf('c.created_at')} >= ${period.monthStart}::date)::int as new_clients,
        (select count(*) from customers c left join client_onboarding_workflows w on w.customer_id = c.id
          where c.id in ${clients} and ${startedDay} between ${period.from}::date and ${period.to}::date)::int as started,
        (select count(*) from customers c left join client_onboarding_workflows w on w.customer_id = c.id
          where c.id in ${clients} and ${startedDay} between ${period.from}::date and ${period.to}::date and ${completed})::int as started_completed,
        (select round(avg(${completedDay} - ${startedDay}), 1) from customers c left join client_onboarding_workflows w on w.customer_id = c.id
          where c.id in ${clients} and ${completed} and ${completedDay} between ${period.from}::date and ${period.to}::date)::text as onboarding_days`,
  );
  if (!totals) throw new Error('aggregate returned no row');

  const byLevel = await selectRows<{ level: string; clients: number }>(
    db,
    sql`select c.service_level as level, count(*)::int as clients from customers c
        where c.id in ${clients} and c.is_active group by 1 order by 1`,
  );
  const byMonth = await selectRows<{ month: string; revenue: string; collected: string }>(
    db,
    sql`select to_char(m.month, 'YYYY-MM') as month,
        (select coalesce(sum(i.total_amount), 0) from invoices i where ${billed}
          and i.issue_date >= m.month and i.issue_date < (m.month + interval '1 month')::date and i.issue_date <= ${period.to}::date)::text as revenue,
        ${collectedBetween(sql`(m.month::timestamp at time zone ${tz})`, sql`(least((m.month + interval '1 month')::date, ${period.to}::date + 1)::timestamp at time zone ${tz})`)}::text as collected
      from (select generate_series(${period.from}::date, ${period.monthStart}::date, interval '1 month')::date as month) m
      order by m.month`,
  );

  const stats = await computeOnboardingStats(db, actor, now);
  const revenue = centsFromDecimal(totals.revenue);
  const previousRevenue = centsFromDecimal(totals.previous_revenue);
  const collected = centsFromDecimal(totals.collected);
  return {
    months,
    period: { from: period.from, to: period.to },
    previousPeriod: period.previous,
    overview: {
      totalRevenue: toDecimal(revenue),
      activeClients: stats.activeClients,
      monthlyRecurringRevenue: stats.monthlyRecurring,
      clientRetentionRate: stats.retentionRate,
      averageClientValue: stats.averageClientValue,
      onboardingConversionRate: percent(totals.started_completed, totals.started),
    },
    revenueMetrics: {
      previousRevenue: toDecimal(previousRevenue),
      growthRate: percent(revenue - previousRevenue, previousRevenue),
      collected: toDecimal(collected),
      collectionRate: percent(collected, revenue),
    },
    clientMetrics: {
      newClientsThisMonth: totals.new_clients,
      clientsByServiceLevel: Object.fromEntries(byLevel.map((row) => [row.level, row.clients])),
      averageOnboardingTime: totals.onboarding_days === null ? null : Number(totals.onboarding_days),
    },
    timeSeriesData: {
      revenueByMonth: byMonth.map((row) => ({ month: row.month, revenue: toDecimal(centsFromDecimal(row.revenue)), collected: toDecimal(centsFromDecimal(row.collected)) })),
    },
  };
}
