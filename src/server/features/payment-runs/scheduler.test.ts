import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { auditLog, bills, organizations, payments, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addVerifiedBankAccount, setAchProfile } from '../bank-accounts/bank-accounts.fixtures';
import { exportAchFile } from './ach-settlement.fixtures';
import { createBill, createVendor, schedule, scheduleOk } from './payment-runs.fixtures';
import { processDuePayments } from './scheduler';

const start = new Date('2026-11-20T15:00:00Z');
let testApp: TestApp;
let owner: SignedIn;
let accountId: string;
let vendorId: string;

beforeAll(async () => {
  testApp = await createTestApp({ now: start });
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  testApp.clock.set(start);
  owner = await signUp(testApp.app);
  accountId = (await addVerifiedBankAccount(testApp, owner)).id;
  vendorId = (await createVendor(owner)).id;
});

async function scheduleBills(
  count: number,
  scheduledDate: string,
  total = '10.00',
  method: 'ach' | 'wire' | 'check' = 'wire',
): Promise<string[]> {
  const billIds: string[] = [];
  for (let index = 0; index < count; index += 1)
    billIds.push((await createBill(owner, vendorId, total)).id);
  const result = await scheduleOk(owner, {
    billIds,
    bankAccountId: accountId,
    method,
    scheduledDate,
  });
  return result.payments.map((payment) => payment.id);
}

async function paymentRows(ids: string[]) {
  return testApp.deps.db.select().from(payments).where(inArray(payments.id, ids));
}

async function auditCount(action: string): Promise<number> {
  const rows = await testApp.deps.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, action)),
    );
  return rows.length;
}

