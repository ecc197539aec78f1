import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreatePaymentLinkInput, PaymentLink } from '../../../shared/contracts/checkout';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { paymentLinks } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { findActiveLink, findInvoiceForLink } from './checkout.queries';

const DAY_MS = 24 * 3600_000;

/** 144 random bits, URL-safe: the link is the only thing a payer needs, so it must not be guessable. */
export function newLinkId(): string {
  return randomBytes(18).toString('base64url');
}

export function paymentLinkUrl(appUrl: string, linkId: string, amount: string): string {
  return `${appUrl}/checkout?amount=${encodeURIComponent(amount)}&link=${encodeURIComponent(linkId)}`;
}

function toPaymentLink(appUrl: string, row: { linkId: string; amount: string; expiresAt: Date }): PaymentLink {
  const amount = toDecimal(centsFromDecimal(row.amount));
  return { linkId: row.linkId, url: paymentLinkUrl(appUrl, row.linkId, amount), amount, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Creates a payment link for an unpaid invoice, or gives back the live one when it still fits
 * (same amount, or no amount asked for and within the balance). A new link replaces the old one.
 */
export async function createPaymentLink(
  db: Database,
  auth: Pick<AuthContext, 'organizationId' | 'userId'>,
  invoiceId: string,
  input: CreatePaymentLinkInput,
  options: { now: Date; appUrl: string },
): Promise<{ link: PaymentLink; created: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const invoice = await findInvoiceForLink(tx, { organizationId: auth.organizationId, invoiceId });
      if (!invoice) throw notFound('Invoice');
      if (invoice.status === 'cancelled') throw new AppError('CONFLICT', 'A cancelled invoice cannot be paid');
      const balance = centsFromDecimal(invoice.totalAmount) - centsFromDecimal(invoice.amountPaid);
      if (invoice.status === 'paid' || balance <= 0) throw new AppError('CONFLICT', 'This invoice has already been paid');
      if (input.amount !== undefined && input.amount > balance) {
        const message = `Amount cannot exceed the invoice balance of ${toDecimal(balance)}`;
        throw new AppError('VALIDATION', message, { amount: message });
      }
      const amount = input.amount ?? balance;

      const active = await findActiveLink(tx, { organizationId: auth.organizationId, invoiceId });
      if (active && active.expiresAt > options.now) {
        const activeCents = centsFromDecimal(active.amount);
        const fits = input.amount === undefined ? activeCents <= balance : activeCents === input.amount;
        if (fits) return { link: toPaymentLink(options.appUrl, active), created: false };
      }
      if (active) {
        const status = active.expiresAt > options.now ? 'cancelled' : 'expired';
        await tx.update(paymentLinks).set({ status }).where(and(eq(paymentLinks.id, active.id), eq(paymentLinks.status, 'active')));
      }

      const [row] = await tx
        .insert(paymentLinks)
        .values({
          organizationId: auth.organizationId,
          userId: auth.userId,
          invoiceId,
          customerId: invoice.customerId,
          linkId: newLinkId(),
          amount: toDecimal(amount),
          description: `Invoice ${invoice.invoiceNumber}`,
          expiresAt: new Date(options.now.getTime() + input.expiresInDays * DAY_MS),
        })
        .returning();
      if (!row) throw new Error('payment link insert returned nothing');
      await writeAudit(tx, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        action: 'payment_link.created',
        entityType: 'invoice',
        entityId: invoiceId,
        details: { paymentLinkId: row.id, amount: row.amount, expiresAt: row.expiresAt.toISOString(), replaced: active?.id ?? null },
      });
      return { link: toPaymentLink(options.appUrl, row), created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payment_links_one_active_key')) {
      throw new AppError('CONFLICT', 'A payment link for this invoice was just created; try again');
    }
    throw error;
  }
}
