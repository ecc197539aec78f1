import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringInvoice } from '../../../shared/contracts/recurring-invoices';
import { invoices, recurringInvoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addClient, signUpFirm } from '../practice/practice.fixtures';
import { runDueSchedules } from './generate-recurring-invoices';

let t: TestApp;
let firm: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  firm = await signUpFirm(t);
});
afterAll(async () => t.close());

async function feeScheduleOf(customerId: string): Promise<RecurringInvoice | undefined> {
  const response = await firm.request({ method: 'GET', url: `/api/recurring-invoices?customerId=${customerId}` });
  expect(response.statusCode).toBe(200);
  return response.json<RecurringInvoice[]>().find((schedule) => schedule.kind === 'practice_fee');
}

describe("the firm's fee schedules for its clients", () => {
  it("gives a new client a monthly schedule in the firm's books at its service level's fee, starting today", async () => {
    const client = await addClient(firm);
    const schedule = await feeScheduleOf(client.id);
    expect(schedule).toMatchObject({
      kind: 'practice_fee',
      customerId: client.id,
      frequency: 'monthly',
      startDate: '2026-11-21',
      nextRunDate: '2026-11-21',
      status: 'active',
      paymentTerms: 'Net 30',
      totalAmount: '299.00',
    });
    expect(schedule?.items.map((item) => [item.description, item.quantity, item.unitPrice])).toEqual([['Standard service, per month', '1', '299.00']]);
  });

  it('bills each period on a line that names it: the month, the quarter or the year', async () => {
    const monthly = await addClient(firm);
    const quarterly = await addClient(firm);
    await firm.request({ method: 'PUT', url: `/api/practice/clients/${quarterly.id}/service-level`, payload: { billingFrequency: 'quarterly' } });
    const annual = await addClient(firm);
    await firm.request({ method: 'PUT', url: `/api/practice/clients/${annual.id}/service-level`, payload: { serviceLevel: 'premium', billingFrequency: 'annually' } });
    await runDueSchedules(t.deps, { now: new Date('2026-11-21T17:00:00Z'), organizationIds: [firm.user.organizationId] });
    await runDueSchedules(t.deps, { now: new Date('2026-12-21T17:00:00Z'), organizationIds: [firm.user.organizationId] });
    const linesOf = async (customerId: string) => {
      const listed = await firm.request({ method: 'GET', url: `/api/invoices?customerId=${customerId}` });
      return listed
        .json<{ issueDate: string; items: { description: string }[] }[]>()
        .sort((a, b) => a.issueDate.localeCompare(b.issueDate))
        .map((invoice) => invoice.items.map((item) => item.description).join());
    };
    expect(await linesOf(monthly.id)).toEqual(['Standard service, November 2026', 'Standard service, December 2026']);
    expect(await linesOf(quarterly.id)).toEqual(['Standard service, Q4 2026']);
    expect(await linesOf(annual.id)).toEqual(['Premium service, 2026']);
  });

  it('bills a new client on the next run after it is added, at 00:30 UTC on the firm\'s day (still the day before in New York)', async () => {
    t.clock.set(new Date('2026-11-22T00:30:00Z'));
    try {
      const client = await addClient(firm);
      expect(await feeScheduleOf(client.id)).toMatchObject({ startDate: '2026-11-21', nextRunDate: '2026-11-21' });
      await runDueSchedules(t.deps, { now: t.deps.now(), organizationIds: [firm.user.organizationId] });
      const billed = await t.deps.db.select().from(invoices).where(eq(invoices.customerId, client.id));
      expect(billed.map((invoice) => invoice.issueDate)).toEqual(['2026-11-21']);
      const detail = await firm.request({ method: 'GET', url: `/api/invoices/${billed[0]?.id}` });
      expect(detail.json().items[0].description).toBe('Standard service, November 2026');
    } finally {
      t.clock.set(new Date('2026-11-21T15:00:00Z'));
    }
  });

  it('follows a change of service level, fee and frequency: quarterly bills 3 months less 5%, annual 12 months less 10%', async () => {
    const client = await addClient(firm);
    const quarterly = await firm.request({
      method: 'PUT',
      url: `/api/practice/clients/${client.id}/service-level`,
      payload: { serviceLevel: 'premium', monthlyFee: '500.00', billingFrequency: 'quarterly' },
    });
    expect(quarterly.statusCode, quarterly.body).toBe(200);
    expect(await feeScheduleOf(client.id)).toMatchObject({ frequency: 'quarterly', totalAmount: '1425.00', items: [{ description: 'Premium service, per quarter' }] });
    await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/service-level`, payload: { billingFrequency: 'annually' } });
    expect(await feeScheduleOf(client.id)).toMatchObject({ frequency: 'annually', totalAmount: '5400.00', items: [{ description: 'Premium service, per year' }] });
    const all = await t.deps.db.select().from(recurringInvoices).where(and(eq(recurringInvoices.customerId, client.id), eq(recurringInvoices.kind, 'practice_fee')));
    expect(all).toHaveLength(1);
  });

  it('follows the service settings saved in onboarding step 2, with the client\'s payment terms', async () => {
    const client = await addClient(firm);
    const saved = await firm.request({
      method: 'PUT',
      url: `/api/practice/clients/${client.id}/onboarding/steps/2`,
      payload: {
        serviceSettings: { serviceLevel: 'basic', monthlyFee: '100.00', billingFrequency: 'annually', autoApprovalLimit: '2500', invoiceTemplate: 'modern', paymentTerms: 'net_15', preferredPaymentMethods: ['ach'] },
        complete: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await feeScheduleOf(client.id)).toMatchObject({ frequency: 'annually', paymentTerms: 'Net 15', totalAmount: '1080.00', items: [{ description: 'Basic service, per year' }] });
  });

  it('pauses the schedule of a deactivated client and resumes it on reactivation', async () => {
    const client = await addClient(firm);
    const off = await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await feeScheduleOf(client.id)).toMatchObject({ status: 'paused' });
    const generated = await runDueSchedules(t.deps, { now: new Date('2026-12-25T17:00:00Z'), organizationIds: [firm.user.organizationId] });
    const billed = await t.deps.db.select().from(invoices).where(eq(invoices.customerId, client.id));
    expect(billed).toEqual([]);
    expect(generated.generated).toBeGreaterThan(0);
    await firm.request({ method: 'PUT', url: `/api/practice/clients/${client.id}/status`, payload: { isActive: true } });
    expect(await feeScheduleOf(client.id)).toMatchObject({ status: 'active' });
  });
});
