import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billApprovals } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addMember, billOf, vendorPayload } from '../bills/payables-fixtures';

let t: TestApp;
let owner: SignedIn;
let approver: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  approver = await addMember(t.app, t.deps.db, owner.user.organizationId, { firstName: 'Avery', lastName: 'Approver' });
});
afterAll(async () => t.close());

const rule = (payload: Record<string, unknown>, who = owner) =>
  who.request({ method: 'POST', url: '/api/approval-workflows', payload: { name: 'Rule', approverIds: [approver.user.id], ...payload } });
const bill = async (vendor: string, total: string, who = owner) => (await who.request({ method: 'POST', url: '/api/bills', payload: billOf(vendor, total) })).json();

describe('approval rules', () => {
  it('lets owners manage rules, lists them with approver names, and audits each change', async () => {
    const created = await rule({ name: 'Big bills', triggerType: 'amount_over', triggerValue: '5000', isActive: false });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Big bills', triggerValue: '5000.00', isActive: false, approvers: [{ id: approver.user.id, name: 'Avery Approver' }] });
    const id = created.json().id;
    const updated = await owner.request({
      method: 'PUT',
      url: `/api/approval-workflows/${id}`,
      payload: { name: 'Big bills', triggerType: 'amount_over', triggerValue: '6000.50', approverIds: [approver.user.id], isActive: false },
    });
    expect(updated.json().triggerValue).toBe('6000.50');
    const list = await owner.request({ method: 'GET', url: '/api/approval-workflows' });
    expect(list.json().map((row: { id: string }) => row.id)).toContain(id);
    expect((await owner.request({ method: 'DELETE', url: `/api/approval-workflows/${id}` })).statusCode).toBe(204);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((row) => row.action).sort()).toEqual(['approval_workflow.created', 'approval_workflow.deleted', 'approval_workflow.updated']);
  });

  it('refuses rule changes from members who are not owners or admins', async () => {
    const response = await rule({ triggerType: 'all' }, approver);
    expect(response.statusCode).toBe(403);
    expect((await approver.request({ method: 'GET', url: '/api/approval-workflows' })).statusCode).toBe(200);
  });

  it.each([
    [{ triggerType: 'amount_over', triggerValue: '' }, 'triggerValue', 'Amount is required'],
    [{ triggerType: 'amount_over', triggerValue: 'lots' }, 'triggerValue', 'Amount must be a number with at most 2 decimals'],
    [{ triggerType: 'vendor', triggerValue: '' }, 'triggerValue', 'Vendor is required'],
    [{ triggerType: 'sometimes' }, 'triggerType', 'Trigger must be all, amount_over or vendor'],
    [{ triggerType: 'all', approverIds: [] }, 'approverIds', 'Choose at least one approver'],
    [{ triggerType: 'all', name: '' }, 'name', 'Name is required'],
  ])('refuses %j', async (payload, field, message) => {
    const response = await rule(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses approvers from another organization and viewers, and another organization’s vendor', async () => {
    const stranger = await signUp(t.app);
    const viewer = await addMember(t.app, t.deps.db, owner.user.organizationId, { role: 'viewer' });
    for (const id of [stranger.user.id, viewer.user.id]) {
      const response = await rule({ triggerType: 'all', approverIds: [id] });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.approverIds).toBe('Approvers must be active members of your organization who are not viewers');
    }
    const foreignVendor = (await stranger.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    const response = await rule({ triggerType: 'vendor', triggerValue: foreignVendor.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Vendor not found');
    expect((await stranger.request({ method: 'DELETE', url: `/api/approval-workflows/${(await rule({ triggerType: 'all', isActive: false })).json().id}` })).statusCode).toBe(404);
  });

  it('lists the members who can approve', async () => {
    const response = await owner.request({ method: 'GET', url: '/api/approval-workflows/approvers' });
    const names = response.json().map((row: { name: string }) => row.name);
    expect(names).toContain('Avery Approver');
    expect(response.json().every((row: { role: string }) => row.role !== 'viewer')).toBe(true);
  });
});

describe('which bills a rule sends for approval', () => {
  // Each case runs in its own organization so rules do not overlap.
  async function setup(ruleInput: Record<string, unknown>) {
    const org = await signUp(t.app);
    const member = await addMember(t.app, t.deps.db, org.user.organizationId);
    const vendor = (await org.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json().id as string;
    const other = (await org.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json().id as string;
    const triggerValue = ruleInput.triggerValue === 'VENDOR' ? vendor : ruleInput.triggerValue;
    const created = await rule({ ...ruleInput, triggerValue, approverIds: [member.user.id] }, org);
    expect(created.statusCode).toBe(201);
    return { org, member, vendor, other };
  }

  it('all: every bill', async () => {
    const { org, vendor, member } = await setup({ triggerType: 'all' });
    const created = await bill(vendor, '1.00', org);
    expect(created.approvalStatus).toBe('pending');
    expect(created.payable).toBe(false);
    const rows = await t.deps.db.select().from(billApprovals).where(eq(billApprovals.billId, created.id));
    expect(rows).toMatchObject([{ approverId: member.user.id, status: 'pending', round: 1 }]);
  });

  it('amount_over: only bills over the amount', async () => {
    const { org, vendor } = await setup({ triggerType: 'amount_over', triggerValue: '500' });
    expect((await bill(vendor, '500.00', org)).approvalStatus).toBe('not_required');
    expect((await bill(vendor, '500.01', org)).approvalStatus).toBe('pending');
  });

  it('vendor: only that vendor’s bills', async () => {
    const { org, vendor, other } = await setup({ triggerType: 'vendor', triggerValue: 'VENDOR' });
    expect((await bill(vendor, '10.00', org)).approvalStatus).toBe('pending');
    expect((await bill(other, '10.00', org)).approvalStatus).toBe('not_required');
  });

  it('inactive rules are ignored', async () => {
    const { org, vendor } = await setup({ triggerType: 'all', isActive: false });
    expect((await bill(vendor, '10.00', org)).approvalStatus).toBe('not_required');
  });

  it('a change of amount sends the bill again and supersedes the open requests; a smaller one may need none', async () => {
    const { org, vendor } = await setup({ triggerType: 'amount_over', triggerValue: '100' });
    const created = await bill(vendor, '150.00', org);
    expect(created.approvalStatus).toBe('pending');
    const raised = await org.request({ method: 'PUT', url: `/api/bills/${created.id}`, payload: billOf(vendor, '175.00', { billNumber: created.billNumber }) });
    expect(raised.json().approvalStatus).toBe('pending');
    let rows = await t.deps.db.select().from(billApprovals).where(eq(billApprovals.billId, created.id));
    expect(rows.map((row) => `${row.round}:${row.status}`).sort()).toEqual(['1:superseded', '2:pending']);
    const lowered = await org.request({ method: 'PUT', url: `/api/bills/${created.id}`, payload: billOf(vendor, '50.00', { billNumber: created.billNumber }) });
    expect(lowered.json()).toMatchObject({ approvalStatus: 'not_required', payable: true });
    rows = await t.deps.db.select().from(billApprovals).where(eq(billApprovals.billId, created.id));
    expect(rows.every((row) => row.status === 'superseded')).toBe(true);
    const notesOnly = await org.request({ method: 'PUT', url: `/api/bills/${created.id}`, payload: billOf(vendor, '50.00', { billNumber: created.billNumber, notes: 'x' }) });
    expect(notesOnly.json().approvalStatus).toBe('not_required');
  });

  it('a bill waiting for approval cannot be marked paid', async () => {
    const { org, vendor } = await setup({ triggerType: 'all' });
    const response = await org.request({ method: 'POST', url: '/api/bills', payload: billOf(vendor, '10.00', { status: 'paid' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A bill waiting for approval cannot be marked paid');
  });
});
