import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PortalPaymentInput, PortalPaymentResult } from '../../../shared/contracts/portal';
import { type Cents, centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { invoices, organizations, portalPayments, portalSettings } from '../../db/schema';
import type { AppConfig } from '../../config';
import { writeAudit } from '../../platform/audit';
import { calendarDay } from '../../platform/calendar';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { createPaymentIntent } from '../checkout/stripe-gateway';
import { moneyIn } from '../invoices/invoice-rules';
import type { PortalContext } from '../portal/portal-session';

/** Letters and digits nobody misreads on a bank statement (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** "PAY-7KQ2M9": what the customer quotes on a bank transfer; unique per organization. */
export function newPaymentReference(): string {
  let code = '';
  for (let index = 0; index < 6; index += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `PAY-${code}`;
}

/** The organization's bank transfer instructions: its portal setting, else a sentence from its name and email. */
export async function bankTransferInstructions(db: Database, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name, email: organizations.email, instructions: portalSettings.paymentInstructions })
    .from(organizations)
    .leftJoin(portalSettings, eq(portalSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw notFound('Organization');
  const custom = row.instructions?.trim();
  if (custom) return custom;
  const contact = row.email ? ` at ${row.email}` : '';
  return `Pay by bank transfer to ${row.name}, quoting the reference below so the payment is matched to your invoices. For the bank details, contact ${row.name}${contact}.`;
}

interface CheckedLine {
  invoiceId: string;
  amount: Cents;
  invoiceNumber: string;
}

/**
 * Checks the ticked invoices against the customer's open invoices on the organization's day:
 * each this customer's (else 404), open with an amount due, and each amount above zero and not
 * above what it owes (400 naming the field `invoices.<n>.amount`).
 */
async function checkLines(db: Database, context: PortalContext, input: PortalPaymentInput, today: string, currency: string): Promise<CheckedLine[]> {
  const ids = input.invoices.map((line) => line.invoiceId);
  const seen = new Set<string>();
  input.invoices.forEach((line, index) => {
    if (seen.has(line.invoiceId)) {
      throw new AppError('VALIDATION', 'An invoice is ticked twice', { [`invoices.${index}.invoiceId`]: 'This invoice is ticked twice' });
    }
    seen.add(line.invoiceId);
  });
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      dueDate: invoices.dueDate,
      totalAmount: invoices.totalAmount,
      amountPaid: invoices.amountPaid,
    })
    .from(invoices)
    .where(and(eq(invoices.organizationId, context.organizationId), eq(invoices.customerId, context.customerId), inArray(invoices.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.invoices.map((line, index) => {
    const row = byId.get(line.invoiceId);
    // Another customer's invoice, another workspace's, or none at all: not found, whichever.
    if (!row || row.status === 'draft' || row.status === 'cancelled') throw notFound('Invoice');
    const due = centsFromDecimal(row.totalAmount) - centsFromDecimal(row.amountPaid);
    const field = `invoices.${index}.amount`;
    if ((row.status !== 'sent' && row.status !== 'overdue') || due <= 0) {
      const message = `Invoice ${row.invoiceNumber} is already paid`;
      throw new AppError('VALIDATION', message, { [`invoices.${index}.invoiceId`]: message });
    }
    if (line.amount <= 0) throw new AppError('VALIDATION', 'Amount must be greater than zero', { [field]: 'Amount must be greater than zero' });
    if (line.amount > due) {
      const message = `Invoice ${row.invoiceNumber} has ${moneyIn(currency, due)} due on ${today}; pay at most that`;
      throw new AppError('VALIDATION', message, { [field]: message });
    }
    return { invoiceId: row.id, amount: line.amount, invoiceNumber: row.invoiceNumber };
  });
}

/**
 * POST /api/portal/payments: one payment for several ticked invoices. With Stripe, ONE
 * PaymentIntent for the sum (idempotency key from the portal payment's id), allocated by the
 * signed webhook; without, a pending bank transfer with the reference to quote.
 */
export async function createPortalPayment(
  deps: { db: Database; config: Pick<AppConfig, 'stripe'>; now: () => Date },
  context: PortalContext,
  input: PortalPaymentInput,
): Promise<PortalPaymentResult> {
  const { db } = deps;
  const now = deps.now();
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, context.organizationId)).limit(1);
  if (!organization) throw notFound('Organization');
  const today = calendarDay(now, organization.timeZone);
  const lines = await checkLines(db, context, input, today, organization.currency);
  const total = sumCents(lines.map((line) => line.amount));
  const stripe = deps.config.stripe;
  const method = stripe && input.method === 'stripe' ? 'stripe' : 'bank_transfer';

  let payment: typeof portalPayments.$inferSelect | undefined;
  for (let attempt = 0; !payment; attempt += 1) {
    try {
      payment = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(portalPayments)
          .values({
            organizationId: context.organizationId,
            customerId: context.customerId,
            method,
            amount: toDecimal(total),
            currency: organization.currency,
            lines: lines.map((line) => ({ invoiceId: line.invoiceId, amount: toDecimal(line.amount) })),
            reference: newPaymentReference(),
            status: 'pending',
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('portal payment insert returned nothing');
        await writeAudit(tx, {
          organizationId: context.organizationId,
          userId: null,
          action: 'portal_payment.created',
          entityType: 'customer',
          entityId: context.customerId,
          details: {
            portalPaymentId: row.id,
            reference: row.reference,
            method,
            amount: row.amount,
            invoices: lines.map((line) => ({ invoiceId: line.invoiceId, invoiceNumber: line.invoiceNumber, amount: toDecimal(line.amount) })),
            portalEmail: context.email,
          },
        });
        return row;
      });
    } catch (error) {
      // Two references alike (1 in 887 million): draw another.
      if (attempt < 5 && isUniqueViolation(error, 'portal_payments_org_reference_key')) continue;
      throw error;
    }
  }

  if (method === 'bank_transfer' || !stripe) {
    return {
      id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      reference: payment.reference,
      status: 'pending',
      clientSecret: null,
      publishableKey: null,
      bankTransferInstructions: await bankTransferInstructions(db, context.organizationId),
    };
  }

  let intent;
  try {
    intent = await createPaymentIntent({
      secretKey: stripe.secretKey,
      amountCents: total,
      currency: organization.currency,
      description: `${lines.length === 1 ? 'Invoice' : 'Invoices'} ${lines.map((line) => line.invoiceNumber).join(', ')} (${organization.name})`,
      metadata: { organizationId: context.organizationId, portalPaymentId: payment.id, customerId: context.customerId },
      idempotencyKey: `portal-payment-${payment.id}`,
    });
  } catch (error) {
    await db
      .update(portalPayments)
      .set({ status: 'failed', failureReason: error instanceof Error ? error.message.slice(0, 500) : 'Stripe refused the payment' })
      .where(eq(portalPayments.id, payment.id));
    throw new AppError('CONFLICT', 'The card payment could not be started. Try again, or pay by bank transfer.');
  }
  await db.update(portalPayments).set({ stripePaymentIntentId: intent.id }).where(eq(portalPayments.id, payment.id));
  return {
    id: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.reference,
    status: 'pending',
    clientSecret: intent.clientSecret,
    publishableKey: stripe.publishableKey,
    bankTransferInstructions: null,
  };
}
