import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { autopayCharges, customerPaymentMethods, customers, invoices, organizations, payments, portalSettings } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import type { AppConfig } from '../../config';
import { writeAudit } from '../../platform/audit';
import { calendarDay, organizationTodaySql } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { startLoop } from '../../platform/loop';
import { fromStripeAmount, stripeClient, toStripeAmount } from '../checkout/stripe-gateway';
import { addOverpaymentCredit } from '../credits/overpayment-credit';
import { moneyIn } from '../invoices/invoice-rules';
import { findOrganization } from '../invoices/invoices.queries';
import { recordInvoicePaymentIn } from '../invoices/record-invoice-payment';
import type { PortalContext } from '../portal/portal-session';
import { allocate } from './allocate-portal-payment';

export const AUTOPAY_INTERVAL_MS = 5 * 60_000;
/** A charge still pending this long after its claim belongs to a run that died before Stripe answered: asked again with the same idempotency key. */
export const AUTOPAY_STALE_MS = 15 * 60_000;
const BATCH_SIZE = 50;

type StripeKeys = NonNullable<AppConfig['stripe']>;
type MethodRow = typeof customerPaymentMethods.$inferSelect;

/** "Visa •••• 4242", "Bank account •••• 6789". */
export function paymentMethodLabel(row: Pick<MethodRow, 'type' | 'brand' | 'last4'> | null | undefined): string | null {
  if (!row?.last4) return null;
  if (row.type === 'us_bank_account') return `Bank account •••• ${row.last4}`;
  const brand = row.brand ? row.brand.charAt(0).toUpperCase() + row.brand.slice(1) : 'Card';
  return `${brand} •••• ${row.last4}`;
}

export interface AutopayState {
  enabled: boolean;
  method: string | null;
  clientSecret: string | null;
  publishableKey: string | null;
}

