import { sql } from 'drizzle-orm';
import type { IndustryBenchmarks } from '../../../shared/contracts/analytics';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { organizationTimeZone } from '../../platform/calendar';
import type { FirmActor } from '../practice/create-client';
import { dayEnd, dayStart, selectRows } from '../reports/report-sql';
import { analyticsPeriod, visibleClientIds } from './analytics-period';

/**
 * The reference table, with each figure's source. The survey figures are from the Atradius
 * Payment Practices Barometer for the USA, June 2020 (a survey of US B2B suppliers;
 * publications.atradius.com/country-reports-2020-usa): an average DSO of 38 days, B2B invoices
 * paid 38 days after invoicing on average, and 4% of the value of B2B credit sales written off as
 * uncollectable. No published survey was found for invoices per client or onboarding time, so
 * those rows are stated norms and say so. They are reference figures, never computed from anyone's
 * data; the page and the export show each row's source.
 */
const ATRADIUS = 'Atradius Payment Practices Barometer, USA, June 2020';
export const BENCHMARK_SOURCE = `${ATRADIUS} (a survey of US B2B suppliers) and stated norms where no survey exists`;
export const INDUSTRY_AVERAGES = {
  days_sales_outstanding: {
    metric: 'Days sales outstanding', unit: 'days', higherIsBetter: false, average: 38,
    source: `${ATRADIUS}: average DSO of US B2B suppliers, 38 days`,
  },
  collection_rate: {
    metric: 'Collection rate', unit: 'percent', higherIsBetter: true, average: 96,
    source: `${ATRADIUS}: 4% of the value of B2B credit sales written off as uncollectable, so 96% collected`,
  },
  days_to_pay_bills: {
    metric: 'Average days to pay bills', unit: 'days', higherIsBetter: false, average: 38,
    source: `${ATRADIUS}: US B2B customers paid their suppliers 38 days after invoicing on average`,
  },
  invoices_per_client: {
    metric: 'Invoices per client per month', unit: 'count', higherIsBetter: true, average: 1,
    source: 'Stated norm, not survey data: a monthly fee billed once a month',
  },
  onboarding_days: {
    metric: 'Onboarding days', unit: 'days', higherIsBetter: false, average: 14,
    source: 'Stated norm, not survey data: two weeks (no published survey of onboarding time was found)',
  },
} as const;

/** Standard normal distribution function (Abramowitz-Stegun 7.1.26, error under 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The percentile of `value` among firms, assuming their figures spread normally around the
 * average with a standard deviation of 30% of it; for a figure where lower is better the scale is
 * turned round (a DSO below the average is above the 50th percentile). Kept within 1..99.
 */
export function percentileOf(value: number, average: number, higherIsBetter: boolean): number {
  const z = (value - average) / (0.3 * average);
  const share = normalCdf(higherIsBetter ? z : -z);
  return Math.min(99, Math.max(1, Math.round(share * 100)));
}

/** Days sales outstanding looks at the sales of this many days up to today. */
const DSO_WINDOW_DAYS = 90;

/**
 * GET /api/analytics/industry-benchmarks, the firm's figures over the period (its clients the
 * member may see):
 * - days sales outstanding (glossary.daysSalesOutstanding) = open receivables from clients today /
 *   fees invoiced in the last 90 days × 90, or × the days since the first fee invoice when fewer: a
 *   point-in-time figure, the same whatever period is chosen (a firm billing for three weeks has
 *   three weeks of sales, not 24 months of them);
 * - collection rate = collected / invoiced in the period, in percent;
 * - average days to pay bills = paid day − bill date over the firm's bills paid in the period;
 * - invoices per client per month = the firm's invoices to clients issued in the period / active
 *   clients / months;
 * - onboarding days = the average days from start to completion of onboardings completed in the period.
 */
