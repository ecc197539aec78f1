import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ApplyCreditInput, CreateCreditNoteInput, RefundCreditInput } from '../../../shared/contracts/credits';
import { type Cents, centsFromDecimal, multiplyCents, shareOfCents, sumCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { creditAllocations, creditNoteItems, creditNoteSettings, customerCredits, invoiceItems, invoices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { calendarDay, toOrganizationDay } from '../../platform/calendar';
import { AppError, notFound } from '../../platform/errors';
import { isUuid } from '../../db/query-helpers';
import { type LineVatInput, lineVatColumns, lineVatOf, requireExemptionReason } from '../../platform/line-vat';
import { vatOfLines } from '../../../shared/vat';
import { type Actor, moneyIn } from '../invoices/invoice-rules';
import { findOrganization, lockInvoice, type InvoiceRow } from '../invoices/invoices.queries';

type CreditRow = typeof customerCredits.$inferSelect;

/** Whether any credit (a credit note or an overpayment, void or not) points at the invoice: it then stays. */
export async function invoiceHasCredits(tx: Database, organizationId: string, invoiceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: customerCredits.id })
    .from(customerCredits)
    .where(and(eq(customerCredits.organizationId, organizationId), eq(customerCredits.invoiceId, invoiceId)))
    .limit(1);
  return Boolean(row);
}

/** Invoices a credit may be applied to: sent and not fully paid (an overdue one is stored as sent or overdue). */
const OPEN_STATUSES = new Set(['sent', 'overdue']);

/** Invoices a credit note may be issued from: the customer has them (sent, overdue or paid). */
const CREDITABLE_STATUSES = new Set(['sent', 'overdue', 'paid']);

function remainingOf(credit: CreditRow): Cents {
  return centsFromDecimal(credit.amount) - centsFromDecimal(credit.amountApplied) - centsFromDecimal(credit.amountRefunded);
}

/**
 * Inside the credit note's transaction: the organization's next credit note number ("CN-1000"),
 * the settings row (created with the defaults when missing) locked so two credit notes cannot take
 * the same number; numbers already used are skipped.
 */
