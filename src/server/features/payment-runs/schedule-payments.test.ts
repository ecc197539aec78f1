import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bills, paymentRuns, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addBankAccount, addVerifiedBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { addMember } from '../bills/payables-fixtures';
import {
  VENDOR_ACCOUNT,
  createBill,
  createVendor,
  schedule,
  scheduleOk,
  setApproval,
} from './payment-runs.fixtures';

let testApp: TestApp;
let owner: SignedIn;
let accountId: string;
let vendorId: string;

beforeAll(async () => {
  testApp = await createTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  owner = await signUp(testApp.app);
  accountId = (await addVerifiedBankAccount(testApp, owner)).id;
  vendorId = (await createVendor(owner, { name: 'Paper Co' })).id;
});

async function orgRows() {
  const organizationId = owner.user.organizationId;
  return {
    runs: await testApp.deps.db
      .select()
      .from(paymentRuns)
      .where(eq(paymentRuns.organizationId, organizationId)),
    payments: await testApp.deps.db
      .select()
      .from(payments)
      .where(eq(payments.organizationId, organizationId)),
  };
}

describe('POST /api/payments/schedule', () => {
  it('creates a run and one pending payment per bill for its open total, and marks the bills scheduled', async () => {
    const first = await createBill(owner, vendorId, '120.50');
    const second = await createBill(owner, vendorId, '99.99');
    const response = await schedule(owner, {
      billIds: [first.id, second.id],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-23',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain(VENDOR_ACCOUNT);
    const result = response.json();
    expect(result.payments).toHaveLength(2);
    const byBill = Object.fromEntries(
      result.payments.map((payment: { referenceId: string }) => [payment.referenceId, payment]),
    );
    expect(byBill[first.id]).toMatchObject({
      amount: '120.50',
      status: 'pending',
      method: 'ach',
      scheduledDate: '2026-11-23',
      type: 'bill_payment',
    });
    expect(byBill[second.id]).toMatchObject({
      amount: '99.99',
      paymentRunId: result.paymentRunId,
      bankAccountId: accountId,
    });

    const stored = await orgRows();
    expect(stored.runs).toHaveLength(1);
    expect(stored.runs[0]).toMatchObject({
      id: result.paymentRunId,
      method: 'ach',
      scheduledDate: '2026-11-23',
      bankAccountId: accountId,
    });
    expect(stored.payments.map((payment) => payment.status)).toEqual(['pending', 'pending']);
    const billRows = await testApp.deps.db
      .select()
      .from(bills)
      .where(inArray(bills.id, [first.id, second.id]));
    expect(billRows.map((bill) => [bill.status, bill.scheduledPaymentDate])).toEqual([
      ['scheduled', '2026-11-23'],
      ['scheduled', '2026-11-23'],
    ]);
    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, owner.user.organizationId),
          inArray(auditLog.action, ['payment_run.scheduled', 'bill.payment_scheduled']),
        ),
      );
    expect(audits.map((audit) => audit.action).sort()).toEqual([
      'bill.payment_scheduled',
      'bill.payment_scheduled',
      'payment_run.scheduled',
    ]);

    const again = await schedule(owner, {
      billIds: [first.id],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-24',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Bill ${first.billNumber} already has a scheduled payment`);
  });

  it.each([
    [{ billIds: [] }, 'billIds', 'Choose at least one bill'],
    [{ billIds: undefined }, 'billIds', 'Choose at least one bill'],
    [{ bankAccountId: '' }, 'bankAccountId', 'Choose a bank account'],
    [{ method: 'card' }, 'method', 'Choose a payment method'],
    [{ scheduledDate: '' }, 'scheduledDate', 'Payment date is required'],
    [{ scheduledDate: '2026-02-30' }, 'scheduledDate', 'Invalid date'],
    [{ scheduledDate: '2026-11-19' }, 'scheduledDate', 'Payment date cannot be in the past'],
  ])('refuses %j', async (overrides, field, message) => {
    const bill = await createBill(owner, vendorId, '10.00');
    const response = await schedule(owner, {
      billIds: [bill.id],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-20',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
    expect((await orgRows()).payments).toHaveLength(0);
  });

  it.each([
    ['pending', 'is waiting for approval'],
    ['rejected', 'was rejected: edit it and have it approved again before paying it'],
  ] as const)(
    'refuses a bill whose approval is %s and creates nothing',
    async (approvalStatus, reason) => {
      const good = await createBill(owner, vendorId, '50.00');
      const held = await createBill(owner, vendorId, '75.00');
      await setApproval(testApp.deps.db, held.id, approvalStatus);
      const response = await schedule(owner, {
        billIds: [good.id, held.id],
        bankAccountId: accountId,
        method: 'ach',
        scheduledDate: '2026-11-21',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`Bill ${held.billNumber} ${reason}`);
      expect(await orgRows()).toEqual({ runs: [], payments: [] });
      const [goodRow] = await testApp.deps.db.select().from(bills).where(eq(bills.id, good.id));
      expect(goodRow?.status).toBe('received');
    },
  );

  it('pays an approved bill', async () => {
    const bill = await createBill(owner, vendorId, '75.00');
    await setApproval(testApp.deps.db, bill.id, 'approved');
    const result = await scheduleOk(owner, {
      billIds: [bill.id],
      bankAccountId: accountId,
      method: 'wire',
      scheduledDate: '2026-11-20',
    });
    expect(result.payments[0]).toMatchObject({ amount: '75.00', method: 'wire' });
  });

  it('refuses ACH and wire to a vendor without bank details, naming the vendor, but allows a check', async () => {
    const byCheck = await createVendor(owner, {
      name: 'No Bank Ltd',
      paymentMethod: 'check',
      bankName: null,
      accountNumber: null,
      routingNumber: null,
    });
    const bill = await createBill(owner, byCheck.id, '30.00');
    for (const method of ['ach', 'wire']) {
      const response = await schedule(owner, {
        billIds: [bill.id],
        bankAccountId: accountId,
        method,
        scheduledDate: '2026-11-21',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(
        /^Vendor No Bank Ltd has no bank account details for (ACH|Wire) payments/,
      );
    }
    expect((await orgRows()).payments).toHaveLength(0);
    await scheduleOk(owner, {
      billIds: [bill.id],
      bankAccountId: accountId,
      method: 'check',
      scheduledDate: '2026-11-21',
    });
  });

  it('refuses an unverified bank account, and wires from savings', async () => {
    const bill = await createBill(owner, vendorId, '30.00');
    const pending = await addBankAccount(owner, { accountName: 'New one' });
    const unverified = await schedule(owner, {
      billIds: [bill.id],
      bankAccountId: pending.id,
      method: 'ach',
      scheduledDate: '2026-11-21',
    });
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().message).toBe(
      'Bank account New one is not verified yet. Verify its micro-deposits first.',
    );

    const savings = await addVerifiedBankAccount(testApp, owner, {
      accountName: 'Reserve',
      accountType: 'savings',
      accountNumber: '99887766',
    });
    const wire = await schedule(owner, {
      billIds: [bill.id],
      bankAccountId: savings.id,
      method: 'wire',
      scheduledDate: '2026-11-21',
    });
    expect(wire.statusCode).toBe(409);
    expect(wire.json().message).toBe('Bank account Reserve is not enabled for Wire payments');
    expect((await orgRows()).payments).toHaveLength(0);
  });

  it("hides another organization's bill and bank account behind a 404", async () => {
    const other = await signUp(testApp.app);
    const theirAccount = await addVerifiedBankAccount(testApp, other);
    const theirVendor = await createVendor(other);
    const theirBill = await createBill(other, theirVendor.id, '10.00');
    const mine = await createBill(owner, vendorId, '10.00');

    const bill = await schedule(owner, {
      billIds: [theirBill.id],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-21',
    });
    expect(bill.statusCode).toBe(404);
    expect(bill.json().message).toBe('Bill not found');
    const account = await schedule(owner, {
      billIds: [mine.id],
      bankAccountId: theirAccount.id,
      method: 'ach',
      scheduledDate: '2026-11-21',
    });
    expect(account.statusCode).toBe(404);
    expect(account.json().message).toBe('Bank account not found');
    expect((await orgRows()).payments).toHaveLength(0);
  });

  it('keeps a bank account with payments still to go out from being removed', async () => {
    const bill = await createBill(owner, vendorId, '10.00');
    await scheduleOk(owner, {
      billIds: [bill.id],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-25',
    });
    const response = await owner.request({
      method: 'DELETE',
      url: `/api/bank-accounts/${accountId}`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This bank account has scheduled payments. They must be paid before the account can be removed.',
    );
  });

  it('is refused to approvers and viewers', async () => {
    const bill = await createBill(owner, vendorId, '10.00');
    for (const role of ['approver', 'viewer'] as const) {
      const member = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, {
        role,
      });
      const response = await schedule(member, {
        billIds: [bill.id],
        bankAccountId: accountId,
        method: 'ach',
        scheduledDate: '2026-11-21',
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