async function methodRow(db: Database, organizationId: string, customerId: string): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(customerPaymentMethods)
    .where(and(eq(customerPaymentMethods.organizationId, organizationId), eq(customerPaymentMethods.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** Whether autopay is on for a customer, and the saved method's label (the portal account reads it). */
export async function autopayStatus(db: Database, organizationId: string, customerId: string): Promise<{ enabled: boolean; method: string | null }> {
  const row = await methodRow(db, organizationId, customerId);
  return { enabled: Boolean(row?.autopay && row.stripePaymentMethodId), method: paymentMethodLabel(row) };
}

/**
 * POST /api/portal/autopay. 'setup': the customer's Stripe customer (created once: an idempotency
 * key per customer) and a SetupIntent for off-session use, whose client secret Stripe.js confirms;
 * the webhook stores the method. 'enable' / 'disable': autopay on or off (on needs a saved method).
 */
export async function changeAutopay(
  deps: { db: Database; config: Pick<AppConfig, 'stripe'>; now: () => Date },
  context: PortalContext,
  action: 'setup' | 'enable' | 'disable',
): Promise<AutopayState> {
  const stripeKeys = deps.config.stripe;
  if (!stripeKeys) throw new AppError('BAD_REQUEST', 'Autopay needs card payments, which this organization has not set up');
  const { db } = deps;
  const { organizationId, customerId } = context;
  let row = await methodRow(db, organizationId, customerId);

  if (action === 'setup') {
    const stripe = await stripeClient(stripeKeys.secretKey);
    if (!row) {
      const [customer] = await db
        .select({ name: customers.name, email: customers.email, billingEmail: customers.billingContactEmail })
        .from(customers)
        .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
        .limit(1);
      if (!customer) throw new AppError('NOT_FOUND', 'Customer not found');
      const created = await stripe.customers.create(
        { name: customer.name, email: customer.billingEmail ?? customer.email, metadata: { organizationId, customerId } },
        { idempotencyKey: `customer:${organizationId}:${customerId}` },
      );
      await db.insert(customerPaymentMethods).values({ organizationId, customerId, stripeCustomerId: created.id }).onConflictDoNothing();
      row = await methodRow(db, organizationId, customerId);
      if (!row) throw new Error('customer payment method row missing');
    }
    const setup = await stripe.setupIntents.create({
      customer: row.stripeCustomerId,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: { organizationId, customerId },
    });
    if (!setup.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret');
    await db.update(customerPaymentMethods).set({ stripeSetupIntentId: setup.id, updatedAt: deps.now() }).where(eq(customerPaymentMethods.id, row.id));
    return { enabled: Boolean(row.autopay && row.stripePaymentMethodId), method: paymentMethodLabel(row), clientSecret: setup.client_secret, publishableKey: stripeKeys.publishableKey };
  }

  const enable = action === 'enable';
  if (enable && !row?.stripePaymentMethodId) {
    throw new AppError('CONFLICT', 'Save a payment method before turning autopay on');
  }
  if (row && row.autopay !== enable) {
    await db.transaction(async (tx) => {
      await tx.update(customerPaymentMethods).set({ autopay: enable, updatedAt: deps.now() }).where(eq(customerPaymentMethods.id, row.id));
      await writeAudit(tx, {
        organizationId,
        userId: null,
        action: enable ? 'autopay.enabled' : 'autopay.disabled',
        entityType: 'customer',
        entityId: customerId,
        details: { method: paymentMethodLabel(row), portalEmail: context.email },
      });
    });
  }
  return { enabled: enable && Boolean(row?.stripePaymentMethodId), method: paymentMethodLabel(row), clientSecret: null, publishableKey: stripeKeys.publishableKey };
}

/**
 * setup_intent.succeeded: the method the customer saved, with its type, brand and last four
 * digits as Stripe's PaymentMethod says (retrieved from Stripe, not taken from the event).
 */
export async function saveSetupMethod(db: Database, setup: Stripe.SetupIntent, stripeKeys: Pick<StripeKeys, 'secretKey'> | null, now: Date): Promise<'recorded' | 'duplicate' | 'ignored'> {
  const { organizationId, customerId } = setup.metadata ?? {};
  const paymentMethodId = typeof setup.payment_method === 'string' ? setup.payment_method : (setup.payment_method?.id ?? null);
  if (!stripeKeys || !organizationId || !customerId || !isUuid(organizationId) || !isUuid(customerId) || !paymentMethodId) return 'ignored';
  const row = await methodRow(db, organizationId, customerId);
  const stripeCustomer = typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null);
  if (!row || row.stripeCustomerId !== stripeCustomer) return 'ignored';
  if (row.stripePaymentMethodId === paymentMethodId) return 'duplicate';
  const stripe = await stripeClient(stripeKeys.secretKey);
  const method = await stripe.paymentMethods.retrieve(paymentMethodId);
  const brand = method.card?.brand ?? null;
  const last4 = method.card?.last4 ?? method.us_bank_account?.last4 ?? null;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customerPaymentMethods)
      .set({ stripePaymentMethodId: paymentMethodId, type: method.type, brand, last4, stripeSetupIntentId: setup.id, updatedAt: now })
      .where(eq(customerPaymentMethods.id, row.id))
      .returning();
    await writeAudit(tx, {
      organizationId,
      userId: null,
      action: 'autopay.method_saved',
      entityType: 'customer',
      entityId: customerId,
      details: { method: paymentMethodLabel(updated), setupIntentId: setup.id },
    });
    return 'recorded' as const;
  });
}

type ChargeRow = typeof autopayCharges.$inferSelect;

/**
 * A succeeded autopay intent, settled once (the charge moves from pending conditionally): the
 * invoice payment recorded with the intent id; what the invoice no longer owes (paid meanwhile)
 * kept as customer credit. Used by the scheduler and by the webhook (a run that died after Stripe
 * charged).
 */
