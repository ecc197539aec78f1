import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, UpcomingPayment } from '../../../shared/contracts/payments';
import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { toPaymentDto } from './payments.dto';
import { findPaymentPageJson, findPayments } from './payments.queries';
import { insertBill, insertCustomer, insertInvoice, insertPayment, insertVendor } from './test-rows';

let t: TestApp;
let owner: SignedIn;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T16:00:00Z') });
  owner = await signUp(t.app);
  orgId = owner.user.organizationId;
});
afterAll(async () => t.close());

describe('GET /api/payments', () => {
  it('lists invoice and bill payments newest first with the counterparty, paginated', async () => {
    const db = t.deps.db;
    const customer = await insertCustomer(db, orgId, 'Globex');
    const invoice = await insertInvoice(db, orgId, { customerId: customer.id, totalCents: 50_000, number: 'INV-1001' });
    const vendor = await insertVendor(db, orgId, 'Initech Supplies');
    const bill = await insertBill(db, orgId, { vendorId: vendor.id, totalCents: 12_345, number: 'BILL-77' });
    const first = await insertPayment(db, orgId, {
      type: 'invoice_payment',
      referenceId: invoice.id,
      amountCents: 20_000,
      method: 'check',
      createdAt: new Date('2026-06-01T10:00:00Z'),
      transactionId: 'chk-1',
    });
    const second = await insertPayment(db, orgId, {
      type: 'bill_payment',
      referenceId: bill.id,
      amountCents: 12_345,
      status: 'failed',
      failureReason: 'Account closed',
      processedAt: null,
      scheduledDate: '2026-06-10',
      createdAt: new Date('2026-06-02T10:00:00Z'),
    });
    const third = await insertPayment(db, orgId, {
      type: 'invoice_payment',
      referenceId: invoice.id,
      amountCents: 1_050,
      method: 'stripe',
      createdAt: new Date('2026-06-03T10:00:00Z'),
    });

    const response = await owner.request({ method: 'GET', url: '/api/payments' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const list = response.json<Payment[]>();
    expect(list.map((p) => p.id)).toEqual([third.id, second.id, first.id]);
    expect(list[1]).toMatchObject({
      type: 'bill_payment',
      status: 'failed',
      amount: '123.45',
      label: 'BILL-77 · Initech Supplies',
      scheduledDate: '2026-06-10',
      processedAt: null,
      failureReason: 'Account closed',
      referenceId: bill.id,
    });
    expect(list[2]).toMatchObject({ type: 'invoice_payment', method: 'check', amount: '200.00', label: 'INV-1001 · Globex', transactionId: 'chk-1' });

    const page = await owner.request({ method: 'GET', url: '/api/payments?limit=1&offset=1' });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<Payment[]>().map((p) => p.id)).toEqual([second.id]);

    const failed = await owner.request({ method: 'GET', url: '/api/payments?status=failed' });
    expect(failed.json<Payment[]>().map((p) => p.id)).toEqual([second.id]);
    expect(failed.headers['x-total-count']).toBe('1');
  });

  it('refuses a limit over 200 and shows nothing of another organization', async () => {
    const tooMany = await owner.request({ method: 'GET', url: '/api/payments?limit=201' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION' });
    const other = await signUp(t.app);
    const response = await other.request({ method: 'GET', url: '/api/payments' });
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the Payment History page as JSON built by PostgreSQL', () => {
  it('gives the same value as the DTO mapper: both parties, missing and empty numbers or names, odd text, nulls, microseconds, paging', async () => {
    const lister = await signUp(t.app);
    const organizationId = lister.user.organizationId;
    const db = t.deps.db;
    const named = await insertCustomer(db, organizationId, 'Zoë "Quotes" \\ Back – 東京 😀');
    const nameless = await insertCustomer(db, organizationId, '');
    const invoice = await insertInvoice(db, organizationId, { customerId: named.id, totalCents: 90_000, number: 'INV-7 "a"' });
    const noNumber = await insertInvoice(db, organizationId, { customerId: named.id, totalCents: 1_000, number: '' });
    const ofNameless = await insertInvoice(db, organizationId, { customerId: nameless.id, totalCents: 1_000, number: 'INV-8' });
    const vendor = await insertVendor(db, organizationId, 'Initech\tSupplies');
    const bill = await insertBill(db, organizationId, { vendorId: vendor.id, totalCents: 12_345, number: 'BILL-9' });
    const at = (day: number) => new Date(`2026-06-${String(day).padStart(2, '0')}T10:00:00Z`);
    await insertPayment(db, organizationId, { type: 'invoice_payment', referenceId: invoice.id, amountCents: 20_000, method: 'check', createdAt: at(1), transactionId: 'chk "1"' });
    await insertPayment(db, organizationId, { type: 'bill_payment', referenceId: bill.id, amountCents: 12_345, status: 'failed', failureReason: 'Closed\nline "two" 😀', processedAt: null, scheduledDate: '2026-06-10', createdAt: at(2) });
    await insertPayment(db, organizationId, { type: 'invoice_payment', referenceId: noNumber.id, amountCents: 5, createdAt: at(3) });
    await insertPayment(db, organizationId, { type: 'invoice_payment', referenceId: ofNameless.id, amountCents: 99_999_999, createdAt: at(4) });
    // A reference to nothing (a bill id given as an invoice payment): no counterparty.
    await insertPayment(db, organizationId, { type: 'invoice_payment', referenceId: bill.id, amountCents: 100, status: 'pending', processedAt: null, createdAt: at(5) });
    const last = await insertPayment(db, organizationId, { type: 'bill_payment', referenceId: bill.id, amountCents: 1, createdAt: at(6) });
    await db.execute(sql`update ${payments} set processed_at = '2026-06-07 04:05:06.789987+00', created_at = created_at + interval '0.000999 seconds', reference = 'Ref ''x'' \\' where id = ${last.id}`);

    const dto = async (limit: number, offset: number) => (await findPayments(db, { organizationId, limit, offset })).rows.map(toPaymentDto);
    const all = await dto(50, 0);
    expect(all.map((p) => p.label)).toEqual(['BILL-9 · Initech\tSupplies', null, 'INV-8', null, 'BILL-9 · Initech\tSupplies', 'INV-7 "a" · Zoë "Quotes" \\ Back – 東京 😀']);
    const viaJson = await findPaymentPageJson(db, { organizationId, limit: 50, offset: 0 });
    expect(JSON.parse(viaJson.json)).toEqual(all);
    expect(viaJson.total).toBe(6);
    for (const [limit, offset] of [[2, 1], [2, 4], [3, 6]] as const) {
      expect(JSON.parse((await findPaymentPageJson(db, { organizationId, limit, offset })).json)).toEqual(await dto(limit, offset));
    }
    await expect(findPaymentPageJson(db, { organizationId: "x') or ('1' = '1", limit: 50, offset: 0 })).rejects.toThrow();
    const response = await lister.request({ method: 'GET', url: '/api/payments?limit=3&offset=1' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('6');
    expect(response.json()).toEqual(all.slice(1, 4));
  });
});

describe('GET /api/payments/upcoming', () => {
  it('merges scheduled bill payments and invoices falling due, soonest first', async () => {
    const user = await signUp(t.app);
    const org = user.user.organizationId;
    const db = t.deps.db;
    const customer = await insertCustomer(db, org, 'Umbrella');
    const vendor = await insertVendor(db, org, 'Hooli');
    const bill = await insertBill(db, org, { vendorId: vendor.id, totalCents: 9_900, number: 'BILL-9' });
    // Clock: 2026-06-15 (New York). Past-due invoices, paid and draft ones are not upcoming.
    const dueSoon = await insertInvoice(db, org, { customerId: customer.id, totalCents: 30_000, paidCents: 10_000, dueDate: '2026-06-20', number: 'INV-A' });
    const dueLater = await insertInvoice(db, org, { customerId: customer.id, totalCents: 5_000, dueDate: '2026-07-30', number: 'INV-B' });
    await insertInvoice(db, org, { customerId: customer.id, totalCents: 5_000, dueDate: '2026-06-01', number: 'INV-PAST' });
    await insertInvoice(db, org, { customerId: customer.id, totalCents: 5_000, status: 'paid', paidCents: 5_000, number: 'INV-PAID' });
    await insertInvoice(db, org, { customerId: customer.id, totalCents: 5_000, status: 'draft', number: 'INV-DRAFT' });
    const scheduled = await insertPayment(db, org, {
      type: 'bill_payment',
      referenceId: bill.id,
      amountCents: 9_900,
      status: 'pending',
      processedAt: null,
      scheduledDate: '2026-06-18',
    });
    await insertPayment(db, org, { type: 'bill_payment', referenceId: bill.id, amountCents: 100, status: 'completed', scheduledDate: '2026-06-16' });

    const response = await user.request({ method: 'GET', url: '/api/payments/upcoming' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const list = response.json<UpcomingPayment[]>();
    expect(list).toEqual([
      { id: scheduled.id, kind: 'bill_payment', referenceId: bill.id, scheduledDate: '2026-06-18', amount: '99.00', method: 'ach', label: 'BILL-9 · Hooli' },
      { id: dueSoon.id, kind: 'invoice', referenceId: dueSoon.id, scheduledDate: '2026-06-20', amount: '200.00', method: null, label: 'INV-A · Umbrella' },
      { id: dueLater.id, kind: 'invoice', referenceId: dueLater.id, scheduledDate: '2026-07-30', amount: '50.00', method: null, label: 'INV-B · Umbrella' },
    ]);

    const second = await user.request({ method: 'GET', url: '/api/payments/upcoming?limit=1&offset=1' });
    expect(second.json<UpcomingPayment[]>().map((p) => p.id)).toEqual([dueSoon.id]);
    expect(second.headers['x-total-count']).toBe('3');
  });
});
