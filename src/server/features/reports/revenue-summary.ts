import { type SQL, sql } from 'drizzle-orm';
import type { ReportFigures, ReportFilters } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { type ReportScope, bucketLabel, dayEnd, dayStart, money, numberOrNull, percentChangeSql, selectRows, table } from './report-sql';

/**
 * An invoice status as the invoices list shows it, on `asOf`: a sent invoice past due and not
 * fully paid reads overdue (features/invoices, effectiveStatus).
 */
function statusIs(status: string, asOf: string, a: SQL): SQL {
  const pastDue = sql`(${a}.due_date < ${asOf}::date and ${a}.amount_paid < ${a}.total_amount)`;
  if (status === 'overdue') return sql`(${a}.status = 'overdue' or (${a}.status = 'sent' and ${pastDue}))`;
  if (status === 'sent') return sql`(${a}.status = 'sent' and not ${pastDue})`;
  return sql`${a}.status = ${status}`;
}

/**
 * Which invoices the revenue summary reads: issued ones (not draft or cancelled), or those of the
 * chosen status as of the period's end; and one customer's when filtered.
 */
export function invoiceFilter(filters: ReportFilters, asOf: string, alias = 'i'): SQL {
  const a = sql.raw(alias);
  const status = filters.status ? statusIs(filters.status, asOf, a) : sql`${a}.status not in ('draft', 'cancelled')`;
  const customer = filters.customerId ? sql` and ${a}.customer_id = ${filters.customerId}` : sql``;
  return sql`${status}${customer}`;
}

interface Totals {
  invoiced: string;
  previous_invoiced: string;
  invoiced_change: string | null;
  invoice_count: number;
  collected: string;
  previous_collected: string;
  collected_change: string | null;
  outstanding: string;
}

/**
 * Invoiced (issue date in the period), collected (completed invoice payments processed in the
 * period, the organization's days) and outstanding (open balance of sent and overdue invoices
 * issued by the period's end), against the previous period of the same length.
 */
