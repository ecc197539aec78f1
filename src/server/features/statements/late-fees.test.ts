import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LateFee, LateFeePolicy } from '../../../shared/contracts/late-fees';
import type { Statement } from '../../../shared/contracts/statements';
import { auditLog, invoiceItems, invoices, lateFees } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, asUser, nextClientAddress, sessionCookie } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { customerBalance } from '../credits/customer-balance';
import { sendDueReminders } from '../invoice-reminders/send-due-reminders';
import { createCustomerFor, createInvoiceFor, makeViewer, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { chargeLateFees, currentPeriod, feeFor } from './late-fees';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
});
afterAll(async () => t.close());

/** 15:00 UTC on `day`: 10:00 in New York, the organizations' default time zone. */
const at = (day: string) => t.clock.set(new Date(`${day}T15:00:00Z`));
const run = (organizationId: string) => chargeLateFees(t.deps, { now: t.deps.now(), organizationId });

const amountOnly = (total: string) => ({
  subtotal: total,
  taxAmount: '0',
  discountAmount: '0',
  totalAmount: total,
  items: [{ description: 'Services', quantity: 1, unitPrice: total, totalPrice: total }],
});

const policy = (overrides: Partial<Record<keyof LateFeePolicy, unknown>> = {}) => ({
  enabled: true,
  kind: 'percentage',
  fixedAmount: '0',
  percentage: '1.5',
  graceDays: 10,
  minimumAmount: '5.00',
  capAmount: '12.00',
  ...overrides,
});

async function setPolicy(as: SignedIn, body: Record<string, unknown>) {
  const response = await as.request({ method: 'PUT', url: '/api/settings/late-fees', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LateFeePolicy>();
}

/** A new session for `as` at the clock's time (moving the clock months on ends the old one). */
async function signInAgain(as: SignedIn): Promise<SignedIn> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextClientAddress(), payload: { username: as.user.username, password: 'correct horse battery' } });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = sessionCookie(login);
  return { user: as.user, cookie, request: asUser(t.app, cookie) };
}

const feesOf = async (as: SignedIn, invoiceId: string) => (await as.request({ method: 'GET', url: `/api/invoices/${invoiceId}/late-fees` })).json<LateFee[]>();

describe('periods and amounts', () => {
  it('starts period 1 the day after the due date plus grace, and each next period a month later', () => {
    expect(currentPeriod('2026-11-10', 10, '2026-11-20')).toBe(0);
    expect(currentPeriod('2026-11-10', 10, '2026-11-21')).toBe(1);
    expect(currentPeriod('2026-11-10', 10, '2026-12-20')).toBe(1);
    expect(currentPeriod('2026-11-10', 10, '2026-12-21')).toBe(2);
    expect(currentPeriod('2026-11-10', 0, '2027-03-11')).toBe(5);
    // A period starting on the 31st starts on the last day of a shorter month.
    expect(currentPeriod('2027-01-30', 0, '2027-02-27')).toBe(1);
    expect(currentPeriod('2027-01-30', 0, '2027-02-28')).toBe(2);
  });

  it('charges the fixed amount or the percentage of what is due, at least the minimum, within the cap', () => {
    const base: LateFeePolicy = { enabled: true, kind: 'percentage', fixedAmount: '0.00', percentage: '1.5', graceDays: 0, minimumAmount: '5.00', capAmount: null };
    expect(feeFor(base, 100000, 0)).toBe(1500); // 1.5 % of 1,000.00
    expect(feeFor(base, 20000, 0)).toBe(500); // 3.00 raised to the 5.00 minimum
    expect(feeFor({ ...base, percentage: '1.25' }, 12345, 0)).toBe(500);
    expect(feeFor({ ...base, percentage: '2.5', minimumAmount: '0.00' }, 12345, 0)).toBe(309); // 308.625 rounds half up
    expect(feeFor({ ...base, capAmount: '12.00' }, 20000, 1000)).toBe(200);
    expect(feeFor({ ...base, capAmount: '12.00' }, 20000, 1200)).toBe(0);
    expect(feeFor({ ...base, kind: 'fixed', fixedAmount: '25.00' }, 1000, 0)).toBe(2500);
  });
});

