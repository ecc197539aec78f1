import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringInvoice } from '../../../shared/contracts/recurring-invoices';
import { auditLog, recurringInvoiceItems, recurringInvoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { createCustomerFor, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { schedulePayload } from './recurring-invoices.fixtures';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string; name: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
});
afterAll(async () => t.close());

async function createSchedule(as: SignedIn, overrides: Record<string, unknown> = {}): Promise<RecurringInvoice> {
  const response = await as.request({ method: 'POST', url: '/api/recurring-invoices', payload: schedulePayload(customer.id, overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('creating a schedule', () => {
  it('stores the schedule with its items, the server totals, the anchor day, the first run and an audit row', async () => {
    const schedule = await createSchedule(owner);
    expect(schedule).toMatchObject({
      kind: 'manual',
      customer: { id: customer.id, name: customer.name },
      frequency: 'monthly',
      startDate: '2027-01-31',
      anchorDay: 31,
      endType: 'never',
      nextRunDate: '2027-01-31',
      generatedCount: 0,
      autoSend: false,
      paymentTerms: 'Net 15',
      subtotal: '130.00',
      taxAmount: '10.40',
      discountAmount: '5.00',
      totalAmount: '135.40',
      status: 'active',
    });
    expect(schedule.items.map((item) => [item.description, item.quantity, item.unitPrice, item.totalPrice])).toEqual([
      ['Bookkeeping', '2', '50.00', '100.00'],
      ['Payroll hours', '1.5', '20.00', '30.00'],
    ]);
    const items = await t.deps.db.select().from(recurringInvoiceItems).where(eq(recurringInvoiceItems.recurringInvoiceId, schedule.id));
    expect(items).toHaveLength(2);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, schedule.id));
    expect(audit.map((entry) => entry.action)).toEqual(['recurring_invoice.created']);
  });

  it('runs a schedule whose start is in the past from today on, on its anchor day', async () => {
    const schedule = await createSchedule(owner, { startDate: '2026-08-31', frequency: 'quarterly' });
    expect(schedule).toMatchObject({ anchorDay: 31, nextRunDate: '2026-11-30' });
  });

  it('takes a timestamp as the day it is where the organization is', async () => {
    // 03:00 UTC on Dec 2 is still Dec 1 in New York.
    const schedule = await createSchedule(owner, { startDate: '2026-12-02T03:00:00Z' });
    expect(schedule.startDate).toBe('2026-12-01');
  });

  it('refuses an end before the start, an unknown frequency, a negative amount and a missing end value with field messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ endType: 'on_date', endDate: '2027-01-30' }, { endDate: 'End date cannot be before the start date' }],
      [{ frequency: 'fortnightly' }, { frequency: 'Frequency must be weekly, monthly, quarterly or annually' }],
      [{ items: [{ description: 'Refund', quantity: 1, unitPrice: -5 }] }, { 'items.0.unitPrice': 'Unit price cannot be negative' }],
      [{ taxAmount: '-1' }, { taxAmount: 'Tax amount cannot be negative' }],
      [{ endType: 'after_count' }, { endAfterCount: 'Number of invoices is required' }],
      [{ endType: 'on_date' }, { endDate: 'End date is required' }],
      [{ discountAmount: '500' }, { discountAmount: 'Discount cannot be larger than the subtotal' }],
      [{ startDate: 'tomorrow' }, { startDate: 'Invalid date' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await owner.request({ method: 'POST', url: '/api/recurring-invoices', payload: schedulePayload(customer.id, overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields });
    }
  });

  it('refuses an end date before the start once a timestamp is the organization day', async () => {
    const response = await owner.request({
      method: 'POST',
      url: '/api/recurring-invoices',
      payload: schedulePayload(customer.id, { startDate: '2027-01-31', endType: 'on_date', endDate: '2027-01-31T03:00:00Z' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ endDate: 'End date cannot be before the start date' });
  });

  it("refuses another organization's customer", async () => {
    const other = await signUp(t.app);
    const theirs = await createCustomerFor(other);
    const response = await owner.request({ method: 'POST', url: '/api/recurring-invoices', payload: schedulePayload(theirs.id) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { customerId: 'Customer not found' } });
  });
});

describe('listing, reading, editing and deleting', () => {
  it('lists the organization’s schedules a page at a time with X-Total-Count, and hides them from others', async () => {
    const other = await signUp(t.app);
    const mine = await createSchedule(owner);
    const page = await owner.request({ method: 'GET', url: '/api/recurring-invoices?limit=2' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect(page.json()[0].id).toBe(mine.id);
    const theirs = await other.request({ method: 'GET', url: '/api/recurring-invoices' });
    expect(theirs.json()).toEqual([]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await other.request({ method, url: `/api/recurring-invoices/${mine.id}`, ...(method === 'PUT' ? { payload: { autoSend: true } } : {}) });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await owner.request({ method: 'GET', url: '/api/recurring-invoices/not-a-uuid' })).statusCode).toBe(404);
  });

  it('edits only the fields sent and checks the merged schedule', async () => {
    const schedule = await createSchedule(owner);
    const response = await owner.request({ method: 'PUT', url: `/api/recurring-invoices/${schedule.id}`, payload: { autoSend: true, taxAmount: '0' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ autoSend: true, taxAmount: '0.00', totalAmount: '125.00', frequency: 'monthly', nextRunDate: '2027-01-31' });
    expect(response.json().items).toHaveLength(2);
    const bad = await owner.request({ method: 'PUT', url: `/api/recurring-invoices/${schedule.id}`, payload: { endType: 'on_date', endDate: '2026-12-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ endDate: 'End date cannot be before the start date' });
  });

  it('pauses and resumes a schedule; resuming picks up from today, without the days missed while paused', async () => {
    const schedule = await createSchedule(owner, { startDate: '2026-11-21', frequency: 'weekly' });
    const paused = await owner.request({ method: 'PUT', url: `/api/recurring-invoices/${schedule.id}`, payload: { status: 'paused' } });
    expect(paused.json()).toMatchObject({ status: 'paused' });
    // 22 hours on (in two steps, so the session stays alive) it is Nov 22 in New York: Nov 21 was missed while paused.
    t.clock.advance(11 * 3600_000);
    await owner.request({ method: 'GET', url: `/api/recurring-invoices/${schedule.id}` });
    t.clock.advance(11 * 3600_000);
    const resumed = await owner.request({ method: 'PUT', url: `/api/recurring-invoices/${schedule.id}`, payload: { status: 'active' } });
    expect(resumed.json()).toMatchObject({ status: 'active', nextRunDate: '2026-11-28' });
    t.clock.set(new Date('2026-11-21T15:00:00Z'));
  });

  it('deletes a schedule with an audit row', async () => {
    const schedule = await createSchedule(owner);
    const response = await owner.request({ method: 'DELETE', url: `/api/recurring-invoices/${schedule.id}` });
    expect(response.statusCode).toBe(204);
    expect(await t.deps.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, schedule.id))).toEqual([]);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, schedule.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['recurring_invoice.created', 'recurring_invoice.deleted']);
  });
});