export async function revenueSummary(db: Database, scope: ReportScope, filters: ReportFilters, currency: string): Promise<ReportFigures> {
  const { organizationId: org, timeZone: tz, from, to, previous } = scope;
  const filter = invoiceFilter(filters, to);
  const openFilter = sql`i.status in ('sent', 'overdue')${filters.status ? sql` and ${statusIs(filters.status, to, sql.raw('i'))}` : sql``}${filters.customerId ? sql` and i.customer_id = ${filters.customerId}` : sql``}`;
  const paid = sql`p.organization_id = ${org} and p.type = 'invoice_payment' and p.status = 'completed'`;
  const [totals] = await selectRows<Totals>(
    db,
    sql`with inv as (
        select coalesce(sum(i.total_amount) filter (where i.issue_date between ${from}::date and ${to}::date), 0) as invoiced,
          coalesce(sum(i.total_amount) filter (where i.issue_date between ${previous.from}::date and ${previous.to}::date), 0) as previous_invoiced,
          (count(*) filter (where i.issue_date between ${from}::date and ${to}::date))::int as invoice_count
        from invoices i where i.organization_id = ${org} and ${filter} and i.issue_date between ${previous.from}::date and ${to}::date
      ), col as (
        select coalesce(sum(p.amount) filter (where p.processed_at >= ${dayStart(from, tz)}), 0) as collected,
          coalesce(sum(p.amount) filter (where p.processed_at < ${dayStart(from, tz)}), 0) as previous_collected
        from payments p join invoices i on i.id = p.reference_id and i.organization_id = ${org}
        where ${paid} and ${filter} and p.processed_at >= ${dayStart(previous.from, tz)} and p.processed_at < ${dayEnd(to, tz)}
      ), open as (
        select coalesce(sum(i.total_amount - i.amount_paid), 0) as outstanding
        from invoices i where i.organization_id = ${org} and ${openFilter} and i.issue_date <= ${to}::date
      )
      select inv.invoiced::text, inv.previous_invoiced::text, ${percentChangeSql(sql`inv.invoiced`, sql`inv.previous_invoiced`)}::text as invoiced_change,
        inv.invoice_count, col.collected::text, col.previous_collected::text,
        ${percentChangeSql(sql`col.collected`, sql`col.previous_collected`)}::text as collected_change, open.outstanding::text
      from inv, col, open`,
  );
  if (!totals) throw new Error('revenue summary returned no row');

  const months = await selectRows<{ month: string; invoiced: string; collected: string }>(
    db,
    sql`with m as (
        select generate_series(date_trunc('month', ${from}::date), date_trunc('month', ${to}::date), interval '1 month')::date as month
      ), inv as (
        select date_trunc('month', i.issue_date)::date as month, sum(i.total_amount) as invoiced
        from invoices i where i.organization_id = ${org} and ${filter} and i.issue_date between ${from}::date and ${to}::date group by 1
      ), col as (
        select date_trunc('month', p.processed_at at time zone ${tz})::date as month, sum(p.amount) as collected
        from payments p join invoices i on i.id = p.reference_id and i.organization_id = ${org}
        where ${paid} and ${filter} and p.processed_at >= ${dayStart(from, tz)} and p.processed_at < ${dayEnd(to, tz)} group by 1
      )
      select m.month::text, coalesce(inv.invoiced, 0)::text as invoiced, coalesce(col.collected, 0)::text as collected
      from m left join inv on inv.month = m.month left join col on col.month = m.month order by m.month`,
  );

  const customers = await selectRows<{ name: string; invoiced: string; collected: string; outstanding: string; invoice_count: number }>(
    db,
    sql`with inv as (
        select i.customer_id, sum(i.total_amount) filter (where i.issue_date between ${from}::date and ${to}::date) as invoiced,
          (count(*) filter (where i.issue_date between ${from}::date and ${to}::date))::int as invoice_count
        from invoices i where i.organization_id = ${org} and ${filter} and i.issue_date between ${from}::date and ${to}::date group by 1
      ), open as (
        select i.customer_id, sum(i.total_amount - i.amount_paid) as outstanding
        from invoices i where i.organization_id = ${org} and ${openFilter} and i.issue_date <= ${to}::date group by 1
      ), col as (
        select i.customer_id, sum(p.amount) as collected
        from payments p join invoices i on i.id = p.reference_id and i.organization_id = ${org}
        where ${paid} and ${filter} and p.processed_at >= ${dayStart(from, tz)} and p.processed_at < ${dayEnd(to, tz)} group by 1
      )
      select c.name, coalesce(inv.invoiced, 0)::text as invoiced, coalesce(col.collected, 0)::text as collected,
        coalesce(open.outstanding, 0)::text as outstanding, coalesce(inv.invoice_count, 0) as invoice_count
      from customers c left join inv on inv.customer_id = c.id left join col on col.customer_id = c.id left join open on open.customer_id = c.id
      where c.organization_id = ${org} and (inv.customer_id is not null or col.customer_id is not null or open.customer_id is not null)
      order by coalesce(inv.invoiced, 0) desc, coalesce(col.collected, 0) desc, c.name`,
  );

  return {
    currency,
    previous,
    summary: [
      { label: 'Invoiced', kind: 'money', value: money(totals.invoiced) },
      { label: 'Collected', kind: 'money', value: money(totals.collected) },
      { label: 'Outstanding', kind: 'money', value: money(totals.outstanding) },
      { label: 'Invoices issued', kind: 'number', value: totals.invoice_count },
      { label: 'Invoiced, previous period', kind: 'money', value: money(totals.previous_invoiced) },
      { label: 'Invoiced change', kind: 'percent', value: numberOrNull(totals.invoiced_change) },
      { label: 'Collected, previous period', kind: 'money', value: money(totals.previous_collected) },
      { label: 'Collected change', kind: 'percent', value: numberOrNull(totals.collected_change) },
    ],
    tables: [
      table(
        'by_month',
        'By month',
        [
          { key: 'month', label: 'Month', kind: 'text' },
          { key: 'invoiced', label: 'Invoiced', kind: 'money' },
          { key: 'collected', label: 'Collected', kind: 'money' },
        ],
        months.map((row) => ({ month: bucketLabel(row.month, 'month', from, to), invoiced: money(row.invoiced), collected: money(row.collected) })),
      ),
      table(
        'by_customer',
        'By customer',
        [
          { key: 'customer', label: 'Customer', kind: 'text' },
          { key: 'invoices', label: 'Invoices', kind: 'number' },
          { key: 'invoiced', label: 'Invoiced', kind: 'money' },
          { key: 'collected', label: 'Collected', kind: 'money' },
          { key: 'outstanding', label: 'Outstanding', kind: 'money' },
        ],
        customers.map((row) => ({
          customer: row.name,
          invoices: Number(row.invoice_count),
          invoiced: money(row.invoiced),
          collected: money(row.collected),
          outstanding: money(row.outstanding),
        })),
      ),
    ],
    chart: { table: 'by_month', x: 'month', series: ['invoiced', 'collected'], kind: 'bar' },
  };
}
