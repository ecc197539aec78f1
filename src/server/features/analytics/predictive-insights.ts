import { sql } from 'drizzle-orm';
import type { PredictiveInsights } from '../../../shared/contracts/analytics';
import { type ServiceLevel, serviceLevelCatalogue, serviceLevels } from '../../../shared/contracts/practice';
import { type Cents, centsFromDecimal, percentOf, toDecimal } from '../../../shared/money';
import { addDays } from '../../../shared/recurrence';
import type { Database } from '../../db/client';
import { organizationTimeZone } from '../../platform/calendar';
import type { FirmActor } from '../practice/create-client';
import { selectRows } from '../reports/report-sql';
import { customerBalanceSql } from '../credits/customer-balance';
import { analyticsPeriod, visibleClientIds } from './analytics-period';
import { forecastCashFlow } from './cash-flow-forecast';

export const CHURN_TOP = 5;
export const OPPORTUNITIES_TOP = 5;

/** Items of work a month (invoices, bills, documents in the client's workspace) a level is priced for; enterprise has no ceiling. */
export const TYPICAL_MONTHLY_VOLUME: Record<ServiceLevel, number | null> = { basic: 20, standard: 50, premium: 150, enterprise: null };

interface ClientRow {
  id: string;
  name: string;
  service_level: string;
  fee: string;
  billing_frequency: string;
  relationship_days: number;
  late_recent: string | null;
  late_before: string | null;
  volume_recent: number;
  volume_before: number;
  volume_period: number;
  open_balance: string;
  credit_limit: string | null;
  onboarding_status: string;
  onboarding_step: number | null;
  onboarding_idle_days: number | null;
}

interface Factor {
  points: number;
  text: string;
}

/**
 * Churn risk, a score 0..100 that is the sum of these factors (capped at 100), each said in words
 * with its points:
 * - payment lateness getting worse: average days late of the firm's invoices paid in the last 90
 *   days less that of the 90 days before, 1 point a day, at most 30;
 * - falling volume: invoices and documents in the client's workspace in the last 90 days against
 *   the 90 before (when there were at least 4), 30 points × the share lost;
 * - open balance with the firm over the client's credit limit: 20 points;
 * - onboarding stalled: in progress and untouched 14 days or more, 1 point per 2 days, at most 20.
 */
export function churnFactors(row: ClientRow): Factor[] {
  const factors: Factor[] = [];
  if (row.late_recent !== null && row.late_before !== null) {
    const worse = Math.round(Number(row.late_recent) - Number(row.late_before));
    if (worse > 0) {
      const points = Math.min(30, worse);
      factors.push({ points, text: `Pays ${worse} days later than in the 90 days before (+${points})` });
    }
  }
  if (row.volume_before >= 4 && row.volume_recent < row.volume_before) {
    const lost = (row.volume_before - row.volume_recent) / row.volume_before;
    const points = Math.round(30 * lost);
    factors.push({ points, text: `Activity down ${Math.round(lost * 100)}%: ${row.volume_recent} invoices and documents in 90 days, ${row.volume_before} before (+${points})` });
  }
  const open = centsFromDecimal(row.open_balance);
  const limit = row.credit_limit === null ? null : centsFromDecimal(row.credit_limit);
  if (limit !== null && limit > 0 && open > limit) {
    factors.push({ points: 20, text: `Open balance ${toDecimal(open)} is over the credit limit of ${toDecimal(limit)} (+20)` });
  }
  if (row.onboarding_status === 'in_progress' && row.onboarding_idle_days !== null && row.onboarding_idle_days >= 14) {
    const points = Math.min(20, Math.floor(row.onboarding_idle_days / 2));
    factors.push({ points, text: `Onboarding stalled at step ${row.onboarding_step ?? 1} for ${row.onboarding_idle_days} days (+${points})` });
  }
  return factors.sort((a, b) => b.points - a.points);
}

/**
 * GET /api/analytics/predictive-insights. The forecast is of the firm's own books (its
 * receivables, less clients the member may not see, its recurring schedules and its bills); see
 * forecastCashFlow. Churn risk and growth opportunities are per client the member may see.
 *
 * Growth opportunities, the top 5 by potentialValue:
 * - upsell: a client whose monthly volume over the period (invoices, bills and documents in its
 *   workspace) exceeds its level's typical volume: the next level, potentialValue = 12 × (next
 *   level's price − its monthly fee), probability = min(90, 50 × volume / typical);
 * - retention: a client with churn risk 40 or more: potentialValue = 12 × its monthly fee (the fee
 *   at risk), probability = the churn risk score;
 * - cross-sell: an active client billed monthly for at least 6 months with churn risk under 20:
 *   annual billing (10% off), potentialValue = the year paid in advance (12 × fee less 10%),
 *   probability 30.
 */
