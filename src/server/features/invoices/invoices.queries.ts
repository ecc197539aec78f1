import { and, asc, count, desc, eq, ilike, inArray, lt, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceItem, InvoiceStatus } from '../../../shared/contracts/invoices';
import { centsFromDecimal, normalizeDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers, invoiceItemLists, invoiceItems, invoices, invoiceTotals, organizations } from '../../db/schema';
import { isUuid, likePattern } from '../../db/query-helpers';
import { jsonArrayOfText, jsonDate, jsonDecimal, jsonObjectText, jsonTextQuoted, jsonTextString, jsonTimestamp } from '../../db/json';
import { namedFields, pageJsonOf, pageLimit, pageOffset, pageStatementName, type PageWindow, preparedOnce, preparedPages } from '../../db/prepared';
import { lineVatOf } from '../../platform/line-vat';
import { organizationCurrency } from '../../platform/currency';
import { countInvoicesFromTotals, countOpenInvoicesFromTotals, invoiceCountOf } from '../../platform/summary-totals';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

export async function findOrganization(db: Database, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!row) throw new Error(`organization ${organizationId} missing`);
  return row;
}

/** The organization's day: a value, or the placeholder of the prepared list query. */
type Today = string | Placeholder;

/** Past due and not fully paid. */
const pastDue = (today: Today) =>
  and(lt(invoices.dueDate, sql`${today}::date`), lt(invoices.amountPaid, invoices.totalAmount));

/** The status as shown: a sent invoice that is past due and unpaid reads 'overdue' with nobody editing it. */
export function effectiveStatus(today: Today): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`case when ${invoices.status} = 'sent' and ${pastDue(today)} then 'overdue' else ${invoices.status} end`;
}

function statusCondition(status: InvoiceStatus, today: string): SQL | undefined {
  if (status === 'overdue') return or(eq(invoices.status, 'overdue'), and(eq(invoices.status, 'sent'), pastDue(today)));
  if (status === 'sent') return and(eq(invoices.status, 'sent'), sql`not (${pastDue(today)})`);
  return eq(invoices.status, status);
}

const listColumns = (today: Today) => ({
  invoice: invoices,
  status: effectiveStatus(today),
  customer: { id: customers.id, name: customers.name, email: customers.email },
});

type ListRow = { invoice: InvoiceRow; status: InvoiceStatus; customer: Invoice['customer'] };

/** Amounts in the organization's currency (its decimals: JPY "1081", USD "12.30", KWD "1.235"). */
export function toItemDto(row: InvoiceItemRow, currency?: string): InvoiceItem {
  const amount = (value: string) => normalizeDecimal(value, currency);
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity.includes('.') ? row.quantity.replace(/\.?0+$/, '') : row.quantity,
    unitPrice: amount(row.unitPrice),
    totalPrice: amount(row.totalPrice),
    ...lineVatOf(row),
  };
}

export function toInvoiceDto(row: ListRow, items: InvoiceItemRow[], currency?: string): Invoice {
  const { invoice } = row;
  const amount = (value: string) => normalizeDecimal(value, currency);
  const total = centsFromDecimal(invoice.totalAmount, currency);
  const paid = centsFromDecimal(invoice.amountPaid, currency);
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    customerId: invoice.customerId,
    customer: row.customer,
    status: row.status,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    subtotal: amount(invoice.subtotal),
    taxAmount: amount(invoice.taxAmount),
    discountAmount: amount(invoice.discountAmount),
    totalAmount: toDecimal(total, currency),
    amountPaid: toDecimal(paid, currency),
    balance: toDecimal(total - paid, currency),
    notes: invoice.notes,
    paymentTerms: invoice.paymentTerms,
    vatExemptionReason: invoice.vatExemptionReason,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
    items: items.map((item) => toItemDto(item, currency)),
  };
}

