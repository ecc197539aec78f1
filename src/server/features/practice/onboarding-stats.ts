import { addDays, format, parseISO, subMonths } from 'date-fns';
import { type SQL, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OnboardingStats } from '../../../shared/contracts/portfolio';
import { type Cents, centsFromDecimal, shareOfCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { clientOnboardingWorkflows, customers } from '../../db/schema';
import { calendarDay, organizationTimeZone } from '../../platform/calendar';
import type { FirmActor } from './create-client';
import { clientMonthlyRecurringBeforeSql, clientMonthlyRecurringSql } from './monthly-recurring';
import { visibleClients } from './practice.queries';

/** The days the figures compare, on the firm's calendar. */
export interface StatsDays {
  today: string;
  /** First day of this month and of the previous one; the previous month's last day. */
  monthStart: string;
  previousMonthStart: string;
  previousMonthEnd: string;
  /** Today's day of the month in the previous month (its last day when shorter): "the same days of last month" end here. */
  previousMonthSameDay: string;
  /** The last 30 days are [last30Start, today]; the 30 before them [previous30Start, last30Start). */
  last30Start: string;
  previous30Start: string;
  /** Retention looks at the clients active on this day, 12 months before today. */
  yearAgo: string;
}

const shift = (day: string, days: number) => format(addDays(parseISO(day), days), 'yyyy-MM-dd');

export function statsDays(now: Date, timeZone: string): StatsDays {
  const today = calendarDay(now, timeZone);
  const monthStart = `${today.slice(0, 7)}-01`;
  return {
    today,
    monthStart,
    previousMonthStart: format(subMonths(parseISO(monthStart), 1), 'yyyy-MM-dd'),
    previousMonthEnd: shift(monthStart, -1),
    previousMonthSameDay: format(subMonths(parseISO(today), 1), 'yyyy-MM-dd'),
    last30Start: shift(today, -29),
    previous30Start: shift(today, -59),
    yearAgo: format(subMonths(parseISO(today), 12), 'yyyy-MM-dd'),
  };
}

/** "+12% this month", "-3% vs 31 Oct", "0% …"; null when there is no earlier figure to compare with. */
export function trendText(now: number, before: number, period: string): string | null {
  if (before <= 0) return null;
  const percent = Math.round(((now - before) * 100) / before);
  return `${percent > 0 ? '+' : ''}${percent}% ${period}`;
}

/** The SQL condition of glossary.activeOnboarding on a `customers` row: started, not completed, not deactivated. */
export const inOnboardingSql: SQL = sql`(${customers.onboardingStatus} = 'in_progress' and ${customers.isActive})`;

/** "31 Oct", the day a trend compares with. */
const dayLabel = (day: string) => format(parseISO(day), 'd MMM');
/** "1–28 Oct" (days of one month), or "1 Oct" for one day. */
const dayRange = (from: string, to: string) => (from === to ? dayLabel(from) : `${format(parseISO(from), 'd')}–${dayLabel(to)}`);

/**
 * The practice dashboard's figures, one aggregate query over the clients the member may see (an
 * accountant's figures are their clients'). Definitions in shared/glossary.ts, all on the firm's calendar:
 * - a client is active when its onboarding is completed and it is not deactivated; it became
 *   active on the day onboarding completed (activatedAt, else the workflow's completedAt, else the
 *   relationship start day);
 * - glossary.monthlyRecurring: the active clients' active fee schedules per month (monthly-recurring.ts);
 * - glossary.averageClientValue: that over the active clients, to the cent;
 * - glossary.activeOnboarding: inOnboardingSql (the My Practice badge counts the same);
 * - glossary.monthlyRecurringTrend: the end of last month is computed as it stood then (the clients
 *   active then, their schedules' amounts then), so a fee raised this month shows as a rise;
 *   completed this month compares with the same days of last month.
 */
export async function computeOnboardingStats(db: Database, actor: FirmActor, now: Date): Promise<OnboardingStats> {
  const timeZone = await organizationTimeZone(db, actor.firmId);
  const days = statsDays(now, timeZone);
  const day = (column: AnyPgColumn) => sql`((${column} at time zone ${timeZone})::date)`;
  const date = (value: string) => sql`${value}::date`;
  /** The first instant of a day on the firm's calendar. */
  const dayStartInstant = (value: string) => sql`(${value}::date::timestamp at time zone ${timeZone})`;
  const createdDay = day(customers.createdAt);
  const deactivatedDay = day(customers.deactivatedAt);
  const completedDay = sql`coalesce(${day(customers.activatedAt)}, ${day(clientOnboardingWorkflows.completedAt)})`;
  const startedDay = sql`coalesce(${day(clientOnboardingWorkflows.startedAt)}, ${createdDay})`;
  const completed = sql`${customers.onboardingStatus} = 'completed'`;
  const activeFrom = sql`(case when ${completed} then coalesce(${completedDay}, ${customers.relationshipStartDate}, ${createdDay}) end)`;
  const activeNow = sql`(${completed} and ${customers.isActive})`;
  /** Not deactivated before `value` (deactivation is kept as one instant; a reactivation clears it). */
  const notDeactivatedBefore = (value: SQL) => sql`(${deactivatedDay} is null or ${deactivatedDay} >= ${value})`;
  /** Active at the end of the day before `value`. */
  const activeBefore = (value: SQL) => sql`(${activeFrom} < ${value} and ${notDeactivatedBefore(value)})`;
  const feeNow = clientMonthlyRecurringSql(actor.firmId);
  const feeBefore = (dayValue: string) => clientMonthlyRecurringBeforeSql(actor.firmId, dayStartInstant(dayValue));
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const total = (where: SQL, fee: SQL = feeNow) => sql<string>`(coalesce(sum(${fee}) filter (where ${where}), 0))::text`;
  const average = (value: SQL, where: SQL) => sql<string | null>`(round(avg(${value}) filter (where ${where}), 1))::text`;
  const monthStart = date(days.monthStart);
  const inProgress = inOnboardingSql;
  const completedThisMonth = sql`(${completed} and ${completedDay} between ${monthStart} and ${date(days.today)})`;
  const completedLastMonth = sql`(${completed} and ${completedDay} >= ${date(days.previousMonthStart)} and ${completedDay} <= ${date(days.previousMonthSameDay)})`;
  const yearAgo = sql`${date(days.yearAgo)} + 1`;

  const [row] = await db
    .select({
      totalClients: count(sql`${customers.isActive}`),
      totalClientsMonthStart: count(sql`(${createdDay} < ${monthStart} and ${notDeactivatedBefore(monthStart)})`),
      activeClients: count(activeNow),
      activeClientsMonthStart: count(activeBefore(monthStart)),
      inProgress: count(inProgress),
      averageDaysInProgress: average(sql`${date(days.today)} - ${startedDay}`, inProgress),
      monthlyRecurring: total(activeNow),
      monthlyRecurringMonthStart: total(activeBefore(monthStart), feeBefore(days.monthStart)),
      retentionBase: count(activeBefore(yearAgo)),
      retained: count(sql`(${activeBefore(yearAgo)} and ${activeNow})`),
      newRevenue: total(sql`(${activeNow} and ${activeFrom} >= ${date(days.last30Start)})`),
      previousNewRevenue: total(
        sql`(${activeFrom} >= ${date(days.previous30Start)} and ${activeFrom} < ${date(days.last30Start)} and ${notDeactivatedBefore(date(days.last30Start))})`,
        feeBefore(days.last30Start),
      ),
      completedThisMonth: count(completedThisMonth),
      completedLastMonth: count(completedLastMonth),
      averageOnboardingTime: average(sql`${completedDay} - ${startedDay}`, sql`(${completed} and ${completedDay} is not null)`),
      revenueFromNewClients: total(sql`(${completedThisMonth} and ${customers.isActive})`),
    })
    .from(customers)
    .leftJoin(clientOnboardingWorkflows, eq(clientOnboardingWorkflows.customerId, customers.id))
    .where(visibleClients(actor));
  if (!row) throw new Error('aggregate returned no row');

  const cents = (value: string) => centsFromDecimal(value);
  const mrr = cents(row.monthlyRecurring);
  const mrrBefore = cents(row.monthlyRecurringMonthStart);
  // glossary.averageClientValue: to the cent, as money is shown everywhere.
  const averageValue = (sum: Cents, clients: number): Cents => (clients === 0 ? 0 : shareOfCents(sum, 1, clients));
  const averageNow = averageValue(mrr, row.activeClients);
  const averageBefore = averageValue(mrrBefore, row.activeClientsMonthStart);
  const newRevenue = cents(row.newRevenue);
  const number = (value: string | null) => (value === null ? null : Number(value));
  const vsMonthEnd = `vs ${dayLabel(days.previousMonthEnd)}`;
  const sameDaysLastMonth = `vs ${dayRange(days.previousMonthStart, days.previousMonthSameDay)}`;
  return {
    asOf: days.today,
    totalClients: row.totalClients,
    totalClientsTrend: trendText(row.totalClients, row.totalClientsMonthStart, 'this month'),
    activeOnboarding: row.inProgress,
    averageOnboardingDays: number(row.averageDaysInProgress),
    monthlyRecurring: toDecimal(mrr),
    monthlyRecurringTrend: trendText(mrr, mrrBefore, vsMonthEnd),
    retentionRate: row.retentionBase === 0 ? null : Math.round((row.retained * 1000) / row.retentionBase) / 10,
    retentionBase: row.retentionBase,
    averageClientValue: toDecimal(averageNow),
    averageClientValueTrend: trendText(averageNow, averageBefore, vsMonthEnd),
    newRevenue30Days: toDecimal(newRevenue),
    newRevenueTrend: trendText(newRevenue, cents(row.previousNewRevenue), 'vs previous 30 days'),
    activeClients: row.activeClients,
    onboardingInProgress: row.inProgress,
    completedThisMonth: row.completedThisMonth,
    completedThisMonthTrend: trendText(row.completedThisMonth, row.completedLastMonth, sameDaysLastMonth),
    averageOnboardingTime: number(row.averageOnboardingTime),
    revenueFromNewClients: toDecimal(cents(row.revenueFromNewClients)),
  };
}