describe('late fee policy settings', () => {
  it('is off by default, saves a valid policy with an audit row, and refuses bad ones and viewers', async () => {
    const { owner } = await ownerWithCustomer(t);
    const initial = await owner.request({ method: 'GET', url: '/api/settings/late-fees' });
    expect(initial.json()).toEqual({ enabled: false, kind: 'percentage', fixedAmount: '0.00', percentage: '1.5', graceDays: 0, minimumAmount: '0.00', capAmount: null });
    expect(await setPolicy(owner, policy({ capAmount: '' }))).toEqual({ enabled: true, kind: 'percentage', fixedAmount: '0.00', percentage: '1.5', graceDays: 10, minimumAmount: '5.00', capAmount: null });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'settings.late_fees_updated')));
    expect(audits).toHaveLength(1);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const response = await owner.request({ method: 'PUT', url: '/api/settings/late-fees', payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    };
    await bad(policy({ percentage: '0' }), 'percentage');
    await bad(policy({ percentage: '101' }), 'percentage');
    await bad(policy({ percentage: '1.23456' }), 'percentage');
    await bad(policy({ kind: 'fixed', fixedAmount: '0' }), 'fixedAmount');
    await bad(policy({ graceDays: -1 }), 'graceDays');
    await bad(policy({ minimumAmount: '-1' }), 'minimumAmount');
    await bad(policy({ capAmount: '4.00' }), 'capAmount');
    await bad(policy({ kind: 'weekly' }), 'kind');
    const viewer = await makeViewer(t);
    expect((await viewer.request({ method: 'PUT', url: '/api/settings/late-fees', payload: policy() })).statusCode).toBe(403);
  });
});

