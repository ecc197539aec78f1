import { sql } from 'drizzle-orm';
import { type ReportFigures, rangeDays } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { type ReportScope, bucketLabel, dayEnd, dayStart, money, numberOrNull, selectRows, table } from './report-sql';

/**
 * Completed payments in (invoice payments) and out (bill payments) processed in the period, per
 * week (Monday) for periods up to 90 days and per month beyond, and by method; the average days
 * from an invoice's issue to its payment (to collect) and from a bill's date to its payment (to pay).
 */
export async function paymentTrends(db: Database, scope: ReportScope, currency: string): Promise<ReportFigures> {
  const { organizationId: org, timeZone: tz, from, to } = scope;
  const unit = rangeDays(from, to) <= 90 ? 'week' : 'month';
  const step = sql.raw(`interval '1 ${unit}'`);
  const trunc = sql.raw(`'${unit}'`);
  const inPeriod = sql`p.organization_id = ${org} and p.status = 'completed' and p.processed_at >= ${dayStart(from, tz)} and p.processed_at < ${dayEnd(to, tz)}`;

  const [totals] = await selectRows<{ money_in: string; money_out: string; count_in: number; count_out: number; days_to_collect: string | null; days_to_pay: string | null }>(
    db,
    sql`select coalesce(sum(p.amount) filter (where p.type = 'invoice_payment'), 0)::text as money_in,
        coalesce(sum(p.amount) filter (where p.type = 'bill_payment'), 0)::text as money_out,
        (count(*) filter (where p.type = 'invoice_payment'))::int as count_in,
        (count(*) filter (where p.type = 'bill_payment'))::int as count_out,
        round(avg((p.processed_at at time zone ${tz})::date - i.issue_date) filter (where p.type = 'invoice_payment'), 1)::text as days_to_collect,
        round(avg((p.processed_at at time zone ${tz})::date - b.bill_date) filter (where p.type = 'bill_payment'), 1)::text as days_to_pay
      from payments p
      left join invoices i on p.type = 'invoice_payment' and i.id = p.reference_id and i.organization_id = ${org}
      left join bills b on p.type = 'bill_payment' and b.id = p.reference_id and b.organization_id = ${org}
      where ${inPeriod}`,
  );
  if (!totals) throw new Error('payment trends returned no row');

  const series = await selectRows<{ period: string; money_in: string; money_out: string }>(
    db,
    sql`with s as (
        select generate_series(date_trunc(${trunc}, ${from}::date), date_trunc(${trunc}, ${to}::date), ${step})::date as period
      ), flow as (
        select date_trunc(${trunc}, p.processed_at at time zone ${tz})::date as period,
          sum(p.amount) filter (where p.type = 'invoice_payment') as money_in,
          sum(p.amount) filter (where p.type = 'bill_payment') as money_out
        from payments p where ${inPeriod} group by 1
      )
      select s.period::text, coalesce(flow.money_in, 0)::text as money_in, coalesce(flow.money_out, 0)::text as money_out
      from s left join flow on flow.period = s.period order by s.period`,
  );

  const methods = await selectRows<{ method: string; money_in: string; money_out: string; count: number }>(
    db,
    sql`select p.method, coalesce(sum(p.amount) filter (where p.type = 'invoice_payment'), 0)::text as money_in,
        coalesce(sum(p.amount) filter (where p.type = 'bill_payment'), 0)::text as money_out, count(*)::int as count
      from payments p where ${inPeriod} group by p.method order by sum(p.amount) desc, p.method`,
  );

  return {
    currency,
    summary: [
      { label: 'Money in', kind: 'money', value: money(totals.money_in) },
      { label: 'Money out', kind: 'money', value: money(totals.money_out) },
      { label: 'Payments received', kind: 'number', value: Number(totals.count_in) },
      { label: 'Payments made', kind: 'number', value: Number(totals.count_out) },
      { label: 'Average days to collect', kind: 'days', value: numberOrNull(totals.days_to_collect) },
      { label: 'Average days to pay', kind: 'days', value: numberOrNull(totals.days_to_pay) },
    ],
    tables: [
      table(
        'over_time',
        unit === 'week' ? 'By week' : 'By month',
        [
          { key: 'period', label: unit === 'week' ? 'Week' : 'Month', kind: 'text' },
          { key: 'money_in', label: 'Money in', kind: 'money' },
          { key: 'money_out', label: 'Money out', kind: 'money' },
        ],
        series.map((row) => ({ period: bucketLabel(row.period, unit, from, to), money_in: money(row.money_in), money_out: money(row.money_out) })),
      ),
      table(
        'by_method',
        'By method',
        [
          { key: 'method', label: 'Method', kind: 'text' },
          { key: 'count', label: 'Payments', kind: 'number' },
          { key: 'money_in', label: 'Money in', kind: 'money' },
          { key: 'money_out', label: 'Money out', kind: 'money' },
        ],
        methods.map((row) => ({ method: row.method.toUpperCase(), count: Number(row.count), money_in: money(row.money_in), money_out: money(row.money_out) })),
      ),
    ],
    chart: { table: 'over_time', x: 'period', series: ['money_in', 'money_out'], kind: 'line' },
  };
}
