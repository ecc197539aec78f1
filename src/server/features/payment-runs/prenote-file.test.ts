import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PendingPrenotes, VendorAchSettings } from '../../../shared/contracts/ach';
import { achFileExports, achProfiles, auditLog, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addVerifiedBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { addMember } from '../bills/payables-fixtures';
import { checkNachaFile } from './nacha-check';
import { createBill, createVendor, scheduleOk } from './payment-runs.fixtures';
import { firstLiveDay } from './prenote-wait';

// Friday 2026-11-20: the next banking day is Monday the 23rd; Thanksgiving is Thursday the 26th.
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
  owner = await signUp(testApp.app, { companyName: 'Acme Supplies LLC', firstName: 'Ada', lastName: 'Lovelace' });
  accountId = (await addVerifiedBankAccount(testApp, owner, { bankName: 'JPMorgan Chase' })).id;
});

async function vendorWithPrenote(name: string, who = owner) {
  const vendor = await createVendor(who, { name });
  const response = await who.request({ method: 'PUT', url: `/api/vendors/${vendor.id}/ach-settings`, payload: { remittanceAddenda: false, prenote: true } });
  expect(response.json<VendorAchSettings>().prenoteStatus).toBe('pending');
  return vendor;
}

async function runFor(vendorIds: string[], scheduledDate: string) {
  const billIds: string[] = [];
  for (const vendorId of vendorIds) billIds.push((await createBill(owner, vendorId, '100.00')).id);
  return (await scheduleOk(owner, { billIds, bankAccountId: accountId, method: 'ach', scheduledDate })).paymentRunId;
}

const nacha = (runId: string, who = owner) => who.request({ method: 'GET', url: `/api/payment-runs/${runId}/nacha` });
const prenoteFile = (who = owner, id = accountId) => who.request({ method: 'GET', url: `/api/bank-accounts/${id}/ach-prenotes` });
const settingsOf = async (vendorId: string) =>
  (await owner.request({ method: 'GET', url: `/api/vendors/${vendorId}/ach-settings` })).json<VendorAchSettings>();

function records(body: string): string[] {
  return body.replace(/\r\n/g, '\n').trimEnd().split('\n');
}

