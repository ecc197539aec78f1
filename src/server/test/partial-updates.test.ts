import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayload, vendorPayload } from '../features/bills/payables-fixtures';
import { addMember } from '../features/team/team.fixtures';
import { createCustomerFor, invoicePayload } from '../features/invoices/invoices.fixtures';
import { type TestApp, createTestApp } from './create-test-app';
import { type SignedIn, signUp } from './factories';

/**
 * The rule for every PUT (DEVELOPERS.md): a field the request does not name keeps its stored
 * value, and the merged record is checked as a whole.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const put = (url: string, payload: Record<string, unknown>) => owner.request({ method: 'PUT', url, payload });
const get = async (url: string) => (await owner.request({ method: 'GET', url })).json();

describe('a PUT that names one field changes only that field', () => {
  it('vendors: deactivating keeps the country, payment method and bank details', async () => {
    const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ country: 'CA', paymentMethod: 'wire', wireInstructions: 'SWIFT ABCDEF' }) })).json();
    const response = await put(`/api/vendors/${vendor.id}`, { isActive: false });
    expect(response.statusCode, response.body).toBe(200);
    const { updatedAt: _before, ...expected } = vendor;
    const { updatedAt: _after, ...stored } = await get(`/api/vendors/${vendor.id}`);
    expect(stored).toEqual({ ...expected, isActive: false });
  });

  it('vendors: the merged record is checked as a whole (wire needs instructions)', async () => {
    const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    const response = await put(`/api/vendors/${vendor.id}`, { paymentMethod: 'wire' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ wireInstructions: 'Wire instructions are required' });
    const blank = await put(`/api/vendors/${vendor.id}`, { name: '' });
    expect(blank.json().fields).toEqual({ name: 'Name is required' });
    expect((await get(`/api/vendors/${vendor.id}`)).paymentMethod).toBe('ach');
  });

  it('customers: a phone alone, without name or email, keeps everything else', async () => {
    const customer = await createCustomerFor(owner, { phone: '555-0100', city: 'Boston', creditLimit: '2500.00' });
    const response = await put(`/api/customers/${customer.id}`, { phone: '555-0199' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: customer.name, email: customer.email, phone: '555-0199', city: 'Boston', creditLimit: '2500.00' });
    const cleared = await put(`/api/customers/${customer.id}`, { city: null });
    expect(cleared.json()).toMatchObject({ city: null, phone: '555-0199' });
  });

  it('invoices: new notes keep the items, totals, dates and status', async () => {
    const customer = await createCustomerFor(owner);
    const invoice = (await owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, { status: 'sent' }) })).json();
    const response = await put(`/api/invoices/${invoice.id}`, { notes: 'Paid by wire, please' });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await get(`/api/invoices/${invoice.id}`);
    expect(stored).toMatchObject({ notes: 'Paid by wire, please', status: 'sent', totalAmount: '135.40', taxAmount: '10.40', discountAmount: '5.00', issueDate: invoice.issueDate, dueDate: invoice.dueDate, invoiceNumber: invoice.invoiceNumber });
    expect(stored.items.map((item: { description: string; totalPrice: string }) => [item.description, item.totalPrice])).toEqual([
      ['Consulting', '100.00'],
      ['Support hours', '30.00'],
    ]);
    const wrong = await put(`/api/invoices/${invoice.id}`, { totalAmount: '1.00' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['totalAmount']);
  });

  it('bills: a new due date keeps the status, tax and items', async () => {
    const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    const bill = (await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendor.id, { status: 'overdue', notes: 'Keep me' }) })).json();
    const response = await put(`/api/bills/${bill.id}`, { dueDate: '2026-12-31' });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await get(`/api/bills/${bill.id}`);
    expect(stored).toMatchObject({ dueDate: '2026-12-31', notes: 'Keep me', totalAmount: bill.totalAmount, taxAmount: bill.taxAmount, billNumber: bill.billNumber });
    expect(stored.items).toHaveLength(bill.items.length);
  });

  it('approval rules: pausing keeps the approvers and trigger', async () => {
    const member = await addMember(t, owner, 'approver', null);
    const created = await owner.request({ method: 'POST', url: '/api/approval-workflows', payload: { name: 'Big bills', triggerType: 'amount_over', triggerValue: '5000', approverIds: [member.user.id], requireAllApprovers: true } });
    expect(created.statusCode, created.body).toBe(201);
    const response = await put(`/api/approval-workflows/${created.json().id}`, { isActive: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Big bills', triggerType: 'amount_over', approverIds: [member.user.id], requireAllApprovers: true, isActive: false });
  });

  it('team: a new role keeps the approval limit, and a new limit keeps the role', async () => {
    const member = await addMember(t, owner, 'accountant', '750.25');
    const role = await put(`/api/team/${member.user.id}`, { role: 'approver' });
    expect(role.json()).toMatchObject({ role: 'approver', approvalLimit: '750.25' });
    const limit = await put(`/api/team/${member.user.id}`, { approvalLimit: null });
    expect(limit.json()).toMatchObject({ role: 'approver', approvalLimit: null });
  });

  it('profile: a new first name keeps the email, username, industry and timezone', async () => {
    const me = await signUp(t.app);
    const full = await me.request({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'Ann', lastName: 'Lee', email: me.user.email, username: me.user.username, industry: 'technology', timezone: 'est' } });
    expect(full.statusCode, full.body).toBe(200);
    const response = await me.request({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'Anna' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Anna', lastName: 'Lee', email: me.user.email, username: me.user.username });
    const settings = (await me.request({ method: 'GET', url: '/api/user/settings' })).json();
    expect(settings.profile ?? settings).toMatchObject({ industry: 'technology', timezone: 'est' });
  });
});