export async function takeNextCreditNumber(tx: Database, organizationId: string, now: Date): Promise<string> {
  await tx.insert(creditNoteSettings).values({ organizationId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(creditNoteSettings).where(eq(creditNoteSettings.organizationId, organizationId)).for('update');
  if (!row) throw new Error('credit note settings row missing after insert');
  for (let number = row.nextNumber; ; number += 1) {
    const candidate = `${row.prefix}-${number}`;
    const [used] = await tx
      .select({ id: customerCredits.id })
      .from(customerCredits)
      .where(and(eq(customerCredits.organizationId, organizationId), eq(customerCredits.creditNumber, candidate)))
      .limit(1);
    if (used) continue;
    await tx.update(creditNoteSettings).set({ nextNumber: number + 1, updatedAt: now }).where(eq(creditNoteSettings.organizationId, organizationId));
    return candidate;
  }
}

interface CreditLine extends LineVatInput {
  invoiceItemId: string | null;
  description: string;
  quantity: string;
  unitPrice: Cents;
  totalPrice: Cents;
}

/** The VAT of credited lines that carry categories, the discount share spread over their rates. */
const vatOf = (lines: readonly CreditLine[], discount: Cents): Cents | null =>
  vatOfLines(lines, lines.map((line) => line.totalPrice), discount)?.taxTotal ?? null;

/**
 * What a credit note credits. The rule for tax and discount:
 * - whole: every line at its full quantity, the invoice's whole tax and discount: the credit is
 *   exactly the invoice total;
 * - chosen lines: each line's credited quantity x its unit price; the invoice's discount is
 *   credited in proportion to the credited lines' share of the invoice subtotal
 *   (shareOfCents(discount, creditedLines, invoiceSubtotal)); the tax likewise, or, when the lines
 *   carry VAT categories, the VAT by rate of the credited lines less that discount share (shared/vat.ts);
 * - an amount: one line "Credit" of that amount, no tax (the amount is what the customer gets);
 *   on an invoice with VAT lines it needs a category and rate, and its VAT is added to the amount.
 * Lines copied from the invoice keep its VAT category, rate and unit. The credit note's subtotal is
 * the lines less the discount share; amount = subtotal + tax.
 */
async function creditLines(
  tx: Database,
  invoice: InvoiceRow,
  input: CreateCreditNoteInput,
): Promise<{ lines: CreditLine[]; subtotal: Cents; taxAmount: Cents }> {
  const invoiceTax = centsFromDecimal(invoice.taxAmount);
  const invoiceDiscount = centsFromDecimal(invoice.discountAmount);
  const invoiceSubtotal = centsFromDecimal(invoice.subtotal);
  const items = await tx
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.organizationId, invoice.organizationId), eq(invoiceItems.invoiceId, invoice.id)))
    .orderBy(asc(invoiceItems.position));
  const copied = (item: (typeof items)[number]) => ({ invoiceItemId: item.id, description: item.description, ...lineVatOf(item) });
  if (input.amount !== undefined) {
    if (items.some((item) => item.taxCategory) && !input.taxCategory) {
      const message = 'This invoice has VAT by line: choose the VAT category and rate of the credited amount';
      throw new AppError('VALIDATION', message, { taxCategory: message });
    }
    const vat = input.taxCategory ? lineVatColumns({ taxCategory: input.taxCategory, taxRate: input.taxRate }) : lineVatColumns({});
    const line: CreditLine = { invoiceItemId: null, description: 'Credit', quantity: '1', unitPrice: input.amount, totalPrice: input.amount, ...vat };
    return { lines: [line], subtotal: input.amount, taxAmount: vatOf([line], 0) ?? 0 };
  }
  if (input.whole) {
    const lines = items.map((item) => ({
      ...copied(item),
      quantity: item.quantity,
      unitPrice: centsFromDecimal(item.unitPrice),
      totalPrice: centsFromDecimal(item.totalPrice),
    }));
    return { lines, subtotal: invoiceSubtotal - invoiceDiscount, taxAmount: invoiceTax };
  }
  const chosen = input.items ?? [];
  if (chosen.length === 0) throw new AppError('VALIDATION', 'Choose at least one line', { items: 'Choose at least one line' });
  const byId = new Map(items.map((item) => [item.id, item]));
  // Quantities already credited per line by the invoice's credit notes that are not void.
  const credited = await tx
    .select({ invoiceItemId: creditNoteItems.invoiceItemId, quantity: sql<string>`sum(${creditNoteItems.quantity})::text` })
    .from(creditNoteItems)
    .innerJoin(customerCredits, eq(customerCredits.id, creditNoteItems.creditId))
    .where(and(eq(customerCredits.invoiceId, invoice.id), ne(customerCredits.status, 'void'), inArray(creditNoteItems.invoiceItemId, items.map((item) => item.id))))
    .groupBy(creditNoteItems.invoiceItemId);
  const creditedQuantity = new Map(credited.map((row) => [row.invoiceItemId, row.quantity]));
  const seen = new Set<string>();
  const lines: CreditLine[] = [];
  for (const pick of chosen) {
    const item = byId.get(pick.invoiceItemId);
    if (!item) throw new AppError('VALIDATION', 'That line is not on this invoice', { items: 'That line is not on this invoice' });
    if (seen.has(item.id)) throw new AppError('VALIDATION', 'Each line can be chosen once', { items: 'Each line can be chosen once' });
    seen.add(item.id);
    // Quantities compared in ten-thousandths (4 decimals), exactly.
    const units = (value: string) => multiplyCents(10_000, value);
    const left = units(item.quantity) - units(creditedQuantity.get(item.id) ?? '0');
    if (units(pick.quantity) > left) {
      const message = `At most ${String(left / 10_000)} of "${item.description}" can still be credited`;
      throw new AppError('VALIDATION', message, { items: message });
    }
    const unitPrice = centsFromDecimal(item.unitPrice);
    lines.push({ ...copied(item), quantity: pick.quantity, unitPrice, totalPrice: multiplyCents(unitPrice, pick.quantity) });
  }
  const linesTotal = sumCents(lines.map((line) => line.totalPrice));
  const share = (cents: Cents) => (invoiceSubtotal > 0 ? shareOfCents(cents, linesTotal, invoiceSubtotal) : 0);
  const discountShare = share(invoiceDiscount);
  return { lines, subtotal: linesTotal - discountShare, taxAmount: vatOf(lines, discountShare) ?? share(invoiceTax) };
}

