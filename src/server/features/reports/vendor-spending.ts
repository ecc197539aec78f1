import { sql } from 'drizzle-orm';
import type { ReportFigures, ReportFilters } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { type ReportScope, bucketLabel, money, numberOrNull, percentChangeSql, selectRows, table } from './report-sql';

/**
 * Spend from bills dated in the period (their totals, whatever their status unless one is
 * chosen, as the bills list shows it on the period's end), per vendor against the previous period of the same length, and per month. Bills carry
 * no category, so the breakdowns are by vendor, by status and by month.
 */
export async function vendorSpending(db: Database, scope: ReportScope, filters: ReportFilters, currency: string): Promise<ReportFigures> {
  const { organizationId: org, from, to, previous } = scope;
  // The status as the bills list shows it on the period's end: a received bill past due reads overdue.
  const status = sql`(case when b.status = 'received' and b.due_date < ${to}::date then 'overdue' else b.status end)`;
  const filter = sql`b.organization_id = ${org}${filters.status ? sql` and ${status} = ${filters.status}` : sql``}${filters.vendorId ? sql` and b.vendor_id = ${filters.vendorId}` : sql``}`;
  const current = sql`b.bill_date between ${from}::date and ${to}::date`;
  const before = sql`b.bill_date between ${previous.from}::date and ${previous.to}::date`;

  const vendors = await selectRows<{ vendor_id: string | null; name: string | null; bills: number; total: string; previous_total: string; change: string | null; share: string | null }>(
    db,
    sql`with spend as (
        select b.vendor_id, (count(*) filter (where ${current}))::int as bills,
          coalesce(sum(b.total_amount) filter (where ${current}), 0) as total,
          coalesce(sum(b.total_amount) filter (where ${before}), 0) as previous_total
        from bills b where ${filter} and b.bill_date between ${previous.from}::date and ${to}::date
        group by rollup (b.vendor_id)
      )
      select s.vendor_id, v.name, s.bills, s.total::text, s.previous_total::text,
        ${percentChangeSql(sql`s.total`, sql`s.previous_total`)}::text as change,
        round(s.total * 100.0 / nullif(sum(s.total) filter (where s.vendor_id is not null) over (), 0), 1)::text as share
      from spend s left join vendors v on v.id = s.vendor_id
      order by s.vendor_id is null, s.total desc, v.name`,
  );
  const grand = vendors.find((row) => row.vendor_id === null);
  const perVendor = vendors.filter((row) => row.vendor_id !== null && (Number(row.bills) > 0 || money(row.previous_total) !== '0.00'));

  const byStatus = await selectRows<{ status: string; bills: number; total: string }>(
    db,
    sql`select ${status} as status, count(*)::int as bills, sum(b.total_amount)::text as total
      from bills b where ${filter} and ${current} group by 1 order by sum(b.total_amount) desc, 1`,
  );
  const months = await selectRows<{ month: string; total: string }>(
    db,
    sql`with m as (
        select generate_series(date_trunc('month', ${from}::date), date_trunc('month', ${to}::date), interval '1 month')::date as month
      ), spend as (
        select date_trunc('month', b.bill_date)::date as month, sum(b.total_amount) as total
        from bills b where ${filter} and ${current} group by 1
      )
      select m.month::text, coalesce(spend.total, 0)::text as total from m left join spend on spend.month = m.month order by m.month`,
  );

  const vendorRow = (row: (typeof vendors)[number]) => ({
    vendor: row.name,
    bills: Number(row.bills),
    total: money(row.total),
    previous_total: money(row.previous_total),
    change: numberOrNull(row.change),
    share: numberOrNull(row.share),
  });
  const vendorColumns = [
    { key: 'vendor', label: 'Vendor', kind: 'text' as const },
    { key: 'bills', label: 'Bills', kind: 'number' as const },
    { key: 'total', label: 'Spend', kind: 'money' as const },
    { key: 'previous_total', label: 'Previous period', kind: 'money' as const },
    { key: 'change', label: 'Change', kind: 'percent' as const },
    { key: 'share', label: 'Share', kind: 'percent' as const },
  ];
  return {
    currency,
    previous,
    summary: [
      { label: 'Total spend', kind: 'money', value: money(grand?.total) },
      { label: 'Bills', kind: 'number', value: grand ? Number(grand.bills) : 0 },
      { label: 'Vendors', kind: 'number', value: perVendor.filter((row) => Number(row.bills) > 0).length },
      { label: 'Spend, previous period', kind: 'money', value: money(grand?.previous_total) },
      { label: 'Change', kind: 'percent', value: numberOrNull(grand?.change) },
    ],
    tables: [
      table('top_vendors', 'Top vendors', vendorColumns.slice(0, 3), perVendor.filter((row) => Number(row.bills) > 0).slice(0, 10).map(vendorRow)),
      table('by_vendor', 'By vendor', vendorColumns, perVendor.map(vendorRow)),
      table(
        'by_status',
        'By status',
        [
          { key: 'status', label: 'Status', kind: 'text' },
          { key: 'bills', label: 'Bills', kind: 'number' },
          { key: 'total', label: 'Spend', kind: 'money' },
        ],
        byStatus.map((row) => ({ status: row.status, bills: Number(row.bills), total: money(row.total) })),
      ),
      table(
        'by_month',
        'By month',
        [
          { key: 'month', label: 'Month', kind: 'text' },
          { key: 'total', label: 'Spend', kind: 'money' },
        ],
        months.map((row) => ({ month: bucketLabel(row.month, 'month', from, to), total: money(row.total) })),
      ),
    ],
    chart: { table: 'top_vendors', x: 'vendor', series: ['total'], kind: 'bar' },
  };
}
