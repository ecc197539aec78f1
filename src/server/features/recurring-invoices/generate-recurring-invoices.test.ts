import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringInvoice } from '../../../shared/contracts/recurring-invoices';
import { auditLog, invoices, recurringInvoiceRuns, recurringInvoices } from '../../db/schema';
import type { Mailer } from '../../platform/mail';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { createCustomerFor, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { activateClient, addClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { runDueSchedules } from './generate-recurring-invoices';
import { schedulePayload } from './recurring-invoices.fixtures';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string; name: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
});
afterAll(async () => t.close());

async function createSchedule(as: SignedIn, customerId: string, overrides: Record<string, unknown> = {}): Promise<RecurringInvoice> {
  const response = await as.request({ method: 'POST', url: '/api/recurring-invoices', payload: schedulePayload(customerId, overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function invoicesOf(scheduleId: string) {
  return t.deps.db.select().from(invoices).where(eq(invoices.recurringInvoiceId, scheduleId)).orderBy(asc(invoices.issueDate));
}

const only = (as: SignedIn) => ({ organizationIds: [as.user.organizationId] });
/** Noon in New York on a day. */
const noonOn = (day: string) => new Date(`${day}T17:00:00Z`);

describe('generating due invoices', () => {
  it('makes 14 monthly invoices over 14 months, on the anchor day, numbered in order, due by the terms, each with an audit row', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2027-01-31' });
    const expectedDays = ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31', '2028-01-31', '2028-02-29'];
    expect(await runDueSchedules(t.deps, { now: noonOn('2027-01-30'), ...only(books) })).toMatchObject({ generated: 0 });
    for (const day of expectedDays) {
      expect(await runDueSchedules(t.deps, { now: noonOn(day), ...only(books) })).toMatchObject({ generated: 1 });
      // A second pass the same day finds nothing due.
      expect(await runDueSchedules(t.deps, { now: noonOn(day), ...only(books) })).toMatchObject({ generated: 0 });
    }
    const made = await invoicesOf(schedule.id);
    expect(made.map((invoice) => invoice.issueDate)).toEqual(expectedDays);
    expect(made.map((invoice) => invoice.invoiceNumber)).toEqual(expectedDays.map((_, index) => `INV-${1000 + index}`));
    expect(made[1]).toMatchObject({ dueDate: '2027-03-15', status: 'draft', subtotal: '130.00', taxAmount: '10.40', discountAmount: '5.00', totalAmount: '135.40', paymentTerms: 'Net 15', customerId: payer.id });
    const [stored] = await t.deps.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, schedule.id));
    expect(stored).toMatchObject({ generatedCount: 14, nextRunDate: '2028-03-31', status: 'active' });
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, schedule.id), eq(auditLog.action, 'recurring_invoice.generated')));
    expect(audit).toHaveLength(14);
    const detail = await books.request({ method: 'GET', url: `/api/invoices/${made[0]?.id}` });
    expect(detail.json().items.map((item: { description: string; totalPrice: string }) => [item.description, item.totalPrice])).toEqual([
      ['Bookkeeping', '100.00'],
      ['Payroll hours', '30.00'],
    ]);
  });

  it('makes a batch of schedules in one pass, numbered in order past a number already taken, each with its items and audit rows', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedules: RecurringInvoice[] = [];
    for (let index = 0; index < 5; index += 1) schedules.push(await createSchedule(books, payer.id, { startDate: '2026-11-21' }));
    const manual = await books.request({
      method: 'POST',
      url: '/api/invoices',
      payload: { customerId: payer.id, invoiceNumber: 'INV-1002', issueDate: '2026-11-20', dueDate: '2026-11-30', subtotal: '10.00', taxAmount: '0', discountAmount: '0', totalAmount: '10.00', items: [{ description: 'Filing', quantity: 1, unitPrice: '10.00', totalPrice: '10.00' }] },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-11-21'), ...only(books) })).toMatchObject({ generated: 5, failed: 0 });
    const made = await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, books.user.organizationId)).orderBy(asc(invoices.invoiceNumber));
    expect(made.map((invoice) => invoice.invoiceNumber)).toEqual(['INV-1000', 'INV-1001', 'INV-1002', 'INV-1003', 'INV-1004', 'INV-1005']);
    const generated = made.filter((invoice) => invoice.recurringInvoiceId !== null);
    expect(new Set(generated.map((invoice) => invoice.recurringInvoiceId))).toEqual(new Set(schedules.map((schedule) => schedule.id)));
    expect(generated.every((invoice) => invoice.totalAmount === '135.40' && invoice.issueDate === '2026-11-21')).toBe(true);
    const runs = await t.deps.db.select().from(recurringInvoiceRuns).where(eq(recurringInvoiceRuns.organizationId, books.user.organizationId));
    expect(runs.map((run) => run.invoiceId).sort()).toEqual(generated.map((invoice) => invoice.id).sort());
    const detail = await books.request({ method: 'GET', url: `/api/invoices/${generated[4]?.id}` });
    expect(detail.json().items.map((item: { description: string }) => item.description)).toEqual(['Bookkeeping', 'Payroll hours']);
    for (const schedule of schedules) {
      const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, schedule.id));
      expect(audit.filter((row) => row.action === 'recurring_invoice.generated')).toHaveLength(1);
      const [stored] = await t.deps.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, schedule.id));
      expect(stored).toMatchObject({ generatedCount: 1, nextRunDate: '2026-12-21' });
    }
    const created = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, books.user.organizationId), eq(auditLog.action, 'invoice.created')));
    expect(created.filter((row) => generated.some((invoice) => invoice.id === row.entityId))).toHaveLength(5);
  });

  it('catches up missed run days one at a time, in order, when the server was down', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21', frequency: 'weekly' });
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-12-13'), ...only(books) })).toMatchObject({ generated: 4 });
    const made = await invoicesOf(schedule.id);
    expect(made.map((invoice) => [invoice.issueDate, invoice.invoiceNumber])).toEqual([
      ['2026-11-21', 'INV-1000'],
      ['2026-11-28', 'INV-1001'],
      ['2026-12-05', 'INV-1002'],
      ['2026-12-12', 'INV-1003'],
    ]);
  });

  it('makes each invoice once when two scheduler runs overlap', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedules = await Promise.all([1, 2, 3].map(() => createSchedule(books, payer.id, { startDate: '2026-11-21' })));
    const now = noonOn('2027-02-21');
    const [first, second] = await Promise.all([runDueSchedules(t.deps, { now, ...only(books) }), runDueSchedules(t.deps, { now, ...only(books) })]);
    expect((first?.generated ?? 0) + (second?.generated ?? 0)).toBe(12);
    for (const schedule of schedules) expect((await invoicesOf(schedule.id)).map((invoice) => invoice.issueDate)).toEqual(['2026-11-21', '2026-12-21', '2027-01-21', '2027-02-21']);
    const numbers = (await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, books.user.organizationId))).map((invoice) => invoice.invoiceNumber);
    expect(new Set(numbers).size).toBe(12);
  });

  it('makes each invoice once with three runners over two organizations, numbers unique in each', async () => {
    const a = await ownerWithCustomer(t);
    const b = await ownerWithCustomer(t);
    const made = [];
    for (const { owner: books, customer: payer } of [a, b, a, b, a, b]) made.push(await createSchedule(books, payer.id, { startDate: '2026-11-21', frequency: 'weekly' }));
    const options = { now: noonOn('2026-12-05'), organizationIds: [a.owner.user.organizationId, b.owner.user.organizationId] };
    const results = await Promise.all([runDueSchedules(t.deps, options), runDueSchedules(t.deps, options), runDueSchedules(t.deps, options)]);
    expect(results.reduce((sum, result) => sum + result.generated, 0)).toBe(18);
    expect(results.every((result) => result.failed === 0)).toBe(true);
    for (const schedule of made) expect((await invoicesOf(schedule.id)).map((invoice) => invoice.issueDate)).toEqual(['2026-11-21', '2026-11-28', '2026-12-05']);
    for (const { owner: books } of [a, b]) {
      const numbers = (await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, books.user.organizationId))).map((invoice) => invoice.invoiceNumber);
      expect(numbers.sort()).toEqual(Array.from({ length: 9 }, (_, index) => `INV-${1000 + index}`));
    }
  });

  it('makes no second invoice for a day already run, and moves on', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21' });
    await runDueSchedules(t.deps, { now: noonOn('2026-11-21'), ...only(books) });
    // As if a retry found the schedule not yet advanced: the run row for Nov 21 is the idempotency key.
    await t.deps.db.update(recurringInvoices).set({ nextRunDate: '2026-11-21', generatedCount: 0 }).where(eq(recurringInvoices.id, schedule.id));
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-11-21'), ...only(books) })).toMatchObject({ generated: 0 });
    expect(await invoicesOf(schedule.id)).toHaveLength(1);
    const [stored] = await t.deps.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, schedule.id));
    expect(stored?.nextRunDate).toBe('2026-12-21');
  });

  it('stops after N invoices and completes', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21', frequency: 'quarterly', endType: 'after_count', endAfterCount: 3 });
    expect(await runDueSchedules(t.deps, { now: noonOn('2028-01-01'), ...only(books) })).toMatchObject({ generated: 3 });
    expect((await invoicesOf(schedule.id)).map((invoice) => invoice.issueDate)).toEqual(['2026-11-21', '2027-02-21', '2027-05-21']);
    const read = await books.request({ method: 'GET', url: `/api/recurring-invoices/${schedule.id}` });
    expect(read.json()).toMatchObject({ status: 'completed', nextRunDate: null, generatedCount: 3 });
  });

  it('runs on its end date and not after it', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21', frequency: 'weekly', endType: 'on_date', endDate: '2026-12-05' });
    expect(await runDueSchedules(t.deps, { now: noonOn('2027-03-01'), ...only(books) })).toMatchObject({ generated: 3 });
    expect((await invoicesOf(schedule.id)).map((invoice) => invoice.issueDate)).toEqual(['2026-11-21', '2026-11-28', '2026-12-05']);
    const [stored] = await t.deps.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, schedule.id));
    expect(stored).toMatchObject({ status: 'completed', nextRunDate: null });
  });

  it('sets aside a schedule that cannot run and makes the others', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const broken = await createSchedule(books, payer.id, { startDate: '2026-11-21' });
    const healthy = await createSchedule(books, payer.id, { startDate: '2026-11-21' });
    // A corrupt anchor makes the next run day impossible ("2026-12-00"): the database refuses it.
    await t.deps.db.update(recurringInvoices).set({ anchorDay: 0 }).where(eq(recurringInvoices.id, broken.id));
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-11-21'), ...only(books) })).toMatchObject({ generated: 1, failed: 1 });
    expect(await invoicesOf(broken.id)).toEqual([]);
    expect(await invoicesOf(healthy.id)).toHaveLength(1);
    const [stored] = await t.deps.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, broken.id));
    expect(stored).toMatchObject({ generatedCount: 0, nextRunDate: '2026-11-21' });
  });

  it('leaves paused schedules alone', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21', status: 'paused' });
    expect(await runDueSchedules(t.deps, { now: noonOn('2027-03-01'), ...only(books) })).toMatchObject({ generated: 0 });
    expect(await invoicesOf(schedule.id)).toEqual([]);
  });

  it('uses the organization day: 02:00 UTC is still the day before in New York', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    await createSchedule(books, payer.id, { startDate: '2026-11-28' });
    expect(await runDueSchedules(t.deps, { now: new Date('2026-11-28T02:00:00Z'), ...only(books) })).toMatchObject({ generated: 0 });
    expect(await runDueSchedules(t.deps, { now: new Date('2026-11-28T06:00:00Z'), ...only(books) })).toMatchObject({ generated: 1 });
  });
});