export async function settleAutopayCharge(db: Database, chargeId: string, intent: Pick<Stripe.PaymentIntent, 'id' | 'amount_received' | 'currency'>, now: Date): Promise<'recorded' | 'duplicate'> {
  try {
    return await db.transaction(async (tx) => {
      const [charge] = await tx
        .update(autopayCharges)
        .set({ status: 'succeeded', stripePaymentIntentId: intent.id, failureReason: null })
        .where(and(eq(autopayCharges.id, chargeId), inArray(autopayCharges.status, ['pending', 'failed'])))
        .returning();
      if (!charge) return 'duplicate';
      const organization = await findOrganization(tx, charge.organizationId);
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.organizationId, charge.organizationId), eq(invoices.id, charge.invoiceId)))
        .for('update');
      // Stripe's amount in the organization's minor unit; every amount below is in it.
      const { currency } = organization;
      const received = fromStripeAmount(intent.amount_received, intent.currency);
      const { parts, excess } = invoice
        ? allocate(received, [
            {
              id: invoice.id,
              invoiceNumber: invoice.invoiceNumber,
              dueDate: invoice.dueDate,
              status: invoice.status,
              owed: centsFromDecimal(invoice.totalAmount, currency) - centsFromDecimal(invoice.amountPaid, currency),
              requested: received,
            },
          ])
        : { parts: [], excess: received };
      const actor = { organizationId: charge.organizationId, userId: null };
      for (const part of parts) {
        await recordInvoicePaymentIn(
          tx,
          actor,
          part.invoiceId,
          { amount: part.amount, currency, paidAt: now, method: 'stripe', reference: `Autopay attempt ${charge.attempt}`, stripePaymentIntentId: intent.id },
          now,
          organization,
        );
      }
      if (excess > 0 && invoice) {
        const [row] = await tx
          .insert(payments)
          .values({
            organizationId: charge.organizationId,
            type: 'invoice_payment',
            referenceId: invoice.id,
            amount: toDecimal(excess, currency),
            method: 'stripe',
            status: 'completed',
            reference: `Autopay ${intent.id}: invoice paid meanwhile, kept as credit`,
            transactionId: parts.length > 0 ? `${intent.id}:excess` : `PAY-${randomBytes(8).toString('hex').toUpperCase()}`,
            stripePaymentIntentId: parts.length > 0 ? null : intent.id,
            processedAt: now,
          })
          .returning({ id: payments.id });
        if (row) {
          await addOverpaymentCredit(tx, {
            organizationId: charge.organizationId,
            customerId: charge.customerId,
            invoiceId: invoice.id,
            paymentId: row.id,
            amount: excess,
            currency,
            issueDate: calendarDay(now, organization.timeZone),
            userId: null,
            reason: `Autopay of invoice ${invoice.invoiceNumber}: paid meanwhile`,
          });
        }
      }
      await writeAudit(tx, {
        organizationId: charge.organizationId,
        userId: null,
        action: 'autopay.charged',
        entityType: 'invoice',
        entityId: charge.invoiceId,
        details: { chargeId: charge.id, attempt: charge.attempt, amount: toDecimal(received, currency), stripePaymentIntentId: intent.id, ...(excess > 0 ? { credit: toDecimal(excess, currency) } : {}) },
      });
      return 'recorded';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/** A declined autopay charge: failed with the reason, once (the invoice shows it; the next run mails it). */
export async function failAutopayCharge(db: Database, chargeId: string, reason: string, intentId: string | null): Promise<'recorded' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .update(autopayCharges)
      .set({ status: 'failed', failureReason: reason.slice(0, 500), ...(intentId ? { stripePaymentIntentId: intentId } : {}) })
      .where(and(eq(autopayCharges.id, chargeId), eq(autopayCharges.status, 'pending')))
      .returning();
    if (!charge) return 'duplicate';
    await writeAudit(tx, {
      organizationId: charge.organizationId,
      userId: null,
      action: 'autopay.failed',
      entityType: 'invoice',
      entityId: charge.invoiceId,
      details: { chargeId: charge.id, attempt: charge.attempt, amount: charge.amount, reason, stripePaymentIntentId: intentId },
    });
    return 'recorded';
  });
}

