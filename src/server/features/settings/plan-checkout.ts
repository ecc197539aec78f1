import type { FirmPlan } from '../../../shared/contracts/firms';
import { stripeClient } from '../checkout/stripe-gateway';

/** Marks our plan checkouts among the Checkout Sessions a Stripe account may complete. */
export const PLAN_CHECKOUT_KIND = 'firm_plan';

export interface PlanCheckoutRequest {
  secretKey: string;
  plan: FirmPlan;
  organizationId: string;
  userId: string;
  /** The firm's Stripe customer from an earlier subscription, else the address Stripe asks for. */
  customerId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedPlanCheckout {
  id: string;
  url: string;
}

export type PlanCheckoutCreator = (request: PlanCheckoutRequest) => Promise<CreatedPlanCheckout>;
export type SubscriptionCanceller = (secretKey: string, subscriptionId: string) => Promise<void>;

/** A monthly subscription at the plan's price; the metadata lets the webhook apply the plan. */
const createWithStripe: PlanCheckoutCreator = async (request) => {
  const metadata = { kind: PLAN_CHECKOUT_KIND, organizationId: request.organizationId, plan: request.plan.id, userId: request.userId };
  const stripe = await stripeClient(request.secretKey);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: request.plan.monthlyPriceCents,
          recurring: { interval: 'month' },
          product_data: { name: `Signal AR ${request.plan.name} plan (up to ${request.plan.maxClients} clients)` },
        },
      },
    ],
    client_reference_id: request.organizationId,
    ...(request.customerId ? { customer: request.customerId } : request.customerEmail ? { customer_email: request.customerEmail } : {}),
    metadata,
    subscription_data: { metadata },
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  });
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return { id: session.id, url: session.url };
};

/** The subscription a new plan replaces ends now, prorated, so the firm never pays for two. */
const cancelWithStripe: SubscriptionCanceller = async (secretKey, subscriptionId) => {
  const stripe = await stripeClient(secretKey);
  await stripe.subscriptions.cancel(subscriptionId, { prorate: true });
};

let creator: PlanCheckoutCreator = createWithStripe;
let canceller: SubscriptionCanceller = cancelWithStripe;

export function createPlanCheckout(request: PlanCheckoutRequest): Promise<CreatedPlanCheckout> {
  return creator(request);
}

export function cancelReplacedSubscription(secretKey: string, subscriptionId: string): Promise<void> {
  return canceller(secretKey, subscriptionId);
}

/** For tests: no test talks to Stripe. Returns a function that puts the real calls back. */
export function replacePlanCheckoutCalls(fakes: { create: PlanCheckoutCreator; cancel: SubscriptionCanceller }): () => void {
  creator = fakes.create;
  canceller = fakes.cancel;
  return () => {
    creator = createWithStripe;
    canceller = cancelWithStripe;
  };
}