describe('charging late fees', () => {
  let owner: SignedIn;
  let customer: { id: string };
  let invoiceId: string;
  beforeAll(async () => {
    ({ owner, customer } = await ownerWithCustomer(t));
    at('2026-11-20');
    await setPolicy(owner, policy());
    invoiceId = (await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-LATE', status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-10', ...amountOnly('200.00') })).id;
  });

  it('waits out the grace days, then charges month 1 once as its own invoice', async () => {
    at('2026-11-20');
    expect(await run(owner.user.organizationId)).toEqual({ charged: 0, skipped: 0 });
    at('2026-11-21');
    expect(await run(owner.user.organizationId)).toEqual({ charged: 1, skipped: 0 });
    expect(await run(owner.user.organizationId)).toEqual({ charged: 0, skipped: 0 });
    const [fee] = await feesOf(owner, invoiceId);
    // 1.5 % of 200.00 is 3.00, below the 5.00 minimum.
    expect(fee).toMatchObject({ period: 1, chargedOn: '2026-11-21', amount: '5.00', feeInvoiceStatus: 'sent', reversedAt: null });
    expect(fee?.feeInvoiceNumber).toMatch(/^INV-\d+$/);
    const [feeInvoice] = await t.deps.db.select().from(invoices).where(eq(invoices.id, fee?.feeInvoiceId ?? ''));
    expect(feeInvoice).toMatchObject({ customerId: customer.id, status: 'sent', issueDate: '2026-11-21', dueDate: '2026-11-21', totalAmount: '5.00', amountPaid: '0.00' });
    const items = await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, feeInvoice?.id ?? ''));
    expect(items.map((item) => [item.description, item.totalPrice])).toEqual([['Late fee on INV-LATE (month 1)', '5.00']]);
    expect((await customerBalance(t.deps.db, owner.user.organizationId, customer.id)).balance).toBe(20500);
  });

  it('shows the fee on the statement as an invoice line', async () => {
    const statement: Statement = (await owner.request({ method: 'GET', url: `/api/customers/${customer.id}/statement?from=2026-11-01&to=2026-11-21` })).json();
    expect(statement.lines.map((line) => [line.date, line.kind, line.debit, line.balance])).toEqual([
      ['2026-11-01', 'invoice', '200.00', '200.00'],
      ['2026-11-21', 'invoice', '5.00', '205.00'],
    ]);
    expect(statement.lines[1]?.description).toMatch(/^Invoice INV-\d+ \(late fee on INV-LATE\)$/);
    expect(statement.closingBalance).toBe('205.00');
    // The fee invoice is due today (current); INV-LATE is 11 days late.
    expect(Object.fromEntries(statement.aging.map((b) => [b.key, b.amount]))).toMatchObject({ current: '5.00', '1_30': '200.00' });
  });

  it('mentions the late fees in the payment reminder', async () => {
    at('2026-11-24');
    await sendDueReminders(t.deps, { now: t.deps.now(), organizationId: owner.user.organizationId });
    const mail = readMails(t).find((text) => text.includes('INV-LATE') && text.includes('Reminder'));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Late fees charged on this invoice: \$5\.00 \(invoice INV-\d+\)\./);
  });

  it('charges month 2 a month later, never a fee invoice itself, and stops at the cap', async () => {
    at('2026-12-20');
    expect((await run(owner.user.organizationId)).charged).toBe(0);
    at('2026-12-21');
    expect((await run(owner.user.organizationId)).charged).toBe(1);
    at('2027-01-21');
    expect((await run(owner.user.organizationId)).charged).toBe(1);
    at('2027-02-21');
    expect((await run(owner.user.organizationId)).charged).toBe(0);
    owner = await signInAgain(owner);
    const fees = await feesOf(owner, invoiceId);
    // 5.00 + 5.00, then only the 2.00 the 12.00 cap leaves; nothing in month 4.
    expect(fees.map((fee) => [fee.period, fee.amount])).toEqual([
      [1, '5.00'],
      [2, '5.00'],
      [3, '2.00'],
    ]);
    const feeIds = fees.map((fee) => fee.feeInvoiceId ?? '');
    expect(await t.deps.db.select().from(lateFees).where(inArray(lateFees.invoiceId, feeIds))).toEqual([]);
  });

  it('reverses an unpaid fee (its invoice cancelled, audited) and never charges that period again', async () => {
    const fees = await feesOf(owner, invoiceId);
    const third = fees[2] as LateFee;
    const response = await owner.request({ method: 'POST', url: `/api/late-fees/${third.id}/reverse` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: third.id, feeInvoiceStatus: 'cancelled' });
    expect(response.json().reversedAt).not.toBeNull();
    expect((await owner.request({ method: 'POST', url: `/api/late-fees/${third.id}/reverse` })).statusCode).toBe(409);
    at('2027-02-20');
    expect((await run(owner.user.organizationId)).charged).toBe(0);
    const [row] = await t.deps.db.select().from(lateFees).where(eq(lateFees.id, third.id));
    expect(row?.reversedBy).toBe(owner.user.id);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, invoiceId), eq(auditLog.action, 'invoice.late_fee_reversed')));
    expect(audits).toHaveLength(1);
  });

  it('refuses to reverse a paid fee, another workspace’s fee, and viewers', async () => {
    const [first] = await feesOf(owner, invoiceId);
    const pay = await owner.request({ method: 'POST', url: `/api/invoices/${first?.feeInvoiceId}/payments`, payload: { amount: '5.00', paidAt: '2027-02-20', method: 'ach' } });
    expect(pay.statusCode, pay.body).toBe(201);
    const refused = await owner.request({ method: 'POST', url: `/api/late-fees/${first?.id}/reverse` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Issue a credit note for a paid late fee');
    const { owner: stranger } = await ownerWithCustomer(t);
    expect((await stranger.request({ method: 'POST', url: `/api/late-fees/${first?.id}/reverse` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/invoices/${invoiceId}/late-fees` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'POST', url: '/api/late-fees/not-an-id/reverse' })).statusCode).toBe(404);
    const viewer = await makeViewer(t);
    expect((await viewer.request({ method: 'POST', url: `/api/late-fees/${first?.id}/reverse` })).statusCode).toBe(403);
  });
});

describe('fixed fees, missed periods and several runs at once', () => {
  it('charges a fixed fee for the current period only, not the months missed before the policy was on', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    at('2026-11-21');
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-06-01', dueDate: '2026-07-01', ...amountOnly('1000.00') });
    await setPolicy(owner, policy({ kind: 'fixed', fixedAmount: '25.00', graceDays: 0, minimumAmount: '0', capAmount: null }));
    expect((await run(owner.user.organizationId)).charged).toBe(1);
    // Jul 2 .. Nov 21: month 5.
    expect((await feesOf(owner, invoice.id)).map((fee) => [fee.period, fee.amount])).toEqual([[5, '25.00']]);
    await setPolicy(owner, policy({ enabled: false, kind: 'fixed', fixedAmount: '25.00', graceDays: 0, minimumAmount: '0', capAmount: null }));
    at('2026-12-21');
    expect((await run(owner.user.organizationId)).charged).toBe(0);
  });

  it('charges each open invoice exactly once when two runs go at the same time', async () => {
    const { owner, customer } = await ownerWithCustomer(t);
    at('2026-11-21');
    await setPolicy(owner, policy({ graceDays: 0, capAmount: null }));
    const other = await createCustomerFor(owner);
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const invoice = await createInvoiceFor(owner, index % 2 ? other.id : customer.id, { status: 'sent', issueDate: '2026-10-01', dueDate: '2026-11-01', ...amountOnly('1000.00') });
      ids.push(invoice.id);
    }
    const paid = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-10-01', dueDate: '2026-11-01', ...amountOnly('50.00') });
    await owner.request({ method: 'POST', url: `/api/invoices/${paid.id}/payments`, payload: { amount: '50.00', paidAt: '2026-11-02', method: 'ach' } });
    const results = await Promise.all([run(owner.user.organizationId), run(owner.user.organizationId), chargeLateFees(t.deps, { now: t.deps.now() })]);
    expect(results.reduce((sum, r) => sum + r.charged, 0)).toBe(6);
    const rows = await t.deps.db.select().from(lateFees).where(eq(lateFees.organizationId, owner.user.organizationId));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.invoiceId))).toEqual(new Set(ids));
    expect(rows.every((row) => row.amount === '15.00' && row.period === 1 && row.feeInvoiceId !== null)).toBe(true);
    const feeInvoices = await t.deps.db.select().from(invoices).where(inArray(invoices.id, rows.map((row) => row.feeInvoiceId ?? '')));
    expect(new Set(feeInvoices.map((row) => row.invoiceNumber)).size).toBe(6);
    expect((await Promise.all([run(owner.user.organizationId), run(owner.user.organizationId)])).map((r) => r.charged)).toEqual([0, 0]);
  });
});
