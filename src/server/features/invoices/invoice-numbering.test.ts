import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/contracts/invoices';
import { invoiceSettings, invoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { createCustomerFor, createInvoiceFor, invoicePayload, ownerWithCustomer } from './invoices.fixtures';
import { formatInvoiceNumber } from '../../../shared/invoice-number';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
});
afterAll(async () => t.close());

/** Creates an invoice without an invoiceNumber and answers the number the server gave it. */
async function createUnnumbered(as: SignedIn, customerId: string): Promise<string> {
  const payload = invoicePayload(customerId);
  delete payload.invoiceNumber;
  const response = await as.request({ method: 'POST', url: '/api/invoices', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invoice>().invoiceNumber;
}

const settingsOf = async (as: SignedIn) => (await as.request({ method: 'GET', url: '/api/invoice-settings' })).json();

describe('invoice numbering', () => {
  it("numbers a wizard client's invoices from its prefix and starting number, inside its workspace", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { invoicePrefix: 'BAY', invoiceStartNumber: 5000, paymentTerms: 'net_15', currency: 'CAD' });
    await openWorkspace(firm, client.organizationId);
    expect(await settingsOf(firm)).toEqual({ prefix: 'BAY', nextNumber: 5000, nextInvoiceNumber: 'BAY-5000', paymentTerms: 'net_15', currency: 'CAD' });

    const customer = await createCustomerFor(firm);
    expect(await createUnnumbered(firm, customer.id)).toBe('BAY-5000');
    expect(await createUnnumbered(firm, customer.id)).toBe('BAY-5001');
    expect(await settingsOf(firm)).toMatchObject({ nextNumber: 5002, nextInvoiceNumber: 'BAY-5002' });
    const rows = await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, client.organizationId ?? ''));
    expect(rows.map((row) => row.invoiceNumber).sort()).toEqual(['BAY-5000', 'BAY-5001']);

    // The firm's own organization keeps its own numbering.
    await openWorkspace(firm, firm.user.homeOrganizationId);
    expect(await settingsOf(firm)).toMatchObject({ prefix: 'INV', nextInvoiceNumber: 'INV-1000' });
  });

  it('gives a business without invoice settings INV-1000, then INV-1001', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    expect(await settingsOf(owner)).toEqual({ prefix: 'INV', nextNumber: 1000, nextInvoiceNumber: 'INV-1000', paymentTerms: 'net_30', currency: 'USD' });
    expect(await createUnnumbered(owner, customer.id)).toBe('INV-1000');
    expect(await createUnnumbered(owner, customer.id)).toBe('INV-1001');
    const [row] = await t.deps.db.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, owner.user.organizationId));
    expect(row).toMatchObject({ prefix: 'INV', nextNumber: 1002 });
  });

  it('gives ten concurrent creations ten different numbers in one unbroken run', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    const numbers = await Promise.all(Array.from({ length: 10 }, () => createUnnumbered(owner, customer.id)));
    expect(new Set(numbers).size).toBe(10);
    expect([...numbers].sort()).toEqual(Array.from({ length: 10 }, (_, index) => `INV-${1000 + index}`));
  });

  it('skips numbers already used by invoices numbered by hand', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-1001' });
    await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-1002' });
    expect(await settingsOf(owner)).toMatchObject({ nextNumber: 1000, nextInvoiceNumber: 'INV-1000' });
    expect(await createUnnumbered(owner, customer.id)).toBe('INV-1000');
    expect(await settingsOf(owner)).toMatchObject({ nextNumber: 1001, nextInvoiceNumber: 'INV-1003' });
    expect(await createUnnumbered(owner, customer.id)).toBe('INV-1003');
  });

  it('moves the counter for a hand-typed number only when it is the upcoming one (the form default)', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    expect((await createUnnumbered(owner, customer.id))).toBe('INV-1000');
    await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-1001' });
    expect(await settingsOf(owner)).toMatchObject({ nextNumber: 1002 });
    await createInvoiceFor(owner, customer.id, { invoiceNumber: 'CUSTOM-7' });
    expect(await settingsOf(owner)).toMatchObject({ nextNumber: 1002, nextInvoiceNumber: 'INV-1002' });
    // A number already taken is still a 409 naming the field, and the counter stays.
    const taken = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, { invoiceNumber: 'INV-1000' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ fields: { invoiceNumber: 'Invoice number already exists' } });
    expect(await settingsOf(owner)).toMatchObject({ nextNumber: 1002 });
  });

  it('refuses a blank number rather than numbering it', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, { invoiceNumber: '  ' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { invoiceNumber: 'Invoice number is required' } });
  });

  it('joins prefix and number with one dash', () => {
    expect(formatInvoiceNumber('ACME', 5000)).toBe('ACME-5000');
    expect(formatInvoiceNumber('ACME-', 5000)).toBe('ACME-5000');
    expect(formatInvoiceNumber('', 12)).toBe('12');
  });
});