/** Sum of the invoice's credit notes that are not void (the invoice row locked by the caller). */
export async function creditedOnInvoice(tx: Database, organizationId: string, invoiceId: string): Promise<Cents> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${customerCredits.amount}), 0)::text` })
    .from(customerCredits)
    .where(
      and(
        eq(customerCredits.organizationId, organizationId),
        eq(customerCredits.invoiceId, invoiceId),
        eq(customerCredits.kind, 'credit_note'),
        ne(customerCredits.status, 'void'),
      ),
    );
  return centsFromDecimal(row?.total ?? '0');
}

/**
 * POST /api/invoices/{id}/credit-notes: a credit note from a sent, overdue or paid invoice, in one
 * transaction with the invoice row locked, so the invoice's credit notes (not void) can never add
 * up to more than its total, also when two are issued at once. applyToInvoice applies it to that
 * invoice at once, up to what it still owes. Returns the credit's id.
 */
export async function createCreditNote(db: Database, actor: Actor, invoiceId: string, input: CreateCreditNoteInput, now: Date): Promise<string> {
  const organization = await findOrganization(db, actor.organizationId);
  const today = calendarDay(now, organization.timeZone);
  const issueDate = input.issueDate ? toOrganizationDay(input.issueDate, organization.timeZone) : today;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, actor.organizationId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (!CREDITABLE_STATUSES.has(invoice.status)) {
      throw new AppError('VALIDATION', 'A credit note can only be issued from a sent, overdue or paid invoice');
    }
    const { lines, subtotal, taxAmount } = await creditLines(tx, invoice, input);
    const vatExemptionReason = input.vatExemptionReason ?? invoice.vatExemptionReason;
    requireExemptionReason(lines, vatExemptionReason);
    const amount = subtotal + taxAmount;
    if (amount <= 0) throw new AppError('VALIDATION', 'The credit note would be for nothing', { amount: 'The credit note would be for nothing' });
    const total = centsFromDecimal(invoice.totalAmount);
    const already = await creditedOnInvoice(tx, actor.organizationId, invoice.id);
    if (already + amount > total) {
      const message = `Credit notes on ${invoice.invoiceNumber} cannot exceed its total; at most ${moneyIn(organization.currency, Math.max(0, total - already))} can still be credited`;
      throw new AppError('VALIDATION', message, { amount: message });
    }
    const creditNumber = await takeNextCreditNumber(tx, actor.organizationId, now);
    const [credit] = await tx
      .insert(customerCredits)
      .values({
        organizationId: actor.organizationId,
        customerId: invoice.customerId,
        kind: 'credit_note',
        creditNumber,
        invoiceId: invoice.id,
        issueDate,
        subtotal: toDecimal(subtotal),
        taxAmount: toDecimal(taxAmount),
        amount: toDecimal(amount),
        reason: input.reason ?? null,
        vatExemptionReason,
        userId: actor.userId,
        updatedAt: now,
      })
      .returning();
    if (!credit) throw new Error('credit insert returned nothing');
    await tx.insert(creditNoteItems).values(
      lines.map((line, position) => ({
        organizationId: actor.organizationId,
        creditId: credit.id,
        invoiceItemId: line.invoiceItemId,
        position,
        description: line.description,
        quantity: line.quantity,
        unitPrice: toDecimal(line.unitPrice),
        totalPrice: toDecimal(line.totalPrice),
        ...lineVatColumns(line),
      })),
    );
    await writeAudit(tx, {
      ...actor,
      action: 'credit_note.created',
      entityType: 'customer_credit',
      entityId: credit.id,
      details: { creditNumber, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, amount: credit.amount, taxAmount: credit.taxAmount, reason: credit.reason },
    });
    if (input.applyToInvoice && OPEN_STATUSES.has(invoice.status)) {
      const due = total - centsFromDecimal(invoice.amountPaid);
      const applied = Math.min(due, amount);
      if (applied > 0) {
        await applyLocked(tx, actor, credit, [{ invoice, amount: applied }], issueDate, now);
      }
    }
    return credit.id;
  });
}

async function lockCredit(tx: Database, organizationId: string, id: string): Promise<CreditRow> {
  if (!isUuid(id)) throw notFound('Credit');
  const [row] = await tx
    .select()
    .from(customerCredits)
    .where(and(eq(customerCredits.organizationId, organizationId), eq(customerCredits.id, id)))
    .for('update');
  if (!row) throw notFound('Credit');
  return row;
}

/** The credit's name in messages and audit rows: "CN-1000" or "Overpayment". */
const creditLabel = (credit: CreditRow) => credit.creditNumber ?? 'Overpayment';

/**
 * Applies a locked credit to locked invoices: allocation rows, each invoice's amountPaid and
 * amountCredited up (paid when nothing is left), the credit's amountApplied up (closed when
 * nothing remains), audit rows. The caller checked the amounts.
 */
async function applyLocked(
  tx: Database,
  actor: Actor,
  credit: CreditRow,
  parts: { invoice: InvoiceRow; amount: Cents }[],
  day: string,
  now: Date,
): Promise<void> {
  for (const { invoice, amount } of parts) {
    const total = centsFromDecimal(invoice.totalAmount);
    const paidAfter = centsFromDecimal(invoice.amountPaid) + amount;
    const fullyPaid = paidAfter === total;
    const [allocation] = await tx
      .insert(creditAllocations)
      .values({ organizationId: actor.organizationId, creditId: credit.id, kind: 'invoice', invoiceId: invoice.id, amount: toDecimal(amount), allocationDate: day, userId: actor.userId, createdAt: now })
      .returning({ id: creditAllocations.id });
    await tx
      .update(invoices)
      .set({
        amountPaid: toDecimal(paidAfter),
        amountCredited: toDecimal(centsFromDecimal(invoice.amountCredited) + amount),
        status: fullyPaid ? 'paid' : invoice.status,
        paidAt: fullyPaid ? now : invoice.paidAt,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoice.id));
    const entity = { ...actor, entityType: 'invoice', entityId: invoice.id } as const;
    await writeAudit(tx, {
      ...entity,
      action: 'invoice.credit_applied',
      details: { creditId: credit.id, credit: creditLabel(credit), allocationId: allocation?.id, amount: toDecimal(amount), balanceAfter: toDecimal(total - paidAfter) },
    });
    if (fullyPaid) await writeAudit(tx, { ...entity, action: 'invoice.paid', details: { from: invoice.status, to: 'paid', creditId: credit.id } });
  }
  const applied = sumCents(parts.map((part) => part.amount));
  const appliedAfter = centsFromDecimal(credit.amountApplied) + applied;
  const remaining = remainingOf(credit) - applied;
  await tx
    .update(customerCredits)
    .set({ amountApplied: toDecimal(appliedAfter), status: remaining === 0 ? 'closed' : 'open', updatedAt: now })
    .where(eq(customerCredits.id, credit.id));
  await writeAudit(tx, {
    ...actor,
    action: 'customer_credit.applied',
    entityType: 'customer_credit',
    entityId: credit.id,
    details: { credit: creditLabel(credit), amount: toDecimal(applied), invoices: parts.map((part) => ({ invoiceId: part.invoice.id, invoiceNumber: part.invoice.invoiceNumber, amount: toDecimal(part.amount) })), remainingAfter: toDecimal(remaining) },
  });
}

/**
 * POST /api/credit-notes/{id}/apply: the credit row locked first, then the invoices in id order
 * (the order every applier takes, so two applies cannot deadlock); each invoice must be an open
 * invoice of the credit's customer and get at most what it still owes; the total at most what the
 * credit has left. Two parallel applies of the same credit run one after the other, and the second
 * sees what the first used.
 */
export async function applyCredit(db: Database, actor: Actor, creditId: string, input: ApplyCreditInput, now: Date): Promise<void> {
  const organization = await findOrganization(db, actor.organizationId);
  const day = input.date ? toOrganizationDay(input.date, organization.timeZone) : calendarDay(now, organization.timeZone);
  const money = (cents: Cents) => moneyIn(organization.currency, cents);
  const ids = input.allocations.map((allocation) => allocation.invoiceId);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each invoice can be chosen once', { allocations: 'Each invoice can be chosen once' });
  if (input.allocations.some((allocation) => allocation.amount <= 0)) {
    throw new AppError('VALIDATION', 'Amounts must be more than 0', { allocations: 'Amounts must be more than 0' });
  }
  await db.transaction(async (tx) => {
    const credit = await lockCredit(tx, actor.organizationId, creditId);
    if (credit.status === 'void') throw new AppError('CONFLICT', `${creditLabel(credit)} is void`);
    const remaining = remainingOf(credit);
    const total = sumCents(input.allocations.map((allocation) => allocation.amount));
    if (total > remaining) {
      const message = `${creditLabel(credit)} has ${money(remaining)} left to apply`;
      throw new AppError('CONFLICT', message, { allocations: message });
    }
    const parts: { invoice: InvoiceRow; amount: Cents }[] = [];
    for (const id of [...ids].sort()) {
      const invoice = await lockInvoice(tx, actor.organizationId, id);
      // Another customer's invoice is as unknown here as another workspace's.
      if (!invoice || invoice.customerId !== credit.customerId) throw notFound('Invoice');
      const amount = input.allocations.find((allocation) => allocation.invoiceId === id)?.amount ?? 0;
      if (!OPEN_STATUSES.has(invoice.status)) {
        const message = `Invoice ${invoice.invoiceNumber} is not open`;
        throw new AppError('CONFLICT', message, { allocations: message });
      }
      const due = centsFromDecimal(invoice.totalAmount) - centsFromDecimal(invoice.amountPaid);
      if (amount > due) {
        const message = `Invoice ${invoice.invoiceNumber} has only ${money(due)} due`;
        throw new AppError('CONFLICT', message, { allocations: message });
      }
      parts.push({ invoice, amount });
    }
    await applyLocked(tx, actor, credit, parts, day, now);
  });
}

/** POST /api/credit-notes/{id}/refund: records money given back out of what the credit has left. */
export async function refundCredit(db: Database, actor: Actor, creditId: string, input: RefundCreditInput, now: Date): Promise<void> {
  const organization = await findOrganization(db, actor.organizationId);
  const day = toOrganizationDay(input.date, organization.timeZone);
  if (day > calendarDay(now, organization.timeZone)) throw new AppError('VALIDATION', 'Refund date cannot be in the future', { date: 'Refund date cannot be in the future' });
  if (input.amount <= 0) throw new AppError('VALIDATION', 'Amount must be more than 0', { amount: 'Amount must be more than 0' });
  await db.transaction(async (tx) => {
    const credit = await lockCredit(tx, actor.organizationId, creditId);
    if (credit.status === 'void') throw new AppError('CONFLICT', `${creditLabel(credit)} is void`);
    const remaining = remainingOf(credit);
    if (input.amount > remaining) {
      const message = `${creditLabel(credit)} has ${moneyIn(organization.currency, remaining)} left to refund`;
      throw new AppError('CONFLICT', message, { amount: message });
    }
    const [allocation] = await tx
      .insert(creditAllocations)
      .values({
        organizationId: actor.organizationId,
        creditId: credit.id,
        kind: 'refund',
        amount: toDecimal(input.amount),
        allocationDate: day,
        method: input.method,
        reference: input.reference ?? null,
        userId: actor.userId,
        createdAt: now,
      })
      .returning({ id: creditAllocations.id });
    await tx
      .update(customerCredits)
      .set({ amountRefunded: toDecimal(centsFromDecimal(credit.amountRefunded) + input.amount), status: remaining === input.amount ? 'closed' : 'open', updatedAt: now })
      .where(eq(customerCredits.id, credit.id));
    await writeAudit(tx, {
      ...actor,
      action: 'customer_credit.refunded',
      entityType: 'customer_credit',
      entityId: credit.id,
      details: { credit: creditLabel(credit), allocationId: allocation?.id, amount: toDecimal(input.amount), method: input.method, reference: input.reference ?? null, date: day },
    });
  });
}

/** POST /api/credit-notes/{id}/void: only a credit nothing has been applied from or refunded out of. */
export async function voidCredit(db: Database, actor: Actor, creditId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const credit = await lockCredit(tx, actor.organizationId, creditId);
    await voidLockedCredit(tx, actor, credit, now, 'voided by a user');
  });
}

/** Voids a locked credit; refused once any of it was applied or refunded (reverse those first). */
export async function voidLockedCredit(tx: Database, actor: Actor, credit: CreditRow, now: Date, reason: string): Promise<void> {
  if (credit.status === 'void') throw new AppError('CONFLICT', `${creditLabel(credit)} is already void`);
  if (centsFromDecimal(credit.amountApplied) > 0 || centsFromDecimal(credit.amountRefunded) > 0) {
    throw new AppError('CONFLICT', `${creditLabel(credit)} has been applied or refunded; reverse that first`);
  }
  await tx.update(customerCredits).set({ status: 'void', voidedAt: now, updatedAt: now }).where(eq(customerCredits.id, credit.id));
  await writeAudit(tx, {
    ...actor,
    action: 'customer_credit.voided',
    entityType: 'customer_credit',
    entityId: credit.id,
    details: { credit: creditLabel(credit), amount: credit.amount, reason },
  });
}

/**
 * POST /api/credit-allocations/{id}/reverse: undoes one application (or recorded refund). The
 * credit is locked first, then the invoice (the apply order); the invoice's amountPaid and
 * amountCredited come down and a paid invoice reopens as sent; the credit opens again.
 */
export async function reverseAllocation(db: Database, actor: Actor, allocationId: string, now: Date): Promise<void> {
  if (!isUuid(allocationId)) throw notFound('Credit application');
  await db.transaction(async (tx) => {
    const scoped = and(eq(creditAllocations.organizationId, actor.organizationId), eq(creditAllocations.id, allocationId));
    const [found] = await tx.select({ creditId: creditAllocations.creditId }).from(creditAllocations).where(scoped).limit(1);
    if (!found) throw notFound('Credit application');
    const credit = await lockCredit(tx, actor.organizationId, found.creditId);
    const [allocation] = await tx.select().from(creditAllocations).where(scoped).for('update');
    if (!allocation) throw notFound('Credit application');
    if (allocation.reversedAt) throw new AppError('CONFLICT', 'This application has already been reversed');
    const amount = centsFromDecimal(allocation.amount);
    if (allocation.kind === 'invoice' && allocation.invoiceId) {
      const invoice = await lockInvoice(tx, actor.organizationId, allocation.invoiceId);
      if (!invoice) throw notFound('Invoice');
      const paidAfter = centsFromDecimal(invoice.amountPaid) - amount;
      const status = invoice.status === 'paid' ? 'sent' : invoice.status;
      await tx
        .update(invoices)
        .set({
          amountPaid: toDecimal(paidAfter),
          amountCredited: toDecimal(centsFromDecimal(invoice.amountCredited) - amount),
          status,
          paidAt: null,
          updatedAt: now,
        })
        .where(eq(invoices.id, invoice.id));
      await writeAudit(tx, {
        ...actor,
        action: 'invoice.credit_reversed',
        entityType: 'invoice',
        entityId: invoice.id,
        details: { creditId: credit.id, credit: creditLabel(credit), allocationId, amount: allocation.amount, from: invoice.status, to: status },
      });
    }
    await tx.update(creditAllocations).set({ reversedAt: now }).where(eq(creditAllocations.id, allocation.id));
    const applied = allocation.kind === 'invoice' ? centsFromDecimal(credit.amountApplied) - amount : centsFromDecimal(credit.amountApplied);
    const refunded = allocation.kind === 'refund' ? centsFromDecimal(credit.amountRefunded) - amount : centsFromDecimal(credit.amountRefunded);
    await tx
      .update(customerCredits)
      .set({ amountApplied: toDecimal(applied), amountRefunded: toDecimal(refunded), status: 'open', updatedAt: now })
      .where(eq(customerCredits.id, credit.id));
    await writeAudit(tx, {
      ...actor,
      action: 'customer_credit.allocation_reversed',
      entityType: 'customer_credit',
      entityId: credit.id,
      details: { credit: creditLabel(credit), allocationId, kind: allocation.kind, invoiceId: allocation.invoiceId, amount: allocation.amount },
    });
  });
}