describe('processDuePayments', () => {
  it('completes due payments once, marks their bills paid and leaves later ones pending', async () => {
    const due = await scheduleBills(2, '2026-11-20');
    const later = await scheduleBills(1, '2026-11-21');
    const now = testApp.deps.now();

    const first = await processDuePayments(testApp.deps, now, {
      organizationId: owner.user.organizationId,
    });
    expect(first).toEqual({ processed: 2, completed: 2, failed: 0 });
    const rows = await paymentRows(due);
    for (const row of rows) {
      expect(row.status).toBe('completed');
      expect(row.processedAt?.toISOString()).toBe(now.toISOString());
      expect(row.transactionId).toMatch(/^WIRE-20261120-[0-9A-F]{12}$/);
    }
    const billRows = await testApp.deps.db
      .select()
      .from(bills)
      .where(
        inArray(
          bills.id,
          rows.map((row) => row.referenceId),
        ),
      );
    expect(billRows.map((bill) => [bill.status, bill.paidAt?.toISOString()])).toEqual([
      ['paid', now.toISOString()],
      ['paid', now.toISOString()],
    ]);
    expect((await paymentRows(later))[0]?.status).toBe('pending');
    expect(await auditCount('payment.completed')).toBe(2);
    expect(await auditCount('bill.paid')).toBe(2);

    const again = await processDuePayments(testApp.deps, now, {
      organizationId: owner.user.organizationId,
    });
    expect(again).toEqual({ processed: 0, completed: 0, failed: 0 });

    testApp.clock.advance(24 * 3600_000);
    const nextDay = await processDuePayments(testApp.deps.db, testApp.deps.now(), {
      organizationId: owner.user.organizationId,
    });
    expect(nextDay.completed).toBe(1);
    expect(await auditCount('payment.completed')).toBe(3);
  });

  it('processes each payment exactly once when two runs race', async () => {
    const ids = await scheduleBills(60, '2026-11-20', '1.25');
    const now = testApp.deps.now();
    const scope = { organizationId: owner.user.organizationId };
    const [one, two] = await Promise.all([
      processDuePayments(testApp.deps, now, scope),
      processDuePayments(testApp.deps, now, scope),
    ]);
    expect(one.processed + two.processed).toBe(60);
    expect(one.completed + two.completed).toBe(60);
    const rows = await paymentRows(ids);
    expect(rows.every((row) => row.status === 'completed')).toBe(true);
    expect(new Set(rows.map((row) => row.transactionId)).size).toBe(60);
    expect(await auditCount('payment.completed')).toBe(60);
    expect(await auditCount('bill.paid')).toBe(60);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'skips a payment another process holds, without waiting for it (PostgreSQL)',
    async () => {
      const [held, free] = await scheduleBills(2, '2026-11-20');
      const scope = { organizationId: owner.user.organizationId };
      let release: () => void = () => {};
      let lockTaken: () => void = () => {};
      const taken = new Promise<void>((resolve) => {
        lockTaken = resolve;
      });
      const holder = testApp.deps.db.transaction(async (tx) => {
        await tx
          .select()
          .from(payments)
          .where(eq(payments.id, held ?? ''))
          .for('update');
        lockTaken();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await taken;
      const whileHeld = await processDuePayments(testApp.deps, testApp.deps.now(), scope);
      expect(whileHeld).toEqual({ processed: 1, completed: 1, failed: 0 });
      expect(
        (await paymentRows([held ?? '', free ?? '']))
          .map((row) => [row.id === held, row.status])
          .sort(),
      ).toEqual([
        [false, 'completed'],
        [true, 'pending'],
      ]);
      release();
      await holder;
      expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope)).toEqual({
        processed: 1,
        completed: 1,
        failed: 0,
      });
    },
  );

  it('fails a payment whose vendor lost its bank details, returning the bill to received', async () => {
    const [id] = await scheduleBills(1, '2026-11-20');
    await testApp.deps.db
      .update(vendors)
      .set({ accountNumberEncrypted: null, accountLast4: null })
      .where(eq(vendors.id, vendorId));
    const result = await processDuePayments(testApp.deps, testApp.deps.now(), {
      organizationId: owner.user.organizationId,
    });
    expect(result).toEqual({ processed: 1, completed: 0, failed: 1 });
    const [row] = await paymentRows([id ?? '']);
    expect(row).toMatchObject({ status: 'failed', transactionId: null });
    expect(row?.failureReason).toMatch(/has no bank account details$/);
    const [bill] = await testApp.deps.db
      .select()
      .from(bills)
      .where(eq(bills.id, row?.referenceId ?? ''));
    expect(bill).toMatchObject({ status: 'received', scheduledPaymentDate: null, paidAt: null });
    expect(await auditCount('payment.failed')).toBe(1);
  });
});

describe('ACH settlement', () => {
  /** Exports the files of the runs these payments are in: the export marks them sent. */
  async function markSent(ids: string[]): Promise<void> {
    const runIds = new Set((await paymentRows(ids)).map((row) => row.paymentRunId ?? ''));
    for (const runId of runIds) await exportAchFile(owner, runId);
    expect((await paymentRows(ids)).map((row) => row.status)).toEqual(ids.map(() => 'sent'));
  }

  async function setSettlement(mode: 'bank_confirmation' | 'settlement_days', days = 1): Promise<void> {
    await setAchProfile(owner, accountId, { settlementMode: mode, settlementDays: days });
  }

  const scope = () => ({ organizationId: owner.user.organizationId });
  const nothing = { processed: 0, completed: 0, failed: 0 };

  it('leaves an ACH payment pending on and after its date while no file was exported', async () => {
    await setSettlement('settlement_days', 1);
    const ids = await scheduleBills(1, '2026-11-20', '10.00', 'ach');
    expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope())).toEqual(nothing);
    testApp.clock.advance(10 * 24 * 3600_000);
    expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope())).toEqual(nothing);
    expect((await paymentRows(ids))[0]).toMatchObject({ status: 'pending', processedAt: null });
    expect(await auditCount('payment.completed')).toBe(0);
  });

  it('never completes a sent ACH payment whose account waits for the bank statement', async () => {
    await setSettlement('bank_confirmation');
    const ids = await scheduleBills(1, '2026-11-20', '10.00', 'ach');
    await markSent(ids);
    testApp.clock.advance(10 * 24 * 3600_000);
    expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope())).toEqual(nothing);
    expect((await paymentRows(ids))[0]?.status).toBe('sent');
  });

  it('completes a sent ACH payment once its settlement banking days have passed, exactly once', async () => {
    await setSettlement('settlement_days', 2);
    // Friday 20 November plus two banking days is Tuesday 24 November.
    const ids = await scheduleBills(2, '2026-11-20', '10.00', 'ach');
    await markSent(ids);
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']) {
      testApp.clock.set(new Date(`${day}T15:00:00Z`));
      expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope()), day).toEqual(nothing);
    }
    testApp.clock.set(new Date('2026-11-24T15:00:00Z'));
    const [one, two] = await Promise.all([
      processDuePayments(testApp.deps, testApp.deps.now(), scope()),
      processDuePayments(testApp.deps, testApp.deps.now(), scope()),
    ]);
    expect(one.completed + two.completed).toBe(2);
    expect(one.processed + two.processed).toBe(2);
    const rows = await paymentRows(ids);
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed']);
    expect(rows[0]?.transactionId).toMatch(/^ACH-20261124-/);
    const billRows = await testApp.deps.db.select().from(bills).where(inArray(bills.id, rows.map((row) => row.referenceId)));
    expect(billRows.map((bill) => bill.status)).toEqual(['paid', 'paid']);
    expect(await auditCount('payment.completed')).toBe(2);
    expect(await auditCount('bill.paid')).toBe(2);
    expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope())).toEqual(nothing);
  });

  it('fails a sent ACH payment whose bill was paid some other way meanwhile', async () => {
    await setSettlement('settlement_days', 1);
    const [id] = await scheduleBills(1, '2026-11-20', '10.00', 'ach');
    await markSent([id ?? '']);
    const [row] = await paymentRows([id ?? '']);
    await testApp.deps.db.update(bills).set({ status: 'paid' }).where(eq(bills.id, row?.referenceId ?? ''));
    testApp.clock.set(new Date('2026-11-23T15:00:00Z'));
    expect(await processDuePayments(testApp.deps, testApp.deps.now(), scope())).toEqual({ processed: 1, completed: 0, failed: 1 });
    const [failed] = await paymentRows([id ?? '']);
    expect(failed?.status).toBe('failed');
    expect(failed?.failureReason).toMatch(/was already paid$/);
    expect(await auditCount('payment.failed')).toBe(1);
  });

  it("counts settlement days from the organization's own day", async () => {
    await testApp.deps.db.update(organizations).set({ timeZone: 'Pacific/Auckland' }).where(eq(organizations.id, owner.user.organizationId));
    await setSettlement('settlement_days', 1);
    const ids = await scheduleBills(1, '2026-11-23', '10.00', 'ach');
    await markSent(ids);
    // 12:00 UTC on Monday 23 November is already Tuesday 01:00 in Auckland.
    testApp.clock.set(new Date('2026-11-23T12:00:00Z'));
    expect((await processDuePayments(testApp.deps, testApp.deps.now(), scope())).completed).toBe(1);
  });
});

