import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billApprovals, bills } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addMember, billOf, vendorPayload } from '../bills/payables-fixtures';
import { assertBillPayable } from '../bills/bills.service';
import { countPendingApprovalsFor } from './approvals.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-19T12:00:00Z') }); // a Thursday
});
afterAll(async () => t.close());

interface Org {
  owner: SignedIn;
  vendor: string;
  member: (overrides?: Parameters<typeof addMember>[3]) => Promise<SignedIn>;
  rule: (payload: Record<string, unknown>) => Promise<void>;
  bill: (total: string, who?: SignedIn) => Promise<{ id: string; billNumber: string; approvalStatus: string }>;
  requestsOf: (who: SignedIn) => Promise<{ id: string; billId: string; billNumber: string; totalAmount: string; approvals: { approverName: string; action: string }[] }[]>;
}

async function organization(): Promise<Org> {
  const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Acme Paper' }) })).json().id;
  return {
    owner,
    vendor,
    member: (overrides) => addMember(t.app, t.deps.db, owner.user.organizationId, overrides),
    rule: async (payload) => {
      const response = await owner.request({ method: 'POST', url: '/api/approval-workflows', payload: { name: 'Rule', triggerType: 'all', ...payload } });
      expect(response.statusCode).toBe(201);
    },
    bill: async (total, who = owner) => {
      const response = await who.request({ method: 'POST', url: '/api/bills', payload: billOf(vendor, total) });
      expect(response.statusCode).toBe(201);
      return response.json();
    },
    requestsOf: async (who) => (await who.request({ method: 'GET', url: '/api/approvals/pending' })).json(),
  };
}

const approve = (who: SignedIn, id: string, comments?: string) =>
  who.request({ method: 'POST', url: `/api/approvals/${id}/approve`, payload: { comments } });
const reject = (who: SignedIn, id: string, comments?: string) =>
  who.request({ method: 'POST', url: `/api/approvals/${id}/reject`, payload: { comments } });

describe('the pending list and stats', () => {
  it('shows each approver the requests waiting for them, with every approver’s state', async () => {
    const org = await organization();
    const a = await org.member({ firstName: 'Ann', lastName: 'A' });
    const b = await org.member({ firstName: 'Ben', lastName: 'B' });
    await org.rule({ approverIds: [a.user.id, b.user.id], requireAllApprovers: true });
    const created = await org.bill('1200.00');
    const [request] = await org.requestsOf(a);
    expect(request).toMatchObject({
      billId: created.id,
      billNumber: created.billNumber,
      vendor: 'Acme Paper',
      description: 'Services',
      totalAmount: '1200.00',
      requestedAt: '2026-11-19T12:00:00.000Z',
    });
    expect(request?.approvals.map((chip) => `${chip.approverName}:${chip.action}`).sort()).toEqual(['Ann A:pending', 'Ben B:pending']);
    expect(await org.requestsOf(org.owner)).toEqual([]);
    expect(await countPendingApprovalsFor(t.deps.db, org.owner.user.organizationId, a.user.id)).toBe(1);
    const stats = await a.request({ method: 'GET', url: '/api/approvals/stats' });
    expect(stats.json()).toEqual({ pendingCount: 1, approvedThisWeek: 0, rejectedThisWeek: 0, highestPendingAmount: '1200.00' });
  });

  it('pages the waiting requests with their total, and a decided one leaves the list', async () => {
    const org = await organization();
    const a = await org.member();
    await org.rule({ approverIds: [a.user.id] });
    await org.bill('100.00');
    await org.bill('200.00');
    const list = (query: string) => a.request({ method: 'GET', url: `/api/approvals/pending${query}` });
    const all = await list('');
    expect(all.headers['x-total-count']).toBe('2');
    const ids = all.json().map((request: { id: string }) => request.id);
    expect(ids).toHaveLength(2);
    const second = await list('?limit=1&offset=1');
    expect(second.headers['x-total-count']).toBe('2');
    expect(second.json().map((request: { id: string }) => request.id)).toEqual([ids[1]]);
    expect((await approve(a, ids[0])).statusCode).toBe(200);
    const left = await list('');
    expect(left.headers['x-total-count']).toBe('1');
    expect(left.json().map((request: { id: string }) => request.id)).toEqual([ids[1]]);
  });

  it('counts this week’s decisions and the highest pending amount', async () => {
    const org = await organization();
    const a = await org.member();
    await org.rule({ approverIds: [a.user.id] });
    await org.bill('10.00');
    await org.bill('20.00');
    await org.bill('30.00');
    await org.bill('999.99');
    const requests = (await org.requestsOf(a)).filter((row) => row.totalAmount !== '999.99');
    expect(requests).toHaveLength(3);
    expect((await approve(a, requests[0]?.id ?? '')).statusCode).toBe(200);
    expect((await approve(a, requests[1]?.id ?? '')).statusCode).toBe(200);
    expect((await reject(a, requests[2]?.id ?? '', 'Duplicate')).statusCode).toBe(200);
    const stats = (await a.request({ method: 'GET', url: '/api/approvals/stats' })).json();
    expect(stats).toEqual({ pendingCount: 1, approvedThisWeek: 2, rejectedThisWeek: 1, highestPendingAmount: '999.99' });
  });
});

