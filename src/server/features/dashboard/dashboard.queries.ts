import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstRowOf, namedFields, preparedOnce } from '../../db/prepared';

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
  last_month_from: string;
  last_month_to: string;
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

/** The figures, named as StatsRow, over dashboardStatsFrom's subqueries. */
const statsFields = {
  total_revenue: sql<string>`p.revenue::text`,
  last_month_revenue: sql<string>`p.last_revenue::text`,
  last_month_from: sql<string>`b.last_month_day::text`,
  last_month_to: sql<string>`b.last_month_same_day::text`,
  outstanding_invoices: sql<string>`i.outstanding::text`,
  invoices_pending: sql<number>`i.pending`,
  bills_to_pay: sql<string>`bl.to_pay::text`,
  bills_due_this_week: sql<number>`bl.due_this_week`,
  processed_payments: sql<number>`p.processed`,
  processed_amount: sql<string>`p.processed_amount::text`,
  active_workflows: sql<number>`w.active`,
  active_recurring_schedules: sql<number>`ri.active`,
  recurring_invoices_this_month: sql<number>`rg.generated`,
  reminders_sent_this_month: sql<number>`rm.sent`,
} satisfies Record<keyof StatsRow, SQL>;

/** Every dashboard figure in one statement of SQL aggregates, scoped by organization: one round trip. */
export async function selectDashboardStats(db: Database, organizationId: string, now: Date): Promise<StatsRow | null> {
  const row = await firstRowOf(db, dashboardStatsPrepared(db), 'dashboard_stats', { organizationId, now: now.toISOString() });
  return (row as StatsRow | undefined) ?? null;
}

/** Prepared once per database (issue 15: planning the statement took longer than running it). */
const dashboardStatsPrepared = preparedOnce((db) =>
  db
    .select(namedFields(statsFields))
    .from(dashboardStatsFrom(sql.placeholder('organizationId'), sql.placeholder('now')))
    .prepare('dashboard_stats'),
);

/** The statement with values, for EXPLAIN in bench/. */
export function dashboardStatsStatement(organizationId: string, now: Date): SQL {
  const fields = Object.entries(statsFields).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
  return sql`select ${sql.join(fields, sql`, `)} from ${dashboardStatsFrom(organizationId, now.toISOString())}`;
}


/**
 * The figures' FROM: the calendar bounds in the organization's time zone (as selectCalendarBounds
 * gives them) as a one-row table `b`, and each aggregate a LATERAL subquery comparing with b's
 * values, known before its scan (index conditions, as with constants). No row for an organization
 * that does not exist. Payments and open invoices come from the summary tables
 * (schema/summaries.ts), whose cost grows with the days, not with the rows.
 */
function dashboardStatsFrom(organizationId: string | Placeholder, now: string | Placeholder): SQL {
  const org = sql`${organizationId}::uuid`;
  return sql`(
      select
        date_trunc('month', l.local) at time zone o.time_zone as month_start,
        (date_trunc('month', l.local) + interval '1 month') at time zone o.time_zone as next_month_start,
        date_trunc('month', l.local)::date as month_day,
        (date_trunc('month', l.local) + interval '1 month')::date as next_month_day,
        (date_trunc('month', l.local) - interval '1 month')::date as last_month_day,
        -- Today's day of the month in last month (its last day when shorter): trends compare the same days.
        (l.local - interval '1 month')::date as last_month_same_day,
        date_trunc('week', l.local)::date as week_start,
        (date_trunc('week', l.local) + interval '6 days')::date as week_end
      from organizations o, lateral (select ${now}::timestamptz at time zone o.time_zone as local) l
      where o.id = ${org}
      offset 0 -- computed once: not pulled up into the scans below (a time-zone conversion per row)
    ) b,
    lateral (
      -- payment_totals: completed payments by the day they were processed where the organization is,
      -- so "processed_at >= the month's first midnight there" is "processed_day >= the month's first day".
      select
        coalesce(sum(amount) filter (where type = 'invoice_payment' and processed_day >= b.month_day), 0) as revenue,
        -- glossary.totalRevenue; last month's is over the same days (1st to today's day of the month).
        coalesce(sum(amount) filter (where type = 'invoice_payment' and processed_day < b.month_day and processed_day <= b.last_month_same_day), 0) as last_revenue,
        coalesce(sum(payment_count) filter (where processed_day >= b.month_day), 0)::int as processed,
        coalesce(sum(amount) filter (where processed_day >= b.month_day), 0) as processed_amount
      from payment_totals
      where organization_id = ${org} and status = 'completed'
        and processed_day >= b.last_month_day and processed_day < b.next_month_day
    ) p,
    lateral (
      select coalesce(sum(total_amount - amount_paid), 0) as outstanding, coalesce(sum(invoice_count), 0)::int as pending
      from invoice_totals where organization_id = ${org} and status in ('sent', 'overdue')
    ) i,
    lateral (
      -- glossary.billsToPay: not paid, and not refused by its approver (a rejected bill is not owed);
      -- each bill's total less the vendor credits applied to it (bill-amount-due.ts).
      select coalesce(sum(total_amount - amount_credited - prepaid_amount), 0) as to_pay,
        (count(*) filter (where due_date between b.week_start and b.week_end))::int as due_this_week
      from bills where organization_id = ${org} and status <> 'paid' and approval_status <> 'rejected'
    ) bl,
    lateral (select count(*)::int as active from approval_workflows where organization_id = ${org} and is_active) w,
    lateral (select count(*)::int as active from recurring_invoices where organization_id = ${org} and status = 'active') ri,
    lateral (
      select count(*)::int as generated from invoices
      where organization_id = ${org} and recurring_invoice_id is not null
        and created_at >= b.month_start and created_at < b.next_month_start
    ) rg,
    lateral (
      select count(*)::int as sent from invoice_reminders
      where organization_id = ${org} and status = 'sent' and sent_at >= b.month_start and sent_at < b.next_month_start
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