/** The items of a page of invoices, by invoice: one prepared statement (a uuid array parameter). */
const itemsStatement = preparedOnce((db) =>
  db
    .select()
    .from(invoiceItems)
    .where(sql`${invoiceItems.invoiceId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position), asc(invoiceItems.id))
    .prepare('invoice_items_of'),
);

async function itemsOf(db: Database, invoiceIds: string[]): Promise<Map<string, InvoiceItemRow[]>> {
  const byInvoice = new Map<string, InvoiceItemRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await itemsStatement(db).execute({ ids: invoiceIds });
  for (const row of rows) {
    const list = byInvoice.get(row.invoiceId) ?? [];
    list.push(row);
    byInvoice.set(row.invoiceId, list);
  }
  return byInvoice;
}

/**
 * The unfiltered list page, newest first: its rows with plain column names (the customer's
 * renamed), a subquery so that PostgreSQL builds JSON for the 50 rows of the page only.
 */
const listPageRows = (db: Database, window: PageWindow | null) =>
  db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerId: invoices.customerId,
      customerName: sql<string>`${customers.name}`.as('customer_name'),
      customerEmail: sql<string>`${customers.email}`.as('customer_email'),
      status: effectiveStatus(sql.placeholder('today')).as('shown_status'),
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      subtotal: invoices.subtotal,
      taxAmount: invoices.taxAmount,
      discountAmount: invoices.discountAmount,
      totalAmount: invoices.totalAmount,
      amountPaid: invoices.amountPaid,
      notes: invoices.notes,
      paymentTerms: invoices.paymentTerms,
      vatExemptionReason: invoices.vatExemptionReason,
      sentAt: invoices.sentAt,
      paidAt: invoices.paidAt,
      createdAt: invoices.createdAt,
      updatedAt: invoices.updatedAt,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.organizationId, sql.placeholder('organizationId')))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(pageLimit(window))
    .offset(pageOffset(window))
    .as('page');

/**
 * The unfiltered list page as the JSON text of the response, built by PostgreSQL (db/json.ts): the
 * same value toInvoiceDto gives, so Node neither maps rows nor stringifies them. One prepared
 * statement per database (and page size for first pages, db/prepared.ts preparedPages).
 */
const listPageJsonStatement = preparedPages((db, window) => {
  const page = listPageRows(db, window);
  // Each invoice's items as one stored JSON text (invoice_item_lists, kept by triggers: migration 0011).
  const items = sql`coalesce((select ${invoiceItemLists.itemsJson} from ${invoiceItemLists} where ${invoiceItemLists.invoiceId} = ${page.id}), '[]')`;
  const invoice = jsonObjectText({
    id: jsonTextQuoted(page.id),
    invoiceNumber: jsonTextString(page.invoiceNumber),
    customerId: jsonTextQuoted(page.customerId),
    customer: jsonObjectText({ id: jsonTextQuoted(page.customerId), name: jsonTextString(page.customerName), email: jsonTextString(page.customerEmail) }),
    status: jsonTextString(page.status),
    issueDate: jsonTextQuoted(jsonDate(page.issueDate)),
    dueDate: jsonTextQuoted(jsonDate(page.dueDate)),
    subtotal: jsonTextQuoted(jsonDecimal(page.subtotal)),
    taxAmount: jsonTextQuoted(jsonDecimal(page.taxAmount)),
    discountAmount: jsonTextQuoted(jsonDecimal(page.discountAmount)),
    totalAmount: jsonTextQuoted(jsonDecimal(page.totalAmount)),
    amountPaid: jsonTextQuoted(jsonDecimal(page.amountPaid)),
    balance: jsonTextQuoted(jsonDecimal(sql`(${page.totalAmount} - ${page.amountPaid})`)),
    notes: jsonTextString(page.notes),
    paymentTerms: jsonTextString(page.paymentTerms),
    vatExemptionReason: jsonTextString(page.vatExemptionReason),
    sentAt: jsonTextQuoted(jsonTimestamp(page.sentAt)),
    paidAt: jsonTextQuoted(jsonTimestamp(page.paidAt)),
    createdAt: jsonTextQuoted(jsonTimestamp(page.createdAt)),
    updatedAt: jsonTextQuoted(jsonTimestamp(page.updatedAt)),
    items,
  });
  return db
    .select(namedFields({ json: jsonArrayOfText(invoice, sql`${page.createdAt} desc, ${page.id} desc`), total: invoiceCountOf(sql.placeholder('organizationId')) }))
    .from(page)
    .prepare(pageStatementName('invoice_list_page_json', window));
});

/**
 * The unfiltered list page (the common case) as the response's JSON text, and the total for
 * X-Total-Count (summary table), in one statement: one round trip, scoped by the session's organization.
 */
export async function findInvoicePageJson(
  db: Database,
  params: Pick<InvoiceListParams, 'organizationId' | 'today' | 'limit' | 'offset'>,
): Promise<{ json: string; total: number }> {
  return pageJsonOf(db, listPageJsonStatement(db, params), 'invoice_list_page_json', params);
}

/**
 * The ids of a page of the overdue list, newest first, at a cost that does not grow with the
 * invoices (issue 33). Walking the open invoices newest first skips every open invoice not yet
 * due, and those grow with the volume (a quarter of them in the bench's 120 days). Instead: for
 * each due day already past that still has an open invoice (the summary table's keys, a few hundred
 * at most), the newest offset+limit invoices of that day from invoices_org_open_due_created_idx,
 * merged; plus any invoice stored as 'overdue' whose due day has not come (set by hand, rare).
 */
function overduePageIds(organizationId: string, today: string, limit: number, offset: number): SQL {
  const wanted = limit + offset;
  const pastDueDays = sql`select distinct ${invoiceTotals.dueDate} as due_date from ${invoiceTotals}
    where ${invoiceTotals.organizationId} = ${organizationId} and ${invoiceTotals.dueDate} < ${today}::date
      and ((${invoiceTotals.status} = 'sent' and ${invoiceTotals.isOpen}) or ${invoiceTotals.status} = 'overdue')`;
  return sql`select page.id from (
    select day_page.id, day_page.created_at from (${pastDueDays}) as day
    cross join lateral (
      select ${invoices.id} as id, ${invoices.createdAt} as created_at from ${invoices}
      where ${invoices.organizationId} = ${organizationId} and ${invoices.status} in ('sent', 'overdue')
        and ${invoices.dueDate} = day.due_date and (${invoices.status} = 'overdue' or ${invoices.amountPaid} < ${invoices.totalAmount})
      order by ${invoices.createdAt} desc, ${invoices.id} desc limit ${wanted}
    ) as day_page
    union all
    (select ${invoices.id}, ${invoices.createdAt} from ${invoices}
      where ${invoices.organizationId} = ${organizationId} and ${invoices.status} = 'overdue' and ${invoices.dueDate} >= ${today}::date
      order by ${invoices.createdAt} desc, ${invoices.id} desc limit ${wanted})
  ) as page order by page.created_at desc, page.id desc limit ${limit} offset ${offset}`;
}

/** Up to this many matches, a searched page is sorted from the matches (findInvoices). */
const FEW_MATCHES = 2000;

export interface InvoiceListParams {
  organizationId: string;
  today: string;
  status?: InvoiceStatus | undefined;
  search?: string | undefined;
  customerId?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * One page of invoices, newest first, with customer and items; total for X-Total-Count. The route
 * answers the unfiltered list with findInvoicePageJson (the same value, built by PostgreSQL).
 */
export async function findInvoices(db: Database, params: InvoiceListParams): Promise<{ invoices: Invoice[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(invoices.organizationId, params.organizationId)];
  if (params.status) conditions.push(statusCondition(params.status, params.today));
  if (params.customerId) conditions.push(eq(invoices.customerId, params.customerId));
  if (params.search) {
    const pattern = likePattern(params.search);
    // The customers whose name matches, as an array of ids: both arms of the OR can then use an
    // index (the number's trigram index, the customer index), and neither the page nor the count
    // joins every invoice to its customer to test the name (issue 33).
    const namedCustomers = db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organizationId, params.organizationId), ilike(customers.name, pattern)));
    conditions.push(or(ilike(invoices.invoiceNumber, pattern), sql`${invoices.customerId} = any(array(${namedCustomers}))`));
  }
  // Overdue and sent are both open invoices: saying so lets PostgreSQL use the partial index
  // invoices_org_open_created_idx (migration 0009), which skips paid, draft and cancelled rows.
  const open = params.status === 'overdue' || params.status === 'sent';
  if (open) conditions.push(inArray(invoices.status, ['sent', 'overdue']));
  const where = and(...conditions);
  const newestFirst = [desc(invoices.createdAt), desc(invoices.id)] as const;
  // Filtered to open invoices (no search, which needs the customer join), the page's ids come from
  // an index-only scan of that index (the filter reads only indexed columns); only the 50 rows of
  // the page are then read from the table, not every newer not-yet-due invoice the scan skips.
  const pageWhere =
    params.status === 'overdue' && !params.search && !params.customerId
      ? sql`${invoices.id} in (${overduePageIds(params.organizationId, params.today, params.limit, params.offset)})`
      : open && !params.search
      ? inArray(
          invoices.id,
          db.select({ id: invoices.id }).from(invoices).where(where).orderBy(...newestFirst).limit(params.limit).offset(params.offset),
        )
      : undefined;
  const pageQueryOf = db
    .select(listColumns(params.today))
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .orderBy(...newestFirst);
  if (params.search) {
    // A search: the total first (the trigram and customer indexes, a bitmap of the matches). When
    // few invoices match, the page is sorted from those matches; walking every invoice newest first
    // until 50 match (PostgreSQL's choice, since it cannot tell how rare the term is) read all 1M
    // rows for a term that matches one (issue 33). Many matches: the walk stops early, as before.
    const [counted] = await db.select({ n: count() }).from(invoices).where(where);
    const total = counted?.n ?? 0;
    const matches = db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(where).offset(0).as('matches');
    const rows =
      total <= FEW_MATCHES
        ? await pageQueryOf.where(
            and(
              eq(invoices.organizationId, params.organizationId),
              inArray(
                invoices.id,
                db.select({ id: matches.id }).from(matches).orderBy(desc(matches.createdAt), desc(matches.id)).limit(params.limit).offset(params.offset),
              ),
            ),
          )
        : await pageQueryOf.where(where).limit(params.limit).offset(params.offset);
    return pageOf(db, rows, total);
  }
  const [rows, totals] = await Promise.all([
    pageWhere ? pageQueryOf.where(and(eq(invoices.organizationId, params.organizationId), pageWhere)) : pageQueryOf.where(where).limit(params.limit).offset(params.offset),
    // Without a search or a customer, the total comes from the summary table (a few hundred keys,
    // not every invoice).
    params.customerId
      ? db.select({ n: count() }).from(invoices).where(where)
      : countInvoicesFromTotals(db, params.organizationId, params.status, params.today).then((n) => [{ n }]),
  ]);
  return pageOf(db, rows, totals[0]?.n ?? 0);
}

/** The page's invoices with their items (one query for all of them). */
async function pageOf(db: Database, rows: ListRow[], total: number): Promise<{ invoices: Invoice[]; total: number }> {
  const items = await itemsOf(db, rows.map((row) => row.invoice.id));
  const currency = rows[0] ? await organizationCurrency(db, rows[0].invoice.organizationId) : undefined;
  return { invoices: rows.map((row) => toInvoiceDto(row, items.get(row.invoice.id) ?? [], currency)), total };
}

/** One invoice of the organization with customer and items, or null (also for a malformed id). */
export async function findInvoice(db: Database, organizationId: string, id: string, today: string): Promise<Invoice | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(listColumns(today))
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id)))
    .limit(1);
  if (!row) return null;
  const items = await itemsOf(db, [id]);
  return toInvoiceDto(row, items.get(id) ?? [], await organizationCurrency(db, organizationId));
}

/** The invoice row, locked until the transaction ends (payments, edits, deletes). */
export async function lockInvoice(tx: Database, organizationId: string, id: string): Promise<InvoiceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findInvoiceByNumber(db: Database, organizationId: string, invoiceNumber: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.invoiceNumber, invoiceNumber)))
    .limit(1);
  return row ?? null;
}

/** Sent or overdue invoices with a balance left (dashboard, sidebar badge), from the summary table. */
export async function countOpenInvoices(db: Database, organizationId: string): Promise<number> {
  return countOpenInvoicesFromTotals(db, organizationId);
}
