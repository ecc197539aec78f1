import { eq } from 'drizzle-orm';
import { type CheckoutSession, PAYMENT_UNAVAILABLE_MESSAGE } from '../../../shared/contracts/checkout';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { paymentLinks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type CheckoutLinkRow, findLinkForCheckout } from './checkout.queries';
import { createPaymentIntent } from './stripe-gateway';

/** What may still be charged through the link: its amount, or less if part was paid since. */
function payableCents(row: CheckoutLinkRow, now: Date): number {
  const { currency } = row;
  const balance = centsFromDecimal(row.totalAmount, currency) - centsFromDecimal(row.amountPaid, currency);
  if (row.link.status === 'paid' || row.invoiceStatus === 'paid' || balance <= 0) {
    throw new AppError('CONFLICT', 'This invoice has already been paid');
  }
  if (row.link.status === 'cancelled' || row.invoiceStatus === 'cancelled') {
    throw new AppError('GONE', 'This payment link is no longer valid. Ask for a new one.');
  }
  if (row.link.status === 'expired' || row.link.expiresAt <= now) {
    throw new AppError('GONE', 'This payment link has expired. Ask for a new one.');
  }
  return Math.min(centsFromDecimal(row.link.amount, currency), balance);
}

/**
 * Spec 2.15: without a card provider the page ends at 'Payment Unavailable'. With one, a
 * PaymentIntent is created for the link's amount (never the query string's).
 */
export async function openCheckoutSession(
  db: Database,
  config: Pick<AppConfig, 'stripe'>,
  linkId: string | undefined,
  now: Date,
): Promise<CheckoutSession> {
  const stripe = config.stripe;
  if (!linkId) {
    if (!stripe) return { available: false, message: PAYMENT_UNAVAILABLE_MESSAGE };
    throw new AppError('BAD_REQUEST', 'Open this page from a payment link to pay an invoice');
  }
  // A paid, expired or unknown link says so even when card payments are not set up.
  const row = await findLinkForCheckout(db, linkId);
  if (!row) throw new AppError('NOT_FOUND', 'Payment link not found');
  const cents = payableCents(row, now);
  if (!stripe) return { available: false, message: PAYMENT_UNAVAILABLE_MESSAGE };
  const intent = await createPaymentIntent({
    secretKey: stripe.secretKey,
    amountCents: cents,
    currency: row.currency,
    description: `Invoice ${row.invoiceNumber} (${row.organizationName})`,
    metadata: { organizationId: row.link.organizationId, invoiceId: row.link.invoiceId, linkId: row.link.linkId },
    idempotencyKey: `payment-link-${row.link.id}-${cents}`,
  });
  await db.update(paymentLinks).set({ stripePaymentIntentId: intent.id }).where(eq(paymentLinks.id, row.link.id));
  return {
    available: true,
    clientSecret: intent.clientSecret,
    publishableKey: stripe.publishableKey,
    amount: toDecimal(cents, row.currency),
    currency: row.currency,
    invoiceNumber: row.invoiceNumber,
    organizationName: row.organizationName,
  };
}
