import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { llcTaxClassifications, taxClassifications, tinTypes, vendor1099Boxes, w9Sources } from '../../../shared/contracts/tax-1099';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';

export const vendorPaymentMethods = ['ach', 'wire', 'check', 'card'] as const;


/**
 * Suppliers the organization pays (spec 3, Vendor). The account number is kept only encrypted
 * (platform/encryption.ts) with its last four digits beside it for display.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who created it (spec: Vendor.userId). */
    userId: uuid('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    /**
     * Legacy plain Tax ID. At start (tax-1099/encrypt-legacy-tins.ts) each value moves into
     * tinEncrypted/tinLast4/tinFingerprint and this column is cleared; nothing else reads it.
     */
    taxId: text('tax_id'),
    /** The W-9's TIN (SSN or EIN digits), AES-256-GCM like account numbers; never sent whole. */
    tinEncrypted: text('tin_encrypted'),
    tinLast4: text('tin_last4'),
    /** HMAC-SHA256 of the TIN digits under the encryption key: finds one payee under two names. */
    tinFingerprint: text('tin_fingerprint'),
    tinType: text('tin_type', { enum: tinTypes }),
    /** W-9 line 1: the name shown on the payee's income tax return. */
    legalName: text('legal_name'),
    /** W-9 line 2: business name or disregarded entity name. */
    businessName: text('business_name'),
    /** W-9 line 3a. */
    taxClassification: text('tax_classification', { enum: taxClassifications }),
    /** W-9 line 3a, LLC: the tax classification letter C, S or P. */
    llcTaxClassification: text('llc_tax_classification', { enum: llcTaxClassifications }),
    /** W-9 line 3a, Other: the payee's own words. */
    otherClassification: text('other_classification'),
    /** W-9 line 4: exempt payee code (1-13) and FATCA exemption code (A-M). */
    exemptPayeeCode: text('exempt_payee_code'),
    fatcaExemptionCode: text('fatca_exemption_code'),
    /** When a W-9 was last taken in (a submitted form, an applied upload, or typed in by a user). */
    w9ReceivedAt: timestamp('w9_received_at', { withTimezone: true }),
    w9Source: text('w9_source', { enum: w9Sources }),
    /** The W-9 kept in Documents (generated from a submitted form, or the uploaded one applied). */
    w9DocumentId: uuid('w9_document_id'),
    w9SignedName: text('w9_signed_name'),
    w9SignedOn: date('w9_signed_on'),
    /**
     * The 1099 box this vendor's payments go in when a bill's category names none; 'none' means
     * not reportable (goods, a card-only vendor). Null: not reviewed, reported in 1099-NEC box 1.
     */
    form1099Box: text('form_1099_box', { enum: vendor1099Boxes }),
    /** An attorney: a corporation is not exempt from a 1099 for legal services. */
    isAttorney: boolean('is_attorney').notNull().default(false),
    /** The vendor agreed to get its 1099 by mail (email) at this time, to this address. */
    form1099EmailConsentAt: timestamp('form_1099_email_consent_at', { withTimezone: true }),
    form1099EmailConsentEmail: text('form_1099_email_consent_email'),
    paymentMethod: text('payment_method', { enum: vendorPaymentMethods }).notNull().default('ach'),
    bankName: text('bank_name'),
    /** AES-256-GCM, "v1:iv:tag:ciphertext"; never sent to a client. */
    accountNumberEncrypted: text('account_number_encrypted'),
    accountLast4: text('account_last4'),
    routingNumber: text('routing_number'),
    wireInstructions: text('wire_instructions'),
    /** Tax identity from e-invoices (issue 36): VAT id (BT-31), registration id, Peppol address. */
    vatId: text('vat_id'),
    companyId: text('company_id'),
    electronicAddressScheme: text('electronic_address_scheme'),
    electronicAddress: text('electronic_address'),
    /** The IBAN to pay, encrypted like account numbers, with its last four for display; and the BIC. */
    ibanEncrypted: text('iban_encrypted'),
    ibanLast4: text('iban_last4'),
    bic: text('bic'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendors_org_name_idx').on(t.organizationId, t.name),
    // The vendor list's search and the bill list's search by vendor name (ILIKE '%term%', pg_trgm).
    index('vendors_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('vendors_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('vendors_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
    // findVendorByName compares names without case or punctuation.
    index('vendors_org_tin_fingerprint_idx').on(t.organizationId, t.tinFingerprint),
    index('vendors_org_normalized_name_idx').on(t.organizationId, sql`regexp_replace(lower(${t.name}), '[^a-z0-9]', '', 'g')`),
  ],
);