describe('live entries wait for the prenote (NACHA 2.6.3)', () => {
  it('refuses a run paying a vendor whose prenote is pending, naming every such vendor, and changes nothing', async () => {
    const paper = await vendorWithPrenote('Paper Co');
    const ink = await vendorWithPrenote('Ink Ltd');
    const runId = await runFor([paper.id, ink.id], '2026-11-23');
    const refused = await nacha(runId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACH_PRENOTE_WAITING',
      message:
        "Send Ink Ltd's prenote first: Bank Accounts > ACH settings > Download prenote file. Live payments may go three banking days after it settles. " +
        "Send Paper Co's prenote first: Bank Accounts > ACH settings > Download prenote file. Live payments may go three banking days after it settles.",
    });
    expect(await testApp.deps.db.select().from(achFileExports).where(eq(achFileExports.paymentRunId, runId))).toEqual([]);
    const stored = await testApp.deps.db.select().from(payments).where(eq(payments.paymentRunId, runId));
    expect(stored.map((payment) => payment.status)).toEqual(['pending', 'pending']);
    expect((await settingsOf(paper.id)).prenoteStatus).toBe('pending');
  });

  it('makes a prenote-only file effective the next banking day, marks the prenotes sent on it and records the file', async () => {
    const paper = await vendorWithPrenote('Paper Co');
    const ink = await vendorWithPrenote('Ink Ltd');
    const pending = await owner.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-prenotes/pending` });
    expect(pending.json<PendingPrenotes>()).toEqual({
      count: 2,
      vendors: [
        { id: ink.id, name: 'Ink Ltd' },
        { id: paper.id, name: 'Paper Co' },
      ],
    });

    const response = await prenoteFile();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-ach-file-id-modifier']).toBe('A');
    expect(response.headers['content-disposition']).toBe('attachment; filename="prenotes-2026-11-23-A.ach.txt"');
    expect(checkNachaFile(response.body)).toEqual([]);
    const lines = records(response.body);
    expect(lines[0]?.slice(33, 34)).toBe('A');
    expect(lines.find((line) => line.startsWith('5'))?.slice(69, 75)).toBe('261123');
    const entries = lines.filter((line) => line.startsWith('6'));
    expect(entries.map((line) => [line.slice(1, 3), line.slice(29, 39), line.slice(54, 76).trim()])).toEqual([
      ['23', '0000000000', 'INK LTD'],
      ['23', '0000000000', 'PAPER CO'],
    ]);

    for (const vendor of [paper, ink]) expect(await settingsOf(vendor.id)).toMatchObject({ prenoteStatus: 'sent', prenoteSentOn: '2026-11-23' });
    const [file] = await testApp.deps.db
      .select()
      .from(achFileExports)
      .where(and(eq(achFileExports.bankAccountId, accountId), isNull(achFileExports.paymentRunId)));
    expect(file).toMatchObject({ fileDate: '2026-11-20', fileIdModifier: 'A', entryCount: 0, prenoteCount: 2, totalAmount: '0.00' });
    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, accountId), eq(auditLog.action, 'bank_account.ach_prenotes_exported')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ prenotes: [ink.id, paper.id], effectiveDate: '2026-11-23', fileIdModifier: 'A' });

    // Nothing is waiting now; a run's file the same day takes the next modifier.
    expect((await owner.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-prenotes/pending` })).json()).toEqual({ count: 0, vendors: [] });
    const none = await prenoteFile();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'CONFLICT', message: 'No vendor is waiting for a prenote' });
    const other = await createVendor(owner, { name: 'Other Co' });
    const run = await nacha(await runFor([other.id], '2026-11-23'));
    expect(run.statusCode, run.body).toBe(200);
    expect(run.headers['x-ach-file-id-modifier']).toBe('B');
  });

  it('refuses a run dated before the third banking day after the prenote settles, and exports one dated on it', async () => {
    const paper = await vendorWithPrenote('Paper Co');
    expect((await prenoteFile()).statusCode).toBe(200);
    // Settles Monday the 23rd; Tuesday, Wednesday, then Friday the 27th (Thanksgiving does not count).
    const early = await runFor([paper.id], '2026-11-25');
    const refused = await nacha(early);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACH_PRENOTE_WAITING',
      message: "Paper Co's prenote settles on 2026-11-23: live payments may go from 2026-11-27. Move the payment date or wait.",
    });
    const onTime = await runFor([paper.id], '2026-11-27');
    const exported = await nacha(onTime);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(records(exported.body).filter((line) => line.startsWith('6')).map((line) => line.slice(1, 3))).toEqual(['22']);
    expect(checkNachaFile(exported.body)).toEqual([]);
  });

  it("still carries a pending prenote of a vendor the run does not pay, sent on the run's effective date", async () => {
    const paper = await vendorWithPrenote('Paper Co');
    const other = await createVendor(owner, { name: 'Other Co' });
    const response = await nacha(await runFor([other.id], '2026-11-24'));
    expect(response.statusCode, response.body).toBe(200);
    const entries = records(response.body).filter((line) => line.startsWith('6'));
    expect(entries.map((line) => [line.slice(1, 3), line.slice(54, 76).trim()])).toEqual([
      ['22', 'OTHER CO'],
      ['23', 'PAPER CO'],
    ]);
    expect(await settingsOf(paper.id)).toMatchObject({ prenoteStatus: 'sent', prenoteSentOn: '2026-11-24' });
  });

  it('counts the wait from the banking day a weekend-dated prenote settles', () => {
    expect(firstLiveDay('2026-11-23')).toBe('2026-11-27');
    // Saturday the 21st settles Monday the 23rd.
    expect(firstLiveDay('2026-11-21')).toBe('2026-11-27');
    expect(firstLiveDay('2026-12-02')).toBe('2026-12-07');
  });
});

describe('the prenote file', () => {
  it('hides another organization behind a 404, is not for viewers, and needs complete ACH settings', async () => {
    await vendorWithPrenote('Paper Co');
    const other = await signUp(testApp.app);
    expect((await prenoteFile(other)).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-prenotes/pending` })).statusCode).toBe(404);
    expect((await prenoteFile(owner, 'not-a-uuid')).statusCode).toBe(404);
    const viewer = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, { role: 'viewer' });
    expect((await prenoteFile(viewer)).statusCode).toBe(403);
    expect((await viewer.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-prenotes/pending` })).json()).toMatchObject({ count: 1 });

    await testApp.deps.db.update(achProfiles).set({ companyId: null }).where(eq(achProfiles.bankAccountId, accountId));
    const incomplete = await prenoteFile();
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json()).toMatchObject({ code: 'ACH_PROFILE_INCOMPLETE', message: 'Complete the ACH settings of Operating: company ID' });
    expect(await testApp.deps.db.select().from(achFileExports).where(eq(achFileExports.bankAccountId, accountId))).toEqual([]);
  });

  it("does not test another organization's pending prenotes", async () => {
    const stranger = await signUp(testApp.app);
    await vendorWithPrenote('Stranger Co', stranger);
    const none = await prenoteFile();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: 'No vendor is waiting for a prenote' });
  });
});
