import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Rows of a raw statement; both drivers answer `{ rows }`. */
async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}

/** Instants as ISO text and days as YYYY-MM-DD, so that the figures' filters compare with constants. */
export interface CalendarBounds {
  tz: string;
  month_start: string;
  next_month_start: string;
  last_month_start: string;
  today: string;
  week_start: string;
  week_end: string;
}

const iso = (expression: SQL) => sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Calendar bounds in the organization's own time zone: this month, last month, today and this
 * (Monday to Sunday) week, as the dashboard's "this month" and "this week" mean them. Worked out
 * once, before the aggregates: computed per row inside them, they cost a time-zone conversion per payment.
 */
export async function selectCalendarBounds(db: Database, organizationId: string, now: Date): Promise<CalendarBounds | null> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone time_zone)`;
  const [row] = await selectRows<CalendarBounds>(
    db,
    sql`select time_zone as tz,
      ${iso(sql`date_trunc('month', ${local}) at time zone time_zone`)} as month_start,
      ${iso(sql`(date_trunc('month', ${local}) + interval '1 month') at time zone time_zone`)} as next_month_start,
      ${iso(sql`(date_trunc('month', ${local}) - interval '1 month') at time zone time_zone`)} as last_month_start,
      ${local}::date::text as today,
      date_trunc('week', ${local})::date::text as week_start,
      (date_trunc('week', ${local}) + interval '6 days')::date::text as week_end
    from organizations where id = ${organizationId}`,
  );
  return row ?? null;
}

export interface StatsRow {
  total_revenue: string;
  last_month_revenue: string;
  outstanding_invoices: string;
  invoices_pending: number;
  bills_to_pay: string;
  bills_due_this_week: number;
  processed_payments: number;
  processed_amount: string;
  active_workflows: number;
  active_recurring_schedules: number;
  recurring_invoices_this_month: number;
  reminders_sent_this_month: number;
}

/**
 * Every dashboard figure in one statement of SQL aggregates, scoped by organization: one round trip,
 * the calendar bounds (as selectCalendarBounds gives them) worked out in the same statement.
 */
export async function selectDashboardStats(db: Database, organizationId: string, now: Date): Promise<StatsRow | null> {
  const [row] = await selectRows<StatsRow>(db, dashboardStatsStatement(organizationId, now));
  return row ?? null;
}

/**
 * The statement itself, exported for EXPLAIN in bench/. Payments and open invoices come from the
 * summary tables (schema/summaries.ts), whose cost grows with the days, not with the rows. The
 * bounds are a one-row CTE read through scalar subqueries, so that each figure's filter compares
 * with a value known before its scan (an index condition), as with constants. No row for an
 * organization that does not exist.
 */
export function dashboardStatsStatement(organizationId: string, now: Date): SQL {
  const bound = (name: string) => sql.raw(`(select ${name} from b)`);
  const monthStart = bound('month_start');
  const nextMonth = bound('next_month_start');
  const monthDay = bound('month_day');
  const nextMonthDay = bound('next_month_day');
  const lastMonthDay = bound('last_month_day');
  return sql`
    with b as (
      select
        date_trunc('month', l.local) at time zone o.time_zone as month_start,
        (date_trunc('month', l.local) + interval '1 month') at time zone o.time_zone as next_month_start,
        date_trunc('month', l.local)::date as month_day,
        (date_trunc('month', l.local) + interval '1 month')::date as next_month_day,
        (date_trunc('month', l.local) - interval '1 month')::date as last_month_day,
        date_trunc('week', l.local)::date as week_start,
        (date_trunc('week', l.local) + interval '6 days')::date as week_end
      from organizations o, lateral (select ${now.toISOString()}::timestamptz at time zone o.time_zone as local) l
      where o.id = ${organizationId}
    )
    select
      p.revenue::text as total_revenue,
      p.last_revenue::text as last_month_revenue,
      i.outstanding::text as outstanding_invoices,
      i.pending as invoices_pending,
      bl.to_pay::text as bills_to_pay,
      bl.due_this_week as bills_due_this_week,
      p.processed as processed_payments,
      p.processed_amount::text as processed_amount,
      w.active as active_workflows,
      ri.active as active_recurring_schedules,
      rg.generated as recurring_invoices_this_month,
      rm.sent as reminders_sent_this_month
    from b, (
      -- payment_totals: completed payments by the day they were processed where the organization is,
      -- so "processed_at >= the month's first midnight there" is "processed_day >= the month's first day".
      select
        coalesce(sum(amount) filter (where type = 'invoice_payment' and processed_day >= ${monthDay}), 0) as revenue,
        coalesce(sum(amount) filter (where type = 'invoice_payment' and processed_day < ${monthDay}), 0) as last_revenue,
        coalesce(sum(payment_count) filter (where processed_day >= ${monthDay}), 0)::int as processed,
        coalesce(sum(amount) filter (where processed_day >= ${monthDay}), 0) as processed_amount
      from payment_totals
      where organization_id = ${organizationId} and status = 'completed'
        and processed_day >= ${lastMonthDay} and processed_day < ${nextMonthDay}
    ) p,
    (
      select coalesce(sum(total_amount - amount_paid), 0) as outstanding, coalesce(sum(invoice_count), 0)::int as pending
      from invoice_totals where organization_id = ${organizationId} and status in ('sent', 'overdue')
    ) i,
    (
      select coalesce(sum(total_amount), 0) as to_pay,
        (count(*) filter (where due_date between ${bound('week_start')} and ${bound('week_end')}))::int as due_this_week
      from bills where organization_id = ${organizationId} and status <> 'paid'
    ) bl,
    (select count(*)::int as active from approval_workflows where organization_id = ${organizationId} and is_active) w,
    (select count(*)::int as active from recurring_invoices where organization_id = ${organizationId} and status = 'active') ri,
    (
      select count(*)::int as generated from invoices
      where organization_id = ${organizationId} and recurring_invoice_id is not null
        and created_at >= ${monthStart} and created_at < ${nextMonth}
    ) rg,
    (
      select count(*)::int as sent from invoice_reminders
      where organization_id = ${organizationId} and status = 'sent' and sent_at >= ${monthStart} and sent_at < ${nextMonth}
    ) rm`;
}

export interface CashFlowRow {
  day: string;
  income: string;
  expense: string;
}

/** Money in and out per day over the last `days` days (today included); days without any are 0. */
export async function selectCashFlow(db: Database, organizationId: string, b: CalendarBounds, days: number): Promise<CashFlowRow[]> {
  const first = sql`(${b.today}::date - ${days - 1}::int)`;
  return selectRows<CashFlowRow>(
    db,
    sql`with flow as (
      select (processed_at at time zone ${b.tz})::date as day,
        sum(amount) filter (where type = 'invoice_payment') as income,
        sum(amount) filter (where type = 'bill_payment') as expense
      from payments
      where organization_id = ${organizationId} and status = 'completed'
        and processed_at >= (${first}::timestamp at time zone ${b.tz})
        and processed_at < ((${b.today}::date + 1)::timestamp at time zone ${b.tz})
      group by 1
    )
    select d.day::date::text as day, coalesce(x.income, 0)::text as income, coalesce(x.expense, 0)::text as expense
    from generate_series(${first}, ${b.today}::date, interval '1 day') as d(day)
    left join flow x on x.day = d.day::date
    order by d.day`,
  );
}
