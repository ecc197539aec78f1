import { sql } from 'drizzle-orm';
import type { ClientProfitability } from '../../../shared/contracts/analytics';
import { type Cents, centsFromDecimal, shareOfCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { organizationTimeZone } from '../../platform/calendar';
import type { FirmActor } from '../practice/create-client';
import { dayEnd, dayStart, selectRows } from '../reports/report-sql';
import { analyticsPeriod, visibleClientIds } from './analytics-period';
import { type Costs, loadCosts } from './cost-settings';

export const PROFITABILITY_TOP = 10;

interface Row {
  id: string;
  name: string;
  service_level: string;
  monthly_fee: string | null;
  lifetime_value: string;
  fees: string;
  open_balance: string;
  past_due: string;
  days_late: string | null;
  documents: number;
  invoices: number;
  bills: number;
  approvals: number;
  exceptions: number;
}

/** Minutes of the firm's time the client's work takes: each item counted times its minutes. */
export function workMinutes(work: Pick<Row, 'documents' | 'invoices' | 'bills' | 'approvals' | 'exceptions'>, costs: Costs): number {
  return (
    work.documents * costs.documentMinutes +
    work.invoices * costs.invoiceMinutes +
    work.bills * costs.billMinutes +
    work.approvals * costs.approvalMinutes +
    work.exceptions * costs.exceptionMinutes
  );
}

/** workMinutes priced at the hourly rate, rounded to the cent. */
export const workCost = (minutes: number, hourlyRate: Cents): Cents => shareOfCents(hourlyRate, minutes, 60);

/**
 * profitabilityScore = 50 + 50 × (fee − workCost) / max(fee, workCost), rounded and kept in 0..100,
 * where fee is what the firm invoiced the client in the period and workCost the minutes of its
 * work priced at the hourly rate. So: fee equal to the cost of the work is 50, fee twice the cost
 * is 75, work at no cost is 100, work without a fee is 0; no fee and no work is 50.
 */
export function profitabilityScore(fee: Cents, cost: Cents): number {
  const larger = Math.max(fee, cost);
  if (larger <= 0) return 50;
  return Math.min(100, Math.max(0, Math.round(50 + (50 * (fee - cost)) / larger)));
}

/**
 * riskScore = 60 × (past-due share of the client's open balance with the firm) + 40 × min(1,
 * average days late / 60) over the firm's invoices to it paid in the period, rounded (0..100).
 * No open balance counts as no past-due share; no paid invoice as no lateness.
 */
export function riskScore(openBalance: Cents, pastDue: Cents, averageDaysLate: number | null): number {
  const share = openBalance > 0 ? pastDue / openBalance : 0;
  const lateness = Math.min(1, Math.max(0, averageDaysLate ?? 0) / 60);
  return Math.round(60 * share + 40 * lateness);
}

/**
 * GET /api/analytics/client-profitability: every client the member may see, ranked by
 * profitabilityScore, then lifetimeValue, then name; the top 10. The work counted in the client's
 * workspace in the period: documents uploaded, invoices issued (not draft), bills dated, approval
 * decisions made, and exceptions (bills rejected in approval, payments that failed).
 */
export async function computeClientProfitability(db: Database, actor: FirmActor, now: Date, months: number): Promise<ClientProfitability[]> {
  const tz = await organizationTimeZone(db, actor.firmId);
  const period = analyticsPeriod(now, tz, months);
  const costs = await loadCosts(db, actor.firmId);
  const start = dayStart(period.from, tz);
  const end = dayEnd(period.to, tz);
  const inPeriod = (column: string) => sql`${sql.raw(column)} between ${period.from}::date and ${period.to}::date`;
  const between = (column: string) => sql`${sql.raw(column)} >= ${start} and ${sql.raw(column)} < ${end}`;
  const billed = sql`i.organization_id = ${actor.firmId} and i.customer_id = c.id and i.status not in ('draft', 'cancelled')`;
  const open = sql`i.status in ('sent', 'overdue')`;
  const rows = await selectRows<Row>(
    db,
    sql`select c.id, c.name, c.service_level, c.monthly_fee::text as monthly_fee,
        (select coalesce(sum(p.amount), 0) from payments p join invoices i on i.id = p.reference_id
          where ${billed} and p.organization_id = ${actor.firmId} and p.type = 'invoice_payment' and p.status = 'completed')::text as lifetime_value,
        (select coalesce(sum(i.total_amount), 0) from invoices i where ${billed} and ${inPeriod('i.issue_date')})::text as fees,
        (select coalesce(sum(i.total_amount - i.amount_paid), 0) from invoices i where ${billed} and ${open})::text as open_balance,
        (select coalesce(sum(i.total_amount - i.amount_paid), 0) from invoices i where ${billed} and ${open} and i.due_date < ${period.today}::date)::text as past_due,
        (select avg(greatest(0, (i.paid_at at time zone ${tz})::date - i.due_date)) from invoices i where ${billed} and ${between('i.paid_at')})::text as days_late,
        (select count(*) from documents d where d.organization_id = c.client_organization_id and ${between('d.created_at')})::int as documents,
        (select count(*) from invoices w where w.organization_id = c.client_organization_id and w.status <> 'draft' and ${inPeriod('w.issue_date')})::int as invoices,
        (select count(*) from bills b where b.organization_id = c.client_organization_id and ${inPeriod('b.bill_date')})::int as bills,
        (select count(*) from bill_approvals a where a.organization_id = c.client_organization_id and a.status in ('approved', 'rejected')
          and ${between('a.approved_at')})::int as approvals,
        ((select count(*) from bills b where b.organization_id = c.client_organization_id and b.approval_status = 'rejected' and ${inPeriod('b.bill_date')})
          + (select count(*) from payments p where p.organization_id = c.client_organization_id and p.status = 'failed' and ${between('p.created_at')}))::int as exceptions
      from customers c where c.id in ${visibleClientIds(actor)}`,
  );
  const items = rows.map((row): ClientProfitability => {
    const fee = centsFromDecimal(row.fees);
    const work = { documents: row.documents, invoices: row.invoices, bills: row.bills, approvals: row.approvals, exceptions: row.exceptions };
    const minutes = workMinutes(work, costs);
    const cost = workCost(minutes, costs.hourlyRate);
    return {
      clientId: row.id,
      clientName: row.name,
      serviceLevel: row.service_level,
      monthlyFee: row.monthly_fee === null ? null : toDecimal(centsFromDecimal(row.monthly_fee)),
      lifetimeValue: toDecimal(centsFromDecimal(row.lifetime_value)),
      feesInPeriod: toDecimal(fee),
      work,
      workMinutes: minutes,
      workCost: toDecimal(cost),
      profitabilityScore: profitabilityScore(fee, cost),
      riskScore: riskScore(centsFromDecimal(row.open_balance), centsFromDecimal(row.past_due), row.days_late === null ? null : Number(row.days_late)),
    };
  });
  return items
    .sort(
      (a, b) =>
        b.profitabilityScore - a.profitabilityScore ||
        centsFromDecimal(b.lifetimeValue) - centsFromDecimal(a.lifetimeValue) ||
        a.clientName.localeCompare(b.clientName),
    )
    .slice(0, PROFITABILITY_TOP);
}
