import { and, eq } from 'drizzle-orm';
import type { PartialBody } from '../../../shared/contracts/common';
import { END_BEFORE_START, type RecurringInvoice, type RecurringInvoiceInput, recurringInvoiceInputSchema } from '../../../shared/contracts/recurring-invoices';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import { notBilledBecause } from '../../../shared/practice-fees';
import { anchorDayOf, firstRunOnOrAfter, runsOn, type ScheduleTiming } from '../../../shared/recurrence';
import type { Database } from '../../db/client';
import { customers, recurringInvoiceItems, recurringInvoices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationTimeZone, toOrganizationDay } from '../../platform/calendar';
import { AppError, notFound } from '../../platform/errors';
import { lineVatColumns, totalsWithLineVat } from '../../platform/line-vat';
import { mergeUpdate, storedFields } from '../../platform/partial-update';
import { type Actor, requireCustomer } from '../invoices/invoice-rules';
import { type RecurringInvoiceRow, findRecurringInvoice, findRecurringItems, lockRecurringInvoice } from './recurring-invoices.queries';

type ScheduleKind = RecurringInvoiceRow['kind'];

/** The schedule's days where the organization is, its anchor, and its next run from today on. */
export async function scheduleColumns(db: Database, organizationId: string, input: RecurringInvoiceInput, now: Date, generatedCount: number) {
  const timeZone = await organizationTimeZone(db, organizationId);
  const startDate = toOrganizationDay(input.startDate, timeZone);
  const endDate = input.endType === 'on_date' && input.endDate ? toOrganizationDay(input.endDate, timeZone) : null;
  if (endDate !== null && endDate < startDate) throw new AppError('VALIDATION', END_BEFORE_START, { endDate: END_BEFORE_START });
  const timing: ScheduleTiming = {
    frequency: input.frequency,
    anchorDay: anchorDayOf(startDate),
    endType: input.endType,
    endAfterCount: input.endType === 'after_count' ? input.endAfterCount : null,
    endDate,
  };
  // A start in the past runs from today on: a new or resumed schedule does not make back invoices.
  const today = toOrganizationDay(now.toISOString(), timeZone);
  const first = firstRunOnOrAfter(timing, startDate, today);
  const runs = runsOn(timing, first, generatedCount);
  const paused = input.status === 'paused';
  return {
    frequency: timing.frequency,
    startDate,
    anchorDay: timing.anchorDay,
    endType: timing.endType,
    endAfterCount: timing.endAfterCount ?? null,
    endDate,
    nextRunDate: runs ? first : null,
    status: runs ? (paused ? 'paused' : 'active') : 'completed',
  } as const;
}

function itemRows(organizationId: string, scheduleId: string, input: RecurringInvoiceInput) {
  const totals = totalsWithLineVat(input.items, input.taxAmount, input.discountAmount);
  return input.items.map((item, index) => ({
    organizationId,
    recurringInvoiceId: scheduleId,
    position: index,
    description: item.description,
    quantity: item.quantity,
    unitPrice: toDecimal(item.unitPrice),
    totalPrice: toDecimal(totals.itemTotals[index] ?? 0),
    ...lineVatColumns(item),
  }));
}

function totalOf(input: RecurringInvoiceInput): string {
  return toDecimal(totalsWithLineVat(input.items, input.taxAmount, input.discountAmount).totalAmount);
}

/** Inside a transaction: stores a new schedule with its items and audit row; returns its id. */
export async function insertRecurringInvoice(tx: Database, actor: Actor, input: RecurringInvoiceInput, now: Date, kind: ScheduleKind = 'manual'): Promise<string> {
  await requireCustomer(tx, actor.organizationId, input.customerId);
  const columns = await scheduleColumns(tx, actor.organizationId, input, now, 0);
  const [row] = await tx
    .insert(recurringInvoices)
    .values({
      organizationId: actor.organizationId,
      customerId: input.customerId,
      userId: actor.userId,
      kind,
      ...columns,
      autoSend: input.autoSend,
      paymentTerms: input.paymentTerms,
      taxAmount: toDecimal(totalsWithLineVat(input.items, input.taxAmount, input.discountAmount).taxAmount),
      discountAmount: toDecimal(input.discountAmount),
      notes: input.notes,
      vatExemptionReason: input.vatExemptionReason,
      updatedAt: now,
    })
    .returning({ id: recurringInvoices.id });
  if (!row) throw new Error('recurring invoice insert returned nothing');
  await tx.insert(recurringInvoiceItems).values(itemRows(actor.organizationId, row.id, input));
  await writeAudit(tx, {
    ...actor,
    action: 'recurring_invoice.created',
    entityType: 'recurring_invoice',
    entityId: row.id,
    details: { kind, frequency: columns.frequency, startDate: columns.startDate, totalAmount: totalOf(input) },
  });
  return row.id;
}

async function readBack(db: Database, organizationId: string, id: string): Promise<RecurringInvoice> {
  const schedule = await findRecurringInvoice(db, organizationId, id);
  if (!schedule) throw notFound('Recurring invoice');
  return schedule;
}

