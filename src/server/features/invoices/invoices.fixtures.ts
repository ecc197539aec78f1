import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Invoice } from '../../../shared/contracts/invoices';
import { users } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';

export async function createCustomerFor(as: SignedIn, overrides: Record<string, unknown> = {}): Promise<{ id: string; name: string; email: string }> {
  const name = uniqueName('client');
  const response = await as.request({
    method: 'POST',
    url: '/api/customers',
    payload: { name: `Client ${name}`, email: `${name}@client.example`, address: '9 Harbor Rd', city: 'Boston', state: 'MA', zipCode: '02110', ...overrides },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A valid invoice payload: 2 x 50.00 + 1.5 x 20.00 = 130.00, tax 10.40, discount 5.00, total 135.40. */
export function invoicePayload(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerId,
    invoiceNumber: uniqueName('INV-'),
    status: 'draft',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    subtotal: '130.00',
    taxAmount: '10.40',
    discountAmount: '5.00',
    totalAmount: '135.40',
    notes: 'Thank you',
    paymentTerms: 'Net 30',
    items: [
      { description: 'Consulting', quantity: 2, unitPrice: 50, totalPrice: 100 },
      { description: 'Support hours', quantity: '1.5', unitPrice: '20.00', totalPrice: '30.00' },
    ],
    ...overrides,
  };
}

export async function createInvoiceFor(as: SignedIn, customerId: string, overrides: Record<string, unknown> = {}): Promise<Invoice> {
  const response = await as.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customerId, overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A signed-in owner with one customer. */
export async function ownerWithCustomer(t: TestApp) {
  const owner = await signUp(t.app);
  const customer = await createCustomerFor(owner);
  return { owner, customer };
}

export async function makeViewer(t: TestApp): Promise<SignedIn> {
  const viewer = await signUp(t.app);
  await t.deps.db.update(users).set({ role: 'viewer' }).where(eq(users.id, viewer.user.id));
  return viewer;
}

