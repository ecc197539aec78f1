import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { insertBill, insertCustomer, insertInvoice, insertVendor } from '../payments/test-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('navigation counts', () => {
  it('counts only the signed-in organization\'s customers', async () => {
    const mine = await signUp(t.app);
    const theirs = await signUp(t.app);
    for (const [owner, name] of [
      [mine, 'Acme'],
      [mine, 'Globex'],
      [theirs, 'Initech'],
    ] as const) {
      const response = await owner.request({
        method: 'POST',
        url: '/api/customers',
        payload: { name, email: `${name.toLowerCase()}@example.com` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const response = await mine.request({ method: 'GET', url: '/api/navigation/counts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customers: 2, openInvoices: 0, unpaidBills: 0, pendingApprovals: 0, clientsInOnboarding: 0 });
  });

  it('counts only the signed-in organization\'s open invoices and unpaid bills', async () => {
    const db = t.deps.db;
    const mine = await signUp(t.app);
    const theirs = await signUp(t.app);
    for (const [owner, statuses] of [
      [mine, ['sent', 'overdue', 'paid', 'draft']],
      [theirs, ['sent']],
    ] as const) {
      const organizationId = owner.user.organizationId;
      const customer = await insertCustomer(db, organizationId);
      const vendor = await insertVendor(db, organizationId);
      for (const status of statuses) {
        await insertInvoice(db, organizationId, { customerId: customer.id, totalCents: 10_000, paidCents: status === 'paid' ? 10_000 : 2_500, status });
        await insertBill(db, organizationId, { vendorId: vendor.id, totalCents: 5_000, status: status === 'paid' ? 'paid' : 'received' });
      }
    }
    const response = await mine.request({ method: 'GET', url: '/api/navigation/counts' });
    expect(response.json()).toMatchObject({ openInvoices: 2, unpaidBills: 3, pendingApprovals: 0 });
    const other = await theirs.request({ method: 'GET', url: '/api/navigation/counts' });
    expect(other.json()).toMatchObject({ customers: 1, openInvoices: 1, unpaidBills: 1 });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/navigation/counts' })).statusCode).toBe(401);
  });
});
