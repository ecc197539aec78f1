import { type SQL, sql } from 'drizzle-orm';
import { addMonths, format, parseISO } from 'date-fns';
import { type Cents, centsFromDecimal, shareOfCents } from '../../../shared/money';
import { type RecurrenceFrequency, addDays, nextRunDay, runsOn, termDays } from '../../../shared/recurrence';
import { computeTotals } from '../../../shared/totals';
import type { Database } from '../../db/client';
import { dayEnd, selectRows } from '../reports/report-sql';

/** Whose cash is forecast: an organization's books, its days in its time zone, and which of its customers count. */
export interface ForecastScope {
  organizationId: string;
  timeZone: string;
  /** A condition on `i.customer_id` (e.g. leave out clients a member may not see); sql`true` for all. */
  customerFilter: SQL;
}

export interface ForecastBucket {
  from: string;
  to: string;
  inflow: Cents;
  outflow: Cents;
}

/** Aging buckets by days past due on the forecast day, with the lower bound each starts at. */
export const AGING_BUCKETS = [
  { key: 'current', from: 0 },
  { key: '1-30', from: 1 },
  { key: '31-60', from: 31 },
  { key: '61-90', from: 61 },
  { key: '90+', from: 91 },
] as const;

export interface Forecast {
  asOf: string;
  months: ForecastBucket[];
  weeks: ForecastBucket[];
  /** Share (0..1) of invoices that reached each bucket and were paid in the end; 1 without history. */
  bucketShares: Record<string, number>;
  /** Invoices paid in full before the forecast day, the history the lateness and shares come from. */
  paidInvoices: number;
  /** The organization's average days late; a customer with fewer than 3 paid invoices is given this. */
  organizationDaysLate: number;
  /** Per month, 10..90: min(90, 30 + 2 × paid invoices in the last 12 months) − 5 per month ahead. */
  confidence: number[];
}

interface InvoiceRow {
  customer_id: string;
  due: string;
  total: string;
  collected: string;
  paid_day: string | null;
}

