import { and, asc, count, desc, eq, inArray, ne, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Bill, BillDetail, BillEinvoiceFields, BillItem, BillStatus } from '../../../shared/contracts/bills';
import type { Database } from '../../db/client';
import { lineVatOf } from '../../platform/line-vat';
import { billItems, bills, payments, users, vendors } from '../../db/schema';
import { jsonArrayText, jsonDate, jsonDecimal, jsonObject, jsonTimestamp } from '../../db/json';
import { namedFields, pageJsonOf, pageLimit, pageOffset, pageStatementName, type PageWindow, preparedOnce, preparedPages } from '../../db/prepared';
import { isUuid, likePattern } from '../../db/query-helpers';
import { toDecimal } from '../../../shared/money';
import { LIST_COUNT_CAP } from '../../../shared/contracts/common';
import { billAmountDueSql, billNetCents } from './bill-amount-due';

export type BillRow = typeof bills.$inferSelect;
type BillItemRow = typeof billItems.$inferSelect;

/** The organization's day: a value, or the placeholder of the prepared list query. */
type Today = string | Placeholder;

/** An unpaid, unscheduled bill past its due date reads overdue; a scheduled payment is on its way. */
export function effectiveStatus(today: Today) {
  return sql<BillStatus>`case when ${bills.status} = 'received' and ${bills.dueDate} < ${today}::date then 'overdue' else ${bills.status} end`;
}

