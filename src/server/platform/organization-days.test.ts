import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../shared/contracts/auth';
import { bills, customers, invoices, organizations, payments } from '../db/schema';
import { addVerifiedBankAccount } from '../features/bank-accounts/bank-accounts.fixtures';
import { billOf } from '../features/bills/payables-fixtures';
import { createCustomerFor, invoicePayload } from '../features/invoices/invoices.fixtures';
import { processDuePayments } from '../features/payment-runs/scheduler';
import { createVendor, setApproval } from '../features/payment-runs/payment-runs.fixtures';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { type SignedIn, asUser, sessionCookie, uniqueName } from '../test/factories';

// 00:30 UTC on 24 November: still the 23rd in New York, already the 24th (09:30) in Tokyo.
const NOW = new Date('2026-11-24T00:30:00Z');
// A timestamp that is the 23rd in UTC but the 24th in Tokyo (01:00 there).
const TOKYO_EARLY = '2026-11-23T16:00:00Z';

let t: TestApp;
let newYork: SignedIn;
let tokyo: SignedIn;

/** Registers an organization in `timeZone`, as the browser sends it at sign-up. */
async function organizationIn(timeZone: string): Promise<SignedIn> {
  const username = uniqueName('tz');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace', timeZone },
  });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = sessionCookie(response);
  return { user: response.json<User>(), cookie, request: asUser(t.app, cookie) };
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  newYork = await organizationIn('America/New_York');
  tokyo = await organizationIn('Asia/Tokyo');
});
afterAll(async () => t.close());

describe('registration', () => {
  it('gives the organization the time zone the browser sent, and the user DTO carries it', async () => {
    expect(newYork.user.organizationTimeZone).toBe('America/New_York');
    expect(tokyo.user.organizationTimeZone).toBe('Asia/Tokyo');
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, tokyo.user.organizationId));
    expect(row?.timeZone).toBe('Asia/Tokyo');
    const me = await tokyo.request({ method: 'GET', url: '/api/user' });
    expect(me.json<User>().organizationTimeZone).toBe('Asia/Tokyo');
  });

  it('keeps the default zone when the browser sends one the server does not know', async () => {
    const odd = await organizationIn('Mars/Olympus_Mons');
    expect(odd.user.organizationTimeZone).toBe('America/New_York');
  });
});

describe('invoice dates', () => {
  async function storedInvoice(as: SignedIn, dates: Record<string, string>) {
    const customer = await createCustomerFor(as);
    const response = await as.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, dates) });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, response.json<{ id: string }>().id));
    return row;
  }

  it('stores a day as that day and a timestamp as the organization-local day of that instant', async () => {
    expect(await storedInvoice(newYork, { issueDate: NOW.toISOString(), dueDate: '2026-11-24' })).toMatchObject({
      issueDate: '2026-11-23',
      dueDate: '2026-11-24',
    });
    expect(await storedInvoice(tokyo, { issueDate: TOKYO_EARLY, dueDate: '2026-11-24T09:30:00+09:00' })).toMatchObject({
      issueDate: '2026-11-24',
      dueDate: '2026-11-24',
    });
  });

  it('refuses a due date before the issue date once a timestamp is placed in the organization\'s day', async () => {
    const customer = await createCustomerFor(newYork);
    const response = await newYork.request({
      method: 'POST',
      url: '/api/invoices',
      payload: invoicePayload(customer.id, { issueDate: '2026-11-24', dueDate: NOW.toISOString() }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ dueDate: 'Due date cannot be before the issue date' });
  });
});

describe('payment date (paidAt)', () => {
  async function pay(as: SignedIn, paidAt: string) {
    const customer = await createCustomerFor(as);
    const created = await as.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-30' }) });
    expect(created.statusCode, created.body).toBe(201);
    return as.request({ method: 'POST', url: `/api/invoices/${created.json<{ id: string }>().id}/payments`, payload: { amount: '10.00', method: 'ach', paidAt } });
  }

  it('accepts new Date().toISOString() at 00:30 UTC in New York, where it is still yesterday in UTC terms', async () => {
    const response = await pay(newYork, NOW.toISOString());
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, response.json().payment.id));
    expect(row?.processedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("accepts the organization's today as a day and refuses the day after it", async () => {
    expect((await pay(newYork, '2026-11-23')).statusCode).toBe(201);
    const future = await pay(newYork, '2026-11-24');
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ paidAt: 'Payment date cannot be in the future' });
    expect((await pay(tokyo, '2026-11-24')).statusCode).toBe(201);
    expect((await pay(tokyo, '2026-11-25')).statusCode).toBe(400);
  });

  it('stores a day at noon where the organization is, so it reads as that day there', async () => {
    const response = await pay(tokyo, '2026-11-24');
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, response.json().payment.id));
    expect(row?.processedAt?.toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });

  it('refuses nonsense and impossible days with a field message', async () => {
    for (const paidAt of ['yesterday', '2026-02-30', '2026-11-24T25:00:00Z', '2026-11-24T00:30:00']) {
      const response = await pay(newYork, paidAt);
      expect(response.statusCode, paidAt).toBe(400);
      expect(response.json().fields, paidAt).toEqual({ paidAt: 'Invalid date' });
    }
  });
});

