import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueApproval, QueueBatchResult, QueuePayment, QueueSummary } from '../../../shared/contracts/practice-queue';
import { auditLog, billApprovals, bills, organizations, workspaceGrants } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addVerifiedBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { createBill, createVendor, scheduleOk } from '../payment-runs/payment-runs.fixtures';
import { addMember } from '../team/team.fixtures';
import { addClient, grantClient, openWorkspace, signUpFirm } from './practice.fixtures';

// 03:00 UTC on 20 November: still the 19th in Los Angeles (and in New York, the firms' default zone).
const NOW = new Date('2026-11-20T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t.close());

/** Runs `work` inside a workspace, then takes the member back to their own organization. */
async function inWorkspace<T>(member: SignedIn, organizationId: string | null, work: () => Promise<T>): Promise<T> {
  await openWorkspace(member, organizationId);
  try {
    return await work();
  } finally {
    await openWorkspace(member, member.user.homeOrganizationId);
  }
}

/** In a workspace: a vendor, a rule sending every bill to `approverIds`, and one bill per total. */
async function billsAwaiting(member: SignedIn, organizationId: string | null, approverIds: string[], totals: string[]) {
  return inWorkspace(member, organizationId, async () => {
    const vendor = await createVendor(member, { name: 'Harbor Paper Supply' });
    const rule = await member.request({ method: 'POST', url: '/api/approval-workflows', payload: { name: 'Every bill', triggerType: 'all', approverIds } });
    expect(rule.statusCode, rule.body).toBe(201);
    const created = [];
    for (const total of totals) created.push(await createBill(member, vendor.id, total));
    return created;
  });
}

async function readQueue<T = QueueApproval>(member: SignedIn, query = ''): Promise<{ rows: T[]; total: number }> {
  const response = await member.request({ method: 'GET', url: `/api/practice/queue${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<T[]>(), total: Number(response.headers['x-total-count']) };
}

const idOf = (rows: QueueApproval[], billNumber: string) => rows.find((row) => row.billNumber === billNumber)?.id ?? 'missing';
const approve = (member: SignedIn, id: string, comments?: string) => member.request({ method: 'POST', url: `/api/practice/queue/${id}/approve`, payload: { comments } });
const reject = (member: SignedIn, id: string, comments?: string) => member.request({ method: 'POST', url: `/api/practice/queue/${id}/reject`, payload: { comments } });
const batch = (member: SignedIn, approvalIds: string[], comments?: string) =>
  member.request({ method: 'POST', url: '/api/practice/queue/batch-approve', payload: { approvalIds, comments } });
const requestStatus = async (id: string) => (await t.deps.db.select().from(billApprovals).where(eq(billApprovals.id, id)))[0]?.status;

describe('GET /api/practice/queue (approvals)', () => {
  it("lists the bills waiting for me in my firm and in two clients, never a third firm's client", async () => {
    const firm = await signUpFirm(t);
    const bakery = await addClient(firm, { businessName: 'Bayside Bakery', currency: 'EUR' });
    const garage = await addClient(firm, { businessName: 'Anchor Garage' });
    const [bread] = await billsAwaiting(firm, bakery.organizationId, [firm.user.id], ['1200.00']);
    const [tyres, oil] = await billsAwaiting(firm, garage.organizationId, [firm.user.id], ['80.00', '450.50']);
    const [rent] = await billsAwaiting(firm, firm.user.homeOrganizationId, [firm.user.id], ['3000.00']);
    const other = await signUpFirm(t);
    const foreign = await addClient(other, { businessName: 'Foreign Foods' });
    await billsAwaiting(other, foreign.organizationId, [other.user.id], ['99.00']);

    const { rows, total } = await readQueue(firm);
    expect(total).toBe(4);
    expect(rows.map((row) => row.clientName)).not.toContain('Foreign Foods');
    const byNumber = Object.fromEntries(rows.map((row) => [row.billNumber, row]));
    expect(byNumber[bread?.billNumber ?? '']).toMatchObject({
      organizationId: bakery.organizationId,
      clientName: 'Bayside Bakery',
      isFirm: false,
      currency: 'EUR',
      billId: bread?.id,
      vendor: 'Harbor Paper Supply',
      totalAmount: '1200.00',
      dueDate: '2026-12-01',
      submittedAt: NOW.toISOString(),
      overLimit: false,
    });
    expect(byNumber[rent?.billNumber ?? '']).toMatchObject({ organizationId: firm.user.homeOrganizationId, isFirm: true, totalAmount: '3000.00' });

    const garageOnly = await readQueue(firm, `?organizationId=${garage.organizationId}&sort=amount&order=desc`);
    expect(garageOnly.rows.map((row) => row.billNumber)).toEqual([oil?.billNumber, tyres?.billNumber]);
    expect(garageOnly.total).toBe(2);
    const byClient = await readQueue(firm, '?sort=client&limit=2&offset=1');
    expect(byClient.total).toBe(4);
    expect(byClient.rows.map((row) => row.clientName)).toEqual(['Anchor Garage', 'Bayside Bakery']);
    // A filter on another firm's client narrows to nothing; it never opens that client.
    expect(await readQueue(firm, `?organizationId=${foreign.organizationId}`)).toEqual({ rows: [], total: 0 });
    expect((await firm.request({ method: 'GET', url: '/api/practice/queue?organizationId=nope' })).statusCode).toBe(400);

    const summary = (await firm.request({ method: 'GET', url: '/api/practice/queue/summary' })).json<QueueSummary>();
    expect(summary.approvals).toBe(4);
    expect(summary.clients.map((client) => [client.name, client.approvals])).toEqual([
      [expect.stringContaining('Harbor CPA'), 1],
      ['Anchor Garage', 2],
      ['Bayside Bakery', 1],
    ]);

    // The other firm's request cannot be decided from this queue, and stays as it was.
    const [theirs] = (await readQueue(other)).rows;
    expect((await approve(firm, theirs?.id ?? '')).statusCode).toBe(404);
    expect((await reject(firm, theirs?.id ?? '', 'no')).statusCode).toBe(404);
    expect(await requestStatus(theirs?.id ?? '')).toBe('pending');
  });

  it("shows an accountant only their granted clients' bills, and refuses the others as not found", async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const granted = await addClient(firm, { businessName: 'Granted Gardens' });
    const hidden = await addClient(firm, { businessName: 'Hidden Hardware' });
    await grantClient(t, firm, accountant, granted);
    await grantClient(t, firm, accountant, hidden);
    const [mine] = await billsAwaiting(firm, granted.organizationId, [accountant.user.id], ['100.00']);
    const [theirs] = await billsAwaiting(firm, hidden.organizationId, [accountant.user.id], ['200.00']);
    const hiddenRequest = idOf((await readQueue(accountant)).rows, theirs?.billNumber ?? '');
    // The grant to Hidden Hardware is taken away: its request leaves the queue and cannot be decided.
    await t.deps.db.delete(workspaceGrants).where(and(eq(workspaceGrants.userId, accountant.user.id), eq(workspaceGrants.organizationId, hidden.organizationId ?? '')));

    const { rows, total } = await readQueue(accountant);
    expect(rows.map((row) => row.billNumber)).toEqual([mine?.billNumber]);
    expect(total).toBe(1);
    expect(await readQueue(accountant, `?organizationId=${hidden.organizationId}`)).toEqual({ rows: [], total: 0 });
    const refused = await approve(accountant, hiddenRequest);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Approval request not found');
    expect(await requestStatus(hiddenRequest)).toBe('pending');
    // The firm's owner does not see the accountant's requests: the queue is the signed-in approver's own.
    expect((await readQueue(firm)).rows).toEqual([]);

    // A viewer grant is read-only, as inside the workspace.
    await t.deps.db.update(workspaceGrants).set({ role: 'viewer' }).where(eq(workspaceGrants.userId, accountant.user.id));
    const asViewer = await approve(accountant, rows[0]?.id ?? '');
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().message).toBe('Viewers have read-only access');
    expect(await requestStatus(rows[0]?.id ?? '')).toBe('pending');
  });

  it('is refused to a business account and read-only for a firm viewer', async () => {
    const business = await signUp(t.app);
    const refused = await business.request({ method: 'GET', url: '/api/practice/queue' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Practice management is for accounting firms');
    const firm = await signUpFirm(t);
    const viewer = await addMember(t, firm, 'viewer');
    expect((await viewer.request({ method: 'GET', url: '/api/practice/queue' })).statusCode).toBe(200);
    const write = await batch(viewer, ['00000000-0000-4000-8000-000000000000']);
    expect(write.statusCode).toBe(403);
  });
});

describe('deciding from the queue', () => {
  it('approves one request in its client workspace with the Approvals page’s audit row', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { businessName: 'Lighthouse Cafe' });
    const [first, second] = await billsAwaiting(firm, client.organizationId, [firm.user.id], ['120.00', '130.00']);
    const { rows } = await readQueue(firm);
    const response = await approve(firm, idOf(rows, first?.billNumber ?? ''), 'Checked against the delivery note');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ approvalId: idOf(rows, first?.billNumber ?? ''), organizationId: client.organizationId, billId: first?.id, billApprovalStatus: 'approved' });
    const [stored] = await t.deps.db.select().from(bills).where(eq(bills.id, first?.id ?? ''));
    expect(stored?.approvalStatus).toBe('approved');
    expect((await readQueue(firm)).rows.map((row) => row.billNumber)).toEqual([second?.billNumber]);

    // The same decision through the Approvals page, inside the workspace, writes the same row.
    await inWorkspace(firm, client.organizationId, async () => {
      const inside = await firm.request({ method: 'POST', url: `/api/approvals/${idOf(rows, second?.billNumber ?? '')}/approve`, payload: { comments: 'Checked against the delivery note' } });
      expect(inside.statusCode).toBe(200);
    });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, client.organizationId ?? ''), eq(auditLog.action, 'bill_approval.approved')));
    const shape = (row: (typeof audits)[number]) => ({ userId: row.userId, entityType: row.entityType, keys: Object.keys(row.details).sort(), comments: row.details.comments, billApproved: row.details.billApproved });
    expect(audits.map((row) => row.entityId).sort()).toEqual([first?.id, second?.id].sort());
    const expected = { userId: firm.user.id, entityType: 'bill', keys: ['billApproved', 'comments', 'requestId', 'round', 'totalAmount'], comments: 'Checked against the delivery note', billApproved: true };
    expect(audits.map(shape)).toEqual([expected, expected]);
  });

  it('needs a comment to reject, rejects the bill in its workspace, and a second decision is a 409', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const [bill] = await billsAwaiting(firm, client.organizationId, [firm.user.id], ['75.00']);
    const id = (await readQueue(firm)).rows[0]?.id ?? '';
    for (const comments of [undefined, '   ']) {
      const bare = await reject(firm, id, comments);
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toBe('A comment is required to reject');
    }
    expect(await requestStatus(id)).toBe('pending');
    const rejected = await reject(firm, id, 'Wrong delivery address');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ organizationId: client.organizationId, billId: bill?.id, billApprovalStatus: 'rejected' });
    const [stored] = await t.deps.db.select().from(bills).where(eq(bills.id, bill?.id ?? ''));
    expect(stored?.approvalStatus).toBe('rejected');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, bill?.id ?? ''), eq(auditLog.action, 'bill_approval.rejected')));
    expect(audit).toMatchObject({ organizationId: client.organizationId, userId: firm.user.id, details: { comments: 'Wrong delivery address' } });
    const again = await approve(firm, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already rejected this request');
  });

  it("batch approves across three clients within the approver's limit and says why it skipped the rest", async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant', '500.00');
    const clients = [await addClient(firm, { businessName: 'Pier One Deli' }), await addClient(firm, { businessName: 'Quay Motors' }), await addClient(firm, { businessName: 'Reef Dental' })];
    for (const client of clients) await grantClient(t, firm, accountant, client);
    const [deli] = await billsAwaiting(firm, clients[0]?.organizationId ?? null, [accountant.user.id], ['100.00']);
    const [motors] = await billsAwaiting(firm, clients[1]?.organizationId ?? null, [accountant.user.id], ['500.00']);
    const [dental] = await billsAwaiting(firm, clients[2]?.organizationId ?? null, [accountant.user.id], ['900.00']);
    const other = await signUpFirm(t);
    const foreignClient = await addClient(other);
    await billsAwaiting(other, foreignClient.organizationId, [other.user.id], ['10.00']);
    const foreign = (await readQueue(other)).rows[0]?.id ?? '';

    const { rows } = await readQueue(accountant, '?sort=amount');
    expect(rows.map((row) => [row.clientName, row.overLimit])).toEqual([
      ['Pier One Deli', false],
      ['Quay Motors', false],
      ['Reef Dental', true],
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await batch(accountant, [...rows.map((row) => row.id), foreign, unknown, 'nonsense'], 'Morning batch');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<QueueBatchResult>();
    expect(result.approvedCount).toBe(2);
    expect(result.skippedCount).toBe(4);
    expect(result.results.map((item) => [item.billNumber, item.clientName, item.outcome, item.reason])).toEqual([
      [deli?.billNumber, 'Pier One Deli', 'approved', null],
      [motors?.billNumber, 'Quay Motors', 'approved', null],
      [dental?.billNumber, 'Reef Dental', 'skipped', 'This bill is over your approval limit of $500.00'],
      [null, null, 'skipped', 'Approval request not found'],
      [null, null, 'skipped', 'Approval request not found'],
      [null, null, 'skipped', 'Approval request not found'],
    ]);
    expect(await requestStatus(foreign)).toBe('pending');
    expect((await readQueue(accountant)).rows.map((row) => row.billNumber)).toEqual([dental?.billNumber]);

    // Each approval is audited in its own client's log, by the accountant, as the Approvals page does.
    for (const [client, bill] of [[clients[0], deli], [clients[1], motors]] as const) {
      const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, bill?.id ?? ''), eq(auditLog.action, 'bill_approval.approved')));
      expect(audit).toMatchObject({ organizationId: client?.organizationId, userId: accountant.user.id, details: { comments: 'Morning batch', billApproved: true } });
    }
    const overLimit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, dental?.id ?? ''), eq(auditLog.action, 'bill_approval.approved')));
    expect(overLimit).toEqual([]);
    const foreignAudits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, foreignClient.organizationId ?? ''), eq(auditLog.action, 'bill_approval.approved')));
    expect(foreignAudits).toEqual([]);

    const empty = await batch(accountant, []);
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/practice/queue (payments)', () => {
  it("lists payments scheduled or bills due within 14 days of each workspace's own day, and not later ones", async () => {
    const firm = await signUpFirm(t);
    const west = await addClient(firm, { businessName: 'Westside Surf' });
    const east = await addClient(firm, { businessName: 'Eastern Tea' });
    // Los Angeles: today is 19 November, so the 14th day is 3 December. Tokyo: 20 November and 4 December.
    await t.deps.db.update(organizations).set({ timeZone: 'America/Los_Angeles' }).where(eq(organizations.id, west.organizationId ?? ''));
    await t.deps.db.update(organizations).set({ timeZone: 'Asia/Tokyo' }).where(eq(organizations.id, east.organizationId ?? ''));

    const westBills = await inWorkspace(firm, west.organizationId, async () => {
      const vendor = await createVendor(firm, { name: 'Wave Boards' });
      const due = (dueDate: string, total: string) => createBill(firm, vendor.id, total, { billDate: '2026-11-01', dueDate });
      const made = { overdue: await due('2026-11-18', '10.00'), today: await due('2026-11-19', '20.00'), last: await due('2026-12-02', '30.00'), later: await due('2026-12-04', '40.00') };
      const account = await addVerifiedBankAccount(t, firm);
      const soon = await due('2026-12-20', '55.00');
      const far = await due('2026-12-20', '66.00');
      await scheduleOk(firm, { billIds: [soon.id], bankAccountId: account.id, method: 'check', scheduledDate: '2026-12-03' });
      await scheduleOk(firm, { billIds: [far.id], bankAccountId: account.id, method: 'check', scheduledDate: '2026-12-04' });
      return { ...made, soon, far };
    });
    const eastBills = await inWorkspace(firm, east.organizationId, async () => {
      const vendor = await createVendor(firm, { name: 'Leaf Traders' });
      const due = (dueDate: string) => createBill(firm, vendor.id, '15.00', { billDate: '2026-11-01', dueDate });
      return { overdue: await due('2026-11-19'), last: await due('2026-12-04'), later: await due('2026-12-05') };
    });

    const { rows, total } = await readQueue<QueuePayment>(firm, '?kind=payments');
    const seen = rows.map((row) => [row.clientName, row.billNumber, row.source, row.status, row.date, row.amount]);
    expect(seen).toEqual([
      ['Westside Surf', westBills.overdue.billNumber, 'bill', 'overdue', '2026-11-18', '10.00'],
      ['Eastern Tea', eastBills.overdue.billNumber, 'bill', 'overdue', '2026-11-19', '15.00'],
      ['Westside Surf', westBills.today.billNumber, 'bill', 'due', '2026-11-19', '20.00'],
      ['Westside Surf', westBills.last.billNumber, 'bill', 'due', '2026-12-02', '30.00'],
      ['Westside Surf', westBills.soon.billNumber, 'payment', 'scheduled', '2026-12-03', '55.00'],
      ['Eastern Tea', eastBills.last.billNumber, 'bill', 'due', '2026-12-04', '15.00'],
    ]);
    expect(total).toBe(6);
    expect(rows.find((row) => row.source === 'payment')).toMatchObject({ payee: 'Wave Boards', method: 'check', currency: 'USD', billId: westBills.soon.id });

    const westByAmount = await readQueue<QueuePayment>(firm, `?kind=payments&organizationId=${west.organizationId}&sort=amount&order=desc&limit=2`);
    expect(westByAmount.total).toBe(4);
    expect(westByAmount.rows.map((row) => row.amount)).toEqual(['55.00', '30.00']);
    const summary = (await firm.request({ method: 'GET', url: '/api/practice/queue/summary' })).json<QueueSummary>();
    expect(summary).toMatchObject({ approvals: 0, payments: 6 });
    expect(summary.clients.map((client) => [client.name, client.payments])).toEqual([
      ['Eastern Tea', 2],
      ['Westside Surf', 4],
    ]);

    // At 13:00 UTC it is 20 November in Los Angeles too: its 4 December items come into view.
    t.clock.advance(10 * 3600_000);
    try {
      const later = await readQueue<QueuePayment>(firm, `?kind=payments&organizationId=${west.organizationId}`);
      expect(later.rows.map((row) => row.billNumber)).toEqual(expect.arrayContaining([westBills.later.billNumber, westBills.far.billNumber]));
    } finally {
      t.clock.set(NOW);
    }
  });
});
