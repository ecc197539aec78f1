import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { RecurringInvoice, RecurringInvoiceListQuery } from '../../../shared/contracts/recurring-invoices';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Totals } from '../../../shared/totals';
import { lineVatOf, totalsWithLineVat } from '../../platform/line-vat';
import type { Database } from '../../db/client';
import { customers, recurringInvoiceItems, recurringInvoices } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

export type RecurringInvoiceRow = typeof recurringInvoices.$inferSelect;
export type RecurringItemRow = typeof recurringInvoiceItems.$inferSelect;

/** The schedule with its customer and items, amounts as decimal strings. */
export function toRecurringInvoiceDto(
  row: RecurringInvoiceRow,
  customer: { id: string; name: string; email: string },
  items: readonly RecurringItemRow[],
): RecurringInvoice {
  const totals = scheduleTotals(row, items);
  return {
    id: row.id,
    kind: row.kind,
    customerId: row.customerId,
    customer,
    frequency: row.frequency,
    startDate: row.startDate,
    anchorDay: row.anchorDay,
    endType: row.endType,
    endAfterCount: row.endAfterCount,
    endDate: row.endDate,
    nextRunDate: row.nextRunDate,
    generatedCount: row.generatedCount,
    autoSend: row.autoSend,
    paymentTerms: row.paymentTerms,
    subtotal: toDecimal(totals.subtotal),
    taxAmount: toDecimal(totals.taxAmount),
    discountAmount: toDecimal(totals.discountAmount),
    totalAmount: toDecimal(totals.totalAmount),
    notes: row.notes,
    vatExemptionReason: row.vatExemptionReason,
    status: row.status,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: items.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: String(Number(item.quantity)),
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      ...lineVatOf(item),
    })),
  };
}

/** A schedule's totals from its stored lines: VAT by rate when they carry categories, else its tax. */
export function scheduleTotals(row: RecurringInvoiceRow, items: readonly RecurringItemRow[]): Totals {
  return totalsWithLineVat(
    items.map((item) => ({ quantity: item.quantity, unitPrice: centsFromDecimal(item.unitPrice), taxCategory: item.taxCategory, taxRate: item.taxRate })),
    centsFromDecimal(row.taxAmount),
    centsFromDecimal(row.discountAmount),
  );
}

/** Items of several schedules, in line order, grouped by schedule. */
export async function findRecurringItems(db: Database, scheduleIds: readonly string[]): Promise<Map<string, RecurringItemRow[]>> {
  const byId = new Map<string, RecurringItemRow[]>();
  if (scheduleIds.length === 0) return byId;
  const rows = await db
    .select()
    .from(recurringInvoiceItems)
    .where(inArray(recurringInvoiceItems.recurringInvoiceId, [...scheduleIds]))
    .orderBy(asc(recurringInvoiceItems.position));
  for (const row of rows) byId.set(row.recurringInvoiceId, [...(byId.get(row.recurringInvoiceId) ?? []), row]);
  return byId;
}

const customerColumns = { id: customers.id, name: customers.name, email: customers.email };

/** One page of the organization's schedules, newest first, and how many there are. */
export async function findRecurringInvoices(
  db: Database,
  params: RecurringInvoiceListQuery & { organizationId: string },
): Promise<{ schedules: RecurringInvoice[]; total: number }> {
  const conditions: SQL[] = [eq(recurringInvoices.organizationId, params.organizationId)];
  if (params.status) conditions.push(eq(recurringInvoices.status, params.status));
  if (params.customerId) conditions.push(eq(recurringInvoices.customerId, params.customerId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ schedule: recurringInvoices, customer: customerColumns })
      .from(recurringInvoices)
      .innerJoin(customers, eq(customers.id, recurringInvoices.customerId))
      .where(where)
      .orderBy(desc(recurringInvoices.createdAt), desc(recurringInvoices.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(recurringInvoices).where(where),
  ]);
  const items = await findRecurringItems(db, rows.map((row) => row.schedule.id));
  return {
    schedules: rows.map((row) => toRecurringInvoiceDto(row.schedule, row.customer, items.get(row.schedule.id) ?? [])),
    total: counted?.n ?? 0,
  };
}

/** One schedule of the organization, or null (another organization's is a miss too). */
export async function findRecurringInvoice(db: Database, organizationId: string, id: string): Promise<RecurringInvoice | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ schedule: recurringInvoices, customer: customerColumns })
    .from(recurringInvoices)
    .innerJoin(customers, eq(customers.id, recurringInvoices.customerId))
    .where(and(eq(recurringInvoices.organizationId, organizationId), eq(recurringInvoices.id, id)))
    .limit(1);
  if (!row) return null;
  const items = await findRecurringItems(db, [id]);
  return toRecurringInvoiceDto(row.schedule, row.customer, items.get(id) ?? []);
}

/** Locks one schedule of the organization for a change (the generator takes the same lock). */
export async function lockRecurringInvoice(tx: Database, organizationId: string, id: string): Promise<RecurringInvoiceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.organizationId, organizationId), eq(recurringInvoices.id, id)))
    .for('update');
  return row ?? null;
}