describe('bill dates', () => {
  it('stores billDate, dueDate and scheduledPaymentDate as organization days in both forms', async () => {
    const vendor = await createVendor(newYork, { name: `Paper ${uniqueName('v')}` });
    const response = await newYork.request({
      method: 'POST',
      url: '/api/bills',
      payload: billOf(vendor.id, '50.00', { billDate: NOW.toISOString(), dueDate: '2026-11-30', scheduledPaymentDate: '2026-11-24T04:59:00Z' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.deps.db.select().from(bills).where(eq(bills.id, response.json<{ id: string }>().id));
    expect(row).toMatchObject({ billDate: '2026-11-23', dueDate: '2026-11-30', scheduledPaymentDate: '2026-11-23' });
  });
});

describe('customer dates', () => {
  it('stores relationshipStartDate and nextBillingDate as organization days in both forms', async () => {
    const created = await createCustomerFor(tokyo, { relationshipStartDate: TOKYO_EARLY, nextBillingDate: '2026-12-01' });
    const [row] = await t.deps.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row).toMatchObject({ relationshipStartDate: '2026-11-24', nextBillingDate: '2026-12-01' });
  });
});

describe('scheduled payment date', () => {
  const accounts = new Map<string, Promise<{ id: string }>>();
  async function scheduleFor(as: SignedIn, scheduledDate: string) {
    if (!accounts.has(as.user.organizationId)) accounts.set(as.user.organizationId, addVerifiedBankAccount(t, as));
    const account = await accounts.get(as.user.organizationId);
    if (!account) throw new Error('no account');
    const vendor = await createVendor(as, { name: `Paper ${uniqueName('v')}` });
    const bill = await as.request({ method: 'POST', url: '/api/bills', payload: billOf(vendor.id, '75.00') });
    expect(bill.statusCode, bill.body).toBe(201);
    await setApproval(t.deps.db, bill.json<{ id: string }>().id, 'approved');
    return as.request({
      method: 'POST',
      url: '/api/payments/schedule',
      payload: { billIds: [bill.json<{ id: string }>().id], bankAccountId: account.id, method: 'wire', scheduledDate },
    });
  }

  it("takes a timestamp as the organization's day, is due that day there and not the day before", async () => {
    const inNewYork = await scheduleFor(newYork, NOW.toISOString());
    expect(inNewYork.statusCode, inNewYork.body).toBe(201);
    expect(inNewYork.json().payments[0].scheduledDate).toBe('2026-11-23');
    const inTokyo = await scheduleFor(tokyo, TOKYO_EARLY);
    expect(inTokyo.statusCode, inTokyo.body).toBe(201);
    expect(inTokyo.json().payments[0].scheduledDate).toBe('2026-11-24');

    // New York's payment for the 24th (its tomorrow) waits; Tokyo's for the 24th (its today) goes.
    const tomorrowInNewYork = await scheduleFor(newYork, '2026-11-24');
    expect(tomorrowInNewYork.statusCode, tomorrowInNewYork.body).toBe(201);
    expect(await processDuePayments(t.deps, NOW, { organizationId: newYork.user.organizationId })).toMatchObject({ processed: 1 });
    expect(await processDuePayments(t.deps, NOW, { organizationId: tokyo.user.organizationId })).toMatchObject({ processed: 1 });
    // The day in the transaction reference is the organization's too.
    const [paid] = await t.deps.db.select().from(payments).where(eq(payments.id, inNewYork.json().payments[0].id));
    expect(paid?.transactionId).toMatch(/^WIRE-20261123-/);
  });

  it("refuses a day before the organization's today, in either form", async () => {
    for (const scheduledDate of ['2026-11-22', '2026-11-23T04:00:00Z']) {
      const response = await scheduleFor(newYork, scheduledDate);
      expect(response.statusCode, scheduledDate).toBe(400);
      expect(response.json().fields, scheduledDate).toEqual({ scheduledDate: 'Payment date cannot be in the past' });
    }
    expect((await scheduleFor(tokyo, '2026-11-23')).statusCode).toBe(400);
  });
});