describe('auto-send', () => {
  it('mails each generated invoice once, even when the run is repeated, and marks it sent', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21', autoSend: true });
    const before = readMails(t).length;
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-12-21'), ...only(books) })).toMatchObject({ generated: 2, sent: 2 });
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-12-21'), ...only(books) })).toMatchObject({ generated: 0, sent: 0 });
    const mails = readMails(t).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.includes(payer.email))).toBe(true);
    const made = await invoicesOf(schedule.id);
    expect(made.map((invoice) => invoice.status)).toEqual(['sent', 'sent']);
    const runs = await t.deps.db.select().from(recurringInvoiceRuns).where(eq(recurringInvoiceRuns.recurringInvoiceId, schedule.id));
    expect(runs.every((run) => run.sentAt !== null)).toBe(true);
  });

  it('keeps a refused mail for a later pass and then sends it once', async () => {
    const { owner: books, customer: payer } = await ownerWithCustomer(t);
    const schedule = await createSchedule(books, payer.id, { startDate: '2026-11-21', autoSend: true });
    const refusing: Mailer = { ...t.deps.mail, send: async () => Promise.reject(new Error('mail server down')) };
    expect(await runDueSchedules({ db: t.deps.db, mail: refusing }, { now: noonOn('2026-11-21'), ...only(books) })).toMatchObject({ generated: 1, sent: 0 });
    const [run] = await t.deps.db.select().from(recurringInvoiceRuns).where(eq(recurringInvoiceRuns.recurringInvoiceId, schedule.id));
    expect(run?.sentAt).toBeNull();
    const before = readMails(t).length;
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-11-21'), ...only(books) })).toMatchObject({ generated: 0, sent: 1 });
    expect(await runDueSchedules(t.deps, { now: noonOn('2026-11-21'), ...only(books) })).toMatchObject({ sent: 0 });
    expect(readMails(t).length - before).toBe(1);
    expect((await invoicesOf(schedule.id))[0]?.status).toBe('sent');
  });
});

