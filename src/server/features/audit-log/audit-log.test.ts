import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../shared/contracts/audit-log';
import { auditLog, organizations } from '../../db/schema';
import { writeAudit, writeAudits } from '../../platform/audit';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addMember, billOf, vendorPayload } from '../bills/payables-fixtures';
import { createInvoiceFor, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { addClient, grantClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { addMember as addFirmMember } from '../team/team.fixtures';

let t: TestApp;
beforeAll(async () => {
  // Noon in New York on Thursday 2026-11-19: the organization's day does not depend on when the test runs.
  t = await createTestApp({ now: new Date('2026-11-19T17:00:00Z') });
});
afterAll(async () => t.close());

const NEW_YORK = 'America/New_York';

async function newYorkOwner(firstName = 'Olive', lastName = 'Owner') {
  const { owner, customer } = await ownerWithCustomer(t);
  await t.deps.db.update(organizations).set({ timeZone: NEW_YORK }).where(eq(organizations.id, owner.user.organizationId));
  await owner.request({ method: 'PUT', url: '/api/user/profile', payload: { firstName, lastName } });
  return { owner, customer, organizationId: owner.user.organizationId };
}

const list = (who: SignedIn, query = '') => who.request({ method: 'GET', url: `/api/audit-log${query}` });
const entries = async (who: SignedIn, query = ''): Promise<AuditLogEntry[]> => {
  const response = await list(who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const history = async (who: SignedIn, kind: 'invoices' | 'bills', id: string): Promise<AuditLogEntry[]> => {
  const response = await who.request({ method: 'GET', url: `/api/${kind}/${id}/history` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("an invoice's history", () => {
  it('shows created, sent, reminded and paid in the order they happened, by whom', async () => {
    const { owner, customer, organizationId } = await newYorkOwner('Olive', 'Owner');
    // Due 2026-11-12: on 2026-11-19 (New York) it is 7 days overdue, the first reminder day.
    const invoice = await createInvoiceFor(owner, customer.id, { issueDate: '2026-10-13', dueDate: '2026-11-12' });
    expect((await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/send` })).statusCode).toBe(200);
    const run = await owner.request({ method: 'POST', url: '/api/invoice-reminders/run' });
    expect(run.statusCode, run.body).toBe(200);
    // The fixture's total is 135.40: a part payment of 35.40 leaves 100.00, the rest pays it.
    for (const amount of ['35.40', '100.00']) {
      const paid = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount, paidAt: '2026-11-19', method: 'check' } });
      expect(paid.statusCode, paid.body).toBe(201);
    }

    const rows = await history(owner, 'invoices', invoice.id);
    expect(rows.map((row) => row.action)).toEqual([
      'invoice.created',
      'invoice.emailed',
      'invoice.sent',
      'invoice.reminder_sent',
      'invoice.payment_recorded',
      'invoice.payment_recorded',
      'invoice.paid',
    ]);
    expect(rows.map((row) => row.actionLabel)).toEqual([
      'Invoice created',
      'Invoice emailed',
      'Invoice sent',
      'Reminder sent',
      'Payment recorded',
      'Payment recorded',
      'Invoice paid',
    ]);
    const ownerAsActor = { id: owner.user.id, name: 'Olive Owner', email: owner.user.email };
    expect(rows[0]).toMatchObject({ user: ownerAsActor, entityType: 'invoice', entityTypeLabel: 'Invoice', entityId: invoice.id, reference: invoice.invoiceNumber });
    expect(rows[0]?.summary).toBe('Total $135.40 · status draft');
    expect(rows[2]?.summary).toBe(`To ${customer.email}`);
    // The reminder was sent by the product itself: no user ("System" on screen).
    expect(rows[3]).toMatchObject({ user: null, summary: `7 days overdue · to ${customer.email}` });
    expect(rows[4]?.summary).toBe('Payment of $35.40 by check · balance $100.00');
    expect(rows[5]?.summary).toBe('Payment of $100.00 by check · balance $0.00');
    expect(rows.map((row) => row.createdAt)).toEqual([...rows.map((row) => row.createdAt)].sort());

    // The same rows, newest first, in the organization's whole log filtered to this invoice.
    const inLog = await entries(owner, `?entityType=invoice&entityId=${invoice.id}`);
    expect(inLog.map((row) => row.id)).toEqual(rows.map((row) => row.id).reverse());
    expect(organizationId).toBe(owner.user.organizationId);
  });

  it('is open to a viewer of the organization, and another organization gets a 404', async () => {
    const { owner, customer, organizationId } = await newYorkOwner();
    const invoice = await createInvoiceFor(owner, customer.id);
    const viewer = await addMember(t.app, t.deps.db, organizationId, { role: 'viewer' });
    expect((await history(viewer, 'invoices', invoice.id)).map((row) => row.action)).toEqual(['invoice.created']);

    const stranger = await signUp(t.app);
    const foreign = await stranger.request({ method: 'GET', url: `/api/invoices/${invoice.id}/history` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await stranger.request({ method: 'GET', url: '/api/invoices/not-a-uuid/history' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/history` })).statusCode).toBe(401);
  });
});

describe("a bill's history", () => {
  async function billWaitingFor(approverName: { firstName: string; lastName: string }) {
    const { owner, organizationId } = await newYorkOwner();
    const approver = await addMember(t.app, t.deps.db, organizationId, { role: 'approver', ...approverName });
    const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Acme Paper' }) })).json<{ id: string }>();
    const rule = await owner.request({ method: 'POST', url: '/api/approval-workflows', payload: { name: 'Everything', triggerType: 'all', approverIds: [approver.user.id] } });
    expect(rule.statusCode, rule.body).toBe(201);
    const bill = (await owner.request({ method: 'POST', url: '/api/bills', payload: billOf(vendor.id, '1200.00') })).json<{ id: string; billNumber: string }>();
    const [request] = (await approver.request({ method: 'GET', url: '/api/approvals/pending' })).json<{ id: string }[]>();
    return { owner, approver, bill, requestId: request?.id ?? '' };
  }

  it('shows a rejection with its comment and who rejected it', async () => {
    const { owner, approver, bill, requestId } = await billWaitingFor({ firstName: 'Ann', lastName: 'Approver' });
    const rejected = await approver.request({ method: 'POST', url: `/api/approvals/${requestId}/reject`, payload: { comments: 'Wrong amount' } });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const rows = await history(owner, 'bills', bill.id);
    expect(rows.map((row) => row.action)).toEqual(['bill.created', 'bill.approval_requested', 'bill_approval.rejected']);
    expect(rows[0]).toMatchObject({ reference: bill.billNumber, summary: 'Total $1,200.00 · status received' });
    expect(rows[1]?.summary).toBe('Rules: Everything');
    expect(rows[2]).toMatchObject({
      actionLabel: 'Rejected',
      user: { id: approver.user.id, name: 'Ann Approver', email: approver.user.email },
      summary: 'Comment: Wrong amount',
      details: { comments: 'Wrong amount' },
    });
  });

  it('after a rejection, an edit comes before the new approval request', async () => {
    const { owner, approver, bill, requestId } = await billWaitingFor({ firstName: 'Ann', lastName: 'Approver' });
    await approver.request({ method: 'POST', url: `/api/approvals/${requestId}/reject`, payload: { comments: 'Wrong amount' } });
    const edited = await owner.request({ method: 'PUT', url: `/api/bills/${bill.id}`, payload: { notes: 'Checked with Acme' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await history(owner, 'bills', bill.id);
    expect(rows.map((row) => row.action)).toEqual(['bill.created', 'bill.approval_requested', 'bill_approval.rejected', 'bill.updated', 'bill.approval_requested']);
  });

  it('shows an approval with its comment; another organization gets a 404', async () => {
    const { owner, approver, bill, requestId } = await billWaitingFor({ firstName: 'Abe', lastName: 'Approver' });
    expect((await approver.request({ method: 'POST', url: `/api/approvals/${requestId}/approve`, payload: { comments: 'Fine by me' } })).statusCode).toBe(200);
    const rows = await history(approver, 'bills', bill.id);
    expect(rows.at(-1)).toMatchObject({ action: 'bill_approval.approved', actionLabel: 'Approved', summary: 'Comment: Fine by me' });
    expect(rows.map((row) => row.action)).toEqual(['bill.created', 'bill.approval_requested', 'bill_approval.approved']);

    const stranger = await signUp(t.app);
    expect((await stranger.request({ method: 'GET', url: `/api/bills/${bill.id}/history` })).statusCode).toBe(404);
    expect(owner.user.organizationId).not.toBe(stranger.user.organizationId);
  });
});

describe('GET /api/audit-log', () => {
  it('lists newest first with who, what, which record and when, paginated in SQL', async () => {
    const { owner, customer } = await newYorkOwner('Olive', 'Owner');
    const first = await createInvoiceFor(owner, customer.id);
    const second = await createInvoiceFor(owner, customer.id);
    const third = await createInvoiceFor(owner, customer.id);
    // Everything this organization has done so far: its three invoices were the only audited changes.
    const all = await entries(owner, '?action=invoice.created');
    expect(all.map((row) => row.reference)).toEqual([third.invoiceNumber, second.invoiceNumber, first.invoiceNumber]);
    expect(all[0]).toMatchObject({ actionLabel: 'Invoice created', entityTypeLabel: 'Invoice', user: { name: 'Olive Owner', email: owner.user.email } });
    expect(Date.parse(all[0]?.createdAt ?? '')).toBeGreaterThan(0);

    const page1 = await list(owner, '?action=invoice.created&limit=2');
    expect(page1.headers['x-total-count']).toBe('3');
    const page2 = await list(owner, '?action=invoice.created&limit=2&offset=2');
    expect(page2.headers['x-total-count']).toBe('3');
    const ids = [...page1.json<AuditLogEntry[]>(), ...page2.json<AuditLogEntry[]>()].map((row) => row.id);
    expect(ids).toEqual(all.map((row) => row.id));

    const bad = await list(owner, '?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('filters by user (or the system), action, record type and record', async () => {
    const { owner, customer, organizationId } = await newYorkOwner();
    const admin = await addMember(t.app, t.deps.db, organizationId, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const mine = await createInvoiceFor(owner, customer.id);
    const theirs = await createInvoiceFor(admin, customer.id);
    const vendor = (await admin.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Filter Paper' }) })).json<{ id: string }>();
    await t.deps.db.insert(auditLog).values({ organizationId, userId: null, action: 'payment.failed', entityType: 'payment', entityId: 'p-1', details: { failureReason: 'No bank details' } });

    const byAdmin = await entries(admin, `?userId=${admin.user.id}`);
    expect(byAdmin.map((row) => [row.action, row.entityId])).toEqual([
      ['vendor.created', vendor.id],
      ['invoice.created', theirs.id],
    ]);
    const bySystem = await entries(owner, '?userId=system');
    expect(bySystem.map((row) => [row.action, row.user, row.summary])).toEqual([['payment.failed', null, 'No bank details']]);
    const vendors = await entries(owner, '?entityType=vendor');
    expect(vendors.map((row) => [row.entityId, row.reference])).toEqual([[vendor.id, 'Filter Paper']]);
    const created = await entries(owner, '?action=invoice.created');
    expect(created.map((row) => row.entityId)).toEqual([theirs.id, mine.id]);
    expect((await entries(owner, `?entityType=invoice&entityId=${mine.id}`)).map((row) => row.action)).toEqual(['invoice.created']);
    expect(await entries(owner, `?userId=${owner.user.id}&entityType=vendor`)).toEqual([]);

    const users = await owner.request({ method: 'GET', url: '/api/audit-log/users' });
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual([
      { id: admin.user.id, name: 'Ada Admin', email: admin.user.email },
      { id: owner.user.id, name: 'Olive Owner', email: owner.user.email },
    ]);
  });

  it('keeps the order rows were written in, even within one transaction and one clock tick', async () => {
    const { owner, organizationId } = await newYorkOwner();
    const steps = Array.from({ length: 30 }, (_, i) => `test.step_${String(i).padStart(2, '0')}`);
    await t.deps.db.transaction(async (tx) => {
      for (const action of steps) await writeAudit(tx, { organizationId, userId: owner.user.id, action, entityType: 'test', entityId: 'ordered' });
    });
    const newestFirst = await entries(owner, '?entityType=test&entityId=ordered&limit=200');
    expect(newestFirst.map((row) => row.action)).toEqual([...steps].reverse());
  });

  it('keeps the order of rows written in one batch insert (the recurring runs)', async () => {
    const { owner, organizationId } = await newYorkOwner();
    const steps = Array.from({ length: 30 }, (_, i) => `test.batch_${String(i).padStart(2, '0')}`);
    await t.deps.db.transaction(async (tx) => {
      await writeAudits(tx, steps.map((action) => ({ organizationId, userId: null, action, entityType: 'test', entityId: 'batched' })));
    });
    const newestFirst = await entries(owner, '?entityType=test&entityId=batched&limit=200');
    expect(newestFirst.map((row) => row.action)).toEqual([...steps].reverse());
  });

  it("filters by the organization's days, given as days or timestamps", async () => {
    const { owner, organizationId } = await newYorkOwner();
    const at = async (instant: string, entityId: string) =>
      t.deps.db.insert(auditLog).values({ organizationId, userId: owner.user.id, action: 'test.dated', entityType: 'test', entityId, createdAt: new Date(instant) });
    // 03:00 UTC on the 10th is still the 9th in New York (UTC-5); 15:00 UTC is the 10th; 04:59 UTC on the 11th is the 10th.
    await at('2026-11-10T03:00:00Z', 'ninth');
    await at('2026-11-10T15:00:00Z', 'tenth-day');
    await at('2026-11-11T04:59:00Z', 'tenth-night');
    await at('2026-11-11T05:00:00Z', 'eleventh');
    const ids = async (query: string) => (await entries(owner, `?action=test.dated${query}`)).map((row) => row.entityId);

    expect(await ids('&from=2026-11-10&to=2026-11-10')).toEqual(['tenth-night', 'tenth-day']);
    expect(await ids('&from=2026-11-10')).toEqual(['eleventh', 'tenth-night', 'tenth-day']);
    expect(await ids('&to=2026-11-09')).toEqual(['ninth']);
    // A timestamp stands for its day in New York: 04:30 UTC on the 10th is 23:30 on the 9th there.
    expect(await ids('&from=2026-11-10T04:30:00Z&to=2026-11-10T04:30:00Z')).toEqual(['ninth']);

    const reversed = await list(owner, '?from=2026-11-11&to=2026-11-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ message: 'To must be on or after From', code: 'VALIDATION', fields: { to: 'To must be on or after From' } });
    const nonsense = await list(owner, '?from=yesterday');
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().fields).toEqual({ from: 'Invalid date' });
  });

  it('is for owners and admins: every other role gets a 403, signed-out a 401', async () => {
    const { owner, organizationId } = await newYorkOwner();
    for (const role of ['admin', 'accountant', 'approver', 'viewer'] as const) {
      const member = await addMember(t.app, t.deps.db, organizationId, { role });
      const expected = role === 'admin' ? 200 : 403;
      for (const url of ['/api/audit-log', '/api/audit-log/export', '/api/audit-log/users']) {
        const response = await member.request({ method: 'GET', url });
        expect(response.statusCode, `${role} ${url}`).toBe(expected);
        if (expected === 403) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect((await list(owner)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
  });

  it("never shows another organization's rows, whatever the filters say", async () => {
    const a = await newYorkOwner();
    const b = await newYorkOwner();
    const invoice = await createInvoiceFor(a.owner, a.customer.id);
    const own = await createInvoiceFor(b.owner, b.customer.id);
    expect(await entries(b.owner, `?entityType=invoice&entityId=${invoice.id}`)).toEqual([]);
    expect(await entries(b.owner, `?userId=${a.owner.user.id}`)).toEqual([]);
    const seen = await entries(b.owner, '?limit=200');
    expect(seen.map((row) => row.entityId)).toEqual([own.id]);
    expect(seen.every((row) => row.user === null || row.user.id === b.owner.user.id)).toBe(true);
    expect(seen.some((row) => row.entityId === invoice.id || row.entityId === a.customer.id)).toBe(false);
    const users = (await b.owner.request({ method: 'GET', url: '/api/audit-log/users' })).json<{ id: string }[]>();
    expect(users.map((user) => user.id)).toEqual([b.owner.user.id]);
    const csv = (await b.owner.request({ method: 'GET', url: '/api/audit-log/export' })).body;
    expect(csv).not.toContain(invoice.id);
    expect(csv).not.toContain(invoice.invoiceNumber);
  });
});

describe('GET /api/audit-log/export', () => {
  it('streams the filtered log as CSV with formulas neutralised', async () => {
    const { owner, organizationId } = await newYorkOwner('Olive', 'Owner');
    const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: '=cmd|" /C calc"!A0' }) })).json<{ id: string }>();
    await t.deps.db.insert(auditLog).values({ organizationId, userId: null, action: 'vendor.updated', entityType: 'vendor', entityId: vendor.id, details: { changed: ['name'] }, createdAt: new Date('2026-11-01T12:00:00Z') });

    const response = await owner.request({ method: 'GET', url: '/api/audit-log/export?entityType=vendor' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The organization's day at the test clock (noon in New York on 2026-11-19).
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity-2026-11-19.csv"');
    const lines = response.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (America/New_York),User,Email,Action,Action Code,Record Type,Record,Record Id,Summary,Details');
    expect(lines).toHaveLength(3);
    // Newest first: the vendor's creation today, then the change dated 2026-11-01 12:00 UTC (07:00 in New York).
    expect(lines[1]).toContain(`,Olive Owner,${owner.user.email},Vendor created,vendor.created,Vendor,"'=cmd|"" /C calc""!A0",${vendor.id},`);
    expect(lines[2]).toBe(`2026-11-01 07:00:00,System,,Vendor edited,vendor.updated,Vendor,"'=cmd|"" /C calc""!A0",${vendor.id},,"{""changed"":[""name""]}"`);
    expect(response.body).not.toMatch(/,"?=cmd/);

    const none = await owner.request({ method: 'GET', url: '/api/audit-log/export?entityType=bill' });
    expect(none.body.replace('\uFEFF', '').trimEnd().split('\r\n')).toHaveLength(1);
    expect((await owner.request({ method: 'GET', url: '/api/audit-log/export?from=2026-11-02&to=2026-11-01' })).statusCode).toBe(400);
  });

  it('reads a long log in batches without losing or repeating rows that share a timestamp', async () => {
    const { owner, organizationId } = await newYorkOwner();
    const same = new Date('2026-11-05T12:00:00Z');
    const count = 1203; // more than two batches of 500
    const rows = Array.from({ length: count }, (_, i) => ({ organizationId, userId: null, action: 'test.bulk', entityType: 'test', entityId: `row-${i}`, createdAt: same }));
    await t.deps.db.insert(auditLog).values(rows);
    const response = await owner.request({ method: 'GET', url: '/api/audit-log/export?action=test.bulk' });
    const lines = response.body.replace('\uFEFF', '').trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(count);
    const exported = new Set(lines.map((line) => line.split(',')[7]));
    expect(exported.size).toBe(count);
    expect(exported.has('row-0') && exported.has(`row-${count - 1}`)).toBe(true);
    const stored = await t.deps.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'test.bulk')));
    expect(stored).toHaveLength(count);
  });
});

describe("a firm's invoice to a client", () => {
  it('has a history only for the members who may see the client (owners, admins, a granted accountant); others get a 404', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { businessName: 'Granted Later Ltd' });
    const invoice = await createInvoiceFor(firm, client.id);
    const accountant = await addFirmMember(t, firm, 'accountant');
    const url = `/api/invoices/${invoice.id}/history`;
    const refused = await accountant.request({ method: 'GET', url });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toEqual({ message: 'Invoice not found', code: 'NOT_FOUND' });
    expect((await history(firm, 'invoices', invoice.id)).map((entry) => entry.action)).toContain('invoice.created');
    await grantClient(t, firm, accountant, client);
    expect((await history(accountant, 'invoices', invoice.id)).map((entry) => entry.action)).toContain('invoice.created');
  });
});

describe('a workspace switch', () => {
  it("is named by the workspaces' names, not their ids, in the firm's log, the client's log and the CSV", async () => {
    const firmName = `Harbor CPA ${Date.now()}`;
    const firm = await signUpFirm(t, { firmName });
    const client = await addClient(firm, { businessName: 'Summit Dental Studio' });
    if (!client.organizationId) throw new Error('client has no workspace');
    const home = firm.user.homeOrganizationId;

    await openWorkspace(firm, client.organizationId);
    const entered = await entries(firm, '?action=workspace.entered');
    expect(entered.map((row) => [row.reference, row.summary])).toEqual([['Summit Dental Studio', `From ${firmName} to Summit Dental Studio`]]);

    await openWorkspace(firm, home);
    const switched = await entries(firm, '?action=workspace.switched');
    expect(switched.map((row) => [row.reference, row.summary])).toEqual([
      [firmName, `From Summit Dental Studio to ${firmName}`],
      ['Summit Dental Studio', `From ${firmName} to Summit Dental Studio`],
    ]);
    // The ids stay in the details for tools; the readable columns never show them.
    expect(switched[0]?.details).toMatchObject({ from: client.organizationId, to: home });

    const csv = await firm.request({ method: 'GET', url: '/api/audit-log/export?action=workspace.switched' });
    expect(csv.statusCode, csv.body).toBe(200);
    const summaries = csv.body.split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[8]);
    expect(summaries).toEqual([`From Summit Dental Studio to ${firmName}`, `From ${firmName} to Summit Dental Studio`]);
  });
});
