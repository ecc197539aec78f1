import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Rows of a raw statement; both drivers answer `{ rows }`. */
async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}

/**
 * Calendar bounds in the organization's own time zone: this month, last month, today and this
 * (Monday to Sunday) week, as the dashboard's "this month" and "this week" mean them.
 */
const bounds = (organizationId: string, now: Date) => sql`
  with local as (
    select time_zone as tz, (${now.toISOString()}::timestamptz at time zone time_zone) as t
    from organizations where id = ${organizationId}
  ), bounds as (
    select tz,
      date_trunc('month', t) at time zone tz as month_start,
      (date_trunc('month', t) + interval '1 month') at time zone tz as next_month_start,
      (date_trunc('month', t) - interval '1 month') at time zone tz as last_month_start,
      t::date as today,
      date_trunc('week', t)::date as week_start,
      (date_trunc('week', t) + interval '6 days')::date as week_end
    from local
  )`;

export interface StatsRow {
  total_revenue: string;
  last_month_revenue: string;
  outstanding_invoices: string;
  invoices_pending: number;
  bills_to_pay: string;
  bills_due_this_week: number;
  processed_payments: number;
  processed_amount: string;
  transactions_this_month: number;
  active_workflows: number;
}

/** Every dashboard figure in one statement of SQL aggregates, scoped by organization. */
export async function selectDashboardStats(db: Database, organizationId: string, now: Date): Promise<StatsRow | null> {
  const [row] = await selectRows<StatsRow>(
    db,
    sql`${bounds(organizationId, now)}
    select
      (select coalesce(sum(amount), 0)::text from payments
        where organization_id = ${organizationId} and type = 'invoice_payment' and status = 'completed'
          and processed_at >= b.month_start and processed_at < b.next_month_start) as total_revenue,
      (select coalesce(sum(amount), 0)::text from payments
        where organization_id = ${organizationId} and type = 'invoice_payment' and status = 'completed'
          and processed_at >= b.last_month_start and processed_at < b.month_start) as last_month_revenue,
      i.outstanding::text as outstanding_invoices,
      i.pending as invoices_pending,
      bl.to_pay::text as bills_to_pay,
      bl.due_this_week as bills_due_this_week,
      p.processed as processed_payments,
      p.processed_amount::text as processed_amount,
      p.created as transactions_this_month,
      (select count(*)::int from approval_workflows where organization_id = ${organizationId} and is_active) as active_workflows
    from bounds b
    cross join lateral (
      select coalesce(sum(total_amount - amount_paid), 0) as outstanding, count(*)::int as pending
      from invoices where organization_id = ${organizationId} and status in ('sent', 'overdue')
    ) i
    cross join lateral (
      select coalesce(sum(total_amount), 0) as to_pay,
        (count(*) filter (where due_date between b.week_start and b.week_end))::int as due_this_week
      from bills where organization_id = ${organizationId} and status <> 'paid'
    ) bl
    cross join lateral (
      select
        (count(*) filter (where status = 'completed' and processed_at >= b.month_start and processed_at < b.next_month_start))::int as processed,
        coalesce(sum(amount) filter (where status = 'completed' and processed_at >= b.month_start and processed_at < b.next_month_start), 0) as processed_amount,
        (count(*) filter (where created_at >= b.month_start and created_at < b.next_month_start))::int as created
      from payments
      where organization_id = ${organizationId}
        and (processed_at >= b.month_start or created_at >= b.month_start)
    ) p`,
  );
  return row ?? null;
}

export interface CashFlowRow {
  day: string;
  income: string;
  expense: string;
}

/** Money in and out per day over the last `days` days (today included); days without any are 0. */
export async function selectCashFlow(db: Database, organizationId: string, now: Date, days: number): Promise<CashFlowRow[]> {
  return selectRows<CashFlowRow>(
    db,
    sql`${bounds(organizationId, now)}, flow as (
      select (p.processed_at at time zone b.tz)::date as day,
        sum(p.amount) filter (where p.type = 'invoice_payment') as income,
        sum(p.amount) filter (where p.type = 'bill_payment') as expense
      from payments p, bounds b
      where p.organization_id = ${organizationId} and p.status = 'completed'
        and p.processed_at >= (b.today - ${days - 1}::int)::timestamp at time zone b.tz
        and p.processed_at < (b.today + 1)::timestamp at time zone b.tz
      group by 1
    )
    select d.day::date::text as day, coalesce(x.income, 0)::text as income, coalesce(x.expense, 0)::text as expense
    from bounds b
    cross join lateral generate_series(b.today - ${days - 1}::int, b.today, interval '1 day') as d(day)
    left join flow x on x.day = d.day::date
    order by d.day`,
  );
}
