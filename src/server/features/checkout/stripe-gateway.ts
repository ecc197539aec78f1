import type Stripe from 'stripe';
import type { Cents } from '../../../shared/money';

/** Currencies Stripe counts in whole units (no cents): https://docs.stripe.com/currencies#zero-decimal */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export function toStripeAmount(cents: Cents, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? Math.round(cents / 100) : cents;
}

export function fromStripeAmount(amount: number, currency: string): Cents {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? amount * 100 : amount;
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