/** The creator's name as shown, from the left-joined users row. */
const createdByName = () => sql<string | null>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`;

const billSelection = (today: Today) => ({
  bill: bills,
  status: effectiveStatus(today),
  vendorName: vendors.name,
  vendorPaymentMethod: vendors.paymentMethod,
  createdBy: createdByName(),
});

export interface BillListRow {
  bill: BillRow;
  status: BillStatus;
  vendorName: string;
  vendorPaymentMethod: string;
  createdBy: string | null;
}

export function isPayable(bill: Pick<BillRow, 'status' | 'approvalStatus'>): boolean {
  return bill.status !== 'paid' && bill.status !== 'scheduled' && (bill.approvalStatus === 'not_required' || bill.approvalStatus === 'approved');
}

export function toBillDto(row: BillListRow): Bill {
  const { bill } = row;
  return {
    id: bill.id,
    vendorId: bill.vendorId,
    vendor: { id: bill.vendorId, name: row.vendorName, paymentMethod: row.vendorPaymentMethod },
    billNumber: bill.billNumber,
    status: row.status,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    subtotal: bill.subtotal,
    taxAmount: bill.taxAmount,
    totalAmount: bill.totalAmount,
    amountCredited: bill.amountCredited,
    amountDue: bill.status === 'paid' ? '0.00' : toDecimal(billNetCents(bill)),
    notes: bill.notes,
    attachmentUrl: bill.attachmentUrl,
    documentId: bill.documentId,
    scheduledPaymentDate: bill.scheduledPaymentDate,
    paidAt: bill.paidAt?.toISOString() ?? null,
    approvalStatus: bill.approvalStatus,
    payable: isPayable(bill),
    createdBy: row.createdBy,
    createdAt: bill.createdAt.toISOString(),
    updatedAt: bill.updatedAt.toISOString(),
  };
}

export function toBillItemDto(row: BillItemRow): BillItem {
  // numeric(12,4) reads back as "2.0000": show the quantity as typed.
  const quantity = row.quantity.includes('.') ? row.quantity.replace(/\.?0+$/, '') : row.quantity;
  return { id: row.id, description: row.description, quantity, unitPrice: row.unitPrice, totalPrice: row.totalPrice, ...lineVatOf(row) };
}

/** Unpaid bills first, soonest due first; then the newest. */
const billListOrder = [sql`${bills.status} = 'paid'`, asc(bills.dueDate), desc(bills.createdAt), bills.id] as const;

/**
 * The unfiltered list's total, as a scalar subquery. The list joins each bill's vendor, which every
 * bill has (vendor_id is not null, and a vendor with bills cannot be deleted), so no join here.
 */
const billCountOf = (organizationId: Placeholder) => sql<number>`(select count(*)::int from ${bills} where ${bills.organizationId} = ${organizationId})`;

/**
 * A list filter one prepared JSON statement answers: a shown status, an approval status, a vendor,
 * a search, or several. Its values are the placeholders `today`, `vendorId` and `pattern`.
 */
export interface BillListFilter {
  status?: BillStatus | undefined;
  approvalStatus?: BillRow['approvalStatus'] | undefined;
  vendor: boolean;
  search?: boolean | undefined;
}

/**
 * A bill matches a search by its number, its notes or its vendor's name. The vendors whose name
 * matches come as an array of ids: every arm of the OR is then a condition on the bill that an index
 * answers (the trigram indexes, bills_vendor_idx), issue 33.
 */
function billSearchCondition(organizationId: SQL | Placeholder | string, pattern: SQL | Placeholder | string): SQL {
  const namedVendors = sql`array(select ${vendors.id} from ${vendors} where ${vendors.organizationId} = ${organizationId} and ${vendors.name} ilike ${pattern})`;
  return sql`(${bills.billNumber} ilike ${pattern} or ${bills.vendorId} = any(${namedVendors}) or ${bills.notes} ilike ${pattern})`;
}

/** The filter's conditions on bills, with placeholders. */
function billFilterConditions(filter: BillListFilter): SQL | undefined {
  return and(
    eq(bills.organizationId, sql.placeholder('organizationId')),
    filter.status ? sql`${effectiveStatus(sql.placeholder('today'))} = ${filter.status}` : undefined,
    filter.approvalStatus ? eq(bills.approvalStatus, filter.approvalStatus) : undefined,
    filter.vendor ? eq(bills.vendorId, sql.placeholder('vendorId')) : undefined,
    filter.search ? billSearchCondition(sql.placeholder('organizationId'), sql.placeholder('pattern')) : undefined,
  );
}

/** A list page's rows, a subquery so that PostgreSQL builds JSON for its rows only. */
const billListPageRows = (db: Database, window: PageWindow | null, filter: BillListFilter) =>
  db
    .select({
      id: bills.id,
      vendorId: bills.vendorId,
      vendorName: sql<string>`${vendors.name}`.as('vendor_name'),
      vendorPaymentMethod: sql<string>`${vendors.paymentMethod}`.as('vendor_payment_method'),
      billNumber: bills.billNumber,
      status: effectiveStatus(sql.placeholder('today')).as('shown_status'),
      billDate: bills.billDate,
      dueDate: bills.dueDate,
      subtotal: bills.subtotal,
      taxAmount: bills.taxAmount,
      totalAmount: bills.totalAmount,
      amountCredited: bills.amountCredited,
      amountDue: billAmountDueSql().as('amount_due'),
      notes: bills.notes,
      attachmentUrl: bills.attachmentUrl,
      documentId: bills.documentId,
      scheduledPaymentDate: bills.scheduledPaymentDate,
      paidAt: bills.paidAt,
      approvalStatus: bills.approvalStatus,
      payable: sql<boolean>`(${bills.status} not in ('paid', 'scheduled') and ${bills.approvalStatus} in ('not_required', 'approved'))`.as('payable'),
      createdBy: createdByName().as('created_by'),
      isPaid: sql<boolean>`${bills.status} = 'paid'`.as('is_paid'),
      createdAt: bills.createdAt,
      updatedAt: bills.updatedAt,
    })
    .from(bills)
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .leftJoin(users, eq(users.id, bills.userId))
    .where(billFilterConditions(filter))
    .orderBy(...billListOrder)
    .limit(pageLimit(window))
    .offset(pageOffset(window))
    .as('page');

/**
 * How many bills the filter matches, as a scalar subquery: every bill of the vendor's counted only
 * up to LIST_COUNT_CAP past the page's first row (the placeholder `countLimit`, one more than that
 * bound), otherwise exactly.
 */
function billListCountOf(db: Database, filter: BillListFilter): SQL<number> {
  if (!filter.status && !filter.approvalStatus && !filter.vendor && !filter.search) return billCountOf(sql.placeholder('organizationId'));
  const matches = db.select({ one: sql`1` }).from(bills).where(billFilterConditions(filter));
  return sql<number>`(select count(*)::int from (${filter.vendor ? matches.limit(sql.placeholder('countLimit')) : matches}) as counted)`;
}

/** The prepared statement's name of a filter: bill_list_page_json, bill_list_json_overdue_any_vendor. */
function billStatementName(filter: BillListFilter): string {
  if (!filter.status && !filter.approvalStatus && !filter.vendor && !filter.search) return 'bill_list_page_json';
  return `bill_list_json_${filter.status ?? 'any'}_${filter.approvalStatus ?? 'any'}${filter.vendor ? '_vendor' : ''}${filter.search ? '_search' : ''}`;
}

/**
 * A list page as the response's JSON text, built by PostgreSQL (db/json.ts): the same value
 * toBillDto gives (payable as isPayable), so Node neither maps rows nor stringifies them. One
 * prepared statement per filter and database.
 */
function billListPageJsonBuilder(filter: BillListFilter) {
  return preparedPages((db, window) => {
    const page = billListPageRows(db, window, filter);
    const bill = jsonObject({
      id: page.id,
      vendorId: page.vendorId,
      vendor: jsonObject({ id: page.vendorId, name: page.vendorName, paymentMethod: page.vendorPaymentMethod }),
      billNumber: page.billNumber,
      status: page.status,
      billDate: jsonDate(page.billDate),
      dueDate: jsonDate(page.dueDate),
      subtotal: jsonDecimal(page.subtotal),
      taxAmount: jsonDecimal(page.taxAmount),
      totalAmount: jsonDecimal(page.totalAmount),
      amountCredited: jsonDecimal(page.amountCredited),
      amountDue: jsonDecimal(page.amountDue),
      notes: page.notes,
      attachmentUrl: page.attachmentUrl,
      documentId: page.documentId,
      scheduledPaymentDate: jsonDate(page.scheduledPaymentDate),
      paidAt: jsonTimestamp(page.paidAt),
      approvalStatus: page.approvalStatus,
      payable: page.payable,
      createdBy: page.createdBy,
      createdAt: jsonTimestamp(page.createdAt),
      updatedAt: jsonTimestamp(page.updatedAt),
    });
    return db
      .select(namedFields({ json: jsonArrayText(bill, sql`${page.isPaid}, ${page.dueDate}, ${page.createdAt} desc, ${page.id}`), total: billListCountOf(db, filter) }))
      .from(page)
      .prepare(pageStatementName(billStatementName(filter), window));
  });
}

const billListPageJsonStatements = new Map<string, ReturnType<typeof billListPageJsonBuilder>>();

/**
 * A list page (every bill, a status, an approval status, a vendor, a search, or several) as the
 * response's JSON text, and its total, in one statement. `capped`: there are more than `total`
 * (a vendor's, counted to LIST_COUNT_CAP past the page's first row; a search's are counted exactly).
 */
export async function findBillPageJson(
  db: Database,
  params: {
    organizationId: string;
    today: string;
    limit: number;
    offset: number;
    status?: BillStatus | undefined;
    approvalStatus?: BillRow['approvalStatus'] | undefined;
    vendorId?: string | undefined;
    search?: string | undefined;
  },
): Promise<{ json: string; total: number; capped: boolean }> {
  const filter: BillListFilter = { status: params.status, approvalStatus: params.approvalStatus, vendor: Boolean(params.vendorId), search: Boolean(params.search) };
  const name = billStatementName(filter);
  let statement = billListPageJsonStatements.get(name);
  if (!statement) {
    statement = billListPageJsonBuilder(filter);
    billListPageJsonStatements.set(name, statement);
  }
  const bound = params.offset + LIST_COUNT_CAP;
  const values: PageWindow & Record<string, string | number> = { organizationId: params.organizationId, today: params.today, limit: params.limit, offset: params.offset };
  if (params.vendorId) {
    // Checked here: on PGlite the values are written into EXECUTE as literals.
    if (!isUuid(params.vendorId)) return { json: '[]', total: 0, capped: false };
    values.vendorId = params.vendorId;
    values.countLimit = bound + 1;
  }
  // A search's text is any text: on PGlite that statement runs with bind parameters (firstRowOf).
  if (params.search) values.pattern = likePattern(params.search);
  const page = await pageJsonOf(db, statement(db, params), name, values);
  return page.total > bound && params.vendorId ? { json: page.json, total: bound, capped: true } : { ...page, capped: false };
}

/** A page of bills with the total; the route answers with findBillPageJson, whose pages the tests check against this one's. */
export async function findBills(
  db: Database,
  params: {
    organizationId: string;
    today: string;
    status?: BillStatus | undefined;
    approvalStatus?: BillRow['approvalStatus'] | undefined;
    search?: string | undefined;
    vendorId?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: BillListRow[]; total: number }> {
  const conditions: SQL[] = [eq(bills.organizationId, params.organizationId)];
  if (params.status) conditions.push(sql`${effectiveStatus(params.today)} = ${params.status}`);
  if (params.approvalStatus) conditions.push(eq(bills.approvalStatus, params.approvalStatus));
  if (params.vendorId) conditions.push(eq(bills.vendorId, params.vendorId));
  if (params.search) conditions.push(billSearchCondition(params.organizationId, likePattern(params.search)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(billSelection(params.today))
      .from(bills)
      .innerJoin(vendors, eq(vendors.id, bills.vendorId))
      .leftJoin(users, eq(users.id, bills.userId))
      .where(where)
      .orderBy(...billListOrder)
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(bills).innerJoin(vendors, eq(vendors.id, bills.vendorId)).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findBill(db: Database, organizationId: string, id: string, today: string): Promise<BillListRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(billSelection(today))
    .from(bills)
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .leftJoin(users, eq(users.id, bills.userId))
    .where(and(eq(bills.organizationId, organizationId), eq(bills.id, id)))
    .limit(1);
  return row ?? null;
}

/** The bill row itself, locked for the rest of the transaction. */
export async function lockBill(db: Database, organizationId: string, id: string): Promise<BillRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.organizationId, organizationId), eq(bills.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findBillItems(db: Database, billId: string): Promise<BillItemRow[]> {
  return db.select().from(billItems).where(eq(billItems.billId, billId)).orderBy(billItems.position);
}

export async function findBillDetail(db: Database, organizationId: string, id: string, today: string): Promise<BillDetail | null> {
  const row = await findBill(db, organizationId, id, today);
  if (!row) return null;
  const items = await findBillItems(db, row.bill.id);
  return { ...toBillDto(row), ...toBillEinvoiceFields(row.bill), items: items.map(toBillItemDto) };
}

export function toBillEinvoiceFields(bill: BillRow): BillEinvoiceFields {
  return {
    einvoiceWarnings: bill.einvoiceWarnings,
    prepaidAmount: bill.prepaidAmount,
    discountAmount: bill.discountAmount,
    paymentTerms: bill.paymentTerms,
    paymentIbanLast4: bill.paymentIbanLast4,
    paymentBic: bill.paymentBic,
    paymentReference: bill.paymentReference,
  };
}

/** Read on every sidebar refresh: prepared once per database (issue 15). */
const unpaidBillCountStatement = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(bills)
    .where(and(eq(bills.organizationId, sql.placeholder('organizationId')), ne(bills.status, 'paid'), ne(bills.approvalStatus, 'rejected')))
    .prepare('unpaid_bill_count'),
);

/** Bills to pay (sidebar badge): the bills the dashboard's Bills to Pay sums (glossary.billsToPay). */
export async function countUnpaidBills(db: Database, organizationId: string): Promise<number> {
  const [row] = await unpaidBillCountStatement(db).execute({ organizationId });
  return row?.n ?? 0;
}

/** A bill payment that is scheduled, in flight or done: the bill's amount and vendor are then fixed. */
export async function billHasLivePayment(db: Database, organizationId: string, billId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.type, 'bill_payment'),
        eq(payments.referenceId, billId),
        inArray(payments.status, ['pending', 'processing', 'sent', 'completed']),
      ),
    )
    .limit(1);
  return Boolean(row);
}
