import { and, eq, inArray } from 'drizzle-orm';
import type { PartialBody } from '../../../shared/contracts/common';
import { type Invoice, type InvoiceStatus, invoiceContractsFor } from '../../../shared/contracts/invoices';
import { centsFromDecimal, decimalsMessage, rescaleMinor, toDecimal } from '../../../shared/money';
import type { Totals } from '../../../shared/totals';
import type { Database } from '../../db/client';
import { invoiceItems, invoices, payments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationCurrency } from '../../platform/currency';
import { AppError, isUniqueViolation, notFound, validationError } from '../../platform/errors';
import { lineVatColumns } from '../../platform/line-vat';
import { mergeUpdate, storedFields, storedItems } from '../../platform/partial-update';
import {
  type Actor,
  type InvoiceDraft,
  invoiceDays,
  invoiceTotals,
  numberTaken,
  requireCustomer,
  settleStatus,
} from './invoice-rules';
import { organizationToday } from '../../platform/calendar';
import { noteExplicitInvoiceNumber, takeNextInvoiceNumber } from './invoice-numbering';
import { findInvoice, findInvoiceByNumber, lockInvoice } from './invoices.queries';
import { creditedOnInvoice, invoiceHasCredits } from '../credits/credit-notes.service';

export type { Actor, InvoiceDraft } from './invoice-rules';
export { recordInvoicePayment } from './record-invoice-payment';
import { recordInvoicePayment, type RecordedPayment } from './record-invoice-payment';

function itemRows(actor: Actor, invoiceId: string, draft: InvoiceDraft, totals: Totals, currency: string) {
  return draft.items.map((item, index) => ({
    organizationId: actor.organizationId,
    invoiceId,
    position: index,
    description: item.description,
    quantity: String(item.quantity),
    unitPrice: toDecimal(item.unitPrice, currency),
    totalPrice: toDecimal(totals.itemTotals[index] ?? 0, currency),
    ...lineVatColumns(item),
  }));
}

/** The totals as column text with the currency's decimals (JPY "1081", KWD "1.235"). */
function moneyColumns(totals: Totals, currency: string) {
  return {
    subtotal: toDecimal(totals.subtotal, currency),
    taxAmount: toDecimal(totals.taxAmount, currency),
    discountAmount: toDecimal(totals.discountAmount, currency),
    totalAmount: toDecimal(totals.totalAmount, currency),
  };
}

/**
 * POST /api/invoices: the body parsed with the contract in the organization's currency (amounts
 * have its decimals, "JPY amounts have no decimals"), then created.
 */
export async function createInvoiceFromRequest(db: Database, actor: Actor, body: Record<string, unknown>, now: Date = new Date()): Promise<Invoice> {
  const currency = await organizationCurrency(db, actor.organizationId);
  const parsed = invoiceContractsFor(currency).newInvoiceSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return createInvoice(db, actor, parsed.data, now, { currency });
}

/**
 * A draft parsed with another currency's decimals (the 2-decimal default of imports, recurring
 * runs and the practice hub) in the organization's minor unit; refused when it does not fit.
 */
function draftIn(input: InvoiceDraft, from: string, to: string): InvoiceDraft {
  if (from === to) return input;
  const convert = (amount: number | undefined, field: string) => {
    if (amount === undefined) return undefined;
    const value = rescaleMinor(amount, from, to);
    if (value === null) throw new AppError('VALIDATION', decimalsMessage(to), { [field]: decimalsMessage(to) });
    return value;
  };
  return {
    ...input,
    taxAmount: convert(input.taxAmount, 'taxAmount'),
    discountAmount: convert(input.discountAmount, 'discountAmount'),
    items: input.items.map((item, index) => ({ ...item, unitPrice: convert(item.unitPrice, `items.${index}.unitPrice`) ?? 0 })),
  };
}

/** Audit rows for a status change that matters to the books. */
async function auditStatusChange(tx: Database, actor: Actor, invoiceId: string, from: InvoiceStatus | null, to: InvoiceStatus) {
  if (from === to || !['sent', 'paid', 'cancelled'].includes(to)) return;
  await writeAudit(tx, { ...actor, action: `invoice.${to}`, entityType: 'invoice', entityId: invoiceId, details: { from, to } });
}

