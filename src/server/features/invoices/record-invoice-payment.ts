import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Invoice, InvoicePayment } from '../../../shared/contracts/invoices';
import { type Cents, centsFromDecimal, decimalsMessage, rescaleMinor, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { invoices, payments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { type Actor, moneyIn } from './invoice-rules';
import { isCalendarDay } from '../../../shared/calendar';
import { calendarDay, middayOf, toOrganizationDay } from '../../platform/calendar';
import { findInvoice, findOrganization, lockInvoice } from './invoices.queries';
import { addOverpaymentCredit } from '../credits/overpayment-credit';
import { customerCredits } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

export interface PaymentReceived {
  /** In minor units of `currency`. */
  amount: Cents;
  /**
   * Whose decimals `amount` was parsed with: the organization's (the API, Stripe), or the 2-decimal
   * default (USD) of callers that do not know it; moved to the organization's minor unit here.
   */
  currency?: string;
  /** When the money arrived: an instant, or the contract's DateInput ("YYYY-MM-DD" or a timestamp). */
  paidAt: Date | string;
  method: 'ach' | 'wire' | 'check' | 'card' | 'stripe';
  reference?: string | null;
  /** Set by the Stripe webhook; one intent is recorded once. */
  stripePaymentIntentId?: string | null;
  /**
   * Money above the invoice's balance: refused ("Payment exceeds the balance of ...") unless this
   * is true, when the payment row keeps the whole amount, the invoice is paid and the excess
   * becomes the customer's unapplied credit (addOverpaymentCredit), in the same transaction.
   */
  keepExcessAsCredit?: boolean;
}

export interface RecordedPayment {
  invoice: Invoice;
  payment: InvoicePayment;
  /** True when this Stripe intent had already been recorded and nothing changed. */
  duplicate: boolean;
}

type PaymentRow = typeof payments.$inferSelect;

function toPaymentDto(row: PaymentRow, currency?: string): InvoicePayment {
  return {
    id: row.id,
    invoiceId: row.referenceId,
    amount: toDecimal(centsFromDecimal(row.amount, currency), currency),
    method: row.method,
    status: row.status,
    reference: row.reference,
    transactionId: row.transactionId,
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/**
 * The organization's day of the payment and the instant stored for it: a timestamp is kept; a
 * day is stored at noon where the organization is, so it reads as that day on its dashboard.
 */
function paymentTime(paidAt: Date | string, timeZone: string): { day: string; at: Date } {
  if (paidAt instanceof Date) return { day: calendarDay(paidAt, timeZone), at: paidAt };
  const day = toOrganizationDay(paidAt, timeZone);
  return { day, at: isCalendarDay(paidAt) ? middayOf(day, timeZone) : new Date(paidAt) };
}

/** The payment this Stripe intent already recorded on this invoice (one intent may pay several invoices, each once). */
async function findByIntent(db: Database, organizationId: string, intentId: string, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.stripePaymentIntentId, intentId), eq(payments.referenceId, invoiceId)))
    .limit(1);
  return row ?? null;
}

async function existingResult(db: Database, actor: Actor, invoiceId: string, row: PaymentRow, today: string): Promise<RecordedPayment> {
  const invoice = await findInvoice(db, actor.organizationId, invoiceId, today);
  if (!invoice) throw notFound('Invoice');
  return { invoice, payment: toPaymentDto(row), duplicate: true };
}

type OrganizationRow = Awaited<ReturnType<typeof findOrganization>>;

/**
 * The body of recordInvoicePayment, for a caller that already holds a transaction (accepting a
 * bank line's match records its payments in the line's own transaction): the invoice row is
 * locked, overpayment and cancelled invoices are refused, audit rows written. Returns the stored
 * payment, or the earlier one of the same Stripe intent.
 */
export async function recordInvoicePaymentIn(
  tx: Database,
  actor: Actor,
  invoiceId: string,
  received: PaymentReceived,
  now: Date,
  organization?: OrganizationRow,
): Promise<{ row: PaymentRow; duplicate: boolean }> {
  const org = organization ?? (await findOrganization(tx, actor.organizationId));
  // Amounts are in the organization's currency: its decimals in and out (KWD keeps its third).
  const currency = org.currency;
  const today = calendarDay(now, org.timeZone);
  const intentId = received.stripePaymentIntentId ?? null;
  const { day: paidDay, at: paidAt } = paymentTime(received.paidAt, org.timeZone);
  if (paidDay > today) {
    throw new AppError('VALIDATION', 'Payment date cannot be in the future', { paidAt: 'Payment date cannot be in the future' });
  }
  if (!Number.isSafeInteger(received.amount) || received.amount <= 0) {
    throw new AppError('VALIDATION', 'Amount must be greater than zero', { amount: 'Amount must be greater than zero' });
  }
  const inOrganization = rescaleMinor(received.amount, received.currency ?? 'USD', currency);
  if (inOrganization === null) throw new AppError('VALIDATION', decimalsMessage(currency), { amount: decimalsMessage(currency) });
  received = { ...received, amount: inOrganization, currency };
  const invoice = await lockInvoice(tx, actor.organizationId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  if (intentId) {
    const existing = await findByIntent(tx, actor.organizationId, intentId, invoice.id);
    if (existing) return { row: existing, duplicate: true };
  }
  if (invoice.status === 'cancelled') {
    throw new AppError('VALIDATION', 'Payments cannot be recorded on a cancelled invoice');
  }
  const total = centsFromDecimal(invoice.totalAmount, currency);
  const paidBefore = centsFromDecimal(invoice.amountPaid, currency);
  const balance = total - paidBefore;
  if (balance <= 0) throw new AppError('VALIDATION', 'This invoice is already paid');
  if (received.amount > balance && !received.keepExcessAsCredit) {
    const message = `Payment exceeds the balance of ${moneyIn(org.currency, balance)}`;
    throw new AppError('VALIDATION', message, { amount: message });
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      organizationId: actor.organizationId,
      userId: actor.userId,
      type: 'invoice_payment',
      referenceId: invoice.id,
      amount: toDecimal(received.amount, currency),
      method: received.method,
      status: 'completed',
      reference: received.reference ?? null,
      transactionId: `PAY-${randomBytes(8).toString('hex').toUpperCase()}`,
      stripePaymentIntentId: intentId,
      processedAt: paidAt,
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  // What the invoice takes; the rest (keepExcessAsCredit) is credit on the customer.
  const applied = Math.min(received.amount, balance);
  const paidAfter = paidBefore + applied;
  const fullyPaid = paidAfter === total;
  const status = fullyPaid ? 'paid' : invoice.status === 'draft' ? 'sent' : invoice.status;
  await tx
    .update(invoices)
    .set({
      amountPaid: toDecimal(paidAfter, currency),
      status,
      sentAt: invoice.sentAt ?? now,
      paidAt: fullyPaid ? paidAt : null,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id));
  const entity = { ...actor, entityType: 'invoice', entityId: invoice.id } as const;
  if (invoice.status === 'draft') {
    await writeAudit(tx, { ...entity, action: 'invoice.sent', details: { from: 'draft', to: 'sent', reason: 'payment recorded' } });
  }
  await writeAudit(tx, {
    ...entity,
    action: 'invoice.payment_recorded',
    details: {
      paymentId: payment.id,
      amount: toDecimal(received.amount, currency),
      method: received.method,
      reference: received.reference ?? null,
      balanceBefore: toDecimal(balance, currency),
      balanceAfter: toDecimal(total - paidAfter, currency),
      ...(intentId ? { stripePaymentIntentId: intentId } : {}),
    },
  });
  if (fullyPaid) {
    await writeAudit(tx, { ...entity, action: 'invoice.paid', details: { from: invoice.status, to: 'paid', paymentId: payment.id } });
  }
  await addOverpaymentCredit(tx, {
    organizationId: actor.organizationId,
    customerId: invoice.customerId,
    invoiceId: invoice.id,
    paymentId: payment.id,
    amount: received.amount - applied,
    currency,
    issueDate: paidDay,
    userId: actor.userId,
    reason: `Overpayment of ${invoice.invoiceNumber}`,
  });
  return { row: payment, duplicate: false };
}

/**
 * Records money received against an invoice, full or partial, in one transaction with the invoice
 * row locked: refuses overpayment and cancelled invoices; a payment on a draft first marks it sent
 * (the customer evidently has the invoice); the last cent marks it paid. Audit rows for each step.
 */
export async function recordInvoicePayment(
  db: Database,
  actor: Actor,
  invoiceId: string,
  received: PaymentReceived,
  now: Date = new Date(),
): Promise<RecordedPayment> {
  const organization = await findOrganization(db, actor.organizationId);
  const today = calendarDay(now, organization.timeZone);
  const intentId = received.stripePaymentIntentId ?? null;
  try {
    const paymentRow = await db.transaction((tx) => recordInvoicePaymentIn(tx, actor, invoiceId, received, now, organization));
    const invoice = await findInvoice(db, actor.organizationId, invoiceId, today);
    if (!invoice) throw notFound('Invoice');
    return { invoice, payment: toPaymentDto(paymentRow.row, organization.currency), duplicate: paymentRow.duplicate };
  } catch (error) {
    // The same intent recorded concurrently: the unique index let the other one through.
    if (intentId && isUniqueViolation(error, 'payments_stripe_intent_key')) {
      const existing = isUuid(invoiceId) ? await findByIntent(db, actor.organizationId, intentId, invoiceId) : null;
      if (existing) return existingResult(db, actor, invoiceId, existing, today);
    }
    throw error;
  }
}

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

/**
 * An invoice payment of the workspace and the invoice it pays, both locked: the invoice first,
 * then the payment, the order recording a payment takes. An overpayment credit the payment made is
 * locked before either, as applying a credit locks the credit before its invoices: two
 * transactions never wait on each other in opposite orders.
 */
async function lockPaymentAndInvoice(tx: Database, actor: Actor, paymentId: string): Promise<{ payment: PaymentRow; invoice: InvoiceRow }> {
  const scoped = and(eq(payments.organizationId, actor.organizationId), eq(payments.id, paymentId), eq(payments.type, 'invoice_payment'));
  const [found] = await tx.select({ referenceId: payments.referenceId }).from(payments).where(scoped).limit(1);
  if (!found) throw notFound('Payment');
  await tx
    .select({ id: customerCredits.id })
    .from(customerCredits)
    .where(and(eq(customerCredits.organizationId, actor.organizationId), eq(customerCredits.paymentId, paymentId)))
    .for('update');
  const invoice = await lockInvoice(tx, actor.organizationId, found.referenceId);
  if (!invoice) throw notFound('Invoice');
  const [payment] = await tx.select().from(payments).where(scoped).for('update');
  if (!payment) throw notFound('Payment');
  return { payment, invoice };
}

/**
 * Takes a completed payment's amount off its invoice (the invoice locked by the caller): its
 * amountPaid lowered, a paid invoice reopened as sent (it reads overdue when past due), the
 * customer's balance refreshed. Returns the statuses before and after.
 */
async function takeOffInvoice(
  tx: Database,
  actor: Actor,
  payment: PaymentRow,
  invoice: InvoiceRow,
  now: Date,
  excess: Cents = 0,
): Promise<{ from: string; to: string; paidAfter: Cents }> {
  const amount = payment.status === 'completed' ? centsFromDecimal(payment.amount) - excess : 0;
  const paidAfter = Math.max(0, centsFromDecimal(invoice.amountPaid) - amount);
  const status = invoice.status === 'paid' && paidAfter < centsFromDecimal(invoice.totalAmount) ? 'sent' : invoice.status;
  await tx
    .update(invoices)
    .set({ amountPaid: toDecimal(paidAfter), status, paidAt: status === 'paid' ? invoice.paidAt : null, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  return { from: invoice.status, to: status, paidAfter };
}

/**
 * Removes a recorded invoice payment inside the caller's transaction (undoing a bank line's
 * match that recorded it): the invoice is locked, its amountPaid lowered, a paid invoice reopens
 * as sent (it reads overdue when past due), the customer's balance refreshed, an audit row kept.
 */
export async function removeInvoicePaymentIn(
  tx: Database,
  actor: Actor,
  paymentId: string,
  now: Date,
  reason: string,
): Promise<void> {
  const { payment, invoice } = await lockPaymentAndInvoice(tx, actor, paymentId);
  const excess = await releaseOverpaymentCredit(tx, actor, payment, now, 'remove');
  await tx.delete(payments).where(eq(payments.id, payment.id));
  const { from, to, paidAfter } = await takeOffInvoice(tx, actor, payment, invoice, now, excess);
  await writeAudit(tx, {
    ...actor,
    action: 'invoice.payment_removed',
    entityType: 'invoice',
    entityId: invoice.id,
    details: { paymentId: payment.id, amount: payment.amount, reason, from, to, balanceAfter: toDecimal(centsFromDecimal(invoice.totalAmount) - paidAfter) },
  });
}

/**
 * Fails a completed invoice payment whose money came back (an ACH return of the customer's
 * payment), inside the caller's transaction: the payment row stays, as failed with the reason;
 * its amount comes off the invoice, which reopens when it was paid. Audit rows payment.failed
 * and invoice.reopened. Returns the invoice's number and whether it reopened.
 */
export async function failInvoicePaymentIn(
  tx: Database,
  actor: Actor,
  paymentId: string,
  failureReason: string,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<{ invoiceId: string; invoiceNumber: string; reopened: boolean }> {
  const { payment, invoice } = await lockPaymentAndInvoice(tx, actor, paymentId);
  if (payment.status !== 'completed') throw new AppError('CONFLICT', 'Only a completed payment can come back');
  const excess = await releaseOverpaymentCredit(tx, actor, payment, now, 'void');
  const { from, to, paidAfter } = await takeOffInvoice(tx, actor, payment, invoice, now, excess);
  await tx.update(payments).set({ status: 'failed', failureReason }).where(eq(payments.id, payment.id));
  await writeAudit(tx, {
    ...actor,
    action: 'payment.failed',
    entityType: 'payment',
    entityId: payment.id,
    details: { ...details, failureReason, invoiceId: invoice.id, amount: payment.amount, previousStatus: payment.status, balanceAfter: toDecimal(centsFromDecimal(invoice.totalAmount) - paidAfter) },
  });
  if (from !== to) {
    await writeAudit(tx, { ...actor, action: 'invoice.reopened', entityType: 'invoice', entityId: invoice.id, details: { from, to, reason: failureReason, paymentId: payment.id } });
  }
  return { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, reopened: from !== to };
}

/**
 * Undoes failInvoicePaymentIn: the payment completed again, its amount back on the invoice
 * (paid again when that covers it), refused when the invoice has since been paid otherwise.
 */
export async function restoreInvoicePaymentIn(tx: Database, actor: Actor, paymentId: string, now: Date): Promise<void> {
  const { payment, invoice } = await lockPaymentAndInvoice(tx, actor, paymentId);
  if (payment.status !== 'failed') return;
  const total = centsFromDecimal(invoice.totalAmount);
  // An overpayment credit voided when the payment came back opens again; the invoice takes the rest.
  const [voided] = await tx
    .select()
    .from(customerCredits)
    .where(and(eq(customerCredits.organizationId, actor.organizationId), eq(customerCredits.paymentId, payment.id), eq(customerCredits.status, 'void')))
    .for('update');
  const excess = voided ? centsFromDecimal(voided.amount) : 0;
  const paidAfter = centsFromDecimal(invoice.amountPaid) + centsFromDecimal(payment.amount) - excess;
  if (paidAfter > total || invoice.status === 'cancelled') {
    throw new AppError('CONFLICT', `Invoice ${invoice.invoiceNumber} has since been paid or cancelled otherwise; remove that first`);
  }
  const fullyPaid = paidAfter === total;
  const status = fullyPaid ? 'paid' : invoice.status;
  await tx.update(payments).set({ status: 'completed', failureReason: null }).where(eq(payments.id, payment.id));
  await tx
    .update(invoices)
    .set({ amountPaid: toDecimal(paidAfter), status, paidAt: fullyPaid ? (payment.processedAt ?? now) : null, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  await writeAudit(tx, {
    ...actor,
    action: 'payment.return_undone',
    entityType: 'payment',
    entityId: payment.id,
    details: { previousFailureReason: payment.failureReason, invoiceId: invoice.id, amount: payment.amount, from: invoice.status, to: status },
  });
  if (fullyPaid && invoice.status !== 'paid') {
    await writeAudit(tx, { ...actor, action: 'invoice.paid', entityType: 'invoice', entityId: invoice.id, details: { from: invoice.status, to: 'paid', paymentId: payment.id } });
  }
  if (voided) {
    await tx.update(customerCredits).set({ status: 'open', voidedAt: null, updatedAt: now }).where(eq(customerCredits.id, voided.id));
    await writeAudit(tx, { ...actor, action: 'customer_credit.restored', entityType: 'customer_credit', entityId: voided.id, details: { paymentId: payment.id, amount: voided.amount } });
  }
}

/**
 * A payment that comes back (or is removed) takes its overpayment credit with it: an unapplied
 * credit is voided (or, for a removed payment, deleted with the row it points at) and its amount
 * returned, so only the rest comes off the invoice. A credit already applied to another invoice
 * or refunded is refused with a clear message: the money it carried is gone from that invoice
 * too, and a user must reverse that application first (POST /api/credit-allocations/{id}/reverse).
 */
async function releaseOverpaymentCredit(tx: Database, actor: Actor, payment: PaymentRow, now: Date, how: 'void' | 'remove'): Promise<Cents> {
  const [credit] = await tx
    .select()
    .from(customerCredits)
    .where(and(eq(customerCredits.organizationId, actor.organizationId), eq(customerCredits.paymentId, payment.id)))
    .for('update');
  if (!credit || credit.status === 'void') return 0;
  if (centsFromDecimal(credit.amountApplied) > 0 || centsFromDecimal(credit.amountRefunded) > 0) {
    throw new AppError(
      'CONFLICT',
      `The ${moneyIn((await findOrganization(tx, actor.organizationId)).currency, centsFromDecimal(credit.amount))} this payment paid above the invoice is credit that has since been applied or refunded; reverse that on the Credit Notes page first`,
    );
  }
  if (how === 'remove') {
    await tx.delete(customerCredits).where(eq(customerCredits.id, credit.id));
  } else {
    await tx.update(customerCredits).set({ status: 'void', voidedAt: now, updatedAt: now }).where(eq(customerCredits.id, credit.id));
  }
  await writeAudit(tx, {
    ...actor,
    action: how === 'remove' ? 'customer_credit.removed' : 'customer_credit.voided',
    entityType: 'customer_credit',
    entityId: credit.id,
    details: { paymentId: payment.id, amount: credit.amount, reason: how === 'remove' ? 'payment removed' : 'payment came back' },
  });
  return centsFromDecimal(credit.amount);
}
