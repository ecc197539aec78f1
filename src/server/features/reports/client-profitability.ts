import { type SQL, sql } from 'drizzle-orm';
import type { ReportFigures, ReportFilters } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import type { Role } from '../../../shared/contracts/common';
import { type ReportScope, dayEnd, dayStart, money, numberOrNull, selectRows, table } from './report-sql';

/** A firm's client workspaces this member may see: all for owners and admins, granted ones for others. */
export function visibleWorkspace(scope: ReportScope, column: SQL): SQL {
  if (FIRM_WIDE_ROLES.includes(scope.role as Role)) return sql`true`;
  return sql`exists (select 1 from workspace_grants g where g.organization_id = ${column} and g.user_id = ${scope.userId})`;
}

interface ProfitRow {
  name: string;
  is_client: boolean;
  invoiced: string;
  collected: string;
  open_balance: string;
  days_to_pay: string | null;
  documents: number | null;
  client_invoices: number | null;
  client_bills: number | null;
  fee_per_item: string | null;
}

/**
 * Per customer: invoiced and collected in the period, average days from issue to full payment of
 * invoices paid in the period, open balance. For a firm's clients the fee billed is set against
 * the work in the client's workspace in the period (documents read, invoices issued, bills
 * dated), as fee per item. Ranked by revenue invoiced.
 */
export async function clientProfitability(db: Database, scope: ReportScope, filters: ReportFilters, currency: string): Promise<ReportFigures> {
  const { organizationId: org, timeZone: tz, from, to } = scope;
  const customer = filters.customerId ? sql` and i.customer_id = ${filters.customerId}` : sql``;
  const billable = sql`i.organization_id = ${org} and i.status not in ('draft', 'cancelled')${customer}`;
  const start = dayStart(from, tz);
  const end = dayEnd(to, tz);
  const rows = await selectRows<ProfitRow>(
    db,
    sql`with inv as (
        select i.customer_id,
          sum(i.total_amount) filter (where i.issue_date between ${from}::date and ${to}::date) as invoiced,
          sum(i.total_amount - i.amount_paid) filter (where i.status in ('sent', 'overdue') and i.issue_date <= ${to}::date) as open_balance,
          avg((i.paid_at at time zone ${tz})::date - i.issue_date) filter (where i.paid_at >= ${start} and i.paid_at < ${end}) as days_to_pay
        from invoices i where ${billable} group by 1
      ), col as (
        select i.customer_id, sum(p.amount) as collected
        from payments p join invoices i on i.id = p.reference_id
        where ${billable} and p.organization_id = ${org} and p.type = 'invoice_payment' and p.status = 'completed'
          and p.processed_at >= ${start} and p.processed_at < ${end}
        group by 1
      ), clients as (
        select c.id, c.client_organization_id as workspace from customers c
        where c.organization_id = ${org} and c.client_organization_id is not null and ${visibleWorkspace(scope, sql`c.client_organization_id`)}
      ), work as (
        select cl.id as customer_id,
          (select count(*) from documents d where d.organization_id = cl.workspace and d.created_at >= ${start} and d.created_at < ${end})::int as documents,
          (select count(*) from invoices w where w.organization_id = cl.workspace and w.issue_date between ${from}::date and ${to}::date)::int as client_invoices,
          (select count(*) from bills w where w.organization_id = cl.workspace and w.bill_date between ${from}::date and ${to}::date)::int as client_bills
        from clients cl
      )
      select c.name, (c.client_organization_id is not null) as is_client,
        coalesce(inv.invoiced, 0)::text as invoiced, coalesce(col.collected, 0)::text as collected,
        coalesce(inv.open_balance, 0)::text as open_balance, round(inv.days_to_pay, 1)::text as days_to_pay,
        work.documents, work.client_invoices, work.client_bills,
        round(coalesce(inv.invoiced, 0) / nullif(work.documents + work.client_invoices + work.client_bills, 0), 2)::text as fee_per_item
      from customers c
      left join inv on inv.customer_id = c.id left join col on col.customer_id = c.id left join work on work.customer_id = c.id
      where c.organization_id = ${org}${filters.customerId ? sql` and c.id = ${filters.customerId}` : sql``}
        and (inv.invoiced is not null or col.collected is not null or inv.open_balance is not null or work.customer_id is not null)
      order by coalesce(inv.invoiced, 0) desc, coalesce(col.collected, 0) desc, c.name`,
  );
  const anyClient = rows.some((row) => row.is_client);
  const ranked = rows.map((row, index) => ({
    rank: index + 1,
    customer: row.name,
    invoiced: money(row.invoiced),
    collected: money(row.collected),
    days_to_pay: numberOrNull(row.days_to_pay),
    open_balance: money(row.open_balance),
    ...(anyClient
      ? {
          documents: row.documents,
          client_invoices: row.client_invoices,
          client_bills: row.client_bills,
          fee_per_item: row.fee_per_item === null ? null : money(row.fee_per_item),
        }
      : {}),
  }));
  const [totals] = await selectRows<{ invoiced: string; collected: string; customers: number }>(
    db,
    sql`select coalesce(sum(i.total_amount) filter (where i.issue_date between ${from}::date and ${to}::date), 0)::text as invoiced,
        (count(distinct i.customer_id) filter (where i.issue_date between ${from}::date and ${to}::date))::int as customers,
        (select coalesce(sum(p.amount), 0) from payments p join invoices i on i.id = p.reference_id
          where ${billable} and p.organization_id = ${org} and p.type = 'invoice_payment' and p.status = 'completed'
            and p.processed_at >= ${start} and p.processed_at < ${end})::text as collected
      from invoices i where ${billable}`,
  );
  return {
    currency,
    summary: [
      { label: 'Revenue invoiced', kind: 'money', value: money(totals?.invoiced) },
      { label: 'Revenue collected', kind: 'money', value: money(totals?.collected) },
      { label: 'Customers invoiced', kind: 'number', value: totals ? Number(totals.customers) : 0 },
    ],
    tables: [
      table(
        'ranking',
        anyClient ? 'Clients ranked by fee billed' : 'Customers ranked by revenue',
        [
          { key: 'rank', label: 'Rank', kind: 'number' },
          { key: 'customer', label: anyClient ? 'Client' : 'Customer', kind: 'text' },
          { key: 'invoiced', label: anyClient ? 'Fee billed' : 'Invoiced', kind: 'money' },
          { key: 'collected', label: 'Collected', kind: 'money' },
          { key: 'days_to_pay', label: 'Avg. days to pay', kind: 'days' },
          { key: 'open_balance', label: 'Open balance', kind: 'money' },
          ...(anyClient
            ? [
                { key: 'documents', label: 'Documents read', kind: 'number' as const },
                { key: 'client_invoices', label: 'Invoices', kind: 'number' as const },
                { key: 'client_bills', label: 'Bills', kind: 'number' as const },
                { key: 'fee_per_item', label: 'Fee per item', kind: 'money' as const },
              ]
            : []),
        ],
        ranked,
      ),
    ],
    chart: { table: 'ranking', x: 'customer', series: ['invoiced', 'collected'], kind: 'bar' },
  };
}
