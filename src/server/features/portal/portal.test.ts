import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalAccount, PortalInvoice } from '../../../shared/contracts/portal';
import { createApp, redactPaths } from '../../app';
import { auditLog, autopayCharges, customerCredits, invoices, lateFees, organizations, portalSessions, portalSettings, portalTokens, users } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { nextClientAddress, type SignedIn, signUp } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { createCustomerFor, createInvoiceFor } from '../invoices/invoices.fixtures';
import { invite, mailedPortalToken, portalCookie, setPortalAccess, signInToPortal } from './portal-fixtures';

let t: TestApp;
let owner: SignedIn;
// Saturday 28 November 2026, 15:00 UTC: 10:00 in New York, the workspace's time zone.
const NOW = new Date('2026-11-28T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const openSession = (token: string, remoteAddress = nextClientAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token }, remoteAddress });

async function customerWithLink(overrides: Record<string, unknown> = {}) {
  const customer = await createCustomerFor(owner, overrides);
  await setPortalAccess(owner, customer.id, true);
  const invited = await invite(owner, customer.id);
  expect(invited.statusCode, invited.body).toBe(200);
  return { customer, token: mailedPortalToken(t, invited.json<{ sentTo: string }>().sentTo) };
}

describe('portal access on the staff side', () => {
  it('starts off, turns on with permissions, and writes an audit row', async () => {
    const customer = await createCustomerFor(owner);
    const before = await owner.request({ method: 'GET', url: `/api/customers/${customer.id}/portal` });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ hasPortalAccess: false, portalPermissions: [], openSessions: 0, lastInvitedAt: null, lastSignInAt: null });
    const after = await setPortalAccess(owner, customer.id, true, ['view_invoices', 'download_statements']);
    expect(after).toMatchObject({ hasPortalAccess: true, portalPermissions: ['view_invoices', 'download_statements'], email: customer.email });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.portal_access'), eq(auditLog.entityId, customer.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ after: { hasPortalAccess: true } });
  });

  it("hides another workspace's customer behind a 404 and refuses a viewer", async () => {
    const other = await signUp(t.app);
    const theirs = await createCustomerFor(other);
    expect((await owner.request({ method: 'GET', url: `/api/customers/${theirs.id}/portal` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'PUT', url: `/api/customers/${theirs.id}/portal`, payload: { hasPortalAccess: true } })).statusCode).toBe(404);
    expect((await invite(owner, theirs.id)).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: '/api/customers/not-a-uuid/portal' })).statusCode).toBe(404);
    await t.deps.db.update(users).set({ role: 'viewer' }).where(eq(users.id, other.user.id));
    expect((await other.request({ method: 'PUT', url: `/api/customers/${theirs.id}/portal`, payload: { hasPortalAccess: true } })).statusCode).toBe(403);
  });

  it('refuses an unknown permission with a 400', async () => {
    const customer = await createCustomerFor(owner);
    const response = await owner.request({ method: 'PUT', url: `/api/customers/${customer.id}/portal`, payload: { hasPortalAccess: true, portalPermissions: ['admin'] } });
    expect(response.statusCode).toBe(400);
  });

  it('sends no link while access is off', async () => {
    const customer = await createCustomerFor(owner);
    const response = await invite(owner, customer.id);
    expect(response.statusCode).toBe(409);
    expect(await t.deps.db.select().from(portalTokens).where(eq(portalTokens.customerId, customer.id))).toEqual([]);
  });

  it("mails the billing contact a link with the token in the URL fragment, stores only the token's hash, and audits it", async () => {
    const customer = await createCustomerFor(owner, { billingContactEmail: 'ap@billing.example', billingContactName: 'Pat Payables' });
    await setPortalAccess(owner, customer.id, true);
    const response = await invite(owner, customer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sentTo: 'ap@billing.example', expiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString() });
    const mail = readMails(t).find((text) => text.includes('To: ap@billing.example')) ?? '';
    expect(mail).toContain('Hello Pat Payables');
    expect(mail).toMatch(/http:\/\/localhost:5000\/portal\/sign-in#token=[A-Za-z0-9_-]{40,}/);
    const token = mailedPortalToken(t, 'ap@billing.example');
    const [stored] = await t.deps.db.select().from(portalTokens).where(eq(portalTokens.customerId, customer.id));
    expect(stored?.id).not.toBe(token);
    expect(stored?.id).toMatch(/^[0-9a-f]{64}$/);
    const access = await owner.request({ method: 'GET', url: `/api/customers/${customer.id}/portal` });
    expect(access.json()).toMatchObject({ lastInvitedAt: NOW.toISOString(), email: 'ap@billing.example' });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'customer.portal_invited'), eq(auditLog.entityId, customer.id)));
    expect(audits).toHaveLength(1);
  });

  it('throttles sign-in links: 5 per 15 minutes per customer', async () => {
    const customer = await createCustomerFor(owner);
    await setPortalAccess(owner, customer.id, true);
    for (let i = 0; i < 5; i += 1) expect((await invite(owner, customer.id)).statusCode).toBe(200);
    const refused = await invite(owner, customer.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another customer of the same workspace still gets its link.
    const next = await createCustomerFor(owner);
    await setPortalAccess(owner, next.id, true);
    expect((await invite(owner, next.id)).statusCode).toBe(200);
  });

  it('throttles sign-in links per workspace: 50 an hour', async () => {
    const busy = await signUp(t.app);
    const customers = await Promise.all(Array.from({ length: 11 }, () => createCustomerFor(busy)));
    for (const customer of customers) await setPortalAccess(busy, customer.id, true);
    const statuses: number[] = [];
    for (const customer of customers) for (let i = 0; i < 5; i += 1) statuses.push((await invite(busy, customer.id)).statusCode);
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('portal sign-in', () => {
  it('opens a session once: the second use of a link is a 401', async () => {
    const { customer, token } = await customerWithLink();
    const first = await openSession(token);
    expect(first.statusCode).toBe(204);
    const cookie = portalCookie(first);
    expect(first.headers['set-cookie']?.toString()).toMatch(/HttpOnly/);
    const account = await t.app.inject({ method: 'GET', url: '/api/portal/account', headers: { cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.json<PortalAccount>().customer.id).toBe(customer.id);
    const second = await openSession(token);
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toMatch(/not valid or has expired/);
    const access = await owner.request({ method: 'GET', url: `/api/customers/${customer.id}/portal` });
    expect(access.json()).toMatchObject({ openSessions: 1, lastSignInAt: NOW.toISOString() });
  });

  it('refuses a link after 30 minutes', async () => {
    const { token } = await customerWithLink();
    t.clock.advance(30 * 60_000 + 1000);
    try {
      const response = await openSession(token);
      expect(response.statusCode).toBe(401);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('still opens a link at 29 minutes', async () => {
    const { token } = await customerWithLink();
    t.clock.advance(29 * 60_000);
    try {
      expect((await openSession(token)).statusCode).toBe(204);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses a made-up token, and an empty one with a 400', async () => {
    expect((await openSession('x'.repeat(43))).statusCode).toBe(401);
    expect((await openSession('')).statusCode).toBe(400);
  });

  it('throttles opening links per address: 10 per 15 minutes', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 10; i += 1) expect((await openSession(`guess-${i}`, address)).statusCode).toBe(401);
    const { token } = await customerWithLink();
    expect((await openSession(token, address)).statusCode).toBe(429);
    // The link was not used up by the refused request.
    expect((await openSession(token)).statusCode).toBe(204);
  });

  it('revoking access ends a live session at once and voids unused links', async () => {
    const customer = await createCustomerFor(owner);
    const { cookie, get } = await signInToPortal(t, owner, customer);
    expect((await get('/api/portal/account')).statusCode).toBe(200);
    const unused = await invite(owner, customer.id);
    const unusedToken = mailedPortalToken(t, unused.json<{ sentTo: string }>().sentTo);
    const revoked = await setPortalAccess(owner, customer.id, false);
    expect(revoked).toMatchObject({ hasPortalAccess: false, openSessions: 0 });
    expect((await get('/api/portal/account')).statusCode).toBe(401);
    expect((await get('/api/portal/invoices')).statusCode).toBe(401);
    expect(await t.deps.db.select().from(portalSessions).where(eq(portalSessions.customerId, customer.id))).toEqual([]);
    // Turning access back on does not bring the old link or cookie back.
    await setPortalAccess(owner, customer.id, true);
    expect((await openSession(unusedToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/account', headers: { cookie } })).statusCode).toBe(401);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.portal_access'), eq(auditLog.entityId, customer.id)))
      .orderBy(auditLog.id)
      .offset(1);
    expect(audit?.details).toMatchObject({ sessionsEnded: 1, after: { hasPortalAccess: false } });
  });

  it('signs out: the cookie no longer works', async () => {
    const customer = await createCustomerFor(owner);
    const { cookie, get } = await signInToPortal(t, owner, customer);
    const out = await t.app.inject({ method: 'POST', url: '/api/portal/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await get('/api/portal/account')).statusCode).toBe(401);
  });

  it('keeps staff and portal sessions apart: a staff cookie is a 401 on the portal', async () => {
    expect((await owner.request({ method: 'GET', url: '/api/portal/account' })).statusCode).toBe(401);
    expect((await owner.request({ method: 'GET', url: '/api/portal/invoices' })).statusCode).toBe(401);
    const customer = await createCustomerFor(owner);
    const { get } = await signInToPortal(t, owner, customer);
    expect((await get('/api/customers')).statusCode).toBe(401);
    expect((await get(`/api/customers/${customer.id}/portal`)).statusCode).toBe(401);
  });

  it('never writes a sign-in token or portal cookie to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await createApp({ ...t.deps, logger: { level: 'trace', stream, redact: { paths: redactPaths, censor: '[redacted]' } } });
    await logged.ready();
    try {
      const customer = await createCustomerFor(owner);
      await setPortalAccess(owner, customer.id, true);
      const invited = await logged.inject({ method: 'POST', url: `/api/customers/${customer.id}/portal/invite`, headers: { cookie: owner.cookie } });
      expect(invited.statusCode).toBe(200);
      const token = mailedPortalToken(t, customer.email);
      const opened = await logged.inject({ method: 'POST', url: '/api/portal/session', payload: { token }, remoteAddress: nextClientAddress() });
      expect(opened.statusCode).toBe(204);
      const cookie = portalCookie(opened);
      expect((await logged.inject({ method: 'GET', url: '/api/portal/account', headers: { cookie } })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'POST', url: '/api/portal/session', payload: { token }, remoteAddress: nextClientAddress() })).statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain('/api/portal/session');
      expect(log).toContain('/portal/invite');
      expect(log).not.toContain(token);
      expect(log).not.toContain(cookie.slice('psid='.length, 'psid='.length + 30));
    } finally {
      await logged.close();
    }
  });
});

describe('what the portal shows', () => {
  it("shows the customer's balance, overdue amount, credits, payments and branding", async () => {
    const customer = await createCustomerFor(owner);
    // 135.40 due 2026-11-10 (overdue on the 28th), 135.40 due 2026-12-15, one draft that is never shown.
    const overdue = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-10-10', dueDate: '2026-11-10' });
    const current = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-11-15', dueDate: '2026-12-15' });
    await createInvoiceFor(owner, customer.id, { status: 'draft' });
    const paid = await owner.request({ method: 'POST', url: `/api/invoices/${current.id}/payments`, payload: { paidAt: '2026-11-20', method: 'ach', amount: '35.40' } });
    expect(paid.statusCode, paid.body).toBe(201);
    await t.deps.db.insert(customerCredits).values({
      organizationId: owner.user.organizationId,
      customerId: customer.id,
      kind: 'credit_note',
      creditNumber: 'CN-1000',
      invoiceId: overdue.id,
      issueDate: '2026-11-21',
      subtotal: '20.00',
      amount: '20.00',
      amountApplied: '5.00',
    });
    const { get } = await signInToPortal(t, owner, customer);
    const response = await get('/api/portal/account');
    expect(response.statusCode).toBe(200);
    const account = response.json<PortalAccount>();
    // Open: 135.40 + (135.40 - 35.40) = 235.40; unapplied credit 15.00; balance 220.40.
    expect(account).toMatchObject({
      balance: '220.40',
      unappliedCredit: '15.00',
      overdueAmount: '135.40',
      openInvoiceCount: 2,
      currency: 'USD',
      customer: { id: customer.id, name: customer.name },
      payment: { stripe: null, bankTransferInstructions: null },
      autopay: { available: false, enabled: false, method: null },
    });
    expect(account.brand.primaryColor).toMatch(/^#/);
    expect(account.brand.firmName).toBeNull();
    expect(account.credits).toEqual([
      expect.objectContaining({ creditNumber: 'CN-1000', invoiceNumber: overdue.invoiceNumber, amount: '20.00', remaining: '15.00' }),
    ]);
    expect(account.payments).toEqual([expect.objectContaining({ amount: '35.40', date: '2026-11-20', invoiceNumber: current.invoiceNumber })]);
  });

  it('lists only sent, overdue and paid invoices of this customer, overdue on the workspace day, with late fee and autopay failure', async () => {
    const customer = await createCustomerFor(owner);
    const other = await createCustomerFor(owner);
    const late = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-10-01', dueDate: '2026-11-27' });
    const dueToday = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-28' });
    const settled = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-09-01', dueDate: '2026-10-01' });
    expect((await owner.request({ method: 'POST', url: `/api/invoices/${settled.id}/payments`, payload: { paidAt: '2026-10-01', method: 'ach', amount: '135.40' } })).statusCode).toBe(201);
    const fee = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-11-27', dueDate: '2026-12-27' });
    await t.deps.db.insert(lateFees).values({ organizationId: owner.user.organizationId, invoiceId: late.id, feeInvoiceId: fee.id, period: 1, chargedOn: '2026-11-27', amount: '135.40' });
    await t.deps.db.insert(autopayCharges).values([
      { organizationId: owner.user.organizationId, customerId: customer.id, invoiceId: dueToday.id, attempt: 1, chargeDate: '2026-11-28', amount: '135.40', status: 'failed', failureReason: 'Your card was declined.' },
    ]);
    await createInvoiceFor(owner, customer.id, { status: 'draft' });
    const cancelled = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    await t.deps.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, cancelled.id));
    await createInvoiceFor(owner, other.id, { status: 'sent' });

    const { get } = await signInToPortal(t, owner, customer);
    const all = await get('/api/portal/invoices');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    const rows = all.json<PortalInvoice[]>();
    expect(rows.map((row) => [row.invoiceNumber, row.status, row.amountDue])).toEqual([
      [late.invoiceNumber, 'overdue', '135.40'],
      [dueToday.invoiceNumber, 'sent', '135.40'],
      [fee.invoiceNumber, 'sent', '135.40'],
      [settled.invoiceNumber, 'paid', '0.00'],
    ]);
    expect(rows.find((row) => row.id === fee.id)?.lateFeeFor).toBe(late.invoiceNumber);
    expect(rows.find((row) => row.id === dueToday.id)?.autopayFailure).toBe('Autopay on 2026-11-28 failed: Your card was declined.');
    expect(rows.find((row) => row.id === late.id)).toMatchObject({ lateFeeFor: null, autopayFailure: null });
    const open = await get('/api/portal/invoices?status=open&limit=2');
    expect(open.json<PortalInvoice[]>().map((row) => row.id)).toEqual([late.id, dueToday.id]);
    expect(open.headers['x-total-count']).toBe('3');
    const paidOnly = await get('/api/portal/invoices?status=paid');
    expect(paidOnly.json<PortalInvoice[]>().map((row) => row.id)).toEqual([settled.id]);
  });

  it("serves the customer's invoice PDF and 404s a draft or another customer's invoice", async () => {
    const customer = await createCustomerFor(owner);
    const other = await createCustomerFor(owner);
    const sent = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const draft = await createInvoiceFor(owner, customer.id, { status: 'draft' });
    const theirs = await createInvoiceFor(owner, other.id, { status: 'sent' });
    const { get } = await signInToPortal(t, owner, customer);
    const pdf = await get(`/api/portal/invoices/${sent.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/portal/invoices/${draft.id}/pdf`)).statusCode).toBe(404);
    expect((await get(`/api/portal/invoices/${theirs.id}/pdf`)).statusCode).toBe(404);
    expect((await get('/api/portal/invoices/nope/pdf')).statusCode).toBe(404);
  });

  it('answers 403 for what the permissions leave out', async () => {
    const customer = await createCustomerFor(owner);
    const sent = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const { get } = await signInToPortal(t, owner, customer, ['download_statements']);
    const account = await get('/api/portal/account');
    expect(account.statusCode).toBe(200);
    expect(account.json<PortalAccount>()).toMatchObject({ permissions: ['download_statements'], credits: [], payments: [], balance: '135.40' });
    expect((await get('/api/portal/invoices')).statusCode).toBe(403);
    expect((await get(`/api/portal/invoices/${sent.id}/pdf`)).statusCode).toBe(403);
    // Pay alone still lists what there is to pay, but not the PDFs.
    const payer = await createCustomerFor(owner);
    await createInvoiceFor(owner, payer.id, { status: 'sent' });
    const payOnly = await signInToPortal(t, owner, payer, ['pay']);
    const listed = await payOnly.get('/api/portal/invoices');
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it("names the firm for a practice client's workspace and shows the bank transfer instructions", async () => {
    const client = await signUp(t.app, { companyName: 'Harbor Bakery' });
    const [firm] = await t.deps.db.insert(organizations).values({ name: 'Ledger & Co', type: 'accounting_firm' }).returning();
    await t.deps.db.update(organizations).set({ accountingFirmId: firm?.id ?? null, primaryColor: '#0f766e' }).where(eq(organizations.id, client.user.organizationId));
    const customer = await createCustomerFor(client);
    const saved = await client.request({
      method: 'PUT',
      url: '/api/settings/portal',
      payload: { paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00', autopayMaxAttempts: 2, autopayRetryDays: 5 },
    });
    expect(saved.statusCode).toBe(200);
    const { get } = await signInToPortal(t, client, customer);
    const account = (await get('/api/portal/account')).json<PortalAccount>();
    expect(account.brand).toMatchObject({ name: 'Harbor Bakery', firmName: 'Ledger & Co', primaryColor: '#0f766e' });
    expect(account.payment.bankTransferInstructions).toBe('IBAN DE89 3704 0044 0532 0130 00');
  });
});

describe('the statement in the portal', () => {
  it("gives the customer's own statement as JSON and PDF, each with its permission", async () => {
    const customer = await createCustomerFor(owner);
    const october = await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-10-10', dueDate: '2026-11-10' });
    await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2026-11-12', dueDate: '2026-12-12' });
    const paid = await owner.request({ method: 'POST', url: `/api/invoices/${october.id}/payments`, payload: { paidAt: '2026-11-20', method: 'ach', amount: '35.40' } });
    expect(paid.statusCode).toBe(201);
    const { get } = await signInToPortal(t, owner, customer, ['view_invoices']);
    const json = await get('/api/portal/statement?from=2026-11-01&to=2026-11-30');
    expect(json.statusCode, json.body).toBe(200);
    // Opening: the October invoice 135.40; November: +135.40 invoice, -35.40 payment; closing 235.40.
    expect(json.json()).toMatchObject({ from: '2026-11-01', to: '2026-11-30', openingBalance: '135.40', closingBalance: '235.40', customer: { id: customer.id } });
    expect(json.json<{ lines: { kind: string; balance: string }[] }>().lines.map((line) => [line.kind, line.balance])).toEqual([
      ['invoice', '270.80'],
      ['payment', '235.40'],
    ]);
    expect((await get('/api/portal/statement?from=2026-11-01&to=2026-11-30&format=pdf')).statusCode).toBe(403);
    expect((await get('/api/portal/statement?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/portal/statement?from=soon&to=2026-11-01')).statusCode).toBe(400);

    const statements = await signInToPortal(t, owner, customer, ['download_statements']);
    const pdf = await statements.get('/api/portal/statement?from=2026-11-01&to=2026-11-30&format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await statements.get('/api/portal/statement?from=2026-11-01&to=2026-11-30')).statusCode).toBe(403);
  });
});

describe('portal settings', () => {
  it('reads the defaults, saves with an audit row, and refuses out-of-range values', async () => {
    const admin = await signUp(t.app);
    const defaults = await admin.request({ method: 'GET', url: '/api/settings/portal' });
    expect(defaults.json()).toEqual({ paymentInstructions: null, autopayMaxAttempts: 3, autopayRetryDays: 3 });
    const saved = await admin.request({ method: 'PUT', url: '/api/settings/portal', payload: { paymentInstructions: '  Pay to account 123  ', autopayMaxAttempts: 10, autopayRetryDays: 30 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ paymentInstructions: 'Pay to account 123', autopayMaxAttempts: 10, autopayRetryDays: 30 });
    const [row] = await t.deps.db.select().from(portalSettings).where(eq(portalSettings.organizationId, admin.user.organizationId));
    expect(row).toMatchObject({ autopayMaxAttempts: 10, autopayRetryDays: 30 });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'portal_settings.updated'), eq(auditLog.organizationId, admin.user.organizationId)));
    expect(audits).toHaveLength(1);
    for (const payload of [
      { autopayMaxAttempts: 0, autopayRetryDays: 3 },
      { autopayMaxAttempts: 11, autopayRetryDays: 3 },
      { autopayMaxAttempts: 3, autopayRetryDays: 31 },
      { autopayMaxAttempts: 1.5, autopayRetryDays: 3 },
    ]) {
      const refused = await admin.request({ method: 'PUT', url: '/api/settings/portal', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    await t.deps.db.update(users).set({ role: 'accountant' }).where(eq(users.id, admin.user.id));
    const accountant = await admin.request({ method: 'PUT', url: '/api/settings/portal', payload: { autopayMaxAttempts: 3, autopayRetryDays: 3 } });
    expect(accountant.statusCode).toBe(403);
  });
});
