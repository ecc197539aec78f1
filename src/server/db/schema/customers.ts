import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { organizations } from './organizations';
import { einvoiceFormats } from '../../../shared/einvoice-codes';

/** Who an organization invoices (spec 3, Customer). The email is unique within one organization. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Set when the organization is an accounting firm and this customer is one of its clients. */
    accountingFirmId: uuid('accounting_firm_id'),
    /** The user who created the customer. */
    userId: uuid('user_id'),
    /** A practice client's own organization (its workspace), created with the client. */
    clientOrganizationId: uuid('client_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** Practice fields chosen in the Add New Client wizard (spec 3.1). */
    accountingSoftware: text('accounting_software').notNull().default('none'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    /** When onboarding completed (the client became active), and when it was deactivated. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The client's own user account, once invited to the portal. */
    clientUserId: uuid('client_user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    website: text('website'),
    taxId: text('tax_id'),
    /** Tax identity for e-invoices (issue 36), as on organizations: BT-44, BT-48, BT-47, BT-49. */
    legalName: text('legal_name'),
    vatId: text('vat_id'),
    companyId: text('company_id'),
    electronicAddressScheme: text('electronic_address_scheme'),
    electronicAddress: text('electronic_address'),
    /** Buyer reference (BT-10): a German public buyer's Leitweg-ID, required by XRechnung. */
    buyerReference: text('buyer_reference'),
    /** What "Send" delivers to this customer (shared/einvoice-codes einvoiceFormats). */
    einvoiceFormat: text('einvoice_format', { enum: einvoiceFormats }).notNull().default('pdf'),
    businessType: text('business_type'),
    industry: text('industry'),
    annualRevenue: money('annual_revenue'),
    employeeCount: integer('employee_count'),
    primaryContactName: text('primary_contact_name'),
    primaryContactEmail: text('primary_contact_email'),
    primaryContactPhone: text('primary_contact_phone'),
    billingContactName: text('billing_contact_name'),
    billingContactEmail: text('billing_contact_email'),
    billingContactPhone: text('billing_contact_phone'),
    serviceLevel: text('service_level').notNull().default('standard'),
    monthlyFee: money('monthly_fee'),
    billingFrequency: text('billing_frequency').notNull().default('monthly'),
    paymentTerms: text('payment_terms').notNull().default('Net 30'),
    relationshipStartDate: date('relationship_start_date', { mode: 'string' }),
    nextBillingDate: date('next_billing_date', { mode: 'string' }),
    hasPortalAccess: boolean('has_portal_access').notNull().default(false),
    portalPermissions: jsonb('portal_permissions').$type<string[]>().notNull().default([]),
    autoApprovalLimit: money('auto_approval_limit').notNull().default('0.00'),
    invoiceTemplate: text('invoice_template').notNull().default('standard'),
    preferredPaymentMethods: jsonb('preferred_payment_methods').$type<string[]>().notNull().default([]),
    onboardingStatus: text('onboarding_status').notNull().default('pending'),
    invitationId: uuid('invitation_id'),
    isActive: boolean('is_active').notNull().default(true),
    riskLevel: text('risk_level').notNull().default('low'),
    creditLimit: money('credit_limit'),
    currentBalance: money('current_balance').notNull().default('0.00'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_org_email_key').on(t.organizationId, sql`lower(${t.email})`),
    index('customers_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('customers_org_created_idx').on(t.organizationId, t.createdAt),
    // The customer list's search and the invoice list's search by customer name (ILIKE '%term%', pg_trgm).
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    uniqueIndex('customers_client_org_key').on(t.clientOrganizationId),
  ],
);
