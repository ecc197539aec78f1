import { type SQL, and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { HubInvoice, HubInvoiceListQuery, HubStatusFilter, InvoiceOverview } from '../../../shared/contracts/invoice-hub';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { customers, invoiceItems, invoices } from '../../db/schema';
import { organizationToday } from '../../platform/calendar';
import { effectiveStatus } from '../invoices/invoices.queries';
import type { FirmActor } from './create-client';
import { computeOnboardingStats } from './onboarding-stats';
import { visibleClients } from './practice.queries';

/**
 * The hub's invoices: the firm's own invoices (its books) to the practice clients this member may
 * see. A client's invoices in its own workspace are the client's business, not the firm's billing.
 */
const firmInvoicesTo = (actor: FirmActor): SQL => and(eq(invoices.organizationId, actor.firmId), visibleClients(actor)) ?? sql`false`;

const pastDue = (today: string) => sql`(${invoices.dueDate} < ${today}::date and ${invoices.amountPaid} < ${invoices.totalAmount})`;

function statusWhere(filter: HubStatusFilter, today: string): SQL | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'overdue') return sql`(${invoices.status} = 'overdue' or (${invoices.status} = 'sent' and ${pastDue(today)}))`;
  if (filter === 'sent') return sql`(${invoices.status} = 'sent' and not ${pastDue(today)})`;
  return eq(invoices.status, filter);
}

const firstDescription = sql<string>`coalesce((select ${invoiceItems.description} from ${invoiceItems} where ${invoiceItems.invoiceId} = ${invoices.id} order by ${invoiceItems.position} limit 1), '')`;

const money = (value: string) => toDecimal(centsFromDecimal(value));

/** The Recent Invoices list: newest issue day first, one page, and how many match the filter. */
export async function findHubInvoices(db: Database, actor: FirmActor, query: HubInvoiceListQuery, now: Date): Promise<{ rows: HubInvoice[]; total: number }> {
  const today = await organizationToday(db, actor.firmId, now);
  const where = and(firmInvoicesTo(actor), statusWhere(query.status, today));
  const rows = await db
    .select({ invoice: invoices, status: effectiveStatus(today), clientName: customers.name, description: firstDescription })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customerId)).where(where);
  return {
    rows: rows.map(({ invoice, status, clientName, description }) => ({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      clientId: invoice.customerId,
      clientName,
      description,
      status,
      amount: money(invoice.totalAmount),
      balance: toDecimal(centsFromDecimal(invoice.totalAmount) - centsFromDecimal(invoice.amountPaid)),
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * The hub's figures, each one SQL aggregate on the firm's day:
 * - clients with invoices: visible clients with at least one invoice that is not cancelled;
 * - outstanding: total less paid on sent and overdue invoices (the clients' open balances);
 * - monthly recurring: glossary.monthlyRecurring, computeOnboardingStats's (the practice dashboard's);
 * - recent: invoices issued in the last 30 days (today and the 29 before), not cancelled;
 * - upcoming: the first 5 sent invoices still owing, due today or later.
 */
export async function computeInvoiceOverview(db: Database, actor: FirmActor, now: Date): Promise<InvoiceOverview> {
  const today = await organizationToday(db, actor.firmId, now);
  const [figures] = await db
    .select({
      clients: sql<number>`count(distinct ${invoices.customerId}) filter (where ${invoices.status} <> 'cancelled')::int`,
      outstanding: sql<string>`coalesce(sum(${invoices.totalAmount} - ${invoices.amountPaid}) filter (where ${invoices.status} in ('sent', 'overdue')), 0)::text`,
      recent: sql<number>`count(*) filter (where ${invoices.status} <> 'cancelled' and ${invoices.issueDate} > ${today}::date - 30)::int`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(firmInvoicesTo(actor));
  // glossary.monthlyRecurring: the practice dashboard's figure, from the same query.
  const { monthlyRecurring } = await computeOnboardingStats(db, actor, now);
  const upcoming = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      clientName: customers.name,
      dueDate: invoices.dueDate,
      total: invoices.totalAmount,
      paid: invoices.amountPaid,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        firmInvoicesTo(actor),
        eq(invoices.status, 'sent'),
        gte(invoices.dueDate, sql`${today}::date`),
        sql`${invoices.amountPaid} < ${invoices.totalAmount}`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber))
    .limit(5);
  const recent = await findHubInvoices(db, actor, { status: 'all', limit: 10, offset: 0 }, now);
  return {
    totalClientsWithInvoices: figures?.clients ?? 0,
    totalOutstandingAmount: money(figures?.outstanding ?? '0'),
    totalMonthlyRecurring: monthlyRecurring,
    recentInvoiceCount: figures?.recent ?? 0,
    upcomingInvoices: upcoming.map((row) => ({
      id: row.id,
      invoiceNumber: row.invoiceNumber,
      clientName: row.clientName,
      dueDate: row.dueDate,
      amount: toDecimal(centsFromDecimal(row.total) - centsFromDecimal(row.paid)),
    })),
    recentInvoices: recent.rows,
  };
}

/** A firm invoice to a client this member may see, locked when asked; null otherwise (404). */
export async function findHubInvoice(db: Database, actor: FirmActor, invoiceId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(invoiceId)) return null;
  const query = db
    .select({ invoice: invoices, clientName: customers.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(firmInvoicesTo(actor), eq(invoices.id, invoiceId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: invoices }) : await query;
  return row ?? null;
}

/** Invoices of the firm with these ids (a retried generate finds what it made). */
export async function findFirmInvoicesByIds(db: Database, firmId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, customerId: invoices.customerId })
    .from(invoices)
    .where(and(eq(invoices.organizationId, firmId), inArray(invoices.id, ids)));
}