export async function createRecurringInvoice(db: Database, actor: Actor, input: RecurringInvoiceInput, now: Date): Promise<RecurringInvoice> {
  const id = await db.transaction((tx) => insertRecurringInvoice(tx, actor, input, now));
  return readBack(db, actor.organizationId, id);
}

/** The stored schedule as a request would send it, for merging a partial update. */
export async function storedScheduleInput(tx: Database, row: RecurringInvoiceRow): Promise<Record<string, unknown>> {
  const items = (await findRecurringItems(tx, [row.id])).get(row.id) ?? [];
  const stored = storedFields(row, recurringInvoiceInputSchema);
  return {
    ...stored,
    // A completed schedule is refreshed as active: a new end condition may let it run again.
    status: row.status === 'completed' ? 'active' : row.status,
    items: items.map((item) => ({
      description: item.description,
      quantity: String(Number(item.quantity)),
      unitPrice: item.unitPrice,
      taxCategory: item.taxCategory,
      taxRate: item.taxRate,
      unitCode: item.unitCode,
    })),
  };
}

/** Inside a transaction, with the row locked: lays the body over the stored schedule and saves it. */
export async function applyScheduleUpdate(tx: Database, actor: Actor, row: RecurringInvoiceRow, body: PartialBody, now: Date): Promise<void> {
  const input = mergeUpdate(recurringInvoiceInputSchema, await storedScheduleInput(tx, row), body);
  if (input.customerId !== row.customerId) await requireCustomer(tx, actor.organizationId, input.customerId);
  const columns = await scheduleColumns(tx, actor.organizationId, input, now, row.generatedCount);
  // Unchanged timing on an active schedule keeps its next run (a run due today is not skipped).
  const sameTiming =
    row.status === 'active' &&
    columns.status === 'active' &&
    row.nextRunDate !== null &&
    columns.frequency === row.frequency &&
    columns.startDate === row.startDate &&
    runsOn(columns, row.nextRunDate, row.generatedCount);
  await tx
    .update(recurringInvoices)
    .set({
      customerId: input.customerId,
      ...columns,
      ...(sameTiming ? { nextRunDate: row.nextRunDate } : {}),
      autoSend: input.autoSend,
      paymentTerms: input.paymentTerms,
      taxAmount: toDecimal(totalsWithLineVat(input.items, input.taxAmount, input.discountAmount).taxAmount),
      discountAmount: toDecimal(input.discountAmount),
      notes: input.notes,
      vatExemptionReason: input.vatExemptionReason,
      updatedAt: now,
    })
    .where(eq(recurringInvoices.id, row.id));
  await tx.delete(recurringInvoiceItems).where(eq(recurringInvoiceItems.recurringInvoiceId, row.id));
  await tx.insert(recurringInvoiceItems).values(itemRows(actor.organizationId, row.id, input));
  await writeAudit(tx, {
    ...actor,
    action: 'recurring_invoice.updated',
    entityType: 'recurring_invoice',
    entityId: row.id,
    details: {
      before: { status: row.status, frequency: row.frequency, nextRunDate: row.nextRunDate, taxAmount: row.taxAmount, discountAmount: row.discountAmount },
      after: { status: columns.status, frequency: columns.frequency, totalAmount: totalOf(input) },
    },
  });
}

/** A client's fee schedule runs only while the client is billed (docs/decisions/0010): resuming it by hand is refused otherwise. */
async function refuseResumingUnbilledClient(tx: Database, organizationId: string, customerId: string): Promise<void> {
  const [customer] = await tx.select().from(customers).where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId))).limit(1);
  if (!customer) return;
  const reason = notBilledBecause(customer);
  if (reason === 'client deactivated') throw new AppError('CONFLICT', `${customer.name} is deactivated. Reactivate the client to resume its fee schedule.`);
  if (reason === 'client not active yet') throw new AppError('CONFLICT', `${customer.name} is still onboarding. Its fee schedule starts when onboarding is completed.`);
}

export async function updateRecurringInvoice(db: Database, actor: Actor, id: string, body: PartialBody, now: Date): Promise<RecurringInvoice> {
  await db.transaction(async (tx) => {
    const row = await lockRecurringInvoice(tx, actor.organizationId, id);
    if (!row) throw notFound('Recurring invoice');
    if (row.kind === 'practice_fee' && body.status === 'active') await refuseResumingUnbilledClient(tx, actor.organizationId, row.customerId);
    await applyScheduleUpdate(tx, actor, row, body, now);
  });
  return readBack(db, actor.organizationId, id);
}

/** Deletes a schedule; the invoices it made stay, still naming the schedule they came from. */
export async function deleteRecurringInvoice(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRecurringInvoice(tx, actor.organizationId, id);
    if (!row) throw notFound('Recurring invoice');
    await tx.delete(recurringInvoices).where(and(eq(recurringInvoices.organizationId, actor.organizationId), eq(recurringInvoices.id, id)));
    await writeAudit(tx, {
      ...actor,
      action: 'recurring_invoice.deleted',
      entityType: 'recurring_invoice',
      entityId: id,
      details: { kind: row.kind, frequency: row.frequency, generatedCount: row.generatedCount, taxAmount: toDecimal(centsFromDecimal(row.taxAmount)) },
    });
  });
}