interface ScheduleRow {
  id: string;
  customer_id: string;
  frequency: RecurrenceFrequency;
  anchor_day: number;
  end_type: 'never' | 'after_count' | 'on_date';
  end_after_count: number | null;
  end_date: string | null;
  next_run_date: string;
  generated_count: number;
  payment_terms: string;
  tax_amount: string;
  discount_amount: string;
  items: { quantity: string; unitPrice: string }[] | null;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The cash-flow forecast as of `asOf` (the organization's day) for the `months` calendar months
 * from the month of the day after asOf (from that day) and the 13 weeks after asOf. Only what was known on
 * asOf is used, so it can be run on a past day and compared with what happened (the backtest).
 *
 * Inflow: each invoice open at the end of asOf (issued by then, not draft or cancelled, its
 * balance less the payments completed by then) is expected on its due day shifted by its
 * customer's average days late over its last 12 invoices paid in full (the organization's
 * average when it has fewer than 3), not before the day after asOf; its balance counts times the
 * share of the invoices that reached its aging bucket and were paid in the end. Plus the runs of
 * active recurring schedules after asOf, expected on the run day plus the schedule's terms plus
 * the customer's days late, times the current bucket's share.
 * Outflow: unpaid bills (received, scheduled, overdue) for their balance (total less completed
 * payments) on the day of their
 * scheduled payment, else their due day, not before the day after asOf.
 */
export async function forecastCashFlow(db: Database, scope: ForecastScope, asOf: string, months: number): Promise<Forecast> {
  const { organizationId: org, timeZone: tz, customerFilter } = scope;
  const end = dayEnd(asOf, tz);
  const invoices = await selectRows<InvoiceRow>(
    db,
    sql`select i.customer_id, i.due_date::text as due, i.total_amount::text as total,
        (select coalesce(sum(p.amount), 0) from payments p where p.reference_id = i.id and p.organization_id = ${org}
          and p.type = 'invoice_payment' and p.status = 'completed' and p.processed_at < ${end})::text as collected,
        (case when i.paid_at < ${end} then ((i.paid_at at time zone ${tz})::date)::text end) as paid_day
      from invoices i
      where i.organization_id = ${org} and i.status not in ('draft', 'cancelled') and i.issue_date <= ${asOf}::date and ${customerFilter}`,
  );

  // Lateness: per customer over its last 12 paid invoices, and the organization's over all of them.
  const paid = invoices.filter((row) => row.paid_day !== null).sort((a, b) => ((b.paid_day ?? '') < (a.paid_day ?? '') ? -1 : 1));
  const lateOf = (row: InvoiceRow) => daysBetween(row.due, row.paid_day ?? row.due);
  const average = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
  const organizationDaysLate = average(paid.map(lateOf));
  const byCustomer = new Map<string, number[]>();
  for (const row of paid) {
    const list = byCustomer.get(row.customer_id) ?? [];
    if (list.length < 12) list.push(lateOf(row));
    byCustomer.set(row.customer_id, list);
  }
  const daysLate = (customerId: string) => {
    const list = byCustomer.get(customerId) ?? [];
    return list.length >= 3 ? average(list) : organizationDaysLate;
  };

  // Bucket shares: of the invoices that reached a bucket (due + its lower bound ≤ asOf, unpaid then), the share paid by asOf.
  const bucketShares: Record<string, number> = {};
  const bucketCounts: Record<string, { paid: number; reached: number }> = {};
  for (const bucket of AGING_BUCKETS) {
    const reached = invoices.filter((row) => {
      const start = addDays(row.due, bucket.from);
      return start <= asOf && (row.paid_day === null || bucket.from === 0 || row.paid_day >= start);
    });
    const paidCount = reached.filter((row) => row.paid_day !== null).length;
    bucketShares[bucket.key] = reached.length === 0 ? 1 : paidCount / reached.length;
    bucketCounts[bucket.key] = reached.length === 0 ? { paid: 1, reached: 1 } : { paid: paidCount, reached: reached.length };
  }
  /** The amount times its bucket's paid share, in exact cents. */
  const weighted = (cents: Cents, key: string) => {
    const counts = bucketCounts[key] ?? { paid: 1, reached: 1 };
    return shareOfCents(cents, counts.paid, counts.reached);
  };
  const bucketOf = (due: string) => {
    const past = daysBetween(due, asOf);
    return [...AGING_BUCKETS].reverse().find((bucket) => past >= bucket.from)?.key ?? 'current';
  };

  const firstDay = addDays(asOf, 1);
  const monthStarts = Array.from({ length: months }, (_, n) => format(addMonths(parseISO(`${firstDay.slice(0, 7)}-01`), n), 'yyyy-MM-dd'));
  const monthBuckets: ForecastBucket[] = monthStarts.map((start, n) => ({
    from: n === 0 ? firstDay : start,
    to: addDays(format(addMonths(parseISO(start), 1), 'yyyy-MM-dd'), -1),
    inflow: 0,
    outflow: 0,
  }));
  const weekBuckets: ForecastBucket[] = Array.from({ length: 13 }, (_, n) => ({ from: addDays(asOf, 1 + 7 * n), to: addDays(asOf, 7 + 7 * n), inflow: 0, outflow: 0 }));
  const place = (day: string, cents: Cents, kind: 'inflow' | 'outflow') => {
    const when = day < firstDay ? firstDay : day;
    for (const list of [monthBuckets, weekBuckets]) {
      const bucket = list.find((entry) => entry.from <= when && when <= entry.to);
      if (bucket) bucket[kind] += cents;
    }
  };

  for (const row of invoices) {
    if (row.paid_day !== null) continue;
    const balance = centsFromDecimal(row.total) - centsFromDecimal(row.collected);
    if (balance <= 0) continue;
    const expected = addDays(row.due, Math.round(daysLate(row.customer_id)));
    place(expected, weighted(balance, bucketOf(row.due)), 'inflow');
  }

  const horizonEnd = monthBuckets[monthBuckets.length - 1]?.to ?? asOf;
  const active = await selectRows<ScheduleRow>(
    db,
    sql`select r.id, r.customer_id, r.frequency, r.anchor_day, r.end_type, r.end_after_count, r.end_date::text as end_date,
        r.next_run_date::text as next_run_date, r.generated_count, r.payment_terms, r.tax_amount::text as tax_amount, r.discount_amount::text as discount_amount,
        (select json_agg(json_build_object('quantity', it.quantity::text, 'unitPrice', it.unit_price::text)) from recurring_invoice_items it where it.recurring_invoice_id = r.id) as items
      from recurring_invoices r
      where r.organization_id = ${org} and r.status = 'active' and r.next_run_date is not null and ${sql`exists (select 1 from (select r.customer_id) i(customer_id) where ${customerFilter})`}`,
  );
  for (const schedule of active) {
    const amount = computeTotals({
      items: (schedule.items ?? []).map((item) => ({ quantity: item.quantity, unitPrice: centsFromDecimal(item.unitPrice) })),
      taxAmount: centsFromDecimal(schedule.tax_amount),
      discountAmount: centsFromDecimal(schedule.discount_amount),
    }).totalAmount;
    const timing = { frequency: schedule.frequency, anchorDay: schedule.anchor_day, endType: schedule.end_type, endAfterCount: schedule.end_after_count, endDate: schedule.end_date };
    let run = schedule.next_run_date;
    let count = schedule.generated_count;
    while (run <= horizonEnd && runsOn(timing, run, count)) {
      if (run > asOf) {
        const expected = addDays(run, termDays(schedule.payment_terms) + Math.round(daysLate(schedule.customer_id)));
        place(expected, weighted(amount, 'current'), 'inflow');
      }
      count += 1;
      run = nextRunDay(schedule.frequency, run, schedule.anchor_day);
    }
  }

  const bills = await selectRows<{ day: string; balance: string }>(
    db,
    sql`select day::text as day, balance::text as balance from (
        select coalesce((select min(p.scheduled_date) from payments p where p.reference_id = b.id and p.type = 'bill_payment' and p.status = 'pending'), b.due_date) as day,
          -- the bill's total less vendor credits applied (bill-amount-due.ts) less money paid
          b.total_amount - b.amount_credited - b.prepaid_amount - (select coalesce(sum(p.amount), 0) from payments p where p.reference_id = b.id and p.type = 'bill_payment' and p.status = 'completed') as balance
        from bills b where b.organization_id = ${org} and b.status in ('received', 'scheduled', 'overdue')
      ) unpaid where balance > 0`,
  );
  for (const bill of bills) place(bill.day, centsFromDecimal(bill.balance), 'outflow');

  const yearBefore = format(addMonths(parseISO(asOf), -12), 'yyyy-MM-dd');
  const recentPaid = paid.filter((row) => (row.paid_day ?? '') > yearBefore).length;
  const base = Math.min(90, 30 + 2 * recentPaid);
  return {
    asOf,
    months: monthBuckets,
    weeks: weekBuckets,
    bucketShares,
    paidInvoices: paid.length,
    organizationDaysLate: Math.round(organizationDaysLate * 10) / 10,
    confidence: monthBuckets.map((_, n) => Math.max(10, base - 5 * n)),
  };
}

/** Completed payments per bucket on the invoices issued by `issuedBy`: what was actually collected of them, for the backtest. */
export async function collectedIn(db: Database, scope: ForecastScope, buckets: { from: string; to: string }[], issuedBy: string): Promise<Cents[]> {
  const result: Cents[] = [];
  for (const bucket of buckets) {
    const [row] = await selectRows<{ collected: string }>(
      db,
      sql`select coalesce(sum(p.amount), 0)::text as collected from payments p join invoices i on i.id = p.reference_id
        where p.organization_id = ${scope.organizationId} and p.type = 'invoice_payment' and p.status = 'completed' and ${scope.customerFilter}
          and i.issue_date <= ${issuedBy}::date
          and p.processed_at >= ((${bucket.from}::date)::timestamp at time zone ${scope.timeZone})
          and p.processed_at < ((${bucket.to}::date + 1)::timestamp at time zone ${scope.timeZone})`,
    );
    result.push(centsFromDecimal(row?.collected ?? '0'));
  }
  return result;
}

/** Mean absolute percentage error over the buckets where something was collected; null when none. */
export function meanAbsolutePercentageError(forecast: Cents[], actual: Cents[]): number | null {
  const errors = actual.flatMap((value, index) => (value > 0 ? [Math.abs((forecast[index] ?? 0) - value) / value] : []));
  if (errors.length === 0) return null;
  return Math.round((errors.reduce((sum, value) => sum + value, 0) / errors.length) * 1000) / 10;
}