describe('the background scheduler', () => {
  it('runs only with startWorkers, processes due payments and stops when the app closes', async () => {
    const [id] = await scheduleBills(1, '2026-11-20');
    const worker = await createApp({ ...testApp.deps, startWorkers: true });
    await worker.ready();
    try {
      let status = 'pending';
      for (let waited = 0; waited < 10_000 && status !== 'completed'; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await paymentRows([id ?? '']))[0]?.status ?? 'missing';
      }
      expect(status).toBe('completed');
    } finally {
      await worker.close();
    }
  });
});

describe("the paying organization's calendar day", () => {
  async function setTimeZone(signedIn: SignedIn, timeZone: string): Promise<void> {
    await testApp.deps.db
      .update(organizations)
      .set({ timeZone })
      .where(eq(organizations.id, signedIn.user.organizationId));
  }

  it('pays on the scheduled day where the organization is, not in UTC', async () => {
    // 15:00 UTC on 20 November is already 04:00 on 21 November in Auckland.
    await setTimeZone(owner, 'Pacific/Auckland');
    const aucklandIds = await scheduleBills(1, '2026-11-21');
    const newYork = await signUp(testApp.app);
    await setTimeZone(newYork, 'America/New_York');
    const newYorkAccount = (await addVerifiedBankAccount(testApp, newYork)).id;
    const newYorkVendor = (await createVendor(newYork)).id;
    const newYorkBill = (await createBill(newYork, newYorkVendor, '10.00')).id;
    const scheduled = await scheduleOk(newYork, {
      billIds: [newYorkBill],
      bankAccountId: newYorkAccount,
      method: 'wire',
      scheduledDate: '2026-11-21',
    });

    await processDuePayments(testApp.deps, start);
    expect((await paymentRows(aucklandIds))[0]?.status).toBe('completed');
    expect((await paymentRows(scheduled.payments.map((p) => p.id)))[0]?.status).toBe('pending');
  });

  it("refuses a payment date that is already past in the organization's time zone", async () => {
    await setTimeZone(owner, 'Pacific/Auckland');
    const billId = (await createBill(owner, vendorId, '10.00')).id;
    const response = await schedule(owner, {
      billIds: [billId],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-20',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ scheduledDate: 'Payment date cannot be in the past' });
    // The same day is today in Honolulu (05:00 on 20 November).
    await setTimeZone(owner, 'Pacific/Honolulu');
    expect(
      (
        await schedule(owner, {
          billIds: [billId],
          bankAccountId: accountId,
          method: 'ach',
          scheduledDate: '2026-11-20',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/payment-runs/process-due', () => {
  it("lets an owner process their organization's due payments now, and no one else's", async () => {
    const [id] = await scheduleBills(1, '2026-11-20');
    const other = await signUp(testApp.app);
    const response = await other.request({ method: 'POST', url: '/api/payment-runs/process-due' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ processed: 0, completed: 0, failed: 0 });
    expect((await paymentRows([id ?? '']))[0]?.status).toBe('pending');

    const mine = await owner.request({ method: 'POST', url: '/api/payment-runs/process-due' });
    expect(mine.json()).toEqual({ processed: 1, completed: 1, failed: 0 });
  });
});
