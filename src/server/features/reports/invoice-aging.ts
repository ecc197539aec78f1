import { sql } from 'drizzle-orm';
import type { ReportFigures, ReportFilters } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { type ReportScope, money, selectRows, table } from './report-sql';

export const agingBuckets = [
  { key: 'current', label: 'Current', test: 'days <= 0' },
  { key: 'days_1_30', label: '1-30 days', test: 'days between 1 and 30' },
  { key: 'days_31_60', label: '31-60 days', test: 'days between 31 and 60' },
  { key: 'days_61_90', label: '61-90 days', test: 'days between 61 and 90' },
  { key: 'days_90_plus', label: '90+ days', test: 'days > 90' },
] as const;

type AgingRow = Record<(typeof agingBuckets)[number]['key'], string> & { name: string; total: string; invoice_count: number };

/**
 * Open receivables as of the period's end date: the balance (total less paid) of sent and overdue
 * invoices issued by then, in buckets of days past the due date on that day. The total is the
 * dashboard's outstanding invoices when the period ends today. One pass over the invoices,
 * grouped by customer; the grand total is a rollup row of the same statement.
 */
export async function invoiceAging(db: Database, scope: ReportScope, filters: ReportFilters, currency: string): Promise<ReportFigures> {
  const { organizationId: org, to: asOf } = scope;
  const customer = filters.customerId ? sql` and i.customer_id = ${filters.customerId}` : sql``;
  const buckets = sql.join(
    agingBuckets.map((bucket) => sql`coalesce(sum(balance) filter (where ${sql.raw(bucket.test)}), 0)::text as ${sql.raw(bucket.key)}`),
    sql`, `,
  );
  const rows = await selectRows<AgingRow & { customer_id: string | null }>(
    db,
    sql`with open as (
        select i.customer_id, i.total_amount - i.amount_paid as balance, ${asOf}::date - i.due_date as days
        from invoices i
        where i.organization_id = ${org} and i.status in ('sent', 'overdue') and i.issue_date <= ${asOf}::date${customer}
      ), grouped as (
        select customer_id, ${buckets}, coalesce(sum(balance), 0)::text as total, count(*)::int as invoice_count
        from open group by rollup (customer_id)
      )
      select g.*, c.name from grouped g left join customers c on c.id = g.customer_id
      order by g.customer_id is null, g.total::numeric desc, c.name`,
  );
  const grand = rows.find((row) => row.customer_id === null);
  const perCustomer = rows.filter((row) => row.customer_id !== null);
  const total = (key: keyof AgingRow) => money(grand ? String(grand[key]) : '0');
  return {
    currency,
    summary: [
      { label: 'As of', kind: 'date', value: asOf },
      { label: 'Total outstanding', kind: 'money', value: total('total') },
      { label: 'Open invoices', kind: 'number', value: grand ? Number(grand.invoice_count) : 0 },
      ...agingBuckets.map((bucket) => ({ label: bucket.label, kind: 'money' as const, value: total(bucket.key) })),
    ],
    tables: [
      table(
        'buckets',
        'By days past due',
        [
          { key: 'bucket', label: 'Days past due', kind: 'text' },
          { key: 'amount', label: 'Amount', kind: 'money' },
        ],
        agingBuckets.map((bucket) => ({ bucket: bucket.label, amount: total(bucket.key) })),
      ),
      table(
        'by_customer',
        'By customer',
        [
          { key: 'customer', label: 'Customer', kind: 'text' },
          ...agingBuckets.map((bucket) => ({ key: bucket.key, label: bucket.label, kind: 'money' as const })),
          { key: 'total', label: 'Total', kind: 'money' },
        ],
        perCustomer.map((row) => ({
          customer: row.name,
          ...Object.fromEntries(agingBuckets.map((bucket) => [bucket.key, money(row[bucket.key])])),
          total: money(row.total),
        })),
      ),
    ],
    chart: { table: 'buckets', x: 'bucket', series: ['amount'], kind: 'bar' },
  };
}
