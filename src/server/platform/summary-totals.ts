import { and, eq, inArray, lt, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '../../shared/contracts/invoices';
import type { Database } from '../db/client';
import { firstValueOf, preparedOnce } from '../db/prepared';
import { invoiceTotals, paymentTotals } from '../db/schema';

/*
 * Reads of the summary tables (schema/summaries.ts, kept by the triggers of migration 0008). They
 * answer what a count(*) or sum() over the organization's invoices or payments would, exactly, at a
 * cost that grows with the number of (status, due day) keys rather than with the rows.
 */

/** Past due and with a balance left, as invoices.queries' pastDue, on the summary's keys. */
const pastDue = (today: string | Placeholder) => and(lt(invoiceTotals.dueDate, sql`${today}::date`), eq(invoiceTotals.isOpen, true));

/** The invoice list's filter by shown status (invoices.queries statusCondition), on the summary's keys. */
function statusKeys(status: InvoiceStatus, today: string | Placeholder): SQL | undefined {
  if (status === 'overdue') return or(eq(invoiceTotals.status, 'overdue'), and(eq(invoiceTotals.status, 'sent'), pastDue(today)));
  if (status === 'sent') return and(eq(invoiceTotals.status, 'sent'), sql`not (${pastDue(today)})`);
  return eq(invoiceTotals.status, status);
}

/** Every invoice of the organization (the unfiltered list's total), as a scalar subquery. */
export function invoiceCountOf(organizationId: Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${invoiceTotals.invoiceCount}), 0)::int from ${invoiceTotals} where ${invoiceTotals.organizationId} = ${organizationId})`;
}

/** The organization's invoices with this shown status on `today`, as a scalar subquery (exact). */
export function invoiceStatusCountOf(organizationId: Placeholder, status: InvoiceStatus, today: Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${invoiceTotals.invoiceCount}), 0)::int from ${invoiceTotals} where ${invoiceTotals.organizationId} = ${organizationId} and ${statusKeys(status, today)})`;
}

/** invoiceCountOf, prepared once per database. */
const invoiceCountStatement = preparedOnce((db) =>
  db.select({ n: invoiceCountOf(sql.placeholder('organizationId')) }).from(sql`(select 1) as one`).prepare('invoice_count_from_totals'),
);

/** How many invoices the organization has, optionally with this shown status on `today`. */
export async function countInvoicesFromTotals(db: Database, organizationId: string, status: InvoiceStatus | undefined, today: string): Promise<number> {
  if (!status) {
    return Number((await firstValueOf(db, invoiceCountStatement(db), 'invoice_count_from_totals', { organizationId })) ?? 0);
  }
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${invoiceTotals.invoiceCount}), 0)::int` })
    .from(invoiceTotals)
    .where(and(eq(invoiceTotals.organizationId, organizationId), status ? statusKeys(status, today) : undefined));
  return Number(row?.n ?? 0);
}

/** Read on every sidebar refresh: prepared once per database (issue 15). */
const openInvoiceCountStatement = preparedOnce((db) =>
  db
    .select({ n: sql<number>`coalesce(sum(${invoiceTotals.invoiceCount}), 0)::int` })
    .from(invoiceTotals)
    .where(
      and(
        eq(invoiceTotals.organizationId, sql.placeholder('organizationId')),
        inArray(invoiceTotals.status, ['sent', 'overdue']),
        eq(invoiceTotals.isOpen, true),
      ),
    )
    .prepare('open_invoice_count_from_totals'),
);

/** Sent or overdue invoices with a balance left (dashboard, sidebar badge). */
export async function countOpenInvoicesFromTotals(db: Database, organizationId: string): Promise<number> {
  const [row] = await openInvoiceCountStatement(db).execute({ organizationId });
  return Number(row?.n ?? 0);
}

/** Every payment of the organization (the unfiltered Payment History's total), as a scalar subquery. */
export function paymentCountOf(organizationId: Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${paymentTotals.paymentCount}), 0)::int from ${paymentTotals} where ${paymentTotals.organizationId} = ${organizationId})`;
}

/** paymentCountOf, prepared once per database. */
const paymentCountStatement = preparedOnce((db) =>
  db.select({ n: paymentCountOf(sql.placeholder('organizationId')) }).from(sql`(select 1) as one`).prepare('payment_count_from_totals'),
);

/** How many payments, optionally of one type and status (Payment History's total). */
export async function countPaymentsFromTotals(
  db: Database,
  organizationId: string,
  filter: { type?: string | undefined; status?: string | undefined },
): Promise<number> {
  if (!filter.type && !filter.status) {
    return Number((await firstValueOf(db, paymentCountStatement(db), 'payment_count_from_totals', { organizationId })) ?? 0);
  }
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${paymentTotals.paymentCount}), 0)::int` })
    .from(paymentTotals)
    .where(
      and(
        eq(paymentTotals.organizationId, organizationId),
        filter.type ? eq(paymentTotals.type, filter.type) : undefined,
        filter.status ? eq(paymentTotals.status, filter.status) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
