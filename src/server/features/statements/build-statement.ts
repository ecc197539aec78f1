import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Statement, StatementLineKind } from '../../../shared/contracts/statements';
import { toDecimal, centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { creditAllocations, customerCredits, customers, invoices, lateFees, organizations, payments } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { preparedRows } from '../../db/prepared';

/*
 * A customer's statement of account (issue 31), per the definitions in
 * src/shared/contracts/statements.ts. Every figure is an SQL aggregate over the same movements:
 *   invoices sent (sent/overdue/paid; never draft or cancelled) by issue date: debit of the total;
 *   completed payments of the customer's invoices by their processedAt as the organization's day:
 *     credit of the whole amount received (an overpayment's excess is inside it);
 *   credit notes not void by issue date: credit of the amount;
 *   refunds of credit not reversed by allocation date: debit.
 * Overpayment credits and applications of credit are not movements: the cash is already a payment
 * line, and an application only moves credit from the customer's account onto an invoice.
 */

const ORDER_INVOICE = 0;
const ORDER_PAYMENT = 1;
const ORDER_CREDIT_NOTE = 2;
const ORDER_REFUND = 3;

/** The invoice columns the movements read, from `invoices` or from one customer's copy of them. */
const invoiceColumns = sql`${invoices.id} as id, ${invoices.customerId} as customer_id, ${invoices.issueDate} as issue_date, ${invoices.invoiceNumber} as invoice_number,
  ${invoices.totalAmount} as total_amount, ${invoices.dueDate} as due_date, ${invoices.status} as status`;

/** The payment columns the movements read. */
const paymentColumns = sql`${payments.id} as id, ${payments.referenceId} as reference_id, ${payments.processedAt} as processed_at,
  ${payments.createdAt} as created_at, ${payments.method} as method, ${payments.reference} as reference, ${payments.amount} as amount`;

/**
 * Every movement of one customer (or of every customer of the organization when `customerId` is
 * null): customer_id, day, kind, order within the day, id, reference, detail, debit, credit (numeric),
 * the invoice's due date, and the invoice an invoice or payment line belongs to.
 *
 * One customer's invoices are read once (customer_invoice) and its payments found from them through
 * payments_reference_idx: the cost grows with the customer's own history, not with the
 * organization's invoices and payments (issue 33). `offset 0` keeps PostgreSQL from turning that
 * lookup back into a pass over every payment.
 */
export function movementsSql(organizationId: string | Placeholder, customerId: string | Placeholder | null, timeZone: string | Placeholder): SQL {
  const only = (column: AnyPgColumn): SQL => (customerId === null ? sql`true` : sql`${column} = ${customerId}::uuid`);
  const invoiceSource =
    customerId === null
      ? sql`(select ${invoiceColumns} from ${invoices} where ${invoices.organizationId} = ${organizationId})`
      : sql`customer_invoice`;
  const paymentLines =
    customerId === null
      ? sql`from (select ${paymentColumns} from ${payments} where ${completedInvoicePayment(organizationId)}) as paid
          join ${invoiceSource} as inv on inv.id = paid.reference_id`
      : sql`from customer_invoice as inv
          cross join lateral (
            select ${paymentColumns} from ${payments}
            where ${completedInvoicePayment(organizationId)} and ${payments.referenceId} = inv.id offset 0) as paid`;
  return sql`
    ${customerId === null ? sql`` : sql`with customer_invoice as materialized (
      select ${invoiceColumns} from ${invoices} where ${invoices.organizationId} = ${organizationId} and ${invoices.customerId} = ${customerId}::uuid)`}
    select inv.customer_id, inv.issue_date as day, 'invoice' as kind, ${ORDER_INVOICE} as ord, inv.id::text as source_id,
      inv.invoice_number as reference,
      (select s.invoice_number from ${lateFees} lf join ${invoices} s on s.id = lf.invoice_id where lf.fee_invoice_id = inv.id) as detail,
      inv.total_amount as debit, 0::numeric as credit, inv.due_date::text as due_date, inv.id as invoice_id
    from ${invoiceSource} as inv
    where inv.status in ('sent', 'overdue', 'paid')
    union all
    select inv.customer_id, (coalesce(paid.processed_at, paid.created_at) at time zone ${timeZone})::date, 'payment', ${ORDER_PAYMENT}, paid.id::text,
      inv.invoice_number, concat_ws(' ', paid.method, paid.reference), 0::numeric, paid.amount, null::text, inv.id
    ${paymentLines}
    union all
    select ${customerCredits.customerId}, ${customerCredits.issueDate}, 'credit_note', ${ORDER_CREDIT_NOTE}, ${customerCredits.id}::text,
      ${customerCredits.creditNumber}, null::text, 0::numeric, ${customerCredits.amount}, null::text, null::uuid
    from ${customerCredits}
    where ${customerCredits.organizationId} = ${organizationId} and ${only(customerCredits.customerId)}
      and ${customerCredits.kind} = 'credit_note' and ${customerCredits.status} <> 'void'
    union all
    select ${customerCredits.customerId}, ${creditAllocations.allocationDate}, 'refund', ${ORDER_REFUND}, ${creditAllocations.id}::text,
      ${customerCredits.creditNumber}, concat_ws(' ', ${creditAllocations.method}, ${creditAllocations.reference}), ${creditAllocations.amount}, 0::numeric, null::text, null::uuid
    from ${creditAllocations}
    join ${customerCredits} on ${customerCredits.id} = ${creditAllocations.creditId}
    where ${creditAllocations.organizationId} = ${organizationId} and ${only(customerCredits.customerId)}
      and ${creditAllocations.kind} = 'refund' and ${creditAllocations.reversedAt} is null`;
}

const completedInvoicePayment = (organizationId: string | Placeholder): SQL =>
  sql`${payments.organizationId} = ${organizationId} and ${payments.type} = 'invoice_payment' and ${payments.status} = 'completed'`;

interface LineRow {
  day: string;
  kind: StatementLineKind;
  source_id: string;
  reference: string | null;
  detail: string | null;
  debit: string;
  credit: string;
  balance: string;
  due_date: string | null;
}

interface TotalsRow {
  opening: string;
  debits: string;
  credits: string;
  unapplied: string;
}

/** A row of the statement's query: a line of the period (or none), with the totals and aging. */
type StatementRow = TotalsRow & AgingRow & { [Key in keyof LineRow]: LineRow[Key] | null };

interface AgingRow {
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  over_90: string;
}

export const agingBuckets = [
  { key: 'current', label: 'Current' },
  { key: '1_30', label: '1–30 days' },
  { key: '31_60', label: '31–60 days' },
  { key: '61_90', label: '61–90 days' },
  { key: 'over_90', label: 'Over 90 days' },
] as const;

/**
 * One statement, the movements read once: the period's lines with their running balance, and on
 * every row (one row when the period has no lines) the totals and the aging on `to`. Aging: each
 * invoice issued by then, what its payments (the same movements, by the organization's day) and
 * credit applied by `to` leave owing, by days past due on `to`. Prepared once per connection
 * (preparedRows): its values are organizationId, customerId, timeZone, from and to.
 */
const statementRows = preparedRows<StatementRow>('customer_statement_rows', (v) =>
  sql`with m as materialized (${movementsSql(v('organizationId'), v('customerId'), v('timeZone'))}),
    totals as (
      select coalesce(sum(debit - credit) filter (where day < ${v('from')}::date), 0) as opening,
        coalesce(sum(debit) filter (where day between ${v('from')}::date and ${v('to')}::date), 0) as debits,
        coalesce(sum(credit) filter (where day between ${v('from')}::date and ${v('to')}::date), 0) as credits
      from m),
    paid as (select invoice_id, sum(credit) as amount from m where kind = 'payment' and day <= ${v('to')}::date group by invoice_id),
    credited as (
      select a.invoice_id, sum(a.amount) as amount from ${creditAllocations} a
      where a.organization_id = ${v('organizationId')} and a.kind = 'invoice' and a.reversed_at is null and a.allocation_date <= ${v('to')}::date
        and a.invoice_id in (select invoice_id from m where kind = 'invoice')
      group by a.invoice_id),
    due as (
      select m.due_date::date as due_date, m.debit - least(m.debit, coalesce(paid.amount, 0) + coalesce(credited.amount, 0)) as amount
      from m left join paid on paid.invoice_id = m.invoice_id left join credited on credited.invoice_id = m.invoice_id
      where m.kind = 'invoice' and m.day <= ${v('to')}::date),
    aging as (
      select
        coalesce(sum(amount) filter (where due_date >= ${v('to')}::date), 0)::text as current,
        coalesce(sum(amount) filter (where ${v('to')}::date - due_date between 1 and 30), 0)::text as d1_30,
        coalesce(sum(amount) filter (where ${v('to')}::date - due_date between 31 and 60), 0)::text as d31_60,
        coalesce(sum(amount) filter (where ${v('to')}::date - due_date between 61 and 90), 0)::text as d61_90,
        coalesce(sum(amount) filter (where ${v('to')}::date - due_date > 90), 0)::text as over_90
      from due),
    lines as (
      select m.day, m.ord, m.kind, m.source_id, m.reference, m.detail, m.debit, m.credit, m.due_date,
        (select opening from totals) + sum(m.debit - m.credit) over (order by m.day, m.ord, m.source_id rows between unbounded preceding and current row) as balance
      from m where m.day between ${v('from')}::date and ${v('to')}::date)
  select totals.opening::text as opening, totals.debits::text as debits, totals.credits::text as credits,
    (select coalesce(sum(c.amount), 0) from ${customerCredits} c
       where c.organization_id = ${v('organizationId')} and c.customer_id = ${v('customerId')}::uuid and c.status <> 'void' and c.issue_date <= ${v('to')}::date)
    - (select coalesce(sum(a.amount), 0) from ${creditAllocations} a join ${customerCredits} c on c.id = a.credit_id
       where a.organization_id = ${v('organizationId')} and c.customer_id = ${v('customerId')}::uuid and c.status <> 'void'
         and a.reversed_at is null and a.allocation_date <= ${v('to')}::date)
    as unapplied,
    aging.current, aging.d1_30, aging.d31_60, aging.d61_90, aging.over_90,
    lines.day::text as day, lines.kind, lines.source_id, lines.reference, lines.detail, lines.debit::text as debit,
    lines.credit::text as credit, lines.due_date, lines.balance::text as balance
  from totals cross join aging left join lines on true
  order by lines.day, lines.ord, lines.source_id`,
);

const dayText = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

const METHOD_NAMES: Record<string, string> = { ach: 'ACH', wire: 'Wire', check: 'Check', card: 'Card', stripe: 'Card (Stripe)' };

function description(kind: StatementLineKind, reference: string | null, detail: string | null): string {
  switch (kind) {
    case 'invoice':
      // detail: the invoice a late fee invoice charges for.
      return `Invoice ${reference ?? ''}`.trim() + (detail ? ` (late fee on ${detail})` : '');
    case 'payment': {
      const [method = '', ...rest] = (detail ?? '').trim().split(' ');
      const how = [METHOD_NAMES[method] ?? method, rest.join(' ')].filter(Boolean).join(' ');
      return `Payment${how ? ` - ${how}` : ''}${reference ? ` (${reference})` : ''}`;
    }
    case 'refund': {
      const [method = '', ...rest] = (detail ?? '').trim().split(' ');
      const how = [METHOD_NAMES[method] ?? method, rest.join(' ')].filter(Boolean).join(' ');
      return `${reference ? `Refund of ${reference}` : 'Refund of credit'}${how ? ` - ${how}` : ''}`;
    }
    case 'credit_note':
      return `Credit note ${reference ?? ''}`.trim();
  }
}

const joinAddress = (parts: (string | null | undefined)[]): string | null => {
  const text = parts.filter((part): part is string => Boolean(part?.trim())).join(', ');
  return text || null;
};

/**
 * The statement of `customerId` for the organization's days `from`..`to` (both included, already
 * normalised). 404 for a customer of another organization; 400 when `to` is before `from`.
 */
export async function buildStatement(db: Database, organizationId: string, customerId: string, from: string, to: string): Promise<Statement> {
  if (to < from) throw new AppError('VALIDATION', 'The end of the period is before its start', { to: 'Must be on or after From' });
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw notFound('Organization');
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuidLike.test(customerId)) throw notFound('Customer');
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)))
    .limit(1);
  if (!customer) throw notFound('Customer');

  const rows = await statementRows(db, { organizationId, customerId, timeZone: org.timeZone, from, to });
  const [summary] = rows;
  const lineRows = rows.filter((row): row is StatementRow & LineRow => row.source_id !== null);

  const opening = centsFromDecimal(summary?.opening ?? '0');
  const debits = centsFromDecimal(summary?.debits ?? '0');
  const credits = centsFromDecimal(summary?.credits ?? '0');
  const agingValues: Record<(typeof agingBuckets)[number]['key'], string> = {
    current: summary?.current ?? '0',
    '1_30': summary?.d1_30 ?? '0',
    '31_60': summary?.d31_60 ?? '0',
    '61_90': summary?.d61_90 ?? '0',
    over_90: summary?.over_90 ?? '0',
  };

  return {
    organization: {
      name: org.name,
      email: org.email,
      address: joinAddress([org.address, org.city, [org.state, org.zipCode].filter(Boolean).join(' '), org.country]),
      logoUrl: org.logoUrl,
      primaryColor: org.primaryColor,
    },
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      address: joinAddress([customer.address, customer.city, [customer.state, customer.zipCode].filter(Boolean).join(' '), customer.country]),
    },
    currency: org.currency,
    from,
    to,
    openingBalance: toDecimal(opening),
    lines: lineRows.map((row) => ({
      date: dayText(row.day),
      kind: row.kind,
      description: description(row.kind, row.reference, row.detail),
      sourceId: row.source_id,
      reference: row.reference,
      debit: toDecimal(centsFromDecimal(row.debit)),
      credit: toDecimal(centsFromDecimal(row.credit)),
      balance: toDecimal(centsFromDecimal(row.balance)),
      dueDate: row.due_date ? dayText(row.due_date) : null,
    })),
    totalDebits: toDecimal(debits),
    totalCredits: toDecimal(credits),
    closingBalance: toDecimal(opening + debits - credits),
    unappliedCredit: toDecimal(Math.max(0, centsFromDecimal(summary?.unapplied ?? '0'))),
    aging: agingBuckets.map((bucket) => ({ key: bucket.key, label: bucket.label, amount: toDecimal(centsFromDecimal(agingValues[bucket.key])) })),
  };
}
