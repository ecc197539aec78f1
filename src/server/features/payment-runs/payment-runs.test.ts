import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from '../../../shared/aba';
import type { PaymentRun } from '../../../shared/contracts/payment-runs';
import type { Payment } from '../../../shared/contracts/payments';
import { auditLog, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addVerifiedBankAccount, setAchProfile } from '../bank-accounts/bank-accounts.fixtures';
import { addMember } from '../bills/payables-fixtures';
import { exportAchFile } from './ach-settlement.fixtures';
import { checkNachaFile } from './nacha-check';
import { secCodeFor } from './ach-file';
import { VENDOR_ACCOUNT, createBill, createVendor, scheduleOk } from './payment-runs.fixtures';
import { processDuePayments } from './scheduler';

const start = new Date('2026-11-20T15:00:00Z');
let testApp: TestApp;
let owner: SignedIn;
let accountId: string;

beforeAll(async () => {
  testApp = await createTestApp({ now: start });
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  testApp.clock.set(start);
  owner = await signUp(testApp.app, { companyName: 'Acme Supplies LLC' });
  await testApp.deps.db
    .update(organizations)
    .set({ taxId: '12-3456789' })
    .where(eq(organizations.id, owner.user.organizationId));
  accountId = (await addVerifiedBankAccount(testApp, owner, { bankName: 'JPMorgan Chase' })).id;
});

async function nacha(runId: string, who = owner) {
  return who.request({ method: 'GET', url: `/api/payment-runs/${runId}/nacha` });
}