/** payment_intent.succeeded / payment_failed of an autopay charge (metadata.autopayChargeId). */
export async function handleAutopayEvent(db: Database, intent: Stripe.PaymentIntent, succeeded: boolean, now: Date): Promise<'recorded' | 'duplicate' | 'ignored'> {
  const { autopayChargeId, organizationId } = intent.metadata;
  if (!autopayChargeId || !organizationId || !isUuid(autopayChargeId) || !isUuid(organizationId)) return 'ignored';
  const [charge] = await db
    .select({ id: autopayCharges.id })
    .from(autopayCharges)
    .where(and(eq(autopayCharges.id, autopayChargeId), eq(autopayCharges.organizationId, organizationId)))
    .limit(1);
  if (!charge) return 'ignored';
  return succeeded ? settleAutopayCharge(db, charge.id, intent, now) : failAutopayCharge(db, charge.id, intent.last_payment_error?.message ?? 'The payment failed', intent.id);
}

interface DueInvoice {
  invoiceId: string;
  organizationId: string;
  customerId: string;
  due: Cents;
  currency: string;
  stripeCustomerId: string;
  paymentMethodId: string;
  maxAttempts: number;
  retryDays: number;
  today: string;
}

/**
 * Invoices of recurring schedules, open and due on or before the organization's day, of customers
 * with autopay on and a saved method. Attempts are checked per invoice by the caller.
 */
