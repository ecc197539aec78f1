import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { VatCategory } from '../../../shared/einvoice-codes';
import { customers, invoiceItems, invoices, organizations } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../invoices/invoices.fixtures';

/** A German seller with a full tax identity, an IBAN and a Peppol id (what Settings > Business stores). */
export async function giveSellerIdentity(t: TestApp, owner: SignedIn, overrides: Partial<typeof organizations.$inferInsert> = {}): Promise<void> {
  await t.deps.db
    .update(organizations)
    .set({
      name: 'Nordlicht Software',
      legalName: 'Nordlicht Software GmbH',
      vatId: 'DE123456788',
      companyId: 'HRB 12345',
      electronicAddressScheme: '9930',
      electronicAddress: 'DE123456788',
      address: 'Hafenstraße 1',
      city: 'Hamburg',
      zipCode: '20457',
      country: 'DE',
      phone: '+49 40 123456',
      email: `billing-${owner.user.organizationId.slice(0, 8)}@nordlicht.example`,
      currency: 'EUR',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      ...overrides,
    })
    .where(eq(organizations.id, owner.user.organizationId));
}

/** A customer with a buyer identity (stored as the customer form stores it). */
export async function createBuyer(t: TestApp, owner: SignedIn, identity: Partial<typeof customers.$inferInsert> = {}): Promise<string> {
  const customer = await createCustomerFor(owner, { name: 'Acme B.V. & Söhne <EU>' });
  await t.deps.db
    .update(customers)
    .set({ vatId: 'NL123456789B01', country: 'NL', address: 'Keizersgracht 10', city: 'Amsterdam', zipCode: '1015 CS', electronicAddressScheme: '0106', electronicAddress: '12345678', ...identity })
    .where(eq(customers.id, customer.id));
  return customer.id;
}

export interface VatLineSpec {
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  category: VatCategory;
  rate: string | null;
  unitCode?: string;
}

/**
 * An invoice whose lines carry VAT, with the tax and total given by the test (worked out by hand):
 * created through the API with a lump-sum tax, then the line VAT columns set as the VAT-by-line
 * service stores them.
 */
export async function createVatInvoice(
  t: TestApp,
  owner: SignedIn,
  customerId: string,
  spec: { lines: VatLineSpec[]; subtotal: string; discount: string; tax: string; total: string; exemptionReason?: string | null; status?: 'draft' | 'sent' },
): Promise<string> {
  const invoice = await createInvoiceFor(owner, customerId, {
    status: spec.status ?? 'draft',
    subtotal: spec.subtotal,
    discountAmount: spec.discount,
    taxAmount: spec.tax,
    totalAmount: spec.total,
    items: spec.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, totalPrice: line.totalPrice })),
  });
  const rows = await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id)).orderBy(asc(invoiceItems.position));
  expect(rows).toHaveLength(spec.lines.length);
  for (const [index, row] of rows.entries()) {
    const line = spec.lines[index];
    if (!line) continue;
    await t.deps.db
      .update(invoiceItems)
      .set({ taxCategory: line.category, taxRate: line.rate, unitCode: line.unitCode ?? null })
      .where(and(eq(invoiceItems.id, row.id), eq(invoiceItems.invoiceId, invoice.id)));
  }
  await t.deps.db.update(invoices).set({ vatExemptionReason: spec.exemptionReason ?? null }).where(eq(invoices.id, invoice.id));
  return invoice.id;
}