describe('GET /api/payment-runs', () => {
  it('lists recent runs with totals and status, newest first, paginated', async () => {
    const vendor = await createVendor(owner);
    const first = await scheduleOk(owner, {
      billIds: [
        (await createBill(owner, vendor.id, '10.10')).id,
        (await createBill(owner, vendor.id, '5.05')).id,
      ],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-20',
    });
    testApp.clock.advance(60_000);
    const second = await scheduleOk(owner, {
      billIds: [(await createBill(owner, vendor.id, '1.00')).id],
      bankAccountId: accountId,
      method: 'check',
      scheduledDate: '2026-12-01',
    });
    await processDuePayments(testApp.deps, testApp.deps.now(), {
      organizationId: owner.user.organizationId,
    });

    const response = await owner.request({ method: 'GET', url: '/api/payment-runs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body).not.toContain(VENDOR_ACCOUNT);
    const runs = response.json<PaymentRun[]>();
    expect(runs.map((run) => run.id)).toEqual([second.paymentRunId, first.paymentRunId]);
    expect(runs[0]).toMatchObject({
      method: 'check',
      paymentCount: 1,
      totalAmount: '1.00',
      status: 'scheduled',
      bankAccountLast4: '6789',
      completion: null,
    });
    // Due today, but an ACH payment waits for its file: nothing went to the bank yet.
    expect(runs[1]).toMatchObject({
      method: 'ach',
      paymentCount: 2,
      completedCount: 0,
      sentCount: 0,
      failedCount: 0,
      totalAmount: '15.15',
      status: 'scheduled',
      completion: { mode: 'bank_confirmation', completesOn: null },
    });

    const page = await owner.request({ method: 'GET', url: '/api/payment-runs?limit=1&offset=1' });
    expect(page.json<PaymentRun[]>().map((run) => run.id)).toEqual([first.paymentRunId]);

    const one = await owner.request({
      method: 'GET',
      url: `/api/payment-runs/${first.paymentRunId}`,
    });
    expect(one.json()).toMatchObject({ id: first.paymentRunId, totalAmount: '15.15' });
    const other = await signUp(testApp.app);
    expect((await other.request({ method: 'GET', url: '/api/payment-runs' })).json()).toEqual([]);
    expect(
      (await other.request({ method: 'GET', url: `/api/payment-runs/${first.paymentRunId}` }))
        .statusCode,
    ).toBe(404);
    expect((await nacha(first.paymentRunId, other)).statusCode).toBe(404);
  });
});

describe('a run whose ACH file went to the bank', () => {
  async function sentRun(): Promise<string> {
    const vendor = await createVendor(owner);
    const run = await scheduleOk(owner, {
      billIds: [(await createBill(owner, vendor.id, '10.00')).id, (await createBill(owner, vendor.id, '2.50')).id],
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-20',
    });
    await setAchProfile(owner, accountId);
    await exportAchFile(owner, run.paymentRunId);
    return run.paymentRunId;
  }

  async function listed(runId: string): Promise<PaymentRun | undefined> {
    const response = await owner.request({ method: 'GET', url: '/api/payment-runs' });
    return response.json<PaymentRun[]>().find((run) => run.id === runId);
  }

  it('is sent, and completes when the bank statement shows it unless the account counts settlement days', async () => {
    const runId = await sentRun();
    expect(await listed(runId)).toMatchObject({
      status: 'sent',
      sentCount: 2,
      completedCount: 0,
      completion: { mode: 'bank_confirmation', completesOn: null },
    });
    await setAchProfile(owner, accountId, { settlementMode: 'settlement_days', settlementDays: 2 });
    // Friday 20 November plus two banking days.
    expect((await listed(runId))?.completion).toEqual({ mode: 'settlement_days', completesOn: '2026-11-24' });

    const scope = { organizationId: owner.user.organizationId };
    expect((await processDuePayments(testApp.deps, new Date('2026-11-23T15:00:00Z'), scope)).completed).toBe(0);
    expect((await processDuePayments(testApp.deps, new Date('2026-11-24T15:00:00Z'), scope)).completed).toBe(2);
    expect(await listed(runId)).toMatchObject({ status: 'completed', sentCount: 0, completedCount: 2 });
  });

  it('still counts as money on its way out: upcoming, and its account cannot be removed', async () => {
    const runId = await sentRun();
    const upcoming = await owner.request({ method: 'GET', url: '/api/payments/upcoming' });
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const sentIds = (await owner.request({ method: 'GET', url: '/api/payments?status=sent' })).json<Payment[]>().map((row) => row.id);
    expect(sentIds).toHaveLength(2);
    expect(upcoming.json<Array<{ id: string }>>().map((row) => row.id)).toEqual(expect.arrayContaining(sentIds));
    const removed = await owner.request({ method: 'DELETE', url: `/api/bank-accounts/${accountId}` });
    expect(removed.statusCode, removed.body).toBe(409);
    expect((await listed(runId))?.status).toBe('sent');
  });

  it('shows its payments as sent in the payments list', async () => {
    await sentRun();
    const response = await owner.request({ method: 'GET', url: '/api/payments?status=sent' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Payment[]>().map((row) => [row.status, row.amount]).sort()).toEqual([
      ['sent', '10.00'],
      ['sent', '2.50'],
    ]);
    // How each completes, the same in the filtered list and the unfiltered page (built as JSON in SQL).
    const bankLine = { mode: 'bank_confirmation', days: 1 };
    expect(response.json<Payment[]>().map((row) => row.settlement)).toEqual([bankLine, bankLine]);
    await setAchProfile(owner, accountId, { settlementMode: 'settlement_days', settlementDays: 3 });
    const all = await owner.request({ method: 'GET', url: '/api/payments' });
    expect(all.json<Payment[]>().map((row) => [row.status, row.settlement])).toEqual([
      ['sent', { mode: 'settlement_days', days: 3 }],
      ['sent', { mode: 'settlement_days', days: 3 }],
    ]);
  });
});

describe('GET /api/payment-runs/{id}/nacha', () => {
  it('serves the ACH payments of a run as a NACHA attachment, checked record by record', async () => {
    const business = await createVendor(owner, {
      name: 'Paper Co',
      routingNumber: '026009593',
      taxId: '98-7654321',
    });
    const person = await createVendor(owner, {
      name: 'Jane Doe',
      routingNumber: '121000248',
      accountNumber: '4444333322',
      taxId: '123-45-6789',
    });
    const bills = [
      await createBill(owner, business.id, '1234.56', { billNumber: 'PC-1' }),
      await createBill(owner, business.id, '0.99', { billNumber: 'PC-2' }),
      await createBill(owner, person.id, '250.00', { billNumber: 'JD-1' }),
    ];
    const run = await scheduleOk(owner, {
      billIds: bills.map((bill) => bill.id),
      bankAccountId: accountId,
      method: 'ach',
      scheduledDate: '2026-11-23',
    });

    const response = await nacha(run.paymentRunId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="payment-run-2026-11-23-[0-9a-f]{8}-A\.ach\.txt"$/,
    );
    expect(checkNachaFile(response.body)).toEqual([]);
    const records = response.body.trimEnd().split('\n');
    for (const record of records) expect(record).toHaveLength(94);
    expect(records).toHaveLength(10);
    expect(records.map((record) => record[0]).join('')).toBe('1566856899');

    const [header, ccd, , , ccdControl, ppd, personEntry, ppdControl, fileControl] = records;
    expect(header?.slice(3, 23)).toBe(' 0210000211123456789');
    expect(header?.slice(40, 63).trim()).toBe('JPMORGAN CHASE');
    expect(header?.slice(63, 86).trim()).toBe('ACME SUPPLIES LLC');
    expect(ccd?.slice(50, 53)).toBe('CCD');
    expect(ccd?.slice(69, 75)).toBe('261123');
    expect(ppd?.slice(50, 53)).toBe('PPD');

    const entries = records.filter((record) => record.startsWith('6'));
    const byId = new Map(entries.map((entry) => [entry.slice(39, 54).trim(), entry]));
    expect(byId.get('PC-1')?.slice(0, 39)).toBe(
      `622${'026009593'}${VENDOR_ACCOUNT.padEnd(17)}0000123456`,
    );
    expect(byId.get('PC-2')?.slice(29, 39)).toBe('0000000099');
    expect(personEntry?.slice(0, 39)).toBe(`622121000248${'4444333322'.padEnd(17)}0000025000`);
    expect(personEntry?.slice(54, 76).trim()).toBe('JANE DOE');
    for (const entry of entries) expect(isValidRoutingNumber(entry.slice(3, 12))).toBe(true);

    expect(ccdControl?.slice(4, 20)).toBe(`000002${String(2600959 * 2).padStart(10, '0')}`);
    expect(ccdControl?.slice(32, 44)).toBe('000000123555');
    expect(ppdControl?.slice(4, 20)).toBe(`000001${'0012100024'}`);
    expect(ppdControl?.slice(32, 44)).toBe('000000025000');
    expect(fileControl?.slice(1, 21)).toBe('00000200000100000003');
    expect(fileControl?.slice(21, 31)).toBe(String(2600959 * 2 + 12100024).padStart(10, '0'));
    expect(fileControl?.slice(31, 55)).toBe(`${'0'.repeat(12)}000000148555`);

    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, run.paymentRunId),
          eq(auditLog.action, 'payment_run.nacha_exported'),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it('has no file for a check run, and is refused to viewers', async () => {
    const vendor = await createVendor(owner);
    const run = await scheduleOk(owner, {
      billIds: [(await createBill(owner, vendor.id, '5.00')).id],
      bankAccountId: accountId,
      method: 'check',
      scheduledDate: '2026-11-23',
    });
    const response = await nacha(run.paymentRunId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only ACH payment runs have a NACHA file');
    const viewer = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, {
      role: 'viewer',
    });
    expect((await nacha(run.paymentRunId, viewer)).statusCode).toBe(403);
  });

  it('treats a tax id written as a social security number as a person', () => {
    expect(secCodeFor('ssn')).toBe('PPD');
    expect(secCodeFor('ein')).toBe('CCD');
    expect(secCodeFor(null)).toBe('CCD');
  });
});