async function readBack(db: Database, actor: Actor, id: string, now: Date): Promise<Invoice> {
  const invoice = await findInvoice(db, actor.organizationId, id, await organizationToday(db, actor.organizationId, now));
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/**
 * Creates an invoice with its items; the stored totals are the server's own computation. Without
 * an invoiceNumber it takes the organization's next one (invoice-numbering.ts) in the same
 * transaction; a clash with a number written meanwhile by hand is retried with the next one.
 * options.id: a caller-chosen id (an idempotent bulk run); a second insert with it is a unique violation on invoices_pkey.
 * options.currency: the currency the draft's amounts were parsed in (default USD); they are moved to the organization's.
 */
export async function createInvoice(db: Database, actor: Actor, draft: InvoiceDraft, now: Date = new Date(), options: { id?: string; currency?: string } = {}): Promise<Invoice> {
  const currency = await organizationCurrency(db, actor.organizationId);
  // options.currency: whose decimals the draft's amounts were parsed with (default USD, 2).
  const input = draftIn(draft, options.currency ?? 'USD', currency);
  const totals = invoiceTotals(input);
  const status = settleStatus(input.status ?? 'draft', totals.totalAmount, 0);
  const days = await invoiceDays(db, actor.organizationId, input);
  await requireCustomer(db, actor.organizationId, input.customerId);
  const explicitNumber = input.invoiceNumber;
  if (explicitNumber !== undefined && (await findInvoiceByNumber(db, actor.organizationId, explicitNumber))) throw numberTaken();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await db.transaction(async (tx) => {
        let invoiceNumber: string;
        if (explicitNumber === undefined) invoiceNumber = await takeNextInvoiceNumber(tx, actor.organizationId, now);
        else {
          invoiceNumber = explicitNumber;
          await noteExplicitInvoiceNumber(tx, actor.organizationId, invoiceNumber, now);
        }
        const [row] = await tx
          .insert(invoices)
          .values({
            ...(options.id ? { id: options.id } : {}),
            organizationId: actor.organizationId,
            userId: actor.userId,
            customerId: input.customerId,
            invoiceNumber,
            status,
            ...days,
            ...moneyColumns(totals, currency),
            amountPaid: toDecimal(0, currency),
            amountCredited: toDecimal(0, currency),
            notes: input.notes ?? null,
            paymentTerms: input.paymentTerms || 'Net 30',
            vatExemptionReason: input.vatExemptionReason ?? null,
            sentAt: status === 'draft' ? null : now,
            paidAt: status === 'paid' ? now : null,
          })
          .returning({ id: invoices.id });
        if (!row) throw new Error('invoice insert returned nothing');
        await tx.insert(invoiceItems).values(itemRows(actor, row.id, input, totals, currency));
        await writeAudit(tx, {
          ...actor,
          action: 'invoice.created',
          entityType: 'invoice',
          entityId: row.id,
          details: { invoiceNumber, totalAmount: toDecimal(totals.totalAmount, currency), status },
        });
        await auditStatusChange(tx, actor, row.id, null, status);
        return row.id;
      });
      return await readBack(db, actor, id, now);
    } catch (error) {
      if (!isUniqueViolation(error, 'invoices_org_number_key')) throw error;
      if (explicitNumber !== undefined || attempt >= 3) throw numberTaken();
    }
  }
}

/** POST /api/invoices/{id}/payments: the amount parsed with the organization's currency, then recorded. */
export async function recordInvoicePaymentFromRequest(db: Database, actor: Actor, invoiceId: string, body: Record<string, unknown>, now: Date = new Date()): Promise<RecordedPayment> {
  const currency = await organizationCurrency(db, actor.organizationId);
  const parsed = invoiceContractsFor(currency).recordPaymentSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return recordInvoicePayment(db, actor, invoiceId, { ...parsed.data, currency }, now);
}

