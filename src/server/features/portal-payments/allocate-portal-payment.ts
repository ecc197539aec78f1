import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { invoices, payments, portalPayments } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { writeAudit } from '../../platform/audit';
import { calendarDay } from '../../platform/calendar';
import { isUniqueViolation } from '../../platform/errors';
import { fromStripeAmount } from '../checkout/stripe-gateway';
import { addOverpaymentCredit } from '../credits/overpayment-credit';
import { findOrganization } from '../invoices/invoices.queries';
import { recordInvoicePaymentIn } from '../invoices/record-invoice-payment';

export type PortalPaymentOutcome = 'recorded' | 'duplicate' | 'ignored';

/** One invoice's part of a portal payment, as allocated. */
export interface AllocatedPart {
  invoiceId: string;
  amount: Cents;
}

/** What arrived, and where it went: the invoices in due-date order, the rest as customer credit. */
export interface Allocation {
  parts: AllocatedPart[];
  excess: Cents;
}

interface OpenInvoice {
  id: string;
  invoiceNumber: string;
  dueDate: string;
  status: string;
  owed: Cents;
  requested: Cents;
}

/**
 * Splits `received` over the ticked invoices in due-date order (then invoice number): each takes
 * up to what the customer asked to pay on it and what it still owes now (another tab may have
 * paid it meanwhile); what no invoice can take is the excess.
 */
export function allocate(received: Cents, open: readonly OpenInvoice[]): Allocation {
  const ordered = [...open].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber, 'en', { numeric: true }));
  let remaining = received;
  const parts: AllocatedPart[] = [];
  for (const invoice of ordered) {
    const payable = invoice.status === 'sent' || invoice.status === 'overdue' || invoice.status === 'draft' ? Math.max(0, invoice.owed) : 0;
    const amount = Math.min(remaining, invoice.requested, payable);
    if (amount <= 0) continue;
    parts.push({ invoiceId: invoice.id, amount });
    remaining -= amount;
  }
  return { parts, excess: remaining };
}

/**
 * payment_intent.succeeded of a portal payment: in ONE transaction the portal payment moves from
 * pending (or failed: a second card on the same intent) to succeeded, conditionally, so a replay
 * or a parallel delivery finds it done ('duplicate'); the ticked invoices are locked and the
 * amount received allocated (allocate); each part is an invoice payment with the intent id; an
 * excess becomes one more payments row on the first ticked invoice, which does not raise its
 * amountPaid, and an overpayment credit pointing at it.
 */
