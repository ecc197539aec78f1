import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { findCurrency } from '@shared/currencies';
import type { PortalInvoice } from '@shared/contracts/portal';
import { type Cents, formatMoney, parseMoney } from '@shared/money';
import { apiRequest } from '@/lib/api';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per page (from js.stripe.com, only when paying). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** An amount in the portal's currency ("$1,234.50"), from the API's decimal string or cents. */
export function portalMoney(amount: string | Cents, currency: string): string {
  const entry = findCurrency(currency);
  const cents = typeof amount === 'number' ? amount : (parseMoney(amount, { round: true }) ?? 0);
  return formatMoney(cents, { currency, locale: entry?.locale ?? 'en-US', symbol: entry?.symbol ?? currency, position: entry?.position ?? 'before' });
}

/** The customer's invoices as the portal lists them now (any status), for polling after a payment. */
export async function fetchPortalInvoices(): Promise<PortalInvoice[]> {
  const body = await apiRequest<PortalInvoice[] | { items: PortalInvoice[] } | { invoices: PortalInvoice[] }>('GET', '/api/portal/invoices?status=all&limit=200');
  if (Array.isArray(body)) return body;
  return 'items' in body ? body.items : body.invoices;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
