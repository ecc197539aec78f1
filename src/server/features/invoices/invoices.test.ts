import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/contracts/invoices';
import { auditLog, invoiceItems, invoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, asUser, sessionCookie, signUp } from '../../test/factories';
import { findInvoicePageJson, findInvoices } from './invoices.queries';
import { createCustomerFor, createInvoiceFor, invoicePayload, makeViewer, ownerWithCustomer } from './invoices.fixtures';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string; name: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
});
afterAll(async () => t.close());

describe('creating invoices', () => {
  it('stores the invoice, its items with fractional quantities, the server totals and an audit row', async () => {
    const invoice = await createInvoiceFor(owner, customer.id);
    expect(invoice).toMatchObject({
      customer: { id: customer.id, name: customer.name, email: customer.email },
      status: 'draft',
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
      subtotal: '130.00',
      taxAmount: '10.40',
      discountAmount: '5.00',
      totalAmount: '135.40',
      amountPaid: '0.00',
      balance: '135.40',
      paymentTerms: 'Net 30',
    });
    expect(invoice.items.map((item) => [item.description, item.quantity, item.unitPrice, item.totalPrice])).toEqual([
      ['Consulting', '2', '50.00', '100.00'],
      ['Support hours', '1.5', '20.00', '30.00'],
    ]);
    const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ organizationId: owner.user.organizationId, userId: owner.user.id, totalAmount: '135.40', amountPaid: '0.00' });
    const items = await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
    expect(items.map((item) => item.quantity).sort()).toEqual(['1.5000', '2.0000']);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((entry) => entry.action)).toEqual(['invoice.created']);
  });

  it('applies the defaults: draft, Net 30, no tax or discount', async () => {
    const payload = invoicePayload(customer.id, { subtotal: 100, totalAmount: 100, items: [{ description: 'A', quantity: 1, unitPrice: 100, totalPrice: 100 }] });
    delete payload.status;
    delete payload.taxAmount;
    delete payload.discountAmount;
    delete payload.paymentTerms;
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'draft', paymentTerms: 'Net 30', taxAmount: '0.00', discountAmount: '0.00', totalAmount: '100.00' });
  });

  it('writes an audit row when an invoice is created as sent', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['invoice.created', 'invoice.sent']);
    expect(invoice.sentAt).not.toBeNull();
  });

  it.each([
    [{ customerId: 'x' }, 'customerId', 'Customer is required'],
    [{ invoiceNumber: ' ' }, 'invoiceNumber', 'Invoice number is required'],
    [{ issueDate: '' }, 'issueDate', 'Issue date is required'],
    [{ dueDate: '2026-02-30' }, 'dueDate', 'Invalid date'],
    [{ dueDate: '2026-10-01' }, 'dueDate', 'Due date cannot be before the issue date'],
    [{ status: 'void' }, 'status', 'Status must be draft, sent, paid, overdue or cancelled'],
    [{ items: [] }, 'items', 'At least one item is required'],
    [{ items: undefined }, 'items', 'At least one item is required'],
    [{ items: [{ description: '', quantity: 1, unitPrice: 130, totalPrice: 130 }] }, 'items.0.description', 'Description is required'],
    [{ items: [{ description: 'A', unitPrice: 130, totalPrice: 130 }] }, 'items.0.quantity', 'Quantity is required'],
    [{ items: [{ description: 'A', quantity: 1, totalPrice: 130 }] }, 'items.0.unitPrice', 'Unit price is required'],
    [{ items: [{ description: 'A', quantity: 1, unitPrice: 130 }] }, 'items.0.totalPrice', 'Total price is required'],
    [{ items: [{ description: 'A', quantity: -1, unitPrice: 130, totalPrice: 130 }] }, 'items.0.quantity', 'Quantity must be a positive number with at most 4 decimals'],
    [{ items: [{ description: 'A', quantity: 1, unitPrice: -130, totalPrice: 130 }] }, 'items.0.unitPrice', 'Unit price cannot be negative'],
    [{ taxAmount: '-1' }, 'taxAmount', 'Tax amount cannot be negative'],
    [{ taxAmount: '1.234' }, 'taxAmount', 'USD amounts have at most 2 decimals'],
    [{ subtotal: '131.00' }, 'subtotal', 'Subtotal must equal the sum of the item totals'],
    [{ totalAmount: '140.40' }, 'totalAmount', 'Total must equal subtotal plus tax minus discount'],
    [{ items: [{ description: 'A', quantity: 2, unitPrice: 50, totalPrice: 99 }, { description: 'B', quantity: 1.5, unitPrice: 20, totalPrice: 30 }] }, 'items.0.totalPrice', 'Total price must equal quantity times unit price'],
    [{ discountAmount: '131.00', totalAmount: '9.40' }, 'discountAmount', 'Discount cannot be larger than the subtotal'],
  ])('refuses %j with a 400 naming the field', async (override, field, message) => {
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });

  it("refuses another organization's customer, an inactive customer, and marking paid without a payment", async () => {
    const other = await signUp(t.app);
    const theirs = await createCustomerFor(other);
    const foreign = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(theirs.id) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ customerId: 'Customer not found' });
    const inactive = await createCustomerFor(owner, { isActive: false });
    const refused = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(inactive.id) });
    expect(refused.json().fields).toEqual({ customerId: 'This customer is inactive' });
    const paid = await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, { status: 'paid' }) });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().fields).toEqual({ status: 'Record a payment to mark this invoice as paid' });
  });

  it('keeps invoice numbers unique per organization, also under 20 parallel creates', async () => {
    const { owner: racer, customer: theirs } = await ownerWithCustomer(t);
    const payload = invoicePayload(theirs.id, { invoiceNumber: 'INV-RACE-1' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => racer.request({ method: 'POST', url: '/api/invoices', payload })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const conflict = responses.find((response) => response.statusCode === 409);
    expect(conflict?.json()).toMatchObject({ message: 'Invoice number already exists', fields: { invoiceNumber: 'Invoice number already exists' } });
    const rows = await t.deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, racer.user.organizationId), eq(invoices.invoiceNumber, 'INV-RACE-1')));
    expect(rows).toHaveLength(1);
    // Another organization may use the same number.
    const other = await ownerWithCustomer(t);
    await createInvoiceFor(other.owner, other.customer.id, { invoiceNumber: 'INV-RACE-1' });
  });
});

