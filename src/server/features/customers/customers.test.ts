import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';
import { findActiveCustomerPageJson, findCustomers, toCustomerDto } from './customers.queries';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const customerPayload = (overrides: Record<string, unknown> = {}) => {
  const name = uniqueName('cust');
  return {
    name: `Customer ${name}`,
    email: `${name}@client.example`,
    phone: '+1 503 555 0100',
    address: '1 Main St',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    country: 'US',
    taxId: '12-3456789',
    ...overrides,
  };
};

async function createCustomer(as: SignedIn, overrides: Record<string, unknown> = {}) {
  const response = await as.request({ method: 'POST', url: '/api/customers', payload: customerPayload(overrides) });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; name: string; email: string }>();
}

describe('customers', () => {
  it('creates a customer with every form field, stores it in the organization and lists it', async () => {
    const payload = customerPayload({ website: 'https://acme.example', primaryContactName: 'Jane Roe', creditLimit: '5000.00' });
    const response = await owner.request({ method: 'POST', url: '/api/customers', payload });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ ...payload, creditLimit: '5000.00', isActive: true, paymentTerms: 'Net 30', serviceLevel: 'standard' });
    const [row] = await t.deps.db.select().from(customers).where(eq(customers.id, body.id));
    expect(row).toMatchObject({ organizationId: owner.user.organizationId, userId: owner.user.id, taxId: '12-3456789', primaryContactName: 'Jane Roe' });
    const list = await owner.request({ method: 'GET', url: '/api/customers' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id)).toContain(body.id);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ creditLimit: '-5' }, 'creditLimit', 'Credit limit cannot be negative'],
  ])('refuses %j with a message naming the field', async (override, field, message) => {
    const response = await owner.request({ method: 'POST', url: '/api/customers', payload: customerPayload(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });

  it('refuses a second customer with the same email in one organization, in any case, but not in another', async () => {
    const first = await createCustomer(owner);
    const again = await owner.request({ method: 'POST', url: '/api/customers', payload: customerPayload({ email: first.email.toUpperCase() }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fields: { email: 'A customer with this email already exists' } });
    const other = await signUp(t.app);
    const elsewhere = await other.request({ method: 'POST', url: '/api/customers', payload: customerPayload({ email: first.email }) });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('searches by name or email and paginates with X-Total-Count', async () => {
    const as = await signUp(t.app);
    const tag = uniqueName('zeta');
    for (let i = 0; i < 5; i += 1) await createCustomer(as, { name: `${tag} ${i}` });
    await createCustomer(as, { name: 'Someone Else', email: `${tag}@mail.example` });
    await createCustomer(as, { name: 'Unrelated Ltd' });
    const page = await as.request({ method: 'GET', url: `/api/customers?search=${tag}&limit=4&offset=0` });
    expect(page.headers['x-total-count']).toBe('6');
    expect(page.json()).toHaveLength(4);
    const next = await as.request({ method: 'GET', url: `/api/customers?search=${tag}&limit=4&offset=4` });
    expect(next.json()).toHaveLength(2);
    const literal = await as.request({ method: 'GET', url: '/api/customers?search=%25' });
    expect(literal.headers['x-total-count']).toBe('0');
  });

  it('lists active customers by name in any case, counts only them, and paginates the default list', async () => {
    const as = await signUp(t.app);
    await createCustomer(as, { name: 'bravo Ltd' });
    await createCustomer(as, { name: 'Charlie Co' });
    await createCustomer(as, { name: 'Alpha Inc' });
    await createCustomer(as, { name: 'Asleep Co', isActive: false });
    const names = (response: { json: () => { name: string }[] }) => response.json().map((c) => c.name);
    const first = await as.request({ method: 'GET', url: '/api/customers?limit=2' });
    expect(first.headers['x-total-count']).toBe('3');
    expect(names(first)).toEqual(['Alpha Inc', 'bravo Ltd']);
    const next = await as.request({ method: 'GET', url: '/api/customers?limit=2&offset=2' });
    expect(next.headers['x-total-count']).toBe('3');
    expect(names(next)).toEqual(['Charlie Co']);
  });

  it('gives the default page as JSON built by PostgreSQL with the same value as the DTO mapper', async () => {
    const as = await signUp(t.app);
    const full = await createCustomer(as, { name: 'Zoë "Odd" \\ Client – 東京', website: 'https://acme.example', primaryContactName: 'Jane Roe', creditLimit: '5000.00' });
    const bare = await createCustomer(as, { name: 'bare', phone: undefined, address: undefined, city: undefined, state: undefined, zipCode: undefined, taxId: undefined });
    await createCustomer(as, { name: 'Asleep Co', isActive: false });
    await t.deps.db
      .update(customers)
      .set({
        annualRevenue: '1234567.89',
        employeeCount: 42,
        monthlyFee: '99.90',
        relationshipStartDate: '2024-02-29',
        nextBillingDate: '2026-12-01',
        hasPortalAccess: true,
        portalPermissions: ['invoices', 'payments'],
        preferredPaymentMethods: ['ach', 'card'],
      })
      .where(eq(customers.id, full.id));
    await t.deps.db.execute(sql`update ${customers} set created_at = '2026-01-02 03:04:05.678987+00' where id = ${bare.id}`);
    const organizationId = as.user.organizationId;
    for (const [limit, offset] of [[50, 0], [1, 1], [1, 2]] as const) {
      const dto = (await findCustomers(t.deps.db, { organizationId, includeInactive: false, limit, offset })).rows.map(toCustomerDto);
      const json = await findActiveCustomerPageJson(t.deps.db, { organizationId, limit, offset });
      expect(JSON.parse(json.json)).toEqual(dto);
      expect(json.total).toBe(2);
    }
    const response = await as.request({ method: 'GET', url: '/api/customers' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json().map((c: { id: string }) => c.id)).toEqual([bare.id, full.id]);
  });

  it('updates a customer, keeps fields the form does not send, and deactivates it out of the default list', async () => {
    const as = await signUp(t.app);
    const created = await as.request({ method: 'POST', url: '/api/customers', payload: customerPayload({ website: 'https://keep.example' }) });
    const customer = created.json();
    const update = await as.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { ...customerPayload({ email: customer.email }), name: 'Renamed Co', website: undefined, isActive: false },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ name: 'Renamed Co', website: 'https://keep.example', isActive: false });
    const active = await as.request({ method: 'GET', url: '/api/customers' });
    expect(active.json()).toHaveLength(0);
    const all = await as.request({ method: 'GET', url: '/api/customers?includeInactive=true' });
    expect(all.json()).toHaveLength(1);
  });

  it('refuses to change the email to one another customer uses', async () => {
    const a = await createCustomer(owner);
    const b = await createCustomer(owner);
    const response = await owner.request({ method: 'PUT', url: `/api/customers/${b.id}`, payload: customerPayload({ email: a.email }) });
    expect(response.statusCode).toBe(409);
  });

  it('deletes a customer without invoices', async () => {
    const customer = await createCustomer(owner);
    const response = await owner.request({ method: 'DELETE', url: `/api/customers/${customer.id}` });
    expect(response.statusCode).toBe(204);
    const rows = await t.deps.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses to delete a customer with invoices', async () => {
    const customer = await createCustomer(owner);
    const invoice = await owner.request({
      method: 'POST',
      url: '/api/invoices',
      payload: {
        customerId: customer.id,
        invoiceNumber: uniqueName('INV-'),
        issueDate: '2026-11-01',
        dueDate: '2026-12-01',
        subtotal: 10,
        taxAmount: 0,
        discountAmount: 0,
        totalAmount: 10,
        items: [{ description: 'Work', quantity: 1, unitPrice: 10, totalPrice: 10 }],
      },
    });
    expect(invoice.statusCode).toBe(201);
    const response = await owner.request({ method: 'DELETE', url: `/api/customers/${customer.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This customer has invoices and cannot be deleted. Deactivate it instead.');
  });

  it("hides another organization's customer behind a 404", async () => {
    const customer = await createCustomer(owner);
    const other = await signUp(t.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await other.request({ method, url: `/api/customers/${customer.id}`, payload: method === 'PUT' ? customerPayload() : undefined });
      expect(response.statusCode).toBe(404);
    }
    const list = await other.request({ method: 'GET', url: '/api/customers' });
    expect(list.json().map((c: { id: string }) => c.id)).not.toContain(customer.id);
    const malformed = await owner.request({ method: 'GET', url: '/api/customers/not-a-uuid' });
    expect(malformed.statusCode).toBe(404);
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await signUp(t.app);
    await t.deps.db.update(users).set({ role: 'viewer' }).where(eq(users.id, viewer.user.id));
    expect((await viewer.request({ method: 'GET', url: '/api/customers' })).statusCode).toBe(200);
    const response = await viewer.request({ method: 'POST', url: '/api/customers', payload: customerPayload() });
    expect(response.statusCode).toBe(403);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customers' });
    expect(response.statusCode).toBe(401);
  });
});