describe('approving and rejecting', () => {
  it('any one approver approves the bill unless all are required, and each action writes an audit row', async () => {
    const org = await organization();
    const a = await org.member();
    const b = await org.member();
    await org.rule({ approverIds: [a.user.id, b.user.id], requireAllApprovers: false });
    const created = await org.bill('100.00');
    const [request] = await org.requestsOf(a);
    const response = await approve(a, request?.id ?? '', 'Looks right');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ billId: created.id, billApprovalStatus: 'approved' });
    expect(await org.requestsOf(b)).toEqual([]);
    const [stored] = await t.deps.db.select().from(bills).where(eq(bills.id, created.id));
    expect(stored?.approvalStatus).toBe('approved');
    await expect(assertBillPayable(t.deps.db, org.owner.user.organizationId, created.id)).resolves.toBeTruthy();
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'bill_approval.approved')));
    expect(audit).toMatchObject({ userId: a.user.id, details: { comments: 'Looks right', billApproved: true } });
    expect(audit?.createdAt).toBeInstanceOf(Date);
  });

  it('with requireAllApprovers the bill waits for every approver', async () => {
    const org = await organization();
    const a = await org.member();
    const b = await org.member();
    await org.rule({ approverIds: [a.user.id, b.user.id], requireAllApprovers: true });
    const created = await org.bill('100.00');
    const first = await approve(a, (await org.requestsOf(a))[0]?.id ?? '');
    expect(first.json().billApprovalStatus).toBe('pending');
    await expect(assertBillPayable(t.deps.db, org.owner.user.organizationId, created.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const [request] = await org.requestsOf(b);
    expect(request?.approvals.map((chip) => chip.action).sort()).toEqual(['approved', 'pending']);
    const second = await approve(b, request?.id ?? '');
    expect(second.json().billApprovalStatus).toBe('approved');
  });

  it('a rejection needs a comment, rejects the bill, and only an edit sends it again', async () => {
    const org = await organization();
    const a = await org.member();
    await org.rule({ approverIds: [a.user.id] });
    const created = await org.bill('100.00');
    const [request] = await org.requestsOf(a);
    const bare = await reject(a, request?.id ?? '', '  ');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('A comment is required to reject');
    const rejected = await reject(a, request?.id ?? '', 'Wrong amount');
    expect(rejected.statusCode).toBe(200);
    const bill = (await org.owner.request({ method: 'GET', url: `/api/bills/${created.id}` })).json();
    expect(bill).toMatchObject({ approvalStatus: 'rejected', payable: false });
    await expect(assertBillPayable(t.deps.db, org.owner.user.organizationId, created.id)).rejects.toMatchObject({
      message: `Bill ${created.billNumber} was rejected: edit it and have it approved again before paying it`,
    });
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'bill_approval.rejected')));
    expect(audit?.details).toMatchObject({ comments: 'Wrong amount' });
    const edited = await org.owner.request({ method: 'PUT', url: `/api/bills/${created.id}`, payload: billOf(org.vendor, '100.00', { billNumber: created.billNumber, notes: 'Fixed' }) });
    expect(edited.json().approvalStatus).toBe('pending');
    const [again] = await org.requestsOf(a);
    expect(again?.id).not.toBe(request?.id);
    expect((await approve(a, again?.id ?? '')).json().billApprovalStatus).toBe('approved');
  });
});