export async function allocatePortalPayment(db: Database, intent: Stripe.PaymentIntent, eventId: string, now: Date): Promise<PortalPaymentOutcome> {
  const { organizationId, portalPaymentId, customerId } = intent.metadata;
  if (!organizationId || !portalPaymentId || !customerId || !isUuid(organizationId) || !isUuid(portalPaymentId) || !isUuid(customerId)) return 'ignored';
  const received = fromStripeAmount(intent.amount_received, intent.currency);
  try {
    return await db.transaction(async (tx) => {
      const [payment] = await tx
        .update(portalPayments)
        .set({ status: 'succeeded', completedAt: now, stripePaymentIntentId: intent.id, failureReason: null })
        .where(
          and(
            eq(portalPayments.id, portalPaymentId),
            eq(portalPayments.organizationId, organizationId),
            eq(portalPayments.customerId, customerId),
            eq(portalPayments.method, 'stripe'),
            inArray(portalPayments.status, ['pending', 'failed']),
          ),
        )
        .returning();
      if (!payment) {
        const [known] = await tx
          .select({ status: portalPayments.status })
          .from(portalPayments)
          .where(and(eq(portalPayments.id, portalPaymentId), eq(portalPayments.organizationId, organizationId)))
          .limit(1);
        return known ? 'duplicate' : 'ignored';
      }
      const organization = await findOrganization(tx, organizationId);
      // Stripe's amount is in the organization's minor unit (stripe-gateway.ts); so is every amount below.
      const { currency } = organization;
      const ticked = payment.lines.map((line) => line.invoiceId);
      // Locked in one order (by id), whatever the allocation order, so two payments never deadlock.
      const rows = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.customerId, customerId), inArray(invoices.id, ticked)))
        .orderBy(asc(invoices.id))
        .for('update');
      const requested = new Map(payment.lines.map((line) => [line.invoiceId, centsFromDecimal(line.amount, currency)]));
      const { parts, excess } = allocate(
        received,
        rows.map((row) => ({
          id: row.id,
          invoiceNumber: row.invoiceNumber,
          dueDate: row.dueDate,
          status: row.status,
          owed: centsFromDecimal(row.totalAmount, currency) - centsFromDecimal(row.amountPaid, currency),
          requested: requested.get(row.id) ?? 0,
        })),
      );
      const actor = { organizationId, userId: null };
      for (const part of parts) {
        await recordInvoicePaymentIn(
          tx,
          actor,
          part.invoiceId,
          { amount: part.amount, currency, paidAt: now, method: 'stripe', reference: payment.reference, stripePaymentIntentId: intent.id },
          now,
          organization,
        );
      }
      let creditId: string | null = null;
      const firstTicked = ticked.find((id) => rows.some((row) => row.id === id)) ?? null;
      if (excess > 0 && firstTicked) {
        // The payments key is (intent, invoice): the intent id only when this invoice took no part of it.
        const sharesKey = parts.some((part) => part.invoiceId === firstTicked);
        const [excessRow] = await tx
          .insert(payments)
          .values({
            organizationId,
            userId: null,
            type: 'invoice_payment',
            referenceId: firstTicked,
            amount: toDecimal(excess, currency),
            method: 'stripe',
            status: 'completed',
            reference: `${payment.reference} (excess of ${intent.id}, kept as credit)`,
            transactionId: sharesKey ? `${intent.id}:excess` : `PAY-${randomBytes(8).toString('hex').toUpperCase()}`,
            stripePaymentIntentId: sharesKey ? null : intent.id,
            processedAt: now,
          })
          .returning({ id: payments.id });
        if (!excessRow) throw new Error('excess payment insert returned nothing');
        creditId = await addOverpaymentCredit(tx, {
          organizationId,
          customerId,
          invoiceId: firstTicked,
          paymentId: excessRow.id,
          amount: excess,
          currency,
          issueDate: calendarDay(now, organization.timeZone),
          userId: null,
          reason: `Portal payment ${payment.reference}: invoices paid meanwhile`,
        });
      }
      await writeAudit(tx, {
        organizationId,
        userId: null,
        action: 'portal_payment.succeeded',
        entityType: 'customer',
        entityId: customerId,
        details: {
          portalPaymentId: payment.id,
          reference: payment.reference,
          amount: toDecimal(received, currency),
          stripePaymentIntentId: intent.id,
          eventId,
          allocations: parts.map((part) => ({ invoiceId: part.invoiceId, amount: toDecimal(part.amount, currency) })),
          ...(excess > 0 ? { credit: toDecimal(excess, currency), creditId } : {}),
        },
      });
      return 'recorded';
    });
  } catch (error) {
    // The same event delivered twice at once: the unique keys let only one through.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/** payment_intent.payment_failed of a portal payment: failed with Stripe's reason (the customer may try again). */
export async function failPortalPayment(db: Database, intent: Stripe.PaymentIntent, eventId: string): Promise<PortalPaymentOutcome> {
  const { organizationId, portalPaymentId } = intent.metadata;
  if (!organizationId || !portalPaymentId || !isUuid(organizationId) || !isUuid(portalPaymentId)) return 'ignored';
  const reason = intent.last_payment_error?.message ?? 'The payment failed';
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(portalPayments)
      .set({ status: 'failed', failureReason: reason.slice(0, 500) })
      .where(and(eq(portalPayments.id, portalPaymentId), eq(portalPayments.organizationId, organizationId), eq(portalPayments.status, 'pending')))
      .returning();
    if (!payment) return 'duplicate';
    await writeAudit(tx, {
      organizationId,
      userId: null,
      action: 'portal_payment.failed',
      entityType: 'customer',
      entityId: payment.customerId,
      details: { portalPaymentId: payment.id, reference: payment.reference, amount: payment.amount, stripePaymentIntentId: intent.id, eventId, reason },
    });
    return 'recorded';
  });
}