describe('listing invoices', () => {
  it('filters by status, searches by number or customer name, and paginates with X-Total-Count', async () => {
    const { owner: lister, customer: acme } = await ownerWithCustomer(t);
    const globex = await createCustomerFor(lister, { name: 'Globex Corporation' });
    for (let i = 0; i < 3; i += 1) await createInvoiceFor(lister, acme.id, { invoiceNumber: `A-${i}` });
    await createInvoiceFor(lister, globex.id, { invoiceNumber: 'G-1', status: 'sent', dueDate: '2026-12-15' });
    const all = await lister.request({ method: 'GET', url: '/api/invoices?limit=2' });
    expect(all.headers['x-total-count']).toBe('4');
    const first: Invoice[] = all.json();
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ invoiceNumber: 'G-1', customer: { name: 'Globex Corporation' } });
    expect(first[0]?.items).toHaveLength(2);
    const second = await lister.request({ method: 'GET', url: '/api/invoices?limit=2&offset=2' });
    expect(second.json().map((invoice: Invoice) => invoice.invoiceNumber)).toEqual(['A-1', 'A-0']);
    const byName = await lister.request({ method: 'GET', url: '/api/invoices?search=globex' });
    expect(byName.json().map((invoice: Invoice) => invoice.invoiceNumber)).toEqual(['G-1']);
    const byNumber = await lister.request({ method: 'GET', url: '/api/invoices?search=a-2' });
    expect(byNumber.json().map((invoice: Invoice) => invoice.invoiceNumber)).toEqual(['A-2']);
    const sent = await lister.request({ method: 'GET', url: '/api/invoices?status=sent' });
    expect(sent.headers['x-total-count']).toBe('1');
    const bad = await lister.request({ method: 'GET', url: '/api/invoices?status=lost' });
    expect(bad.statusCode).toBe(400);
  });

  it('reads a sent, unpaid invoice past its due date as overdue without anyone editing it', async () => {
    const clockApp = t;
    const started = t.clock.now;
    try {
      const { owner: o, customer: c } = await ownerWithCustomer(clockApp);
      const sent = await createInvoiceFor(o, c.id, { status: 'sent', dueDate: '2026-11-30' });
      const draft = await createInvoiceFor(o, c.id, { status: 'draft', dueDate: '2026-11-30' });
      // Sessions idle out after 12 hours: sign in again after each move of the clock.
      const signIn = async () => {
        const login = await clockApp.app.inject({ method: 'POST', url: '/api/login', payload: { username: o.user.username, password: 'correct horse battery' } });
        return asUser(clockApp.app, sessionCookie(login));
      };
      let as = o.request;
      const get = async (id: string) => {
        as = await signIn();
        const response = await as({ method: 'GET', url: `/api/invoices/${id}` });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Invoice>();
      };
      expect((await get(sent.id)).status).toBe('sent');
      clockApp.clock.set(new Date('2026-11-30T20:00:00Z'));
      expect((await get(sent.id)).status).toBe('sent');
      clockApp.clock.set(new Date('2026-12-01T04:00:00Z')); // Dec 1 in UTC, still Nov 30 in New York
      expect((await get(sent.id)).status).toBe('sent');
      clockApp.clock.set(new Date('2026-12-01T15:00:00Z'));
      expect((await get(sent.id)).status).toBe('overdue');
      expect((await get(draft.id)).status).toBe('draft');
      const overdue = await as({ method: 'GET', url: '/api/invoices?status=overdue' });
      expect(overdue.json().map((invoice: Invoice) => invoice.id)).toEqual([sent.id]);
      const stillSent = await as({ method: 'GET', url: '/api/invoices?status=sent' });
      expect(stillSent.headers['x-total-count']).toBe('0');
      const [row] = await clockApp.deps.db.select().from(invoices).where(eq(invoices.id, sent.id));
      expect(row?.status).toBe('sent');
      // Paid in full, it is no longer overdue.
      const payment = await as({ method: 'POST', url: `/api/invoices/${sent.id}/payments`, payload: { amount: '135.40', paidAt: '2026-12-01', method: 'ach' } });
      expect(payment.statusCode).toBe(201);
      expect((await get(sent.id)).status).toBe('paid');
    } finally {
      t.clock.set(started);
    }
  });
});

