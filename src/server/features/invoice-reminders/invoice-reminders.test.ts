import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, automationSettings, invoiceReminders, organizations, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { createInvoiceFor, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { addClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { sendDueReminders } from './send-due-reminders';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: new Date('2026-11-24T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

/** An owner in New York with a sent invoice due on 2026-11-01 (balance 135.40). */
async function overdueInvoice(overrides: Record<string, unknown> = {}) {
  const { owner, customer } = await ownerWithCustomer(t);
  await t.deps.db.update(organizations).set({ timeZone: 'America/New_York' }).where(eq(organizations.id, owner.user.organizationId));
  const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-10-01', dueDate: '2026-11-01', ...overrides });
  return { owner, customer, invoice, organizationId: owner.user.organizationId };
}

/** Runs the reminder work at noon New York time on `day`. */
const runOn = (day: string) => sendDueReminders(t.deps, { now: new Date(`${day}T17:00:00Z`) });

const remindersOf = (invoiceId: string) => t.deps.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));

describe('sending payment reminders', () => {
  it('mails on days 7, 14 and 30 after the due date only, with the PDF, and records each', async () => {
    const { invoice, customer } = await overdueInvoice();
    const sentOn: string[] = [];
    for (let day = 1; day <= 40; day += 1) {
      const date = new Date(Date.UTC(2026, 10, 1 + day)).toISOString().slice(0, 10);
      const result = await runOn(date);
      if (result.sent > 0) sentOn.push(date);
      expect(result.failed).toBe(0);
    }
    expect(sentOn).toEqual(['2026-11-08', '2026-11-15', '2026-12-01']);
    const rows = await remindersOf(invoice.id);
    expect(rows.map((row) => [row.daysOverdue, row.reminderDate, row.status, row.toEmail]).sort()).toEqual([
      [14, '2026-11-15', 'sent', customer.email],
      [30, '2026-12-01', 'sent', customer.email],
      [7, '2026-11-08', 'sent', customer.email],
    ]);
    const mails = readMails(t);
    expect(mails).toHaveLength(3);
    expect(mails[0]).toContain(`Reminder: invoice ${invoice.invoiceNumber}`);
    expect(mails[0]).toContain('7 days overdue');
    expect(mails[0]).toContain('Amount still due: $135.40');
    expect(mails[0]).toContain('application/pdf');
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'invoice.reminder_sent')));
    expect(audit).toHaveLength(3);
  });

  it('sends nothing on day 6 and nothing more on day 8', async () => {
    const { invoice } = await overdueInvoice();
    expect((await runOn('2026-11-07')).sent).toBe(0);
    expect((await runOn('2026-11-08')).sent).toBe(1);
    expect((await runOn('2026-11-09')).sent).toBe(0);
    expect(await remindersOf(invoice.id)).toHaveLength(1);
  });

  it('includes the live payment link of the invoice', async () => {
    const { owner, invoice } = await overdueInvoice();
    const link = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payment-link`, payload: {} });
    expect(link.statusCode, link.body).toBeLessThan(300);
    await runOn('2026-11-08');
    expect(readMails(t)[0]).toContain(`link=${link.json().linkId}`);
  });

  it('never reminds about a paid, cancelled or draft invoice', async () => {
    const { owner, invoice, customer } = await overdueInvoice();
    const pay = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { paidAt: '2026-11-05', method: 'ach', amount: '135.40' } });
    expect(pay.statusCode, pay.body).toBeLessThan(300);
    const cancelled = await createInvoiceFor(owner, customer.id, { status: 'cancelled', issueDate: '2026-10-01', dueDate: '2026-11-01' });
    const draft = await createInvoiceFor(owner, customer.id, { status: 'draft', issueDate: '2026-10-01', dueDate: '2026-11-01' });
    expect(await runOn('2026-12-05')).toEqual({ claimed: 0, sent: 0, failed: 0 });
    for (const id of [invoice.id, cancelled.id, draft.id]) expect(await remindersOf(id)).toHaveLength(0);
    expect(readMails(t)).toHaveLength(0);
  });

  it('mails each reminder once when two runs race', async () => {
    const { invoice } = await overdueInvoice();
    const now = new Date('2026-11-08T17:00:00Z');
    const results = await Promise.all([sendDueReminders(t.deps, { now }), sendDueReminders(t.deps, { now }), sendDueReminders(t.deps, { now })]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(await remindersOf(invoice.id)).toHaveLength(1);
    expect(readMails(t)).toHaveLength(1);
  });

  it('a stopped run claims nothing more, and the next run mails what was left', async () => {
    const { invoice } = await overdueInvoice();
    const now = new Date('2026-11-08T17:00:00Z');
    const stopped = new AbortController();
    stopped.abort();
    expect(await sendDueReminders(t.deps, { now, signal: stopped.signal })).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(await remindersOf(invoice.id)).toHaveLength(0);
    expect((await sendDueReminders(t.deps, { now })).sent).toBe(1);
    expect(readMails(t)).toHaveLength(1);
  });

  it('after a missed week sends only the latest due reminder, and none of the earlier ones afterwards', async () => {
    const { invoice } = await overdueInvoice();
    expect((await runOn('2026-12-03')).sent).toBe(1);
    expect((await runOn('2026-12-04')).sent).toBe(0);
    const rows = await remindersOf(invoice.id);
    expect(rows.map((row) => row.daysOverdue)).toEqual([30]);
    expect(readMails(t)[0]).toContain('30 days overdue');
  });

  it('respects reminders turned off and custom days', async () => {
    const off = await overdueInvoice();
    await t.deps.db.insert(automationSettings).values({ organizationId: off.organizationId, sendReminders: false });
    const custom = await overdueInvoice();
    await t.deps.db.insert(automationSettings).values({ organizationId: custom.organizationId, reminderDays: [3, 10] });
    expect((await runOn('2026-11-04')).sent).toBe(1);
    expect((await runOn('2026-11-08')).sent).toBe(0);
    expect((await runOn('2026-11-11')).sent).toBe(1);
    expect(await remindersOf(off.invoice.id)).toHaveLength(0);
    expect((await remindersOf(custom.invoice.id)).map((row) => row.daysOverdue).sort()).toEqual([10, 3]);
  });

  it("uses the organization's day: 00:30 UTC on the 8th is still the 7th in New York", async () => {
    const { invoice } = await overdueInvoice();
    expect((await sendDueReminders(t.deps, { now: new Date('2026-11-08T04:30:00Z') })).sent).toBe(0);
    expect((await sendDueReminders(t.deps, { now: new Date('2026-11-08T05:30:00Z') })).sent).toBe(1);
    expect((await remindersOf(invoice.id))[0]?.reminderDate).toBe('2026-11-08');
  });

  it('records a refused mail as failed with the reason and never retries it', async () => {
    const { invoice } = await overdueInvoice();
    const refusing = { ...t.deps, mail: { send: () => Promise.reject(new Error('550 mailbox unavailable')) } };
    expect(await sendDueReminders(refusing, { now: new Date('2026-11-08T17:00:00Z') })).toEqual({ claimed: 1, sent: 0, failed: 1 });
    expect((await runOn('2026-11-09')).claimed).toBe(0);
    const [row] = await remindersOf(invoice.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: '550 mailbox unavailable', sentAt: null });
  });

  it('never mails a reminder claimed by a run that crashed, and closes it as failed', async () => {
    const { invoice, customer, organizationId } = await overdueInvoice();
    // The crashed run inserted its claim at 12:00 New York time on the 8th and died before mailing.
    await t.deps.db.insert(invoiceReminders).values({
      organizationId,
      invoiceId: invoice.id,
      daysOverdue: 7,
      reminderDate: '2026-11-08',
      toEmail: customer.email,
      createdAt: new Date('2026-11-08T17:00:00Z'),
    });
    expect(await sendDueReminders(t.deps, { now: new Date('2026-11-08T17:05:00Z') })).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect((await remindersOf(invoice.id))[0]?.status).toBe('pending');
    expect((await runOn('2026-11-09')).claimed).toBe(0);
    const [row] = await remindersOf(invoice.id);
    expect(row?.status).toBe('failed');
    expect(row?.failureReason).toContain('Interrupted');
    expect(readMails(t)).toHaveLength(0);
  });

  it('stops after `limit` reminders and leaves the rest to the next run', async () => {
    const { owner, customer } = await overdueInvoice();
    await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-10-01', dueDate: '2026-11-01' });
    expect((await sendDueReminders(t.deps, { now: new Date('2026-11-08T17:00:00Z'), limit: 1 })).sent).toBe(1);
    expect((await sendDueReminders(t.deps, { now: new Date('2026-11-08T17:00:00Z') })).sent).toBe(1);
  });
});

describe('GET /api/invoices/{id}/reminders and POST /api/invoice-reminders/run', () => {
  it("runs the active organization's reminders and lists them, newest first", async () => {
    const { owner, invoice } = await overdueInvoice();
    const other = await overdueInvoice();
    t.clock.set(new Date('2026-11-16T17:00:00Z'));
    const run = await owner.request({ method: 'POST', url: '/api/invoice-reminders/run' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(await remindersOf(other.invoice.id)).toHaveLength(0);
    const list = await owner.request({ method: 'GET', url: `/api/invoices/${invoice.id}/reminders` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toMatchObject([{ invoiceId: invoice.id, daysOverdue: 14, reminderDate: '2026-11-15', status: 'sent', sentAt: '2026-11-16T17:00:00.000Z' }]);
  });

  it("hides another organization's invoice behind a 404, and a malformed id too", async () => {
    const { invoice } = await overdueInvoice();
    const stranger = await signUp(t.app);
    for (const id of [invoice.id, 'not-a-uuid']) {
      const response = await stranger.request({ method: 'GET', url: `/api/invoices/${id}/reminders` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('lets only owners and admins run reminders', async () => {
    const { owner } = await overdueInvoice();
    await t.deps.db.update(users).set({ role: 'accountant' }).where(eq(users.id, owner.user.id));
    const response = await owner.request({ method: 'POST', url: '/api/invoice-reminders/run' });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET/PUT /api/automation-settings', () => {
  it('answers the defaults without a row, then stores a partial change with an audit row', async () => {
    const owner = await signUp(t.app);
    const initial = await owner.request({ method: 'GET', url: '/api/automation-settings' });
    expect(initial.json()).toEqual({ sendReminders: true, reminderDays: [7, 14, 30], autoRecurring: false, recurringFrequency: null });
    const put = await owner.request({ method: 'PUT', url: '/api/automation-settings', payload: { reminderDays: [30, 5] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ sendReminders: true, reminderDays: [5, 30], autoRecurring: false, recurringFrequency: null });
    const off = await owner.request({ method: 'PUT', url: '/api/automation-settings', payload: { sendReminders: false } });
    expect(off.json()).toMatchObject({ sendReminders: false, reminderDays: [5, 30] });
    const [row] = await t.deps.db.select().from(automationSettings).where(eq(automationSettings.organizationId, owner.user.organizationId));
    expect(row).toMatchObject({ sendReminders: false, reminderDays: [5, 30] });
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'automation_settings.updated')));
    expect(audit).toHaveLength(2);
  });

  it('refuses bad days with field messages', async () => {
    const owner = await signUp(t.app);
    const cases: [unknown, string][] = [
      [[0], 'Reminder days must be at least 1'],
      [[366], 'Reminder days must be at most 365'],
      [[7, 7], 'Each reminder day may appear only once'],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'At most 10 reminder days'],
      [['x'], 'Reminder days must be numbers'],
    ];
    for (const [reminderDays, message] of cases) {
      const response = await owner.request({ method: 'PUT', url: '/api/automation-settings', payload: { reminderDays } });
      expect(response.statusCode, JSON.stringify(reminderDays)).toBe(400);
      expect(JSON.stringify(response.json().fields)).toContain(message);
    }
    const frequency = await owner.request({ method: 'PUT', url: '/api/automation-settings', payload: { autoRecurring: true, recurringFrequency: 'daily' } });
    expect(frequency.statusCode).toBe(400);
  });

  it('refuses a change by a non-admin with 403', async () => {
    const owner = await signUp(t.app);
    await t.deps.db.update(users).set({ role: 'accountant' }).where(eq(users.id, owner.user.id));
    const response = await owner.request({ method: 'PUT', url: '/api/automation-settings', payload: { sendReminders: false } });
    expect(response.statusCode).toBe(403);
  });

  it("in a client workspace reads the wizard's choice and changes the client's settings, not the firm's", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { sendReminders: false, reminderDays: [10, 20] });
    if (!client.organizationId) throw new Error('client has no workspace');
    await openWorkspace(firm, client.organizationId);
    expect((await firm.request({ method: 'GET', url: '/api/automation-settings' })).json()).toMatchObject({ sendReminders: false, reminderDays: [10, 20] });
    const put = await firm.request({ method: 'PUT', url: '/api/automation-settings', payload: { sendReminders: true } });
    expect(put.statusCode, put.body).toBe(200);
    const [stored] = await t.deps.db.select().from(automationSettings).where(eq(automationSettings.organizationId, client.organizationId));
    expect(stored).toMatchObject({ sendReminders: true, reminderDays: [10, 20] });
    const firmRows = await t.deps.db.select().from(automationSettings).where(eq(automationSettings.organizationId, firm.user.homeOrganizationId));
    expect(firmRows).toHaveLength(0);
  });
});