async function dueInvoices(db: Database, now: Date, afterId: string | null, organizationId?: string): Promise<DueInvoice[]> {
  const rows = await db
    .select({
      invoiceId: invoices.id,
      organizationId: invoices.organizationId,
      customerId: invoices.customerId,
      totalAmount: invoices.totalAmount,
      amountPaid: invoices.amountPaid,
      currency: organizations.currency,
      stripeCustomerId: customerPaymentMethods.stripeCustomerId,
      paymentMethodId: customerPaymentMethods.stripePaymentMethodId,
      maxAttempts: sql<number>`coalesce(${portalSettings.autopayMaxAttempts}, 3)`,
      retryDays: sql<number>`coalesce(${portalSettings.autopayRetryDays}, 3)`,
      today: sql<string>`${organizationTodaySql(invoices.organizationId, now)}::text`,
    })
    .from(invoices)
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .innerJoin(
      customerPaymentMethods,
      and(eq(customerPaymentMethods.organizationId, invoices.organizationId), eq(customerPaymentMethods.customerId, invoices.customerId)),
    )
    .leftJoin(portalSettings, eq(portalSettings.organizationId, invoices.organizationId))
    .where(
      and(
        isNotNull(invoices.recurringInvoiceId),
        inArray(invoices.status, ['sent', 'overdue']),
        lt(invoices.amountPaid, invoices.totalAmount),
        lte(invoices.dueDate, organizationTodaySql(invoices.organizationId, now)),
        eq(customerPaymentMethods.autopay, true),
        isNotNull(customerPaymentMethods.stripePaymentMethodId),
        organizationId ? eq(invoices.organizationId, organizationId) : undefined,
        afterId ? sql`${invoices.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(BATCH_SIZE);
  return rows.map((row) => ({
    invoiceId: row.invoiceId,
    organizationId: row.organizationId,
    customerId: row.customerId,
    due: centsFromDecimal(row.totalAmount, row.currency) - centsFromDecimal(row.amountPaid, row.currency),
    currency: row.currency,
    stripeCustomerId: row.stripeCustomerId,
    paymentMethodId: row.paymentMethodId ?? '',
    maxAttempts: Number(row.maxAttempts),
    retryDays: Number(row.retryDays),
    today: String(row.today).slice(0, 10),
  }));
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The attempt to make now, claimed by inserting its autopay_charges row ((invoice, attempt) is
 * unique: of two processes one gets it), or a stale pending attempt to ask Stripe again with the
 * same idempotency key; null when the invoice is not to be charged now: an attempt succeeded or is
 * in flight, the attempts are used up, or the last failure is younger than the retry days.
 */
async function claimAttempt(db: Database, invoice: DueInvoice, now: Date): Promise<ChargeRow | null> {
  const [last] = await db.select().from(autopayCharges).where(eq(autopayCharges.invoiceId, invoice.invoiceId)).orderBy(desc(autopayCharges.attempt)).limit(1);
  if (last?.status === 'succeeded') return null;
  if (last?.status === 'pending') return now.getTime() - last.createdAt.getTime() > AUTOPAY_STALE_MS ? last : null;
  const attempt = (last?.attempt ?? 0) + 1;
  if (attempt > invoice.maxAttempts) return null;
  if (last && addDays(last.chargeDate, invoice.retryDays) > invoice.today) return null;
  const [claimed] = await db
    .insert(autopayCharges)
    .values({
      organizationId: invoice.organizationId,
      customerId: invoice.customerId,
      invoiceId: invoice.invoiceId,
      attempt,
      chargeDate: invoice.today,
      amount: toDecimal(invoice.due, invoice.currency),
      status: 'pending',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return claimed ?? null;
}

type AutopayDeps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

/** The off-session, confirmed PaymentIntent of one claimed attempt; its idempotency key makes asking again safe. */
async function chargeAttempt(deps: AutopayDeps, stripeKeys: StripeKeys, invoice: DueInvoice, charge: ChargeRow, now: Date): Promise<'succeeded' | 'failed'> {
  const stripe = await stripeClient(stripeKeys.secretKey);
  const currency = invoice.currency.toLowerCase();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: toStripeAmount(centsFromDecimal(charge.amount, currency), currency),
        currency,
        customer: invoice.stripeCustomerId,
        payment_method: invoice.paymentMethodId,
        off_session: true,
        confirm: true,
        description: `Autopay, attempt ${charge.attempt}`,
        metadata: { organizationId: charge.organizationId, customerId: charge.customerId, invoiceId: charge.invoiceId, autopayChargeId: charge.id },
      },
      { idempotencyKey: `autopay:${charge.invoiceId}:${charge.attempt}` },
    );
  } catch (error) {
    const stripeError = error as { type?: string; message?: string; payment_intent?: { id?: string }; raw?: { payment_intent?: { id?: string } } };
    // A refusal by the bank (card_error) or by Stripe (invalid request): the attempt failed. A
    // network failure leaves it pending; the next run asks again with the same key.
    if (stripeError.type === 'StripeCardError' || stripeError.type === 'StripeInvalidRequestError') {
      const intentId = stripeError.payment_intent?.id ?? stripeError.raw?.payment_intent?.id ?? null;
      await failAutopayCharge(deps.db, charge.id, stripeError.message ?? 'The card was declined', intentId);
      return 'failed';
    }
    throw error;
  }
  if (intent.status === 'succeeded') {
    await settleAutopayCharge(deps.db, charge.id, intent, now);
    return 'succeeded';
  }
  await failAutopayCharge(deps.db, charge.id, intent.last_payment_error?.message ?? `The payment is ${intent.status.replace(/_/g, ' ')}`, intent.id);
  return 'failed';
}

/**
 * Mails the receipt of each succeeded charge and the notice of each failed one, once: the
 * charge's notified_at is set in the statement that claims it, before the mail leaves (at most
 * one mail; a lost one is better than two).
 */
async function mailOutcomes(deps: AutopayDeps, now: Date, organizationId?: string): Promise<number> {
  const claimed = await deps.db
    .update(autopayCharges)
    .set({ notifiedAt: now })
    .where(
      and(
        isNull(autopayCharges.notifiedAt),
        or(eq(autopayCharges.status, 'succeeded'), eq(autopayCharges.status, 'failed')),
        organizationId ? eq(autopayCharges.organizationId, organizationId) : undefined,
      ),
    )
    .returning();
  for (const charge of claimed) {
    const organization = await findOrganization(deps.db, charge.organizationId);
    const [row] = await deps.db
      .select({ invoiceNumber: invoices.invoiceNumber, name: customers.name, email: customers.email, billingEmail: customers.billingContactEmail })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(eq(invoices.id, charge.invoiceId))
      .limit(1);
    if (!row) continue;
    const amount = moneyIn(organization.currency, centsFromDecimal(charge.amount, organization.currency));
    const [settings] = await deps.db.select().from(portalSettings).where(eq(portalSettings.organizationId, charge.organizationId)).limit(1);
    const maxAttempts = settings?.autopayMaxAttempts ?? 3;
    const retryDays = settings?.autopayRetryDays ?? 3;
    const text =
      charge.status === 'succeeded'
        ? [`Dear ${row.name},`, '', `We charged ${amount} to your saved payment method for invoice ${row.invoiceNumber} on ${charge.chargeDate}, as your autopay instructs.`, 'Thank you for your payment.', '', organization.name]
        : [
            `Dear ${row.name},`,
            '',
            `The autopay charge of ${amount} for invoice ${row.invoiceNumber} on ${charge.chargeDate} failed: ${charge.failureReason ?? 'the payment was refused'}.`,
            charge.attempt < maxAttempts
              ? `We will try again on or after ${addDays(charge.chargeDate, retryDays)}. You can also pay the invoice in the customer portal.`
              : 'We will not try again; please pay the invoice in the customer portal or update your payment method.',
            '',
            organization.name,
          ];
    try {
      await deps.mail.send({
        to: row.billingEmail ?? row.email,
        subject: charge.status === 'succeeded' ? `Receipt: invoice ${row.invoiceNumber} paid by autopay (${organization.name})` : `Autopay failed for invoice ${row.invoiceNumber} (${organization.name})`,
        text: text.join('\n'),
      });
    } catch {
      // Not mailed again: the claim stays, as with payment reminders.
    }
  }
  return claimed.length;
}

export interface AutopayRunResult {
  charged: number;
  failed: number;
  mailed: number;
}

/**
 * Charges the invoices due for autopay (dueInvoices), each attempt exactly once even with several
 * processes (claimAttempt), then mails the outcomes once. Without Stripe keys it does nothing.
 */
export async function chargeDueAutopay(deps: AutopayDeps, options: { now: Date; organizationId?: string; signal?: AbortSignal }): Promise<AutopayRunResult> {
  const result: AutopayRunResult = { charged: 0, failed: 0, mailed: 0 };
  const stripeKeys = deps.config.stripe;
  if (!stripeKeys) return result;
  let afterId: string | null = null;
  while (!options.signal?.aborted) {
    const batch = await dueInvoices(deps.db, options.now, afterId, options.organizationId);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]?.invoiceId ?? null;
    for (const invoice of batch) {
      const charge = await claimAttempt(deps.db, invoice, options.now);
      if (!charge) continue;
      const outcome = await chargeAttempt(deps, stripeKeys, invoice, charge, options.now);
      if (outcome === 'succeeded') result.charged += 1;
      else result.failed += 1;
    }
    if (batch.length < BATCH_SIZE) break;
  }
  result.mailed = await mailOutcomes(deps, options.now, options.organizationId);
  return result;
}

/** Runs chargeDueAutopay at start and every five minutes; never two runs at once in one process. */
export function startAutopayScheduler(deps: AutopayDeps & Pick<AppDeps, 'now'>, log: { error: (details: object, message: string) => void }): () => Promise<void> {
  return startLoop((signal) => chargeDueAutopay(deps, { now: deps.now(), signal }), AUTOPAY_INTERVAL_MS, log, 'autopay run failed');
}
