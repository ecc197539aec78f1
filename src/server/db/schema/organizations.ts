import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';

/** The tenant: an accounting firm or a business. Fields of the spec's Accounting firm entity. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    type: text('type', { enum: ['business', 'accounting_firm'] }).notNull().default('business'),
    /** Set on a client's workspace: the accounting firm that manages it (practice clients). */
    accountingFirmId: uuid('accounting_firm_id'),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    website: text('website'),
    taxId: text('tax_id'),
    /** Tax identity for e-invoices (issue 36): the registered name when it differs from name (BT-27). */
    legalName: text('legal_name'),
    /** VAT or tax registration id with its country prefix, e.g. "DE123456788" (BT-31). */
    vatId: text('vat_id'),
    /** Company registration id (BT-30), e.g. a Handelsregister or SIREN number. */
    companyId: text('company_id'),
    /** Electronic address (BT-34): Peppol participant scheme ("0208", "0088", "9930") and value. */
    electronicAddressScheme: text('electronic_address_scheme'),
    electronicAddress: text('electronic_address'),
    /** Payment instructions printed on invoices and written into e-invoices (BG-16/BG-17). */
    iban: text('iban'),
    bic: text('bic'),
    /** A US alternative to IBAN: one of the organization's verified bank accounts. */
    paymentBankAccountId: uuid('payment_bank_account_id'),
    /** Mail-in capture: bills+<token>@MAIL_DOMAIN; random, unique, made when first shown. */
    mailInToken: text('mail_in_token'),
    /** Senders (addresses or "@domain") whose mail-in attachments are kept; empty: anyone. */
    mailInAllowedSenders: jsonb('mail_in_allowed_senders').$type<string[]>().notNull().default([]),
    licenseNumber: text('license_number'),
    specializations: jsonb('specializations').$type<string[]>().notNull().default([]),
    subscriptionPlan: text('subscription_plan').notNull().default('starter'),
    subscriptionStatus: text('subscription_status').notNull().default('active'),
    maxClients: integer('max_clients').notNull().default(10),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    logoUrl: text('logo_url'),
    primaryColor: text('primary_color').notNull().default('#000000'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    currency: text('currency').notNull().default('USD'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_email_key').on(sql`lower(${t.email})`),
    index('organizations_firm_idx').on(t.accountingFirmId),
    uniqueIndex('organizations_mail_in_token_key').on(t.mailInToken),
  ],
);