export async function computeIndustryBenchmarks(db: Database, actor: FirmActor, now: Date, months: number): Promise<IndustryBenchmarks> {
  const tz = await organizationTimeZone(db, actor.firmId);
  const period = analyticsPeriod(now, tz, months);
  const clients = visibleClientIds(actor);
  const billed = sql`i.organization_id = ${actor.firmId} and i.status not in ('draft', 'cancelled') and i.customer_id in ${clients}`;
  const dayOf = (column: string) => sql`((${sql.raw(column)} at time zone ${tz})::date)`;
  const dsoFrom = sql`(${period.today}::date - ${DSO_WINDOW_DAYS - 1}::int)`;
  const [row] = await selectRows<{
    invoiced: string;
    invoice_count: number;
    open: string;
    dso_invoiced: string;
    dso_days: number | null;
    collected: string;
    bill_days: string | null;
    active_clients: number;
    onboarding_days: string | null;
    period_days: number;
  }>(
    db,
    sql`select
        (select coalesce(sum(i.total_amount), 0) from invoices i where ${billed} and i.issue_date between ${period.from}::date and ${period.to}::date)::text as invoiced,
        (select count(*) from invoices i where ${billed} and i.issue_date between ${period.from}::date and ${period.to}::date)::int as invoice_count,
        (select coalesce(sum(i.total_amount - i.amount_paid), 0) from invoices i where ${billed} and i.status in ('sent', 'overdue'))::text as open,
        (select coalesce(sum(i.total_amount), 0) from invoices i where ${billed} and i.issue_date between ${dsoFrom} and ${period.today}::date)::text as dso_invoiced,
        (${period.today}::date - greatest(${dsoFrom}, (select min(i.issue_date) from invoices i where ${billed})) + 1)::int as dso_days,
        (select coalesce(sum(p.amount), 0) from payments p join invoices i on i.id = p.reference_id where ${billed} and p.organization_id = ${actor.firmId}
          and p.type = 'invoice_payment' and p.status = 'completed' and p.processed_at >= ${dayStart(period.from, tz)} and p.processed_at < ${dayEnd(period.to, tz)})::text as collected,
        (select round(avg(${dayOf('b.paid_at')} - b.bill_date), 1) from bills b where b.organization_id = ${actor.firmId}
          and b.paid_at >= ${dayStart(period.from, tz)} and b.paid_at < ${dayEnd(period.to, tz)})::text as bill_days,
        (select count(*) from customers c where c.id in ${clients} and c.is_active and c.onboarding_status = 'completed')::int as active_clients,
        (select round(avg(coalesce(${dayOf('c.activated_at')}, ${dayOf('w.completed_at')}) - coalesce(${dayOf('w.started_at')}, ${dayOf('c.created_at')})), 1)
          from customers c left join client_onboarding_workflows w on w.customer_id = c.id
          where c.id in ${clients} and c.onboarding_status = 'completed'
            and coalesce(${dayOf('c.activated_at')}, ${dayOf('w.completed_at')}) between ${period.from}::date and ${period.to}::date)::text as onboarding_days,
        (${period.to}::date - ${period.from}::date + 1)::int as period_days`,
  );
  if (!row) throw new Error('aggregate returned no row');
  const invoiced = centsFromDecimal(row.invoiced);
  const dsoInvoiced = centsFromDecimal(row.dso_invoiced);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const values: Record<keyof typeof INDUSTRY_AVERAGES, number | null> = {
    days_sales_outstanding: dsoInvoiced === 0 || row.dso_days === null || row.dso_days <= 0 ? null : round1((centsFromDecimal(row.open) * row.dso_days) / dsoInvoiced),
    collection_rate: invoiced === 0 ? null : round1((centsFromDecimal(row.collected) * 100) / invoiced),
    days_to_pay_bills: row.bill_days === null ? null : Number(row.bill_days),
    invoices_per_client: row.active_clients === 0 ? null : Math.round((row.invoice_count * 100) / row.active_clients / months) / 100,
    onboarding_days: row.onboarding_days === null ? null : Number(row.onboarding_days),
  };
  return {
    months,
    source: BENCHMARK_SOURCE,
    performanceComparison: (Object.keys(INDUSTRY_AVERAGES) as (keyof typeof INDUSTRY_AVERAGES)[]).map((key) => {
      const reference = INDUSTRY_AVERAGES[key];
      const userValue = values[key];
      return {
        key,
        metric: reference.metric,
        unit: reference.unit,
        higherIsBetter: reference.higherIsBetter,
        userValue,
        industryAverage: reference.average,
        source: reference.source,
        percentile: userValue === null ? null : percentileOf(userValue, reference.average, reference.higherIsBetter),
      };
    }),
  };
}
