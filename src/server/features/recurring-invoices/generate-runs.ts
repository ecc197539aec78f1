import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { toDecimal } from '../../../shared/money';
import { asBillingFrequency, feeLineForPeriod } from '../../../shared/practice-fees';
import { addDays, advanceSchedule, termDays } from '../../../shared/recurrence';
import type { Database } from '../../db/client';
import { invoiceItems, invoices, recurringInvoiceRuns, recurringInvoices } from '../../db/schema';
import { type AuditEntry, writeAudits } from '../../platform/audit';
import { takeNextInvoiceNumbers } from '../invoices/invoice-numbering';
import { lineVatOf } from '../../platform/line-vat';
import { type RecurringItemRow, type RecurringInvoiceRow, findRecurringItems, scheduleTotals } from './recurring-invoices.queries';

export interface GeneratedRun {
  runId: string;
  invoiceId: string;
  scheduleId: string;
}

type DueSchedule = RecurringInvoiceRow & { nextRunDate: string };

/** A fee schedule's invoice names the period it bills ("Standard service, December 2026"). */
function lineDescription(schedule: DueSchedule, item: RecurringItemRow): string {
  if (schedule.kind !== 'practice_fee' || schedule.frequency === 'weekly') return item.description;
  return feeLineForPeriod(item.description, asBillingFrequency(schedule.frequency), schedule.nextRunDate);
}

/** `values (...), (...)` rows for the bulk updates below. */
const valuesList = (rows: ReturnType<typeof sql>[]) => sql.join(rows, sql`, `);

/**
 * Inside the claiming transaction: makes the invoice of each schedule's next run day and advances
 * the schedules, in a few statements for the whole batch (the schedules are locked by the claim).
 * The run row's unique key (schedule, day) is the idempotency key: a day already run makes no
 * second invoice. Numbers are taken per organization in the batch's order, by its invoice
 * settings. All of it lands with its audit rows, or none of it does.
 */
export async function generateRuns(tx: Database, schedules: readonly RecurringInvoiceRow[], now: Date): Promise<GeneratedRun[]> {
  const due = schedules.filter((schedule): schedule is DueSchedule => schedule.nextRunDate !== null);
  if (due.length === 0) return [];
  const runs = await tx
    .insert(recurringInvoiceRuns)
    .values(due.map((schedule) => ({ organizationId: schedule.organizationId, recurringInvoiceId: schedule.id, runDate: schedule.nextRunDate, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: recurringInvoiceRuns.id, scheduleId: recurringInvoiceRuns.recurringInvoiceId });
  const runOf = new Map(runs.map((run) => [run.scheduleId, run.id]));
  const toMake = due.filter((schedule) => runOf.has(schedule.id));

  const numbers = new Map<string, string>();
  // Settings rows are locked in one order (by organization id), so two runners never wait on each other.
  for (const organizationId of [...new Set(toMake.map((schedule) => schedule.organizationId))].sort()) {
    const group = toMake.filter((schedule) => schedule.organizationId === organizationId);
    const taken = await takeNextInvoiceNumbers(tx, organizationId, group.length, now);
    group.forEach((schedule, index) => numbers.set(schedule.id, taken[index] ?? ''));
  }
  const itemsOf = await findRecurringItems(tx, toMake.map((schedule) => schedule.id));
  const made = toMake.map((schedule) => {
    const items = itemsOf.get(schedule.id) ?? [];
    const totals = scheduleTotals(schedule, items);
    return { schedule, items, totals, runId: runOf.get(schedule.id) ?? '', invoiceId: randomUUID(), invoiceNumber: numbers.get(schedule.id) ?? '' };
  });

  if (made.length > 0) {
    await tx.insert(invoices).values(
      made.map(({ schedule, totals, invoiceId, invoiceNumber }) => ({
        id: invoiceId,
        organizationId: schedule.organizationId,
        userId: schedule.userId,
        customerId: schedule.customerId,
        invoiceNumber,
        status: 'draft' as const,
        issueDate: schedule.nextRunDate,
        dueDate: addDays(schedule.nextRunDate, termDays(schedule.paymentTerms)),
        subtotal: toDecimal(totals.subtotal),
        taxAmount: toDecimal(totals.taxAmount),
        discountAmount: toDecimal(totals.discountAmount),
        totalAmount: toDecimal(totals.totalAmount),
        notes: schedule.notes,
        paymentTerms: schedule.paymentTerms,
        vatExemptionReason: schedule.vatExemptionReason,
        recurringInvoiceId: schedule.id,
        updatedAt: now,
      })),
    );
    const itemRows = made.flatMap(({ schedule, items, totals, invoiceId }) =>
      items.map((item, index) => ({
        organizationId: schedule.organizationId,
        invoiceId,
        position: index,
        description: lineDescription(schedule, item),
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        totalPrice: toDecimal(totals.itemTotals[index] ?? 0),
        ...lineVatOf(item),
      })),
    );
    if (itemRows.length > 0) await tx.insert(invoiceItems).values(itemRows);
    await tx.execute(sql`
      update ${recurringInvoiceRuns} set invoice_id = v.invoice_id
      from (values ${valuesList(made.map((run) => sql`(${run.runId}::uuid, ${run.invoiceId}::uuid)`))}) as v(id, invoice_id)
      where ${recurringInvoiceRuns.id} = v.id`);
  }

  const advanced = due.map((schedule) => {
    const generatedCount = schedule.generatedCount + (runOf.has(schedule.id) ? 1 : 0);
    const next = advanceSchedule(schedule, schedule.nextRunDate, generatedCount);
    return { schedule, generatedCount, nextRunDate: next.nextRunDate, status: next.completed ? 'completed' : 'active' };
  });
  await tx.execute(sql`
    update ${recurringInvoices}
    set generated_count = v.generated_count, next_run_date = v.next_run_date, status = v.status,
        last_run_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    from (values ${valuesList(advanced.map((row) => sql`(${row.schedule.id}::uuid, ${row.generatedCount}::int, ${row.nextRunDate}::date, ${row.status}::text)`))})
      as v(id, generated_count, next_run_date, status)
    where ${recurringInvoices.id} = v.id`);

  const invoiceOf = new Map(made.map((run) => [run.schedule.id, run.invoiceId]));
  const audits: AuditEntry[] = [
    ...made.map(({ schedule, totals, invoiceId, invoiceNumber }) => ({
      organizationId: schedule.organizationId,
      userId: null,
      action: 'invoice.created',
      entityType: 'invoice',
      entityId: invoiceId,
      details: { invoiceNumber, totalAmount: toDecimal(totals.totalAmount), status: 'draft', recurringInvoiceId: schedule.id, runDate: schedule.nextRunDate },
    })),
    ...advanced.map(({ schedule, generatedCount, nextRunDate }) => ({
      organizationId: schedule.organizationId,
      userId: null,
      action: 'recurring_invoice.generated',
      entityType: 'recurring_invoice',
      entityId: schedule.id,
      details: { runDate: schedule.nextRunDate, invoiceId: invoiceOf.get(schedule.id) ?? null, generatedCount, nextRunDate },
    })),
  ];
  await writeAudits(tx, audits);
  return made.map(({ runId, invoiceId, schedule }) => ({ runId, invoiceId, scheduleId: schedule.id }));
}