describe('approval guards', () => {
  it('only the listed approver may act (403), and another organization’s request is a 404', async () => {
    const org = await organization();
    const a = await org.member();
    const bystander = await org.member();
    await org.rule({ approverIds: [a.user.id] });
    await org.bill('100.00');
    const [request] = await org.requestsOf(a);
    const id = request?.id ?? '';
    const byBystander = await approve(bystander, id);
    expect(byBystander.statusCode).toBe(403);
    expect(byBystander.json().message).toBe('Only the assigned approver can act on this request');
    expect((await reject(org.owner, id, 'no')).statusCode).toBe(403);
    const stranger = await signUp(t.app);
    expect((await approve(stranger, id)).statusCode).toBe(404);
    expect((await reject(stranger, id, 'no')).statusCode).toBe(404);
    expect((await approve(stranger, 'not-a-uuid')).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(billApprovals).where(eq(billApprovals.id, id));
    expect(row?.status).toBe('pending');
  });

  it('an approver never approves a bill they created when another approver exists on it', async () => {
    const org = await organization();
    const a = await org.member({ role: 'accountant' });
    const b = await org.member();
    await org.rule({ approverIds: [a.user.id, b.user.id] });
    // a enters the bill: the request goes to b only.
    const created = await org.bill('100.00', a);
    expect(await org.requestsOf(a)).toEqual([]);
    expect(await org.requestsOf(b)).toHaveLength(1);
    // A request of a's own (from before the rule changed, say) is still refused.
    const [own] = await t.deps.db
      .insert(billApprovals)
      .values({ organizationId: org.owner.user.organizationId, billId: created.id, approverId: a.user.id, round: 1 })
      .returning();
    const refused = await approve(a, own?.id ?? '');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot approve a bill you created');
  });

  it('the bill’s author may approve it when they are its only approver', async () => {
    const org = await organization();
    await org.rule({ approverIds: [org.owner.user.id] });
    await org.bill('100.00');
    const [request] = await org.requestsOf(org.owner);
    expect((await approve(org.owner, request?.id ?? '')).json().billApprovalStatus).toBe('approved');
  });

  it('a user with an approval limit cannot approve a larger amount', async () => {
    const org = await organization();
    const limited = await org.member({ approvalLimit: '500.00' });
    await org.rule({ approverIds: [limited.user.id] });
    await org.bill('500.00');
    await org.bill('500.01');
    const requests = await org.requestsOf(limited);
    const results = await Promise.all(requests.map((row) => approve(limited, row.id)));
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 403]);
    const over = results.find((response) => response.statusCode === 403);
    expect(over?.json().message).toBe('This bill is over your approval limit of $500.00');
  });

  it('a limit of 0 allows nothing above 0, and only "no limit" approves a $1,000,000 bill', async () => {
    const org = await organization();
    const zero = await org.member({ approvalLimit: '0' });
    const unlimited = await org.member({ approvalLimit: null });
    await org.rule({ approverIds: [zero.user.id] });
    await org.bill('1000000.00');
    const [request] = await org.requestsOf(zero);
    const refused = await approve(zero, request?.id ?? '');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This bill is over your approval limit of $0.00');

    const second = await organization();
    const free = await second.member({ approvalLimit: null });
    await second.rule({ approverIds: [free.user.id] });
    await second.bill('1000000.00');
    const [open] = await second.requestsOf(free);
    expect((await approve(free, open?.id ?? '')).statusCode).toBe(200);
    expect(unlimited.user.approvalLimit).toBeNull();
  });

  it('acting twice changes nothing the second time (409)', async () => {
    const org = await organization();
    const a = await org.member();
    const b = await org.member();
    await org.rule({ approverIds: [a.user.id, b.user.id], requireAllApprovers: true });
    await org.bill('100.00');
    const [request] = await org.requestsOf(a);
    expect((await approve(a, request?.id ?? '', 'first')).statusCode).toBe(200);
    const again = await approve(a, request?.id ?? '', 'second');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already approved this request');
    expect((await reject(a, request?.id ?? '', 'changed my mind')).statusCode).toBe(409);
    const [row] = await t.deps.db.select().from(billApprovals).where(eq(billApprovals.id, request?.id ?? ''));
    expect(row).toMatchObject({ status: 'approved', notes: 'first' });
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'bill_approval.approved'));
    expect(audits.filter((audit) => audit.details.requestId === request?.id)).toHaveLength(1);
  });

  it('two approvers acting at once on an all-required bill leave it approved exactly once', async () => {
    const org = await organization();
    const a = await org.member();
    const b = await org.member();
    await org.rule({ approverIds: [a.user.id, b.user.id], requireAllApprovers: true });
    const created = await org.bill('100.00');
    const [ra] = await org.requestsOf(a);
    const [rb] = await org.requestsOf(b);
    const results = await Promise.all([approve(a, ra?.id ?? ''), approve(b, rb?.id ?? '')]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const [stored] = await t.deps.db.select().from(bills).where(eq(bills.id, created.id));
    expect(stored?.approvalStatus).toBe('approved');
  });
});

describe('batch approve', () => {
  it('approves what it may and says why it skipped the rest', async () => {
    const org = await organization();
    const limited = await org.member({ approvalLimit: '100.00' });
    const other = await org.member();
    await org.rule({ approverIds: [limited.user.id, other.user.id] });
    await org.bill('50.00');
    await org.bill('60.00');
    await org.bill('150.00');
    const mine = await org.requestsOf(limited);
    const theirs = await org.requestsOf(other);
    expect(mine).toHaveLength(3);
    const response = await limited.request({
      method: 'POST',
      url: '/api/approvals/batch-approve',
      payload: { requestIds: [...mine.map((row) => row.id), theirs[0]?.id, 'nonsense'], comments: 'Batch OK' },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.approvedCount).toBe(2);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { requestId: theirs[0]?.id, reason: 'Only the assigned approver can act on this request' },
        { requestId: 'nonsense', reason: 'Approval request not found' },
        { requestId: expect.any(String), reason: 'This bill is over your approval limit of $100.00' },
      ]),
    );
    expect(result.skipped).toHaveLength(3);
    expect((await org.requestsOf(limited)).map((row) => row.totalAmount)).toEqual(['150.00']);
    const empty = await limited.request({ method: 'POST', url: '/api/approvals/batch-approve', payload: { requestIds: [] } });
    expect(empty.statusCode).toBe(400);
  });
});
