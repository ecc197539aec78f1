import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { customers } from './customers';
import { invoices } from './invoices';
import { organizations } from './organizations';

/**
 * A portal sign-in link (issue 31): single use, 30 minutes, only its SHA-256 is stored. Opening it
 * (POST /api/portal/session) marks it used and starts a portal session for that one customer.
 */
export const portalTokens = pgTable(
  'portal_tokens',
  {
    /** SHA-256 of the token in the mailed link. */
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The staff user who sent the invitation. */
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('portal_tokens_customer_idx').on(t.organizationId, t.customerId)],
);

/**
 * A customer's portal session: its own cookie (never a staff session), scoped to one customer of
 * one workspace. Revoking portal access deletes the customer's sessions in the same transaction.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    /** SHA-256 of the cookie token. */
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever its activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('portal_sessions_customer_idx').on(t.organizationId, t.customerId)],
);

export const portalPaymentStatuses = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/** One allocation the customer asked for: an invoice ticked, and the amount (the whole due unless partial). */
export interface PortalPaymentRequestLine {
  invoiceId: string;
  amount: string;
}

/**
 * One "pay these invoices" from the portal: with Stripe one PaymentIntent for the sum, allocated
 * to the ticked invoices in due-date order when the signed webhook says it succeeded (exactly once:
 * the status moves from pending once); without Stripe a bank-transfer reference to quote.
 */
export const portalPayments = pgTable(
  'portal_payments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['stripe', 'bank_transfer', 'autopay'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<PortalPaymentRequestLine[]>().notNull(),
    /** What the customer quotes on a bank transfer ("PAY-7KQ2M9"); bank matching reads it. */
    reference: text('reference').notNull(),
    status: text('status', { enum: portalPaymentStatuses }).notNull().default('pending'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('portal_payments_intent_key').on(t.stripePaymentIntentId),
    uniqueIndex('portal_payments_org_reference_key').on(t.organizationId, t.reference),
    index('portal_payments_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
  ],
);

/**
 * A payment method the customer saved through a Stripe SetupIntent, and whether invoices from
 * recurring schedules are charged to it on their due date (autopay).
 */
export const customerPaymentMethods = pgTable(
  'customer_payment_methods',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    /** The SetupIntent that saved it, until Stripe confirms it. */
    stripeSetupIntentId: text('stripe_setup_intent_id'),
    /** card or us_bank_account. */
    type: text('type'),
    brand: text('brand'),
    last4: text('last4'),
    autopay: boolean('autopay').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customer_payment_methods_customer_key').on(t.organizationId, t.customerId)],
);

export const autopayChargeStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * One autopay charge attempt of one invoice. (invoiceId, attempt) is unique: the scheduler claims
 * an attempt by inserting it, so two scheduler processes never charge the same invoice twice.
 */
export const autopayCharges = pgTable(
  'autopay_charges',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** The organization's day the charge was made. */
    chargeDate: date('charge_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: autopayChargeStatuses }).notNull().default('pending'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    failureReason: text('failure_reason'),
    /** When the receipt or failure mail was sent (once). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('autopay_charges_invoice_attempt_key').on(t.invoiceId, t.attempt),
    index('autopay_charges_org_idx').on(t.organizationId, t.createdAt),
    index('autopay_charges_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
  ],
);

/** Portal settings of one workspace: bank transfer instructions and autopay retries. */
export const portalSettings = pgTable('portal_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Shown in the portal when Stripe is not configured (or as an alternative): where to send a bank transfer. */
  paymentInstructions: text('payment_instructions'),
  /** How many times a failed autopay charge is tried in all (1 = never retried). */
  autopayMaxAttempts: integer('autopay_max_attempts').notNull().default(3),
  /** Days between autopay attempts. */
  autopayRetryDays: integer('autopay_retry_days').notNull().default(3),
  updatedAt: updatedAt(),
});
