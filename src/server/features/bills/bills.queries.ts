import { and, asc, count, desc, eq, ilike, inArray, ne, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Bill, BillDetail, BillItem, BillStatus } from '../../../shared/contracts/bills';
import type { Database } from '../../db/client';
import { billItems, bills, payments, users, vendors } from '../../db/schema';
import { preparedOnce } from '../../db/prepared';
import { isUuid, likePattern } from '../../db/query-helpers';

export type BillRow = typeof bills.$inferSelect;
type BillItemRow = typeof billItems.$inferSelect;

/** The organization's day: a value, or the placeholder of the prepared list query. */
type Today = string | Placeholder;

/** An unpaid, unscheduled bill past its due date reads overdue; a scheduled payment is on its way. */
export function effectiveStatus(today: Today) {
  return sql<BillStatus>`case when ${bills.status} = 'received' and ${bills.dueDate} < ${today}::date then 'overdue' else ${bills.status} end`;
}

const billSelection = (today: Today) => ({
  bill: bills,
  status: effectiveStatus(today),
  vendorName: vendors.name,
  vendorPaymentMethod: vendors.paymentMethod,
  createdBy: sql<string | null>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
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
  return { id: row.id, description: row.description, quantity, unitPrice: row.unitPrice, totalPrice: row.totalPrice };
}

/** Unpaid bills first, soonest due first; then the newest. */
const billListOrder = [sql`${bills.status} = 'paid'`, asc(bills.dueDate), desc(bills.createdAt), bills.id] as const;

/** The unfiltered list page: one prepared statement per database. */
const billListPageStatement = preparedOnce((db) =>
  db
    .select(billSelection(sql.placeholder('today')))
    .from(bills)
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .leftJoin(users, eq(users.id, bills.userId))
    .where(eq(bills.organizationId, sql.placeholder('organizationId')))
    .orderBy(...billListOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('bill_list_page'),
);

/** The unfiltered list's total (the same join as the filtered count). */
const billCountStatement = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(bills)
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(eq(bills.organizationId, sql.placeholder('organizationId')))
    .prepare('bill_list_count'),
);

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
  // The unfiltered list (the common case) runs prepared statements only: no query building per
  // request (drizzle's SQL assembly was the largest item of a simple read's CPU, issue 15).
  if (!params.status && !params.approvalStatus && !params.vendorId && !params.search) {
    const [rows, totals] = await Promise.all([
      billListPageStatement(db).execute({ organizationId: params.organizationId, today: params.today, limit: params.limit, offset: params.offset }),
      billCountStatement(db).execute({ organizationId: params.organizationId }),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
  const conditions: SQL[] = [eq(bills.organizationId, params.organizationId)];
  if (params.status) conditions.push(sql`${effectiveStatus(params.today)} = ${params.status}`);
  if (params.approvalStatus) conditions.push(eq(bills.approvalStatus, params.approvalStatus));
  if (params.vendorId) conditions.push(eq(bills.vendorId, params.vendorId));
  if (params.search) {
    const pattern = likePattern(params.search);
    const match = or(ilike(bills.billNumber, pattern), ilike(vendors.name, pattern), ilike(bills.notes, pattern));
    if (match) conditions.push(match);
  }
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
  return { ...toBillDto(row), items: items.map(toBillItemDto) };
}

/** Read on every sidebar refresh: prepared once per database (issue 15). */
const unpaidBillCountStatement = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(bills)
    .where(and(eq(bills.organizationId, sql.placeholder('organizationId')), ne(bills.status, 'paid')))
    .prepare('unpaid_bill_count'),
);

/** Bills not yet paid (sidebar badge, dashboard). */
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
        inArray(payments.status, ['pending', 'processing', 'completed']),
      ),
    )
    .limit(1);
  return Boolean(row);
}
