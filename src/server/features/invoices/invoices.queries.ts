import { and, asc, count, desc, eq, ilike, lt, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { type Invoice, type InvoiceItem, type InvoiceStatus, invoiceStatuses } from '../../../shared/contracts/invoices';
import { centsFromDecimal, normalizeDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers, invoiceItemLists, invoiceItems, invoices, invoiceTotals, organizations } from '../../db/schema';
import { isUuid, likePattern } from '../../db/query-helpers';
import { jsonArrayOfText, jsonDate, jsonDecimal, jsonObjectText, jsonTextQuoted, jsonTextString, jsonTimestamp } from '../../db/json';
import { namedFields, pageJsonOf, pageLimit, pageOffset, pageStatementName, type PageWindow, preparedOnce, preparedPages } from '../../db/prepared';
import { lineVatOf } from '../../platform/line-vat';
import { organizationCurrency } from '../../platform/currency';
import { countOpenInvoicesFromTotals, invoiceCountOf, invoiceStatusCountOf } from '../../platform/summary-totals';
import { LIST_COUNT_CAP } from '../../../shared/contracts/common';

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

/**
 * `status = 'sent'` with the status written into the statement, not bound: a prepared statement's
 * generic plan then matches the partial indexes of open invoices (`where status in ('sent',
 * 'overdue')`), which a bound value cannot prove it meets, so PostgreSQL stops planning the list
 * anew on every request (issue 33). Only the known statuses are written.
 */
function statusIs(status: InvoiceStatus): SQL {
  if (!invoiceStatuses.includes(status)) throw new Error(`unknown invoice status ${String(status)}`);
  return sql`${invoices.status} = ${sql.raw(`'${status}'`)}`;
}

/** Sent or overdue as stored: the open invoices' partial indexes' own condition, written out. */
const isOpen = (): SQL => sql`${invoices.status} in ('sent', 'overdue')`;

/** The invoices shown with `status` on `today` (a sent invoice past due and unpaid shows overdue). */
export function statusCondition(status: InvoiceStatus, today: Today): SQL | undefined {
  if (status === 'overdue') return or(statusIs('overdue'), and(statusIs('sent'), pastDue(today)));
  if (status === 'sent') return and(statusIs('sent'), sql`not (${pastDue(today)})`);
  return statusIs(status);
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
 * A list filter one prepared JSON statement answers: a shown status, a customer, a search, or any of
 * them together. Its values are the placeholders `today`, `customerId` and `pattern`.
 */
export interface ListFilter {
  status?: InvoiceStatus | undefined;
  customer: boolean;
  search: boolean;
}

const everyInvoice: ListFilter = { customer: false, search: false };

/** The organization's customers whose name matches the search, as an array (customers_name_trgm_idx). */
function namedCustomerIds(organizationId: Placeholder, pattern: Placeholder): SQL {
  return sql`array(select ${customers.id} from ${customers} where ${customers.organizationId} = ${organizationId} and ${customers.name} ilike ${pattern})`;
}

/**
 * The ids of a searched page, newest first: an invoice matches by its number or by its customer's
 * name. Two arms, each read from an index in page order and merged: for each customer whose name
 * matches, its newest offset+limit invoices (invoices_org_customer_created_idx), and the newest
 * offset+limit invoices whose number matches (the number's trigram index). One condition with OR
 * made PostgreSQL walk every invoice newest first, or sort every match (issue 33).
 */
function searchPageIds(conditions: SQL, organizationId: Placeholder, pattern: Placeholder, limit: Placeholder, offset: Placeholder | number): SQL {
  const wanted = sql`(${limit}::int + ${offset}::int)`;
  return sql`select found.id from (
    (select named_page.id, named_page.created_at from unnest(${namedCustomerIds(organizationId, pattern)}) as named(named_id)
      cross join lateral (select ${invoices.id} as id, ${invoices.createdAt} as created_at from ${invoices}
        where ${conditions} and ${invoices.customerId} = named.named_id
        order by ${invoices.createdAt} desc, ${invoices.id} desc limit ${wanted}) as named_page)
    union
    (select ${invoices.id} as id, ${invoices.createdAt} as created_at from ${invoices}
      where ${conditions} and ${invoices.invoiceNumber} ilike ${pattern}
      order by ${invoices.createdAt} desc, ${invoices.id} desc limit ${wanted})
  ) as found order by found.created_at desc, found.id desc limit ${limit} offset ${offset}`;
}

/**
 * How many invoices a search matches, counted by the same two arms up to `countLimit`: each named
 * customer's from its index, then those whose number matches and whose customer is not named.
 */
function searchCountOf(conditions: SQL, organizationId: Placeholder, pattern: Placeholder): SQL<number> {
  const countLimit = sql.placeholder('countLimit');
  const named = namedCustomerIds(organizationId, pattern);
  return sql<number>`(select count(*)::int from (
    select 1 from unnest(${named}) as named(named_id)
      cross join lateral (select 1 from ${invoices} where ${conditions} and ${invoices.customerId} = named.named_id limit ${countLimit}) as by_name
    union all
    select 1 from ${invoices} where ${conditions} and ${invoices.invoiceNumber} ilike ${pattern} and not (${invoices.customerId} = any(${named}))
    limit ${countLimit}) as counted)`;
}

/**
 * The filter's conditions on invoices, with placeholders (a search's are its arms, searchPageIds).
 * Overdue and sent are both open invoices: saying so lets PostgreSQL use the partial indexes of
 * open invoices (migrations 0009, 0018), which skip paid, draft and cancelled rows.
 */
function listConditions(filter: ListFilter): SQL {
  const open = filter.status === 'overdue' || filter.status === 'sent';
  return and(
    eq(invoices.organizationId, sql.placeholder('organizationId')),
    filter.customer ? eq(invoices.customerId, sql.placeholder('customerId')) : undefined,
    filter.status ? statusCondition(filter.status, sql.placeholder('today')) : undefined,
    open ? isOpen() : undefined,
  ) as SQL;
}

/**
 * A list page, newest first: its rows with plain column names (the customer's renamed), a subquery
 * so that PostgreSQL builds JSON for the 50 rows of the page only. Filtered to open invoices
 * without a customer, the page's ids come first from the open invoices' partial indexes (the
 * overdue ones day by day, overduePageIds), and only the page's rows are read from the table.
 */
const listPageRows = (db: Database, window: PageWindow | null, filter: ListFilter) => {
  const today = sql.placeholder('today');
  const conditions = listConditions(filter);
  const open = filter.status === 'overdue' || filter.status === 'sent';
  const newestFirst = [desc(invoices.createdAt), desc(invoices.id)] as const;
  const rows = db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerId: invoices.customerId,
      customerName: sql<string>`${customers.name}`.as('customer_name'),
      customerEmail: sql<string>`${customers.email}`.as('customer_email'),
      status: effectiveStatus(today).as('shown_status'),
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
    .innerJoin(customers, eq(customers.id, invoices.customerId));
  if (filter.search) {
    const ids = searchPageIds(conditions, sql.placeholder('organizationId'), sql.placeholder('pattern'), pageLimit(window), pageOffset(window));
    return rows
      .where(and(eq(invoices.organizationId, sql.placeholder('organizationId')), sql`${invoices.id} in (${ids})`))
      .orderBy(...newestFirst)
      .as('page');
  }
  if (open && !filter.customer) {
    const ids =
      filter.status === 'overdue'
        ? overduePageIds(sql.placeholder('organizationId'), today, pageLimit(window), pageOffset(window))
        : db.select({ id: invoices.id }).from(invoices).where(conditions).orderBy(...newestFirst).limit(pageLimit(window)).offset(pageOffset(window));
    return rows
      .where(and(eq(invoices.organizationId, sql.placeholder('organizationId')), sql`${invoices.id} in (${ids})`))
      .orderBy(...newestFirst)
      .as('page');
  }
  return rows
    .where(conditions)
    .orderBy(...newestFirst)
    .limit(pageLimit(window))
    .offset(pageOffset(window))
    .as('page');
};

/**
 * How many invoices the filter matches, as a scalar subquery: exact from the summary table without
 * a customer; with one, counted from its index only up to LIST_COUNT_CAP past the page's first row
 * (the placeholder `countLimit`, one more than that bound: findInvoicePageJson says "at least").
 */
function listCountOf(db: Database, filter: ListFilter): SQL<number> {
  const organizationId = sql.placeholder('organizationId');
  if (filter.search) return searchCountOf(listConditions(filter), organizationId, sql.placeholder('pattern'));
  if (!filter.customer) return filter.status ? invoiceStatusCountOf(organizationId, filter.status, sql.placeholder('today')) : invoiceCountOf(organizationId);
  const matches = db.select({ one: sql`1` }).from(invoices).where(listConditions(filter)).limit(sql.placeholder('countLimit'));
  return sql<number>`(select count(*)::int from (${matches}) as counted)`;
}

/** The prepared statement's name of a filter: invoice_list_page_json, invoice_list_json_overdue_customer. */
function listStatementName(filter: ListFilter): string {
  if (!filter.status && !filter.customer && !filter.search) return 'invoice_list_page_json';
  return `invoice_list_json_${filter.status ?? 'any'}${filter.customer ? '_customer' : ''}${filter.search ? '_search' : ''}`;
}

/**
 * A list page as the JSON text of the response, built by PostgreSQL (db/json.ts), and its total:
 * the same value toInvoiceDto gives, so Node neither maps rows nor stringifies them. One prepared
 * statement per filter and database (and page size for first pages, db/prepared.ts preparedPages).
 */
function listPageJsonBuilder(filter: ListFilter) {
  return preparedPages((db, window) => {
    const page = listPageRows(db, window, filter);
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
      .select(namedFields({ json: jsonArrayOfText(invoice, sql`${page.createdAt} desc, ${page.id} desc`), total: listCountOf(db, filter) }))
      .from(page)
      .prepare(pageStatementName(listStatementName(filter), window));
  });
}

const listPageJsonStatements = new Map<string, ReturnType<typeof listPageJsonBuilder>>();

/**
 * A list page (every invoice, a status, a customer, a search, or these together) as the response's
 * JSON text, and its total for X-Total-Count, in one statement: one round trip, scoped by the
 * session's organization. `capped`: there are more than `total` (a customer's or a search's
 * invoices, counted to LIST_COUNT_CAP past the page's first row).
 */
export async function findInvoicePageJson(
  db: Database,
  params: Pick<InvoiceListParams, 'organizationId' | 'today' | 'limit' | 'offset' | 'status' | 'customerId' | 'search'>,
): Promise<{ json: string; total: number; capped: boolean }> {
  const search = Boolean(params.search);
  const filter: ListFilter =
    params.status || params.customerId || search ? { status: params.status, customer: Boolean(params.customerId), search } : everyInvoice;
  const name = listStatementName(filter);
  let statement = listPageJsonStatements.get(name);
  if (!statement) {
    statement = listPageJsonBuilder(filter);
    listPageJsonStatements.set(name, statement);
  }
  const bound = params.offset + LIST_COUNT_CAP;
  const values: PageWindow & Record<string, string | number> = { organizationId: params.organizationId, today: params.today, limit: params.limit, offset: params.offset };
  if (params.customerId) {
    // Checked here: on PGlite the values are written into EXECUTE as literals.
    if (!isUuid(params.customerId)) return { json: '[]', total: 0, capped: false };
    values.customerId = params.customerId;
  }
  // A search's text is any text: on PGlite that statement runs with bind parameters (firstRowOf).
  if (params.search) values.pattern = likePattern(params.search);
  if (params.customerId || search) values.countLimit = bound + 1;
  const page = await pageJsonOf(db, statement(db, params), name, values);
  return page.total > bound && (params.customerId || search) ? { json: page.json, total: bound, capped: true } : { ...page, capped: false };
}

/**
 * The ids of a page of the overdue list, newest first, at a cost that does not grow with the
 * invoices (issue 33). Walking the open invoices newest first skips every open invoice not yet
 * due, and those grow with the volume (a quarter of them in the bench's 120 days). Instead: for
 * each due day already past that still has an open invoice (the summary table's keys, a few hundred
 * at most), the newest offset+limit invoices of that day from invoices_org_open_due_created_idx,
 * merged; plus any invoice stored as 'overdue' whose due day has not come (set by hand, rare).
 *
 * A floor keeps each day's walk short. Any one day with offset+limit overdue invoices holds that
 * many created at or after its own offset+limit-th, so the page holds none created before it. The
 * floor is taken from the latest such due day (the summary table counts them): with the usual
 * terms it holds the newest invoices. Each day then reads only its invoices from the floor on, a
 * handful instead of offset+limit; when no day holds offset+limit, there is no floor.
 */
function overduePageIds(organizationId: Placeholder, today: Placeholder, limit: Placeholder, offset: Placeholder | number): SQL {
  const wanted = sql`(${limit}::int + ${offset}::int)`;
  const openOfDay = (day: SQL) => sql`${invoices.organizationId} = ${organizationId} and ${invoices.status} in ('sent', 'overdue')
        and ${invoices.dueDate} = ${day} and (${invoices.status} = 'overdue' or ${invoices.amountPaid} < ${invoices.totalAmount})`;
  const newestFirst = sql`order by ${invoices.createdAt} desc, ${invoices.id} desc`;
  return sql`with past_due_day as materialized (
      select ${invoiceTotals.dueDate} as due_date, sum(${invoiceTotals.invoiceCount}) as open_count from ${invoiceTotals}
      where ${invoiceTotals.organizationId} = ${organizationId} and ${invoiceTotals.dueDate} < ${today}::date
        and ((${invoiceTotals.status} = 'sent' and ${invoiceTotals.isOpen}) or ${invoiceTotals.status} = 'overdue')
      group by ${invoiceTotals.dueDate}),
    page_floor as (
      select coalesce((select min(created_at) from (select ${invoices.createdAt} as created_at from ${invoices}
        where ${openOfDay(sql`(select max(due_date) from past_due_day where open_count >= ${wanted})`)} ${newestFirst} limit ${wanted}) as day_page
        having count(*) = ${wanted}), '-infinity'::timestamptz) as created_at)
  select page.id from (
    select day_page.id, day_page.created_at from past_due_day as day
    cross join lateral (
      select ${invoices.id} as id, ${invoices.createdAt} as created_at from ${invoices}
      where ${openOfDay(sql`day.due_date`)} and ${invoices.createdAt} >= (select created_at from page_floor)
      ${newestFirst} limit ${wanted}
    ) as day_page
    union all
    (select ${invoices.id}, ${invoices.createdAt} from ${invoices}
      where ${invoices.organizationId} = ${organizationId} and ${invoices.status} = 'overdue' and ${invoices.dueDate} >= ${today}::date
      ${newestFirst} limit ${wanted})
  ) as page order by page.created_at desc, page.id desc limit ${limit} offset ${offset}`;
}

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
 * One page of invoices, newest first, with customer and items, and its exact total: the plain
 * query, mapped by toInvoiceDto. The route answers with findInvoicePageJson; the tests check its
 * pages (each filter, search and offset) against this one's.
 */
export async function findInvoices(db: Database, params: InvoiceListParams): Promise<{ invoices: Invoice[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(invoices.organizationId, params.organizationId)];
  if (params.status) conditions.push(statusCondition(params.status, params.today));
  if (params.customerId) conditions.push(eq(invoices.customerId, params.customerId));
  if (params.search) {
    const pattern = likePattern(params.search);
    conditions.push(or(ilike(invoices.invoiceNumber, pattern), ilike(customers.name, pattern)));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns(params.today))
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customerId)).where(where),
  ]);
  return pageOf(db, rows, counted?.n ?? 0);
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
