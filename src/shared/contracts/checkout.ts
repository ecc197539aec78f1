import { z } from 'zod';
import { moneyInput } from './common';

/** POST /api/invoices/{id}/payment-link: amount defaults to the open balance and may not exceed it. */
export const createPaymentLinkSchema = z.object({
  amount: moneyInput('Amount')
    .refine((cents) => cents > 0, 'Amount must be greater than zero')
    .optional(),
  expiresInDays: z.coerce
    .number({ message: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be between 1 and 90 days')
    .max(90, 'Expiry must be between 1 and 90 days')
    .default(30),
});
export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkSchema>;
export type CreatePaymentLinkValues = z.input<typeof createPaymentLinkSchema>;

export interface PaymentLink {
  linkId: string;
  /** `${appUrl}/checkout?amount=<amount>&link=<linkId>` */
  url: string;
  amount: string;
  expiresAt: string;
}

/** GET /api/checkout/session?link=: public; the link is the capability. */
export const checkoutSessionQuery = z.object({
  link: z.string().trim().min(1).max(100).optional(),
});

/** Spec 2.15: the page's end state when no card provider is configured. */
export const PAYMENT_UNAVAILABLE_MESSAGE = 'Payment processing is currently unavailable. Stripe integration not configured.';

export type CheckoutSession =
  | { available: false; message: string }
  | {
      available: true;
      clientSecret: string;
      publishableKey: string;
      /** The link's amount (never the query string's), decimal text. */
      amount: string;
      currency: string;
      invoiceNumber: string;
      organizationName: string;
    };