/** Replaces an invoice's fields and items; what has been paid stays and bounds the new total. */
export async function updateInvoice(db: Database, actor: Actor, id: string, body: PartialBody, now: Date = new Date()): Promise<Invoice> {
  const currency = await organizationCurrency(db, actor.organizationId);
  const { invoiceInputSchema } = invoiceContractsFor(currency);
  try {
    await db.transaction(async (tx) => {
      const existing = await lockInvoice(tx, actor.organizationId, id);
      if (!existing) throw notFound('Invoice');
      const storedRows = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id)).orderBy(invoiceItems.position);
      const stored = { ...storedFields(existing, invoiceInputSchema), items: storedItems(storedRows) };
      const input = mergeUpdate(invoiceInputSchema, stored, body);
      const totals = invoiceTotals(input);
      const days = await invoiceDays(tx, actor.organizationId, input);
      if (input.customerId !== existing.customerId) await requireCustomer(tx, actor.organizationId, input.customerId, existing.customerId);
      const paid = centsFromDecimal(existing.amountPaid, currency);
      // Its credit notes can never exceed the invoice, nor move to another customer with it.
      const credited = await creditedOnInvoice(tx, actor.organizationId, id);
      if (credited > 0 && totals.totalAmount < credited) {
        const message = 'Total cannot be less than the credit notes issued from this invoice';
        throw new AppError('VALIDATION', message, { totalAmount: message });
      }
      if (input.customerId !== existing.customerId && (await invoiceHasCredits(tx, actor.organizationId, id))) {
        const message = 'An invoice with credit notes or credit cannot move to another customer';
        throw new AppError('VALIDATION', message, { customerId: message });
      }
      const status = settleStatus(input.status ?? existing.status, totals.totalAmount, paid);
      await tx
        .update(invoices)
        .set({
          customerId: input.customerId,
          invoiceNumber: input.invoiceNumber,
          status,
          ...days,
          ...moneyColumns(totals, currency),
          notes: input.notes ?? null,
          paymentTerms: input.paymentTerms || 'Net 30',
          vatExemptionReason: input.vatExemptionReason ?? null,
          sentAt: status === 'draft' ? null : (existing.sentAt ?? now),
          paidAt: status === 'paid' ? (existing.paidAt ?? now) : null,
          updatedAt: now,
        })
        .where(and(eq(invoices.organizationId, actor.organizationId), eq(invoices.id, id)));
      await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
      await tx.insert(invoiceItems).values(itemRows(actor, id, input, totals, currency));
      await writeAudit(tx, {
        ...actor,
        action: 'invoice.updated',
        entityType: 'invoice',
        entityId: id,
        details: {
          before: { invoiceNumber: existing.invoiceNumber, totalAmount: existing.totalAmount, status: existing.status },
          after: { invoiceNumber: input.invoiceNumber, totalAmount: toDecimal(totals.totalAmount, currency), status },
        },
      });
      await auditStatusChange(tx, actor, id, existing.status, status);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invoices_org_number_key')) throw numberTaken();
    throw error;
  }
  return readBack(db, actor, id, now);
}

/** Deletes an invoice nobody has paid anything towards; paid money keeps its invoice. */
export async function deleteInvoice(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await lockInvoice(tx, actor.organizationId, id);
    if (!existing) throw notFound('Invoice');
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.organizationId, actor.organizationId),
          eq(payments.type, 'invoice_payment'),
          eq(payments.referenceId, id),
          inArray(payments.status, ['pending', 'processing', 'completed']),
        ),
      )
      .limit(1);
    if (existing.status === 'paid' || centsFromDecimal(existing.amountPaid) > 0 || payment) {
      throw new AppError('CONFLICT', 'This invoice has payments and cannot be deleted.');
    }
    if (await invoiceHasCredits(tx, actor.organizationId, id)) {
      throw new AppError('CONFLICT', 'This invoice has credit notes and cannot be deleted.');
    }
    await tx.delete(invoices).where(and(eq(invoices.organizationId, actor.organizationId), eq(invoices.id, id)));
    await writeAudit(tx, {
      ...actor,
      action: 'invoice.deleted',
      entityType: 'invoice',
      entityId: id,
      details: { invoiceNumber: existing.invoiceNumber, totalAmount: existing.totalAmount, status: existing.status },
    });
  });
}
