import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringInvoice } from '../../../shared/contracts/recurring-invoices';
import { auditLog, invoices, recurringInvoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { activateClient, addClient, signInFirmOwner, signUpFirm } from '../practice/practice.fixtures';
import { runDueSchedules } from './generate-recurring-invoices';

/** Today is 2026-11-21 on the firm's calendar (New York). */
const TODAY = new Date('2026-11-21T15:00:00Z');
let t: TestApp;
let firm: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: TODAY });
  firm = await signUpFirm(t);
});
afterAll(async () => t.close());

async function feeScheduleOf(customerId: string): Promise<RecurringInvoice | undefined> {
  const response = await firm.request({ method: 'GET', url: `/api/recurring-invoices?customerId=${customerId}` });
  expect(response.statusCode).toBe(200);
  return response.json<RecurringInvoice[]>().find((schedule) => schedule.kind === 'practice_fee');
}

/** The client's fee invoices, oldest first: issue day, total and line. */
async function billsOf(customerId: string) {
  const listed = await firm.request({ method: 'GET', url: `/api/invoices?customerId=${customerId}` });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed
    .json<{ issueDate: string; dueDate: string; totalAmount: string; paymentTerms: string; status: string; items: { description: string }[] }[]>()
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate))
    .map((invoice) => ({ issueDate: invoice.issueDate, totalAmount: invoice.totalAmount, line: invoice.items.map((item) => item.description).join() }));
}

const run = (iso: string) => runDueSchedules(t.deps, { now: new Date(iso), organizationIds: [firm.user.organizationId] });

/** Runs `work` with the clock at `iso`, signed in again then and back (sessions end after 12 idle hours). */
async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  t.clock.set(new Date(iso));
  try {
    firm = await signInFirmOwner(t, firm);
    return await work();
  } finally {
    t.clock.set(TODAY);
    firm = await signInFirmOwner(t, firm);
  }
}

const putServiceLevel = async (customerId: string, payload: Record<string, string>) => {
  const response = await firm.request({ method: 'PUT', url: `/api/practice/clients/${customerId}/service-level`, payload });
  expect(response.statusCode, response.body).toBe(200);
};