export async function computePredictiveInsights(db: Database, actor: FirmActor, now: Date, months: number): Promise<PredictiveInsights> {
  const tz = await organizationTimeZone(db, actor.firmId);
  const period = analyticsPeriod(now, tz, months);
  const today = period.today;
  const visible = visibleClientIds(actor);
  const forecast = await forecastCashFlow(
    db,
    {
      organizationId: actor.firmId,
      timeZone: tz,
      customerFilter: sql`i.customer_id not in (select c2.id from customers c2 where c2.organization_id = ${actor.firmId}
        and c2.client_organization_id is not null and c2.id not in ${visible})`,
    },
    today,
    months,
  );

  const d90 = addDays(today, -89);
  const d180 = addDays(today, -179);
  const paidDay = sql`((i.paid_at at time zone ${tz})::date)`;
  const lateBetween = (from: string, to: string) =>
    sql`(select avg(${paidDay} - i.due_date) from invoices i where i.organization_id = ${actor.firmId} and i.customer_id = c.id
      and i.status not in ('draft', 'cancelled') and ${paidDay} between ${from}::date and ${to}::date)::text`;
  const volumeBetween = (from: string, to: string) =>
    sql`((select count(*) from invoices w where w.organization_id = c.client_organization_id and w.status <> 'draft' and w.issue_date between ${from}::date and ${to}::date)
      + (select count(*) from documents d where d.organization_id = c.client_organization_id and ((d.created_at at time zone ${tz})::date) between ${from}::date and ${to}::date))::int`;
  const rows = await selectRows<ClientRow>(
    db,
    sql`select c.id, c.name, c.service_level, coalesce(c.monthly_fee, 0)::text as fee, c.billing_frequency,
        (${today}::date - coalesce(c.relationship_start_date, ((c.created_at at time zone ${tz})::date)))::int as relationship_days,
        ${lateBetween(d90, today)} as late_recent, ${lateBetween(d180, addDays(d90, -1))} as late_before,
        ${volumeBetween(d90, today)} as volume_recent, ${volumeBetween(d180, addDays(d90, -1))} as volume_before,
        (${volumeBetween(period.from, today)} + (select count(*) from bills b where b.organization_id = c.client_organization_id
          and b.bill_date between ${period.from}::date and ${today}::date)::int) as volume_period,
        (${customerBalanceSql(actor.firmId, sql`c.id`)})::text as open_balance,
        c.credit_limit::text as credit_limit, c.onboarding_status, w.current_step as onboarding_step,
        (${today}::date - ((w.updated_at at time zone ${tz})::date))::int as onboarding_idle_days
      from customers c left join client_onboarding_workflows w on w.customer_id = c.id
      where c.id in ${visible} and c.is_active`,
  );

  const scored = rows.map((row) => {
    const factors = churnFactors(row);
    return { row, factors, score: Math.min(100, factors.reduce((sum, factor) => sum + factor.points, 0)) };
  });
  const clientChurnRisk = scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.row.name.localeCompare(b.row.name))
    .slice(0, CHURN_TOP)
    .map((entry) => ({ clientId: entry.row.id, clientName: entry.row.name, riskScore: entry.score, riskFactors: entry.factors.slice(0, 2).map((factor) => factor.text) }));

  const opportunities: (PredictiveInsights['growthOpportunities'][number] & { cents: Cents })[] = [];
  for (const { row, score } of scored) {
    const fee = centsFromDecimal(row.fee);
    const level = row.service_level as ServiceLevel;
    const typical = TYPICAL_MONTHLY_VOLUME[level] ?? null;
    const next = serviceLevels[serviceLevels.indexOf(level) + 1];
    const volume = row.volume_period / months;
    if (typical !== null && next && volume > typical) {
      const cents = 12 * (serviceLevelCatalogue[next].price - fee);
      if (cents > 0) {
        opportunities.push({
          type: 'upsell',
          clientId: row.id,
          clientName: row.name,
          probability: Math.min(90, Math.round((50 * volume) / typical)),
          opportunity: `Upgrade to ${next}: ${Math.round(volume)} items a month against ${typical} typical for ${level}`,
          potentialValue: toDecimal(cents),
          cents,
        });
      }
    }
    if (score >= 40 && fee > 0) {
      opportunities.push({ type: 'retention', clientId: row.id, clientName: row.name, probability: score, opportunity: `Retention call: churn risk ${score}`, potentialValue: toDecimal(12 * fee), cents: 12 * fee });
    }
    if (score < 20 && row.billing_frequency === 'monthly' && row.relationship_days >= 182 && fee > 0 && row.onboarding_status === 'completed') {
      const cents = 12 * fee - percentOf(12 * fee, 10);
      opportunities.push({ type: 'cross-sell', clientId: row.id, clientName: row.name, probability: 30, opportunity: 'Offer annual billing (10% off), paid in advance', potentialValue: toDecimal(cents), cents });
    }
  }
  const growthOpportunities = opportunities
    .sort((a, b) => b.cents - a.cents || a.clientName.localeCompare(b.clientName))
    .slice(0, OPPORTUNITIES_TOP)
    .map(({ cents: _cents, ...rest }) => rest);

  return {
    months,
    asOf: today,
    cashFlowForecast: forecast.months.map((month, index) => ({
      month: month.from.slice(0, 7),
      from: month.from,
      to: month.to,
      projectedInflow: toDecimal(month.inflow),
      projectedOutflow: toDecimal(month.outflow),
      netCashFlow: toDecimal(month.inflow - month.outflow),
      confidence: forecast.confidence[index] ?? 10,
    })),
    weeklyForecast: forecast.weeks.map((week) => ({
      weekStart: week.from,
      weekEnd: week.to,
      projectedInflow: toDecimal(week.inflow),
      projectedOutflow: toDecimal(week.outflow),
      netCashFlow: toDecimal(week.inflow - week.outflow),
    })),
    basedOnData: { paidInvoices: forecast.paidInvoices, organizationDaysLate: forecast.organizationDaysLate, bucketShares: forecast.bucketShares },
    clientChurnRisk,
    growthOpportunities,
  };
}
