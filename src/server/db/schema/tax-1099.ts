import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Form1099Box, Form1099Type } from '../../../shared/contracts/tax-1099';
import { createdAt, id, money } from './columns';
import { organizations } from './organizations';
import { vendors } from './vendors';

/**
 * A request to a vendor to fill its W-9 (and, when asked, its payment details) on the public page
 * (issue 32). The link's token is stored only as its SHA-256 hash (platform/sessions hashToken); it
 * works once (completedAt is set in the statement that checks it) for 30 days. A new request for the
 * same vendor revokes the open ones.
 */
export const vendorW9Requests = pgTable(
  'vendor_w9_requests',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    includePayment: boolean('include_payment').notNull().default(false),
    /** The mail: claimed 'pending' before it leaves, then 'sent' or 'failed' (a failed one may be sent again). */
    mailStatus: text('mail_status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    mailError: text('mail_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The W-9 PDF generated from the submitted form, kept in Documents. */
    documentId: uuid('document_id'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_w9_requests_token_key').on(t.tokenHash),
    index('vendor_w9_requests_vendor_idx').on(t.organizationId, t.vendorId, t.createdAt),
  ],
);

/** The amounts a form carries, per box, as decimal strings ("1234.50"). */
export type Form1099Amounts = Partial<Record<Form1099Box, string>>;

/** The recipient as the form printed it (TIN only by its last four digits). */
export interface Form1099Recipient {
  name: string;
  secondName: string | null;
  tinType: 'ssn' | 'ein' | null;
  tinLast4: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

/**
 * A 1099 issued to a payee for a tax year: the amounts and recipient as they stood when it was
 * issued. A later change to the year's payments makes a corrected form (version + 1, corrected)
 * due; the filing file carries corrections as such.
 */
export const tax1099Forms = pgTable(
  'tax_1099_forms',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    formType: text('form_type', { enum: ['nec', 'misc'] }).$type<Form1099Type>().notNull(),
    version: integer('version').notNull().default(1),
    corrected: boolean('corrected').notNull().default(false),
    amounts: jsonb('amounts').$type<Form1099Amounts>().notNull(),
    total: money('total').notNull(),
    recipient: jsonb('recipient').$type<Form1099Recipient>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by'),
    /** Copy B delivered: by email (with consent) or marked printed. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryMethod: text('delivery_method', { enum: ['email', 'print'] }),
    deliveryEmail: text('delivery_email'),
    /** The mail's claim, as vendor_w9_requests.mail_status. */
    deliveryStatus: text('delivery_status', { enum: ['pending', 'sent', 'failed'] }),
    /** The filing file that carried this form to the IRS, once one has. */
    filingId: uuid('filing_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_1099_forms_version_key').on(t.organizationId, t.vendorId, t.taxYear, t.formType, t.version),
    index('tax_1099_forms_year_idx').on(t.organizationId, t.taxYear),
  ],
);

/** A filing file generated for a tax year (IRIS CSV or Publication 1220), and whether it was filed. */
export const tax1099Filings = pgTable(
  'tax_1099_filings',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    format: text('format', { enum: ['iris_csv', 'pub1220'] }).notNull(),
    /** Original returns or corrections. */
    kind: text('kind', { enum: ['original', 'correction'] }).notNull().default('original'),
    isTest: boolean('is_test').notNull().default(false),
    formCount: integer('form_count').notNull(),
    total: money('total').notNull(),
    /** Vendors left out because they did not pass the checks: [{ vendorId, name, reason }]. */
    leftOut: jsonb('left_out').$type<{ vendorId: string; name: string; reason: string }[]>().notNull().default([]),
    userId: uuid('user_id'),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tax_1099_filings_year_idx').on(t.organizationId, t.taxYear, t.createdAt)],
);

/** Payer details for filing files (the IRS-issued Transmitter Control Code, the contact). */
export const tax1099Settings = pgTable('tax_1099_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  transmitterControlCode: text('transmitter_control_code'),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
