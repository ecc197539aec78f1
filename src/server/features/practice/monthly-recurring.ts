import { type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema';

/** One invoice of a schedule, per month: weekly 52/12, monthly 1, quarterly 1/3, annually 1/12. */
const perMonth = (frequency: SQL) =>
  sql`(case ${frequency} when 'weekly' then 52.0 / 12 when 'monthly' then 1 when 'quarterly' then 1.0 / 3 when 'annually' then 1.0 / 12 else 0 end)`;

/** The invoice a schedule makes today: its lines, plus tax, less discount. */
const scheduleTotal = sql`(coalesce((select sum(ri.total_price) from recurring_invoice_items ri where ri.recurring_invoice_id = r.id), 0) + r.tax_amount - r.discount_amount)`;

/**
 * glossary.monthlyRecurring, the part of the client in the enclosing query's `customers` row: its
 * active practice-fee schedules' invoice amount (the fee for the period less the billing-frequency
 * discount, as billedFee bills it) per month, each rounded to the cent. Which clients count
 * (onboarding completed, not deactivated) is the caller's filter: a pending or deactivated client's
 * schedule is never counted, whatever its own status.
 */
export function clientMonthlyRecurringSql(firmId: string): SQL {
  return sql`(select coalesce(sum(round(${scheduleTotal} * ${perMonth(sql`r.frequency`)}, 2)), 0)
    from recurring_invoices r
    where r.organization_id = ${firmId} and r.customer_id = ${customers.id} and r.kind = 'practice_fee' and r.status = 'active')`;
}

/**
 * The same part as it stood just before `instant`, for trends that compare like with like: each
 * schedule's amount, frequency and status are those of its last audit row before then (created and
 * updated rows carry the invoice total and frequency; paused rows the status). A schedule without
 * audit rows (made before they were kept) counts as it is now if it existed then.
 */
export function clientMonthlyRecurringBeforeSql(firmId: string, instant: SQL): SQL {
  const history = (actions: SQL) =>
    sql`from audit_log a where a.organization_id = ${firmId} and a.entity_type = 'recurring_invoice' and a.entity_id = r.id::text
      and a.action in (${actions}) and a.created_at < ${instant} order by a.created_at desc, a.id desc limit 1`;
  const amounts = history(sql`'recurring_invoice.created', 'recurring_invoice.updated'`);
  const statuses = history(sql`'recurring_invoice.created', 'recurring_invoice.updated', 'recurring_invoice.paused'`);
  return sql`(select coalesce(sum(round(coalesce(h.total, ${scheduleTotal}) * ${perMonth(sql`coalesce(h.frequency, r.frequency)`)}, 2)), 0)
    from recurring_invoices r
    left join lateral (
      select coalesce(a.details->'after'->>'totalAmount', a.details->>'totalAmount')::numeric as total,
        coalesce(a.details->'after'->>'frequency', a.details->>'frequency') as frequency
      ${amounts}
    ) h on true
    left join lateral (
      select case a.action when 'recurring_invoice.paused' then 'paused' when 'recurring_invoice.created' then 'active'
        else coalesce(a.details->'after'->>'status', 'active') end as status
      ${statuses}
    ) s on true
    where r.organization_id = ${firmId} and r.customer_id = ${customers.id} and r.kind = 'practice_fee'
      and coalesce(s.status, case when r.created_at < ${instant} then r.status end) = 'active')`;
}