describe('POST /api/practice/invoices/recurring', () => {
  it("generates what is due in the firm's books and its clients' workspaces, not another firm's", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    await activateClient(firm, client);
    const firmCustomer = await createCustomerFor(firm);
    await createSchedule(firm, firmCustomer.id, { startDate: '2026-11-21' });
    await openWorkspace(firm, client.organizationId);
    const clientCustomer = await createCustomerFor(firm);
    const clientSchedule = await createSchedule(firm, clientCustomer.id, { startDate: '2026-11-21' });
    await openWorkspace(firm, firm.user.homeOrganizationId);
    const otherFirm = await signUpFirm(t);
    const otherCustomer = await createCustomerFor(otherFirm);
    const untouched = await createSchedule(otherFirm, otherCustomer.id, { startDate: '2026-11-21' });

    const response = await firm.request({ method: 'POST', url: '/api/practice/invoices/recurring' });
    expect(response.statusCode, response.body).toBe(200);
    // The firm's own schedule, the client's fee schedule (made when the client was activated), the one in the client's workspace.
    expect(response.json()).toEqual({ generated: 3 });
    expect(await invoicesOf(clientSchedule.id)).toHaveLength(1);
    const fees = await t.deps.db.select().from(invoices).where(eq(invoices.customerId, client.id));
    expect(fees.map((invoice) => [invoice.organizationId, invoice.totalAmount])).toEqual([[firm.user.organizationId, '299.00']]);
    expect(await invoicesOf(untouched.id)).toEqual([]);
    expect((await firm.request({ method: 'POST', url: '/api/practice/invoices/recurring' })).json()).toEqual({ generated: 0 });
  });

  it('is refused to a business', async () => {
    const response = await owner.request({ method: 'POST', url: '/api/practice/invoices/recurring' });
    expect(response.statusCode).toBe(403);
    void customer;
  });
});