describe("the firm's fee schedules for its clients", () => {
  it('bills nothing while a client is pending or onboarding: no schedule, no draft, whatever step 2 says', async () => {
    const client = await addClient(firm);
    expect(await feeScheduleOf(client.id)).toBeUndefined();
    const step2 = await firm.request({
      method: 'PUT',
      url: `/api/practice/clients/${client.id}/onboarding/steps/2`,
      payload: { serviceSettings: { serviceLevel: 'premium', monthlyFee: '474.05', billingFrequency: 'quarterly', autoApprovalLimit: '1000', paymentTerms: 'net_15', preferredPaymentMethods: ['ach'] }, complete: true },
    });
    expect(step2.statusCode, step2.body).toBe(200);
    await putServiceLevel(client.id, { monthlyFee: '500.00' });
    expect(await feeScheduleOf(client.id)).toBeUndefined();
    await run('2026-11-21T17:00:00Z');
    await run('2026-12-22T17:00:00Z');
    expect(await billsOf(client.id)).toEqual([]);
  });

  it('starts billing at activation by the service level, fee, frequency, discount and terms saved in step 2', async () => {
    const client = await addClient(firm, { paymentTerms: 'net_15' });
    await activateClient(firm, client, { serviceLevel: 'premium', monthlyFee: '474.05', billingFrequency: 'quarterly', paymentTerms: 'net_15' });
    // 3 x 474.05 = 1,422.15, less 5% (71.11) for quarterly billing.
    expect(await feeScheduleOf(client.id)).toMatchObject({
      frequency: 'quarterly',
      startDate: '2026-11-21',
      nextRunDate: '2026-11-21',
      status: 'active',
      paymentTerms: 'Net 15',
      totalAmount: '1351.04',
      items: [{ description: 'Premium service, per quarter', quantity: '1', unitPrice: '1351.04' }],
    });
    await run('2026-11-21T17:00:00Z');
    const [bill] = await t.deps.db.select().from(invoices).where(eq(invoices.customerId, client.id));
    expect(bill).toMatchObject({ issueDate: '2026-11-21', dueDate: '2026-12-06', totalAmount: '1351.04', paymentTerms: 'Net 15', status: 'draft' });
    expect(await billsOf(client.id)).toEqual([{ issueDate: '2026-11-21', totalAmount: '1351.04', line: 'Premium service, Q4 2026' }]);
  });

  it('bills each period on a line that names it: the month, the quarter or the year', async () => {
    const monthly = await addClient(firm);
    await activateClient(firm, monthly);
    const quarterly = await addClient(firm);
    await activateClient(firm, quarterly, { billingFrequency: 'quarterly' });
    const annual = await addClient(firm);
    await activateClient(firm, annual, { serviceLevel: 'enterprise', monthlyFee: '999.00', billingFrequency: 'annually' });
    await run('2026-11-21T17:00:00Z');
    await run('2026-12-21T17:00:00Z');
    expect((await billsOf(monthly.id)).map((bill) => bill.line)).toEqual(['Standard service, November 2026', 'Standard service, December 2026']);
    expect(await billsOf(quarterly.id)).toEqual([{ issueDate: '2026-11-21', totalAmount: '852.15', line: 'Standard service, Q4 2026' }]);
    // 12 x 999.00 = 11,988.00 less 10%.
    expect(await billsOf(annual.id)).toEqual([{ issueDate: '2026-11-21', totalAmount: '10789.20', line: 'Enterprise service, 2026' }]);
  });

  it("bills a client activated at 00:30 UTC on the firm's day (still the day before in New York)", async () => {
    const client = await addClient(firm);
    await at('2026-11-22T00:30:00Z', async () => {
      await activateClient(firm, client);
      expect(await feeScheduleOf(client.id)).toMatchObject({ startDate: '2026-11-21', nextRunDate: '2026-11-21' });
      await run('2026-11-22T00:30:00Z');
    });
    expect(await billsOf(client.id)).toEqual([{ issueDate: '2026-11-21', totalAmount: '299.00', line: 'Standard service, November 2026' }]);
  });

  it('applies Edit Service Level from the next period: the next run date is kept and the invoice made stays as it was', async () => {
    const client = await addClient(firm);
    await activateClient(firm, client);
    await run('2026-11-21T17:00:00Z');
    await at('2026-11-25T15:00:00Z', () => putServiceLevel(client.id, { serviceLevel: 'premium', monthlyFee: '500.00', billingFrequency: 'quarterly' }));
    expect(await feeScheduleOf(client.id)).toMatchObject({ frequency: 'quarterly', nextRunDate: '2026-12-21', totalAmount: '1425.00', items: [{ description: 'Premium service, per quarter' }] });
    await run('2026-12-21T17:00:00Z');
    await run('2027-01-21T17:00:00Z');
    await run('2027-03-21T17:00:00Z');
    expect(await billsOf(client.id)).toEqual([
      { issueDate: '2026-11-21', totalAmount: '299.00', line: 'Standard service, November 2026' },
      { issueDate: '2026-12-21', totalAmount: '1425.00', line: 'Premium service, Q4 2026' },
      { issueDate: '2027-03-21', totalAmount: '1425.00', line: 'Premium service, Q1 2027' },
    ]);
    const all = await t.deps.db.select().from(recurringInvoices).where(and(eq(recurringInvoices.customerId, client.id), eq(recurringInvoices.kind, 'practice_fee')));
    expect(all).toHaveLength(1);
  });

  it('applies a bulk service-level change (each selected client through Edit Service Level) from each one\'s next period', async () => {
    const first = await addClient(firm);
    const second = await addClient(firm);
    await activateClient(firm, first);
    await run('2026-11-21T17:00:00Z');
    await at('2026-11-23T15:00:00Z', () => activateClient(firm, second));
    await run('2026-11-23T17:00:00Z');
    for (const client of [first, second]) await at('2026-11-24T15:00:00Z', () => putServiceLevel(client.id, { serviceLevel: 'basic', monthlyFee: '149.00' }));
    expect(await feeScheduleOf(first.id)).toMatchObject({ nextRunDate: '2026-12-21', totalAmount: '149.00', items: [{ description: 'Basic service, per month' }] });
    expect(await feeScheduleOf(second.id)).toMatchObject({ nextRunDate: '2026-12-23', totalAmount: '149.00' });
    await run('2026-12-23T17:00:00Z');
    expect((await billsOf(first.id)).map((bill) => bill.totalAmount)).toEqual(['299.00', '149.00']);
    expect((await billsOf(second.id)).map((bill) => bill.totalAmount)).toEqual(['299.00', '149.00']);
  });

  it('pauses the schedule of a deactivated client (audited) and resumes it from the next period on reactivation, without billing the gap', async () => {
    const client = await addClient(firm);
    await activateClient(firm, client);
    await run('2026-11-21T17:00:00Z');
    await at('2026-11-25T15:00:00Z', async () => {
      const off = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: false } });
      expect(off.statusCode, off.body).toBe(200);
    });
    const schedule = await feeScheduleOf(client.id);
    expect(schedule).toMatchObject({ status: 'paused' });
    const [paused] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, schedule?.id ?? ''), eq(auditLog.action, 'recurring_invoice.paused')));
    expect(paused?.details).toMatchObject({ reason: 'client deactivated' });
    // Resuming the paused schedule by hand on the Recurring tab is refused while the client is deactivated.
    const resumed = await firm.request({ method: 'PUT', url: `/api/recurring-invoices/${schedule?.id ?? ''}`, payload: { status: 'active' } });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().message).toMatch(/is deactivated\. Reactivate the client to resume its fee schedule\.$/);
    await run('2026-12-21T17:00:00Z');
    await run('2027-01-05T17:00:00Z');
    await at('2027-01-05T15:00:00Z', async () => {
      const on = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: true } });
      expect(on.statusCode, on.body).toBe(200);
      expect(await feeScheduleOf(client.id)).toMatchObject({ status: 'active', nextRunDate: '2027-01-21' });
    });
    await run('2027-01-05T17:00:00Z');
    await run('2027-01-21T17:00:00Z');
    expect(await billsOf(client.id)).toEqual([
      { issueDate: '2026-11-21', totalAmount: '299.00', line: 'Standard service, November 2026' },
      { issueDate: '2027-01-21', totalAmount: '299.00', line: 'Standard service, January 2027' },
    ]);
  });
});
