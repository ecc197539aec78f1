import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    taxId: text('tax_id'),
    paymentMethod: text('payment_method', { enum: vendorPaymentMethods }).notNull().default('ach'),
    bankName: text('bank_name'),
    /** AES-256-GCM, "v1:iv:tag:ciphertext"; never sent to a client. */
    accountNumberEncrypted: text('account_number_encrypted'),
    accountLast4: text('account_last4'),
    routingNumber: text('routing_number'),
    wireInstructions: text('wire_instructions'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendors_org_name_idx').on(t.organizationId, t.name),
    // findVendorByName compares names without case or punctuation.
    index('vendors_org_normalized_name_idx').on(t.organizationId, sql`regexp_replace(lower(${t.name}), '[^a-z0-9]', '', 'g')`),
  ],
);
