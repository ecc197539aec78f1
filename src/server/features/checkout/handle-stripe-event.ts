import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { paymentLinks, payments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { recordInvoicePayment } from '../invoices/record-invoice-payment';
import { applyPlanCheckout } from '../settings/change-plan';
import { isUuid } from '../../db/query-helpers';
import { fromStripeAmount } from './stripe-gateway';
import { allocatePortalPayment, failPortalPayment } from '../portal-payments/allocate-portal-payment';
import { handleAutopayEvent, saveSetupMethod } from '../portal-payments/autopay';

/** unmatched: Stripe took the money but the invoice could not take it (paid meanwhile): audited for a refund. */
export type StripeEventOutcome = 'recorded' | 'duplicate' | 'ignored' | 'unmatched';

async function alreadyRecorded(db: Database, paymentIntentId: string): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.stripePaymentIntentId, paymentIntentId)).limit(1);
  return row !== undefined;
}

/**
 * payment_intent.succeeded for one of our payment links: records the payment against the invoice
 * exactly once (payments.stripe_payment_intent_id is unique) and marks the link paid.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event, now: Date, stripe: { secretKey: string } | null = null): Promise<StripeEventOutcome> {
  // A firm's plan bought through Settings > Billing.
  if (event.type === 'checkout.session.completed') return applyPlanCheckout(db, event.data.object, now, stripe);
  // Issue 31: a portal payment of several invoices, an autopay charge, a method saved for autopay.
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const succeeded = event.type === 'payment_intent.succeeded';
    const intent = event.data.object;
    if (intent.metadata.portalPaymentId) return succeeded ? allocatePortalPayment(db, intent, event.id, now) : failPortalPayment(db, intent, event.id);
    if (intent.metadata.autopayChargeId) return handleAutopayEvent(db, intent, succeeded, now);
  }
  if (event.type === 'setup_intent.succeeded') return saveSetupMethod(db, event.data.object, stripe, now);
  if (event.type !== 'payment_intent.succeeded') return 'ignored';
  const intent = event.data.object;
  const { organizationId, invoiceId, linkId } = intent.metadata;
  if (!organizationId || !invoiceId || !linkId || !isUuid(organizationId) || !isUuid(invoiceId)) return 'ignored';
  if (await alreadyRecorded(db, intent.id)) return 'duplicate';

  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.linkId, linkId), eq(paymentLinks.organizationId, organizationId), eq(paymentLinks.invoiceId, invoiceId)))
    .limit(1);
  if (!link) return 'ignored';

  const amount = fromStripeAmount(intent.amount_received, intent.currency);
  try {
    return await db.transaction(async (tx) => {
      const recorded = await recordInvoicePayment(
        tx,
        { organizationId, userId: link.userId },
        invoiceId,
        { amount, currency: intent.currency.toUpperCase(), paidAt: now, method: 'stripe', reference: 'Payment link', stripePaymentIntentId: intent.id },
        now,
      );
      if (recorded.duplicate) return 'duplicate';
      await tx
        .update(paymentLinks)
        .set({ status: 'paid', paidAt: now, stripePaymentIntentId: intent.id })
        .where(and(eq(paymentLinks.id, link.id), ne(paymentLinks.status, 'paid')));
      await writeAudit(tx, {
        organizationId,
        userId: null,
        action: 'payment_link.paid',
        entityType: 'invoice',
        entityId: invoiceId,
        details: { paymentLinkId: link.id, paymentId: recorded.payment.id, amount: toDecimal(amount, intent.currency), stripePaymentIntentId: intent.id, eventId: event.id },
      });
      return 'recorded';
    });
  } catch (error) {
    // The same event delivered twice at once: the unique intent id lets only one through.
    if (isUniqueViolation(error)) return 'duplicate';
    if (!(error instanceof AppError)) throw error;
    // Acknowledged (Stripe would retry forever) but kept for whoever reconciles or refunds.
    await writeAudit(db, {
      organizationId,
      userId: null,
      action: 'payment_link.payment_unmatched',
      entityType: 'invoice',
      entityId: invoiceId,
      details: { paymentLinkId: link.id, amount: toDecimal(amount), stripePaymentIntentId: intent.id, eventId: event.id, reason: error.message },
    });
    return 'unmatched';
  }
}
