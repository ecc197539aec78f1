import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { CreditNote, CreditNoteDetail, CreditNoteListQuery } from '../../../shared/contracts/credits';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { creditAllocations, creditNoteItems, customerCredits, customers, invoices } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { lineVatOf } from '../../platform/line-vat';

const listColumns = {
  credit: customerCredits,
  customerName: customers.name,
  invoiceNumber: invoices.invoiceNumber,
};

type ListRow = { credit: typeof customerCredits.$inferSelect; customerName: string; invoiceNumber: string | null };

function toCreditDto({ credit, customerName, invoiceNumber }: ListRow): CreditNote {
  const amount = centsFromDecimal(credit.amount);
  const applied = centsFromDecimal(credit.amountApplied);
  const refunded = centsFromDecimal(credit.amountRefunded);
  return {
    id: credit.id,
    kind: credit.kind,
    creditNumber: credit.creditNumber,
    customerId: credit.customerId,
    customerName,
    invoiceId: credit.invoiceId,
    invoiceNumber,
    paymentId: credit.paymentId,
    issueDate: credit.issueDate,
    subtotal: toDecimal(centsFromDecimal(credit.subtotal)),
    taxAmount: toDecimal(centsFromDecimal(credit.taxAmount)),
    amount: toDecimal(amount),
    amountApplied: toDecimal(applied),
    amountRefunded: toDecimal(refunded),
    // A void credit has nothing left to use.
    remaining: toDecimal(credit.status === 'void' ? 0 : amount - applied - refunded),
    status: credit.status,
    reason: credit.reason,
    vatExemptionReason: credit.vatExemptionReason,
    createdAt: credit.createdAt.toISOString(),
  };
}

/** GET /api/credit-notes: a page of the organization's credits, newest first, and the total for X-Total-Count. */
export async function findCredits(
  db: Database,
  organizationId: string,
  query: CreditNoteListQuery,
  options: { hideVoid?: boolean } = {},
): Promise<{ credits: CreditNote[]; total: number }> {
  const conditions: SQL[] = [eq(customerCredits.organizationId, organizationId)];
  // The portal shows a customer its credits, never the ones voided by mistake.
  if (options.hideVoid) conditions.push(ne(customerCredits.status, 'void'));
  if (query.customerId) conditions.push(eq(customerCredits.customerId, query.customerId));
  if (query.kind) conditions.push(eq(customerCredits.kind, query.kind));
  if (query.status) conditions.push(eq(customerCredits.status, query.status));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(customerCredits)
      .innerJoin(customers, eq(customers.id, customerCredits.customerId))
      .leftJoin(invoices, eq(invoices.id, customerCredits.invoiceId))
      .where(where)
      .orderBy(desc(customerCredits.issueDate), desc(customerCredits.createdAt), desc(customerCredits.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(customerCredits).where(where),
  ]);
  return { credits: rows.map(toCreditDto), total: totals[0]?.n ?? 0 };
}

/** One credit with its lines and its applications and refunds, or null (also for a malformed id). */
export async function findCredit(db: Database, organizationId: string, id: string): Promise<CreditNoteDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(listColumns)
    .from(customerCredits)
    .innerJoin(customers, eq(customers.id, customerCredits.customerId))
    .leftJoin(invoices, eq(invoices.id, customerCredits.invoiceId))
    .where(and(eq(customerCredits.organizationId, organizationId), eq(customerCredits.id, id)))
    .limit(1);
  if (!row) return null;
  const [items, allocations] = await Promise.all([
    db.select().from(creditNoteItems).where(and(eq(creditNoteItems.organizationId, organizationId), eq(creditNoteItems.creditId, id))).orderBy(asc(creditNoteItems.position)),
    db
      .select({ allocation: creditAllocations, invoiceNumber: invoices.invoiceNumber })
      .from(creditAllocations)
      .leftJoin(invoices, eq(invoices.id, creditAllocations.invoiceId))
      .where(and(eq(creditAllocations.organizationId, organizationId), eq(creditAllocations.creditId, id)))
      .orderBy(asc(creditAllocations.createdAt), asc(creditAllocations.id)),
  ]);
  return {
    ...toCreditDto(row),
    items: items.map((item) => ({
      id: item.id,
      invoiceItemId: item.invoiceItemId,
      description: item.description,
      quantity: item.quantity.includes('.') ? item.quantity.replace(/\.?0+$/, '') : item.quantity,
      unitPrice: toDecimal(centsFromDecimal(item.unitPrice)),
      totalPrice: toDecimal(centsFromDecimal(item.totalPrice)),
      ...lineVatOf(item),
    })),
    allocations: allocations.map(({ allocation, invoiceNumber }) => ({
      id: allocation.id,
      kind: allocation.kind,
      invoiceId: allocation.invoiceId,
      invoiceNumber,
      amount: toDecimal(centsFromDecimal(allocation.amount)),
      date: allocation.allocationDate,
      method: allocation.method,
      reference: allocation.reference,
      reversedAt: allocation.reversedAt?.toISOString() ?? null,
    })),
  };
}
