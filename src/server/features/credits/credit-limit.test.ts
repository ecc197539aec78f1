import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { createCustomerFor, invoicePayload } from '../invoices/invoices.fixtures';

const start = new Date('2026-11-20T15:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ now: start });
});
afterAll(async () => testApp.close());

describe('credit limit warning', () => {
  it('warns on create and send when the balance plus the invoice goes over the limit, never refuses', async () => {
    const owner = await signUp(testApp.app);
    const customer = await createCustomerFor(owner, { creditLimit: '200.00' });
    const create = (overrides: Record<string, unknown> = {}) =>
      owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, overrides) });

    // Balance 0 + 135.40 due <= 200.00: no warning.
    const first = await create();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ warnings: [] });
    const firstId = first.json<{ id: string }>().id;
    // Sent: the balance counts it now (135.40), still within the limit.
    const sent = await owner.request({ method: 'POST', url: `/api/invoices/${firstId}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', warnings: [] });

    const position = await owner.request({ method: 'GET', url: `/api/customers/${customer.id}/balance` });
    expect(position.json()).toEqual({ customerId: customer.id, openInvoicesDue: '135.40', unappliedCredit: '0.00', balance: '135.40', creditLimit: '200.00', currency: 'USD' });

    // A second draft: 135.40 + 135.40 = 270.80 > 200.00, created all the same.
    const second = await create();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ warnings: [`This invoice takes ${customer.name} to $270.80, over its credit limit of $200.00.`] });
    // Sending it: the balance now counts it once, 270.80.
    const secondSent = await owner.request({ method: 'POST', url: `/api/invoices/${second.json<{ id: string }>().id}/send` });
    expect(secondSent.statusCode).toBe(200);
    expect(secondSent.json()).toMatchObject({ status: 'sent', warnings: [`This invoice takes ${customer.name} to $270.80, over its credit limit of $200.00.`] });
  });

  it('stays silent without a limit, at exactly the limit, and answers 404 for another workspace', async () => {
    const owner = await signUp(testApp.app);
    const unlimited = await createCustomerFor(owner);
    const free = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(unlimited.id) });
    expect(free.json()).toMatchObject({ warnings: [] });
    const exact = await createCustomerFor(owner, { creditLimit: '135.40' });
    const atLimit = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(exact.id) });
    expect(atLimit.json()).toMatchObject({ warnings: [] });
    const overByCent = await createCustomerFor(owner, { creditLimit: '135.39' });
    const over = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(overByCent.id) });
    expect(over.json()).toMatchObject({ warnings: [`This invoice takes ${overByCent.name} to $135.40, over its credit limit of $135.39.`] });

    const other = await signUp(testApp.app);
    expect((await other.request({ method: 'GET', url: `/api/customers/${exact.id}/balance` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/customers/not-a-uuid/balance' })).statusCode).toBe(404);
  });
});
