import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money } from './columns';
import { customers } from './customers';
import { invoices } from './invoices';
import { organizations } from './organizations';

export const paymentLinkStatuses = ['active', 'paid', 'expired', 'cancelled'] as const;

/**
 * A pay-by-card link for one invoice (spec 3, Payment link). linkId is the public, unguessable
 * part of the /checkout URL; whoever holds it may pay `amount` towards the invoice, nothing more.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    linkId: text('link_id').notNull(),
    amount: money('amount').notNull(),
    description: text('description'),
    status: text('status', { enum: paymentLinkStatuses }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentMethodTypes: jsonb('payment_method_types').$type<string[]>().notNull().default(['card', 'ach']),
    customMessage: text('custom_message'),
    /** The last PaymentIntent created for this link (the webhook matches on its metadata). */
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_links_link_id_key').on(t.linkId),
    index('payment_links_invoice_idx').on(t.organizationId, t.invoiceId, t.status),
    // One live link per invoice: a new amount cancels the old link in the same transaction.
    uniqueIndex('payment_links_one_active_key').on(t.invoiceId).where(sql`${t.status} = 'active'`),
  ],
);