describe('the list page as JSON built by PostgreSQL', () => {
  it('gives the same value as the DTO mapper: items, payments, overdue, null fields, odd text, microseconds, paging, tenancy', async () => {
    const { owner: lister, customer: acme } = await ownerWithCustomer(t);
    const odd = await createCustomerFor(lister, { name: 'Zoë "Quotes" \\ Back – 東京 😀' });
    const draft = await createInvoiceFor(lister, acme.id, { notes: null });
    const overdue = await createInvoiceFor(lister, odd.id, { status: 'sent', dueDate: '2026-11-02', notes: 'Line one\nline "two"\ttab' });
    const partlyPaid = await createInvoiceFor(lister, acme.id, {
      status: 'sent',
      subtotal: '1234567.89',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '1234567.89',
      items: [
        { description: 'Retainer', quantity: '0.0001', unitPrice: '1234567.89', totalPrice: '123.46' },
        { description: 'Hours', quantity: '12.5', unitPrice: '0.01', totalPrice: '0.13' },
        { description: 'Pens "blue" \\ 5¢\t😀', quantity: '3', unitPrice: '0.10', totalPrice: '0.30' },
        { description: 'Flat', quantity: 1, unitPrice: '1234444.00', totalPrice: '1234444.00' },
      ],
    });
    const paidInFull = await createInvoiceFor(lister, odd.id, { status: 'sent', dueDate: '2026-11-10' });
    const made = [draft, overdue, partlyPaid, paidInFull];
    const pay = async (id: string, amount: string) => {
      const response = await lister.request({ method: 'POST', url: `/api/invoices/${id}/payments`, payload: { amount, paidAt: '2026-11-20', method: 'ach' } });
      expect(response.statusCode, response.body).toBe(201);
    };
    await pay(partlyPaid.id, '1000.01');
    await pay(paidInFull.id, '135.40');
    // Timestamps with microseconds: both paths show the millisecond, truncated.
    await t.deps.db.execute(sql`update ${invoices} set sent_at = '2026-11-03 04:05:06.789987+00', created_at = created_at + interval '0.000999 seconds' where id = ${overdue.id}`);
    const params = { organizationId: lister.user.organizationId, today: '2026-11-21' };
    const viaDto = await findInvoices(t.deps.db, { ...params, limit: 50, offset: 0 });
    const viaJson = await findInvoicePageJson(t.deps.db, { ...params, limit: 50, offset: 0 });
    expect(viaDto.invoices.map((invoice) => invoice.id).sort()).toEqual(made.map((invoice) => invoice.id).sort());
    expect(viaDto.invoices.map((invoice) => invoice.status).sort()).toEqual(['draft', 'overdue', 'paid', 'sent']);
    expect(JSON.parse(viaJson.json)).toEqual(viaDto.invoices);
    expect(viaJson.total).toBe(4);
    for (const offset of [1, 3, 4]) {
      const dto = await findInvoices(t.deps.db, { ...params, limit: 2, offset });
      expect(JSON.parse((await findInvoicePageJson(t.deps.db, { ...params, limit: 2, offset })).json)).toEqual(dto.invoices);
    }
    // On PGlite the values are written into EXECUTE as literals: anything but a uuid, date or integer is refused.
    await expect(findInvoicePageJson(t.deps.db, { ...params, organizationId: "x') or ('1' = '1", limit: 50, offset: 0 })).rejects.toThrow();
    const response = await lister.request({ method: 'GET', url: '/api/invoices?limit=3&offset=1' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.json()).toEqual(viaDto.invoices.slice(1, 4));

    // Every filter without a search is answered the same way: each status, a customer, both.
    const statuses = [undefined, 'draft', 'sent', 'overdue', 'paid', 'cancelled'] as const;
    for (const status of statuses) {
      for (const customerId of [undefined, acme.id, odd.id]) {
        if (!status && !customerId) continue;
        const filter = { ...params, status, customerId };
        const dto = await findInvoices(t.deps.db, { ...filter, limit: 50, offset: 0 });
        const json = await findInvoicePageJson(t.deps.db, { ...filter, limit: 50, offset: 0 });
        expect(JSON.parse(json.json), `${status} ${customerId}`).toEqual(dto.invoices);
        expect(json.total, `${status} ${customerId}`).toBe(dto.total);
        expect(json.capped).toBe(false);
        for (const offset of [1, 2]) {
          const later = await findInvoices(t.deps.db, { ...filter, limit: 1, offset });
          expect(JSON.parse((await findInvoicePageJson(t.deps.db, { ...filter, limit: 1, offset })).json), `${status} ${customerId} ${offset}`).toEqual(later.invoices);
        }
      }
    }
    // A search the same: by number, by the customer's name (any case), by both, with a status or a
    // customer, text with LIKE's own characters and quotes (bind parameters on PGlite too).
    const searches = [draft.invoiceNumber, draft.invoiceNumber.slice(-3), 'zoË', 'quotes" \\ back', 'a', '%', '_', "'; drop table invoices; --", '東京', 'nothing like it'];
    for (const search of searches) {
      for (const [status, customerId] of [[undefined, undefined], ['overdue', undefined], [undefined, odd.id], ['paid', acme.id]] as const) {
        const filter = { ...params, search, status, customerId };
        const dto = await findInvoices(t.deps.db, { ...filter, limit: 50, offset: 0 });
        const json = await findInvoicePageJson(t.deps.db, { ...filter, limit: 50, offset: 0 });
        expect(JSON.parse(json.json), `${search} ${status} ${customerId}`).toEqual(dto.invoices);
        expect(json.total, `${search} ${status} ${customerId}`).toBe(dto.total);
        for (const offset of [1, 2]) {
          const later = await findInvoices(t.deps.db, { ...filter, limit: 1, offset });
          expect(JSON.parse((await findInvoicePageJson(t.deps.db, { ...filter, limit: 1, offset })).json), `${search} ${offset}`).toEqual(later.invoices);
        }
      }
    }
    expect((await findInvoices(t.deps.db, { ...params, search: 'zoË', limit: 50, offset: 0 })).total).toBe(2);
    // Another organization's customer: nothing, and a malformed id is refused before it reaches SQL.
    const stranger = await ownerWithCustomer(t);
    expect(JSON.parse((await findInvoicePageJson(t.deps.db, { ...params, customerId: stranger.customer.id, limit: 50, offset: 0 })).json)).toEqual([]);
    expect((await findInvoicePageJson(t.deps.db, { ...params, customerId: "x') or ('1' = '1", limit: 50, offset: 0 })).json).toBe('[]');
  });
});

describe('counts of large filtered and searched lists (issue 33: counted to a bound past the page)', () => {
  it("says 'at least' past LIST_COUNT_CAP for a customer, and counts a search, a status and every invoice exactly", async () => {
    const { owner: o, customer: c } = await ownerWithCustomer(t);
    const model = await createInvoiceFor(o, c.id, { status: 'sent', dueDate: '2099-12-31' });
    // 2,009 more of the same, numbered BULK-0001..., written at once (the summary triggers count them).
    await t.deps.db.execute(sql`insert into ${invoices} (organization_id, user_id, customer_id, invoice_number, status, issue_date, due_date, subtotal, tax_amount, discount_amount, total_amount, amount_paid, created_at)
      select organization_id, user_id, customer_id, 'BULK-' || lpad(n::text, 4, '0'), status, issue_date, due_date, subtotal, tax_amount, discount_amount, total_amount, amount_paid, created_at - make_interval(secs => n)
      from ${invoices}, generate_series(1, 2009) as n where ${invoices.id} = ${model.id}`);
    const list = async (query: string) => {
      const response = await o.request({ method: 'GET', url: `/api/invoices?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return { total: response.headers['x-total-count'], capped: response.headers['x-total-count-capped'], rows: response.json().length };
    };
    expect(await list(`customerId=${c.id}&limit=50`)).toEqual({ total: '1000', capped: 'true', rows: 50 });
    expect(await list(`customerId=${c.id}&status=sent&limit=50&offset=1000`)).toEqual({ total: '2000', capped: 'true', rows: 50 });
    expect(await list(`customerId=${c.id}&limit=50&offset=1500`)).toEqual({ total: '2010', capped: undefined, rows: 50 });
    // A search is counted to the same bound: by its number, by its customer's name, or both.
    expect(await list('search=BULK-&limit=50')).toEqual({ total: '1000', capped: 'true', rows: 50 });
    expect(await list('search=BULK-00&limit=50')).toEqual({ total: '99', capped: undefined, rows: 50 });
    expect(await list('search=BULK-&limit=50&offset=1990')).toEqual({ total: '2009', capped: undefined, rows: 19 });
    // A search's pages: newest first, each after the last, and only this organization's invoices,
    // though another uses the same numbers.
    const elsewhere = await ownerWithCustomer(t);
    await createInvoiceFor(elsewhere.owner, elsewhere.customer.id, { invoiceNumber: 'BULK-0001' });
    const numbers = async (query: string) => {
      const response = await o.request({ method: 'GET', url: `/api/invoices?${query}` });
      return response.json().map((invoice: Invoice) => invoice.invoiceNumber);
    };
    const bulk = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `BULK-${String(from + i).padStart(4, '0')}`);
    expect(await numbers('search=BULK-00&limit=50')).toEqual(bulk(1, 50));
    expect(await numbers('search=BULK-00&limit=50&offset=50')).toEqual(bulk(51, 99));
    expect(await numbers('search=BULK-0001')).toEqual(['BULK-0001']);
    const name = encodeURIComponent(c.name);
    expect(await list(`search=${name}&limit=50`)).toEqual({ total: '1000', capped: 'true', rows: 50 });
    expect(await list(`search=${name}&limit=50&offset=1500`)).toEqual({ total: '2010', capped: undefined, rows: 50 });
    expect(await list(`search=${name}&status=draft&limit=50`)).toEqual({ total: '0', capped: undefined, rows: 0 });
    // Without a customer or a search the summary table counts exactly, however many.
    expect(await list('status=sent&limit=50')).toEqual({ total: '2010', capped: undefined, rows: 50 });
    expect(await list('limit=50')).toEqual({ total: '2010', capped: undefined, rows: 50 });
  });
});

describe('editing and deleting invoices', () => {
  it('replaces fields and items, recomputes totals, and audits the change to sent', async () => {
    const invoice = await createInvoiceFor(owner, customer.id);
    const response = await owner.request({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}`,
      payload: invoicePayload(customer.id, {
        invoiceNumber: invoice.invoiceNumber,
        status: 'sent',
        subtotal: '33.33',
        taxAmount: '0',
        discountAmount: '0',
        totalAmount: '33.33',
        items: [{ description: 'Third of a hundred', quantity: '0.3333', unitPrice: '100.00', totalPrice: '33.33' }],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'sent', totalAmount: '33.33', balance: '33.33', items: [{ quantity: '0.3333', totalPrice: '33.33' }] });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['invoice.created', 'invoice.sent', 'invoice.updated']);
  });

  it('keeps the status when an edit does not send one', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const payload = invoicePayload(customer.id, { invoiceNumber: invoice.invoiceNumber, notes: 'Edited' });
    delete payload.status;
    const response = await owner.request({ method: 'PUT', url: `/api/invoices/${invoice.id}`, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'sent', notes: 'Edited' });
  });

  it('refuses to take another invoice number', async () => {
    const a = await createInvoiceFor(owner, customer.id);
    const b = await createInvoiceFor(owner, customer.id);
    const response = await owner.request({ method: 'PUT', url: `/api/invoices/${b.id}`, payload: invoicePayload(customer.id, { invoiceNumber: a.invoiceNumber }) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Invoice number already exists');
  });

  it('deletes an unpaid invoice with its items, and refuses a partly paid one', async () => {
    const unpaid = await createInvoiceFor(owner, customer.id);
    const deleted = await owner.request({ method: 'DELETE', url: `/api/invoices/${unpaid.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, unpaid.id))).toHaveLength(0);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, unpaid.id));
    expect(audit.map((entry) => entry.action)).toContain('invoice.deleted');
    const partly = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    await owner.request({ method: 'POST', url: `/api/invoices/${partly.id}/payments`, payload: { amount: '10.00', paidAt: '2026-11-20', method: 'check' } });
    const refused = await owner.request({ method: 'DELETE', url: `/api/invoices/${partly.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This invoice has payments and cannot be deleted.');
    expect(await t.deps.db.select().from(invoices).where(eq(invoices.id, partly.id))).toHaveLength(1);
  });

  it("hides another organization's invoice behind a 404 on every call", async () => {
    const invoice = await createInvoiceFor(owner, customer.id);
    const other = await ownerWithCustomer(t);
    const calls = [
      { method: 'GET', url: `/api/invoices/${invoice.id}` },
      { method: 'PUT', url: `/api/invoices/${invoice.id}`, payload: invoicePayload(other.customer.id) },
      { method: 'DELETE', url: `/api/invoices/${invoice.id}` },
      { method: 'GET', url: `/api/invoices/${invoice.id}/pdf` },
      { method: 'POST', url: `/api/invoices/${invoice.id}/send` },
      { method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: 1, paidAt: '2026-11-20', method: 'ach' } },
    ] as const;
    for (const call of calls) {
      const response = await other.owner.request(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const list = await other.owner.request({ method: 'GET', url: '/api/invoices' });
    expect(list.json().map((i: Invoice) => i.id)).not.toContain(invoice.id);
    expect((await owner.request({ method: 'GET', url: '/api/invoices/123' })).statusCode).toBe(404);
  });

  it('lets a viewer read invoices but refuses every write with 403', async () => {
    const viewer = await makeViewer(t);
    expect((await viewer.request({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(200);
    const invoiceId = '00000000-0000-4000-8000-000000000000';
    const writes = [
      { method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id) },
      { method: 'PUT', url: `/api/invoices/${invoiceId}`, payload: invoicePayload(customer.id) },
      { method: 'DELETE', url: `/api/invoices/${invoiceId}` },
      { method: 'POST', url: `/api/invoices/${invoiceId}/send` },
      { method: 'POST', url: `/api/invoices/${invoiceId}/payments`, payload: { amount: 1, paidAt: '2026-11-20', method: 'ach' } },
    ] as const;
    for (const call of writes) {
      expect((await viewer.request(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('the overdue and sent filters (open-invoice index, page of ids first)', () => {
  it('page newest first through overdue invoices only, with the total, and never show another tenant', async () => {
    const { owner: o, customer: c } = await ownerWithCustomer(t);
    const past = { issueDate: '2020-01-01', dueDate: '2020-02-01' };
    const future = { issueDate: '2026-01-01', dueDate: '2099-12-31' };
    const overdue = [];
    for (let index = 0; index < 5; index += 1) {
      overdue.push(await createInvoiceFor(o, c.id, { status: 'sent', ...past }));
      // Newer invoices the filter must skip: not yet due, a draft, a paid one past due.
      await createInvoiceFor(o, c.id, { status: 'sent', ...future });
      await createInvoiceFor(o, c.id, { status: 'draft', ...past });
    }
    const paid = await createInvoiceFor(o, c.id, { status: 'sent', ...past });
    const payment = await o.request({ method: 'POST', url: `/api/invoices/${paid.id}/payments`, payload: { amount: '135.40', paidAt: '2020-03-01', method: 'ach' } });
    expect(payment.statusCode, payment.body).toBe(201);
    const { owner: other, customer: otherCustomer } = await ownerWithCustomer(t);
    await createInvoiceFor(other, otherCustomer.id, { status: 'sent', ...past });

    const newestFirst = overdue.map((invoice) => invoice.id).reverse();
    const first = await o.request({ method: 'GET', url: '/api/invoices?status=overdue&limit=2' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((invoice: Invoice) => invoice.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.json()[0]).toMatchObject({ status: 'overdue', customer: { id: c.id }, totalAmount: '135.40' });
    expect(first.json()[0].items).toHaveLength(overdue[4]?.items.length ?? -1);
    const last = await o.request({ method: 'GET', url: '/api/invoices?status=overdue&limit=2&offset=4' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().map((invoice: Invoice) => invoice.id)).toEqual(newestFirst.slice(4));
    const sent = await o.request({ method: 'GET', url: '/api/invoices?status=sent&limit=50' });
    expect(sent.headers['x-total-count']).toBe('5');
    expect(sent.json().every((invoice: Invoice) => invoice.status === 'sent' && invoice.dueDate === '2099-12-31')).toBe(true);
    const search = await o.request({ method: 'GET', url: `/api/invoices?status=overdue&search=${encodeURIComponent(overdue[0]?.invoiceNumber ?? '')}` });
    expect(search.json().map((invoice: Invoice) => invoice.id)).toEqual([overdue[0]?.id]);
  });

  it('merges due days whose invoices were made in turn, on every page (the floor from the newest day)', async () => {
    const { owner: o, customer: c } = await ownerWithCustomer(t);
    // Made in turn across three past due days, so every page mixes days; the newest of them, due
    // 2020-04-01, sets the floor while it holds offset+limit invoices (3), and none applies past
    // that. A fourth day's single invoice is the oldest of all, on the last page.
    const days = ['2020-02-01', '2020-03-01', '2020-04-01'];
    const made: Invoice[] = [await createInvoiceFor(o, c.id, { status: 'sent', issueDate: '2020-01-01', dueDate: '2020-05-01' })];
    for (let index = 0; index < 9; index += 1) {
      made.push(await createInvoiceFor(o, c.id, { status: 'sent', issueDate: '2020-01-01', dueDate: days[index % 3] }));
    }
    const newestFirst = made.map((invoice) => invoice.id).reverse();
    for (const limit of [1, 2, 3]) {
      for (let offset = 0; offset < newestFirst.length; offset += limit) {
        const page = await o.request({ method: 'GET', url: `/api/invoices?status=overdue&limit=${limit}&offset=${offset}` });
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json().map((invoice: Invoice) => invoice.id), `limit ${limit} offset ${offset}`).toEqual(newestFirst.slice(offset, offset + limit));
      }
    }
  });
});

describe('searching invoices (trigram indexes, customers matched by name first)', () => {
  it('finds a substring of a number or a customer name in any case, with the total, only in the organization', async () => {
    const { owner: o, customer: acme } = await ownerWithCustomer(t);
    const harbor = await createCustomerFor(o, { name: 'Harbor Dental Group' });
    const byNumber = await createInvoiceFor(o, acme.id, { invoiceNumber: 'INV-2026-004711' });
    await createInvoiceFor(o, acme.id, { invoiceNumber: 'INV-2026-004800' });
    const dental = [await createInvoiceFor(o, harbor.id, { invoiceNumber: 'HD-1' }), await createInvoiceFor(o, harbor.id, { invoiceNumber: 'HD-2' })];
    // Another organization's customer of the same name and an invoice with a matching number stay hidden.
    const { owner: other } = await ownerWithCustomer(t);
    const otherHarbor = await createCustomerFor(other, { name: 'Harbor Dental Group' });
    await createInvoiceFor(other, otherHarbor.id, { invoiceNumber: 'INV-2026-004711' });

    const number = await o.request({ method: 'GET', url: '/api/invoices?search=04711' });
    expect(number.json().map((invoice: Invoice) => invoice.id)).toEqual([byNumber.id]);
    expect(number.headers['x-total-count']).toBe('1');
    const name = await o.request({ method: 'GET', url: '/api/invoices?search=TAL%20GR' });
    expect(name.json().map((invoice: Invoice) => invoice.id)).toEqual(dental.map((invoice) => invoice.id).reverse());
    expect(name.headers['x-total-count']).toBe('2');
    // Two letters make no trigram: still found (the index is not the only way to an answer).
    const short = await o.request({ method: 'GET', url: '/api/invoices?search=hd' });
    expect(short.json().map((invoice: Invoice) => invoice.invoiceNumber).sort()).toEqual(['HD-1', 'HD-2']);
    const byCustomer = await o.request({ method: 'GET', url: `/api/invoices?customerId=${harbor.id}&limit=1` });
    expect(byCustomer.json().map((invoice: Invoice) => invoice.id)).toEqual([dental[1]?.id]);
    expect(byCustomer.headers['x-total-count']).toBe('2');
  });

  it('matches % and _ literally, not as wildcards', async () => {
    const { owner: o, customer: c } = await ownerWithCustomer(t);
    const percent = await createCustomerFor(o, { name: '100% Organic Co' });
    const underscore = await createInvoiceFor(o, c.id, { invoiceNumber: 'X_1' });
    await createInvoiceFor(o, c.id, { invoiceNumber: 'XY1' });
    const withPercent = await createInvoiceFor(o, percent.id, { invoiceNumber: 'P-1' });
    await createInvoiceFor(o, c.id, { invoiceNumber: '1000' });

    const under = await o.request({ method: 'GET', url: '/api/invoices?search=x_1' });
    expect(under.json().map((invoice: Invoice) => invoice.id)).toEqual([underscore.id]);
    const pct = await o.request({ method: 'GET', url: `/api/invoices?search=${encodeURIComponent('100%')}` });
    expect(pct.json().map((invoice: Invoice) => invoice.id)).toEqual([withPercent.id]);
    expect(pct.headers['x-total-count']).toBe('1');
    const onlyPercent = await o.request({ method: 'GET', url: `/api/invoices?search=${encodeURIComponent('%')}` });
    expect(onlyPercent.json().map((invoice: Invoice) => invoice.id)).toEqual([withPercent.id]);
  });
});
