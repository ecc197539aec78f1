import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bill } from '../../../shared/contracts/bills';
import type { VendorCredit } from '../../../shared/contracts/credits';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import { auditLog, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addVerifiedBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { createBill, createVendor, scheduleOk } from '../payment-runs/payment-runs.fixtures';

const start = new Date('2026-11-20T15:00:00Z');
let testApp: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ now: start });
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  testApp.clock.set(start);
  owner = await signUp(testApp.app, { companyName: 'Acme Supplies LLC' });
});

let creditSeq = 0;
function creditPayload(vendorId: string, amount: string, overrides: Record<string, unknown> = {}) {
  creditSeq += 1;
  return { vendorId, creditNumber: `VC-${creditSeq}`, creditDate: '2026-11-18', amount, reason: 'Damaged goods', ...overrides };
}

async function recordCredit(vendorId: string, amount: string, overrides: Record<string, unknown> = {}, who = owner): Promise<VendorCredit> {
  const response = await who.request({ method: 'POST', url: '/api/vendor-credits', payload: creditPayload(vendorId, amount, overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VendorCredit>();
}

function apply(creditId: string, applications: { billId: string; amount: string }[], who = owner) {
  return who.request({ method: 'POST', url: `/api/vendor-credits/${creditId}/apply`, payload: { applications } });
}

async function bill(id: string, who = owner): Promise<Bill> {
  const response = await who.request({ method: 'GET', url: `/api/bills/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Bill>();
}

describe('POST /api/vendor-credits', () => {
  it('records a credit applied at once: the bill owes its total less the credit, audit rows written', async () => {
    const vendor = await createVendor(owner);
    const first = await createBill(owner, vendor.id, '100.00');
    const credit = await recordCredit(vendor.id, '50.00', { applications: [{ billId: first.id, amount: '30.00' }] });
    expect(credit).toMatchObject({ vendorName: vendor.name, amount: '50.00', amountApplied: '30.00', remaining: '20.00', status: 'open' });
    expect(credit.applications).toEqual([expect.objectContaining({ billId: first.id, billNumber: first.billNumber, amount: '30.00', date: '2026-11-18', reversedAt: null })]);
    expect(await bill(first.id)).toMatchObject({ totalAmount: '100.00', amountCredited: '30.00', amountDue: '70.00', status: 'received' });

    // The list (unfiltered, served as PostgreSQL's JSON) shows the same figures.
    const list = await owner.request({ method: 'GET', url: '/api/bills' });
    expect(list.json<Bill[]>().find((row) => row.id === first.id)).toMatchObject({ amountCredited: '30.00', amountDue: '70.00' });

    const audits = await testApp.deps.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.organizationId, owner.user.organizationId));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'vendor_credit.created', entityId: credit.id },
        { action: 'vendor_credit.applied', entityId: credit.id },
        { action: 'bill.credit_applied', entityId: first.id },
      ]),
    );
  });

  it('refuses bad input with the field, and a second credit with the same number', async () => {
    const vendor = await createVendor(owner);
    const zero = await owner.request({ method: 'POST', url: '/api/vendor-credits', payload: creditPayload(vendor.id, '0') });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ fields: { amount: expect.any(String) } });
    const negative = await owner.request({ method: 'POST', url: '/api/vendor-credits', payload: creditPayload(vendor.id, '-5') });
    expect(negative.statusCode).toBe(400);
    await recordCredit(vendor.id, '10.00', { creditNumber: 'DUP-1' });
    const again = await owner.request({ method: 'POST', url: '/api/vendor-credits', payload: creditPayload(vendor.id, '10.00', { creditNumber: 'DUP-1' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fields: { creditNumber: expect.any(String) } });
  });

  it('writes nothing when an immediate application fails', async () => {
    const vendor = await createVendor(owner);
    const small = await createBill(owner, vendor.id, '40.00');
    const response = await owner.request({
      method: 'POST',
      url: '/api/vendor-credits',
      payload: creditPayload(vendor.id, '50.00', { applications: [{ billId: small.id, amount: '45.00' }] }),
    });
    expect(response.statusCode).toBe(409);
    const list = await owner.request({ method: 'GET', url: '/api/vendor-credits' });
    expect(list.json()).toEqual([]);
    expect(await bill(small.id)).toMatchObject({ amountCredited: '0.00', amountDue: '40.00' });
  });
});

describe('POST /api/vendor-credits/{id}/apply', () => {
  it("refuses more than the bill owes, more than is left of the credit, and another vendor's bill", async () => {
    const vendor = await createVendor(owner);
    const otherVendor = await createVendor(owner, { name: 'Other Vendor Inc' });
    const big = await createBill(owner, vendor.id, '100.00');
    const small = await createBill(owner, vendor.id, '40.00');
    const foreign = await createBill(owner, otherVendor.id, '100.00');
    const credit = await recordCredit(vendor.id, '50.00');

    const overBill = await apply(credit.id, [{ billId: small.id, amount: '40.01' }]);
    expect(overBill.statusCode).toBe(409);
    expect(overBill.json<{ message: string }>().message).toBe(`Bill ${small.billNumber} owes only 40.00`);

    const overCredit = await apply(credit.id, [
      { billId: big.id, amount: '30.00' },
      { billId: small.id, amount: '20.01' },
    ]);
    expect(overCredit.statusCode).toBe(409);
    expect(overCredit.json<{ message: string }>().message).toContain('only 50.00 left');

    expect((await apply(credit.id, [{ billId: foreign.id, amount: '1.00' }])).statusCode).toBe(404);
    expect((await apply(credit.id, [{ billId: big.id, amount: '0' }])).statusCode).toBe(400);
    expect((await apply(credit.id, [{ billId: big.id, amount: '1.00' }, { billId: big.id, amount: '1.00' }])).statusCode).toBe(400);

    // None of the refused requests wrote anything.
    expect(await bill(big.id)).toMatchObject({ amountCredited: '0.00' });
    expect(await bill(small.id)).toMatchObject({ amountCredited: '0.00' });
    expect(await bill(foreign.id)).toMatchObject({ amountCredited: '0.00' });

    const ok = await apply(credit.id, [
      { billId: big.id, amount: '10.00' },
      { billId: small.id, amount: '40.00' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ amountApplied: '50.00', remaining: '0.00', status: 'closed' });
    const covered = await bill(small.id);
    // Fully covered by credit: paid, with the time it happened, nothing left to pay.
    expect(covered).toMatchObject({ status: 'paid', amountCredited: '40.00', amountDue: '0.00', paidAt: start.toISOString(), payable: false });
    expect(await bill(big.id)).toMatchObject({ status: 'received', amountCredited: '10.00', amountDue: '90.00' });

    const paidAgain = await apply((await recordCredit(vendor.id, '5.00')).id, [{ billId: small.id, amount: '1.00' }]);
    expect(paidAgain.statusCode).toBe(409);
  });

  it('applies a credit exactly once when two requests race for it', async () => {
    const vendor = await createVendor(owner);
    const one = await createBill(owner, vendor.id, '100.00');
    const two = await createBill(owner, vendor.id, '100.00');
    const credit = await recordCredit(vendor.id, '60.00');
    const results = await Promise.all([apply(credit.id, [{ billId: one.id, amount: '40.00' }]), apply(credit.id, [{ billId: two.id, amount: '40.00' }])]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const after = await owner.request({ method: 'GET', url: `/api/vendor-credits/${credit.id}` });
    expect(after.json()).toMatchObject({ amountApplied: '40.00', remaining: '20.00' });
    const credited = [(await bill(one.id)).amountCredited, (await bill(two.id)).amountCredited].sort();
    expect(credited).toEqual(['0.00', '40.00']);
  });

  it('is a 404 across workspaces, both ways', async () => {
    const vendor = await createVendor(owner);
    const own = await createBill(owner, vendor.id, '100.00');
    const credit = await recordCredit(vendor.id, '20.00');
    const other = await signUp(testApp.app);
    const theirVendor = await createVendor(other);
    const theirBill = await createBill(other, theirVendor.id, '100.00');
    const theirCredit = await recordCredit(theirVendor.id, '20.00', {}, other);

    expect((await other.request({ method: 'GET', url: `/api/vendor-credits/${credit.id}` })).statusCode).toBe(404);
    expect((await apply(credit.id, [{ billId: theirBill.id, amount: '1.00' }], other)).statusCode).toBe(404);
    expect((await apply(theirCredit.id, [{ billId: own.id, amount: '1.00' }], other)).statusCode).toBe(404);
    expect((await apply(credit.id, [{ billId: theirBill.id, amount: '1.00' }])).statusCode).toBe(404);
    expect((await other.request({ method: 'POST', url: '/api/vendor-credits', payload: creditPayload(vendor.id, '5.00') })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/vendor-credits' })).json<VendorCredit[]>().map((row) => row.id)).toEqual([theirCredit.id]);
    expect(await bill(own.id)).toMatchObject({ amountCredited: '0.00' });
  });

  it('lists credits paginated with filters by vendor and status', async () => {
    const vendor = await createVendor(owner);
    const otherVendor = await createVendor(owner, { name: 'Second Vendor' });
    const target = await createBill(owner, vendor.id, '10.00');
    const closed = await recordCredit(vendor.id, '10.00', { creditDate: '2026-11-01', applications: [{ billId: target.id, amount: '10.00' }] });
    const open = await recordCredit(vendor.id, '15.00', { creditDate: '2026-11-10' });
    const others = await recordCredit(otherVendor.id, '5.00', { creditDate: '2026-11-15' });

    const all = await owner.request({ method: 'GET', url: '/api/vendor-credits?limit=2' });
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json<VendorCredit[]>().map((row) => row.id)).toEqual([others.id, open.id]);
    const page2 = await owner.request({ method: 'GET', url: '/api/vendor-credits?limit=2&offset=2' });
    expect(page2.json<VendorCredit[]>().map((row) => row.id)).toEqual([closed.id]);
    const byVendor = await owner.request({ method: 'GET', url: `/api/vendor-credits?vendorId=${vendor.id}&status=open` });
    expect(byVendor.json<VendorCredit[]>().map((row) => row.id)).toEqual([open.id]);
    expect(byVendor.headers['x-total-count']).toBe('1');
  });
});

describe('vendor credits and paying bills', () => {
  it('a payment run pays the total less the credit, and the NACHA entry carries that amount', async () => {
    await testApp.deps.db.update(organizations).set({ taxId: '12-3456789' }).where(eq(organizations.id, owner.user.organizationId));
    const accountId = (await addVerifiedBankAccount(testApp, owner, { bankName: 'JPMorgan Chase' })).id;
    const vendor = await createVendor(owner, { routingNumber: '026009593', taxId: '98-7654321' });
    const target = await createBill(owner, vendor.id, '1234.56', { billNumber: 'PC-9' });
    await recordCredit(vendor.id, '234.50', { applications: [{ billId: target.id, amount: '234.50' }] });

    const run = await scheduleOk(owner, { billIds: [target.id], bankAccountId: accountId, method: 'ach', scheduledDate: '2026-11-23' });
    expect(run.payments.map((payment) => payment.amount)).toEqual(['1000.06']);

    const file = await owner.request({ method: 'GET', url: `/api/payment-runs/${run.paymentRunId}/nacha` });
    expect(file.statusCode, file.body).toBe(200);
    const entries = file.body.split('\n').filter((record) => record.startsWith('6'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.slice(29, 39)).toBe('0000100006');

    // Once a payment is scheduled, the bill takes no more credit and its credit stays on.
    const later = await recordCredit(vendor.id, '1.00');
    expect((await apply(later.id, [{ billId: target.id, amount: '1.00' }])).statusCode).toBe(409);
    const [applied] = (await owner.request({ method: 'GET', url: '/api/vendor-credits' })).json<VendorCredit[]>().filter((row) => row.applications.length > 0);
    const reverse = await owner.request({ method: 'POST', url: `/api/vendor-credit-applications/${applied?.applications[0]?.id}/reverse` });
    expect(reverse.statusCode).toBe(409);
  });

  it('Bills to Pay on the dashboard drops by the credit applied', async () => {
    const vendor = await createVendor(owner);
    const one = await createBill(owner, vendor.id, '120.00');
    await createBill(owner, vendor.id, '80.00');
    const stats = async () => (await owner.request({ method: 'GET', url: '/api/dashboard/stats' })).json<DashboardStats>();
    expect((await stats()).billsToPay).toBe('200.00');
    await recordCredit(vendor.id, '45.25', { applications: [{ billId: one.id, amount: '45.25' }] });
    expect((await stats()).billsToPay).toBe('154.75');
  });

  it('reverses an application while the bill is unpaid by money: it owes the amount again', async () => {
    const vendor = await createVendor(owner);
    const target = await createBill(owner, vendor.id, '25.00');
    const credit = await recordCredit(vendor.id, '30.00', { applications: [{ billId: target.id, amount: '25.00' }] });
    expect(await bill(target.id)).toMatchObject({ status: 'paid', amountDue: '0.00' });
    const applicationId = credit.applications[0]?.id;
    const reversed = await owner.request({ method: 'POST', url: `/api/vendor-credit-applications/${applicationId}/reverse` });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ amountApplied: '0.00', remaining: '30.00', status: 'open' });
    expect(reversed.json<VendorCredit>().applications[0]?.reversedAt).toBe(start.toISOString());
    expect(await bill(target.id)).toMatchObject({ status: 'received', amountCredited: '0.00', amountDue: '25.00', paidAt: null });
    expect((await owner.request({ method: 'POST', url: `/api/vendor-credit-applications/${applicationId}/reverse` })).statusCode).toBe(409);
    const other = await signUp(testApp.app);
    expect((await other.request({ method: 'POST', url: `/api/vendor-credit-applications/${applicationId}/reverse` })).statusCode).toBe(404);
    const rows = await testApp.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'bill.credit_reversed')));
    expect(rows).toHaveLength(1);
  });
});
