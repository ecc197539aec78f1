import type Stripe from 'stripe';
import { type Cents, currencyExponent, formatMoney, toDecimal } from '../../../shared/money';
import { AppError } from '../../platform/errors';

/*
 * Stripe's own minor units (https://docs.stripe.com/currencies), which are not always ISO 4217's:
 * - zero-decimal currencies are sent in whole units (¥1,081 -> 1081);
 * - three-decimal currencies are sent in their minor unit, with the last digit 0 (KWD 1.230 -> 1230);
 * - ISK is zero-decimal since 2023 but stays two-decimal in the API, in multiples of 100 (ISK 5 -> 500);
 * - HUF and TWD are two-decimal for charges (whole units only for payouts, which we never make);
 * - every other currency is two-decimal.
 */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** How many decimals Stripe's API amounts have in this currency. */
export function stripeExponent(currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/**
 * An amount in the currency's ISO minor unit (shared/money.ts) as Stripe's API takes it. An amount
 * Stripe cannot charge exactly is refused, never rounded: KWD 1.235 (Stripe wants the last digit 0),
 * or MGA 10.50 (ISO 2 decimals, Stripe none). The customer pays such a balance another way.
 */
export function toStripeAmount(cents: Cents, currency: string): number {
  const shift = currencyExponent(currency) - stripeExponent(currency);
  const step = THREE_DECIMAL.has(currency.toLowerCase()) ? 10 : 10 ** Math.max(shift, 0);
  if (cents % step !== 0) {
    const code = currency.toUpperCase();
    const lower = cents - (cents % step);
    const shown = (minor: Cents) => formatMoney(minor, { currency: code, locale: 'en-US' });
    const message = `Card payments in ${code} must be a multiple of ${toDecimal(step, code)}; ${shown(cents)} cannot be charged (${shown(lower)} or ${shown(lower + step)} can)`;
    throw new AppError('VALIDATION', message, { amount: message });
  }
  return shift >= 0 ? cents / 10 ** shift : cents * 10 ** -shift;
}

/** What Stripe reports (amount_received) in the currency's ISO minor unit. */
export function fromStripeAmount(amount: number, currency: string): Cents {
  const shift = currencyExponent(currency) - stripeExponent(currency);
  return shift >= 0 ? amount * 10 ** shift : Math.round(amount / 10 ** -shift);
}

export interface PaymentIntentRequest {
  secretKey: string;
  amountCents: Cents;
  currency: string;
  description: string;
  /** A payment link's { organizationId, invoiceId, linkId } or a portal payment's { organizationId, portalPaymentId, customerId }: the webhook dispatches on it. */
  metadata: Record<string, string>;
  /** The same link and amount give back the same intent within Stripe's 24-hour window. */
  idempotencyKey: string;
}

export interface CreatedPaymentIntent {
  id: string;
  clientSecret: string;
}

export type PaymentIntentCreator = (request: PaymentIntentRequest) => Promise<CreatedPaymentIntent>;

const clients = new Map<string, Stripe>();
const apiBases = new Map<string, URL>();

/**
 * Sends every call made with this secret key to another API host (STRIPE_API_BASE: the local fake
 * Stripe server of the tests, src/server/test/fake-stripe.ts); null puts api.stripe.com back.
 */
export function useStripeApiBase(secretKey: string, apiBase: string | null | undefined): void {
  if (apiBase) apiBases.set(secretKey, new URL(apiBase));
  else apiBases.delete(secretKey);
  clients.delete(secretKey);
}

/** The stripe library is loaded by the first call, not at start: most servers never talk to Stripe. */
export async function stripeClient(secretKey: string): Promise<Stripe> {
  let client = clients.get(secretKey);
  if (!client) {
    const { default: StripeClient } = await import('stripe');
    const base = apiBases.get(secretKey);
    const host = base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {};
    client = new StripeClient(secretKey, { maxNetworkRetries: 1, timeout: 15_000, ...host });
    clients.set(secretKey, client);
  }
  return client;
}

const createWithStripe: PaymentIntentCreator = async (request) => {
  const currency = request.currency.toLowerCase();
  const stripe = await stripeClient(request.secretKey);
  const intent = await stripe.paymentIntents.create(
    {
      amount: toStripeAmount(request.amountCents, currency),
      currency,
      description: request.description,
      metadata: request.metadata,
      automatic_payment_methods: { enabled: true },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
  return { id: intent.id, clientSecret: intent.client_secret };
};

let creator: PaymentIntentCreator = createWithStripe;

/** The one call to Stripe's API; tests replace it so that no test talks to the network. */
export function createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
  return creator(request);
}

/** For tests: swaps the intent creator and returns a function that puts the real one back. */
export function replacePaymentIntentCreator(fake: PaymentIntentCreator): () => void {
  creator = fake;
  return () => {
    creator = createWithStripe;
  };
}

/** Verifies Stripe's signature over the raw body; throws Stripe's SignatureVerificationError. */
export async function verifyStripeEvent(secretKey: string, rawBody: Buffer, signature: string, webhookSecret: string): Promise<Stripe.Event> {
  const stripe = await stripeClient(secretKey);
  return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
