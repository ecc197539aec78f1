import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AchExport, AchProfile, VendorAchSettings } from '../../../shared/contracts/ach';
import { achFileExports, achProfiles, auditLog, payments, vendorAchSettings, vendorBankChanges } from '../../db/schema';
import { encryptSecret } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { achProfileInput, addVerifiedBankAccount, setAchProfile, signInAgain } from '../bank-accounts/bank-accounts.fixtures';
import { addMember } from '../bills/payables-fixtures';
import { checkNachaFile } from './nacha-check';
import { VENDOR_ACCOUNT, createBill, createVendor, scheduleOk } from './payment-runs.fixtures';

const start = new Date('2026-11-20T15:00:00Z');
const DAY = 24 * 3600_000;
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

async function achRun(who: SignedIn, vendorOverrides: Record<string, unknown> = {}, total = '100.00') {
  const vendor = await createVendor(who, vendorOverrides);
  const bill = await createBill(who, vendor.id, total);
  const run = await scheduleOk(who, { billIds: [bill.id], bankAccountId: accountId, method: 'ach', scheduledDate: '2026-11-23' });
  return { vendor, bill, runId: run.paymentRunId };
}

function nacha(runId: string, query = '', who = owner) {
  return who.request({ method: 'GET', url: `/api/payment-runs/${runId}/nacha${query}` });
}

function records(body: string): string[] {
  return body.replace(/\r\n/g, '\n').trimEnd().split('\n');
}

function entriesOf(body: string): string[] {
  return records(body).filter((line) => line.startsWith('6'));
}

describe('ACH profile of a bank account', () => {
  it('reads as incomplete until the bank values are saved, and the export names every missing item', async () => {
    await testApp.deps.db.delete(achProfiles).where(eq(achProfiles.bankAccountId, accountId));
    const blank = await owner.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-profile` });
    expect(blank.statusCode).toBe(200);
    expect(blank.json<AchProfile>()).toMatchObject({
      complete: false,
      missing: ['immediate destination', 'immediate origin', 'company ID', 'company name'],
      entryDescription: 'VENDOR PAY',
      lineEnding: 'crlf',
    });

    const { runId } = await achRun(owner);
    await testApp.deps.db
      .insert(achProfiles)
      .values({ bankAccountId: accountId, organizationId: owner.user.organizationId, immediateOrigin: '1123456789', companyName: 'Acme' });
    const refused = await nacha(runId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACH_PROFILE_INCOMPLETE',
      message: 'Complete the ACH settings of Operating: immediate destination, company ID',
    });
    const stored = await testApp.deps.db.select().from(payments).where(eq(payments.paymentRunId, runId));
    expect(stored.map((payment) => payment.status)).toEqual(['pending']);

    const saved = await setAchProfile(owner, accountId);
    expect(saved).toMatchObject({ complete: true, missing: [] });
    expect((await nacha(runId)).statusCode).toBe(200);
  });

  it('refuses bad values with form messages (400, never 500) and audits a save', async () => {
    const response = await owner.request({
      method: 'PUT',
      url: `/api/bank-accounts/${accountId}/ach-profile`,
      payload: achProfileInput({
        immediateDestination: '021000022',
        immediateOrigin: '12345',
        companyId: '12345678901',
        companyName: 'A name far too long for ACH',
        entryDescription: '',
        immediateDestinationName: 'x'.repeat(24),
        lineEnding: 'cr',
        settlementDays: 6,
      }),
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json<{ fields: Record<string, string> }>();
    expect(fields).toMatchObject({
      immediateDestination: 'Immediate destination is not a valid routing number (check digit)',
      immediateOrigin: 'Immediate origin must be exactly 10 characters (digits, letters, spaces) as your bank assigned it',
      companyId: 'Company ID must be exactly 10 characters (digits, letters, spaces) as your bank assigned it',
      companyName: 'Company name must be at most 16 characters',
      entryDescription: 'Entry description is required',
      immediateDestinationName: 'Immediate destination name must be at most 23 characters',
      lineEnding: 'Choose CRLF or LF line endings',
      settlementDays: 'Settlement days must be between 0 and 5',
    });
    for (const payload of [{}, [], { ...achProfileInput(), balanced: 'yes' }, { ...achProfileInput(), companyId: 42 }, { ...achProfileInput(), settlementDays: '2' }]) {
      const bad = await owner.request({ method: 'PUT', url: `/api/bank-accounts/${accountId}/ach-profile`, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }

    await setAchProfile(owner, accountId, { companyId: 'xyz 123456', balanced: true });
    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, accountId), eq(auditLog.action, 'bank_account.ach_profile_updated')));
    expect(audits).toHaveLength(2);
    expect(audits[1]?.userId).toBe(owner.user.id);
    expect(audits[1]?.details).toMatchObject({ changed: ['companyId', 'balanced'], to: { companyId: 'XYZ 123456', balanced: true } });
  });

  it('lets viewers read it but not change it, and hides it from other organizations', async () => {
    const viewer = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, { role: 'viewer' });
    const read = await viewer.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-profile` });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('000123456789');
    expect(read.json<AchProfile>().accountLast4).toBe('6789');
    expect((await viewer.request({ method: 'PUT', url: `/api/bank-accounts/${accountId}/ach-profile`, payload: achProfileInput() })).statusCode).toBe(403);

    const other = await signUp(testApp.app);
    expect((await other.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/ach-profile` })).statusCode).toBe(404);
    expect((await other.request({ method: 'PUT', url: `/api/bank-accounts/${accountId}/ach-profile`, payload: achProfileInput() })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: '/api/bank-accounts/not-a-uuid/ach-profile' })).statusCode).toBe(404);
  });
});

describe('exporting a run', () => {
  it('takes file ID modifiers A then B the same day and A again the next day, and marks payments sent', async () => {
    const first = await achRun(owner);
    const second = await achRun(owner);
    const a = await nacha(first.runId);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers['x-ach-file-id-modifier']).toBe('A');
    expect(records(a.body)[0]?.slice(33, 34)).toBe('A');
    expect(checkNachaFile(a.body)).toEqual([]);
    testApp.clock.advance(60_000);
    const b = await nacha(second.runId);
    expect(records(b.body)[0]?.slice(33, 34)).toBe('B');

    const sent = await testApp.deps.db.select().from(payments).where(eq(payments.paymentRunId, first.runId));
    expect(sent.map((payment) => [payment.status, payment.sentAt?.toISOString()])).toEqual([['sent', start.toISOString()]]);
    const shown = await owner.request({ method: 'GET', url: `/api/payment-runs/${first.runId}` });
    expect(shown.json()).toMatchObject({ status: 'sent', sentCount: 1, completedCount: 0 });

    testApp.clock.advance(DAY);
    owner = await signInAgain(testApp, owner);
    const third = await achRun(owner);
    const nextDay = await nacha(third.runId);
    expect(records(nextDay.body)[0]?.slice(33, 34)).toBe('A');

    const history = await owner.request({ method: 'GET', url: `/api/payment-runs/${first.runId}/ach-exports` });
    expect(history.json<AchExport[]>()).toEqual([
      expect.objectContaining({ fileIdModifier: 'A', exportedByName: 'Ada Lovelace', isRepeat: false, entryCount: 1, totalAmount: '100.00' }),
    ]);
  });

  it('refuses a second export of the same run unless confirmed, then makes it with a new modifier and audits who', async () => {
    const { runId } = await achRun(owner);
    const first = await nacha(runId);
    expect(first.statusCode).toBe(200);
    const again = await nacha(runId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACH_ALREADY_EXPORTED' });
    expect(again.json<{ message: string }>().message).toMatch(
      /^This run's ACH file was already exported on 2026-11-\d\d by Ada Lovelace \(file modifier A\)\. Uploading both files would pay these vendors twice\.$/,
    );
    expect((await nacha(runId, '?confirmRepeat=maybe')).statusCode).toBe(400);

    const admin = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, { role: 'admin', firstName: 'Grace', lastName: 'Hopper' });
    const repeat = await nacha(runId, '?confirmRepeat=true', admin);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.headers['x-ach-repeat']).toBe('true');
    expect(records(repeat.body)[0]?.slice(33, 34)).toBe('B');
    // The same payments, already sent, are in the repeat file.
    expect(entriesOf(repeat.body)).toHaveLength(1);
    expect(entriesOf(repeat.body)[0]).toContain(VENDOR_ACCOUNT);

    const audits = await testApp.deps.db.select().from(auditLog).where(eq(auditLog.entityId, runId));
    const reexported = audits.filter((row) => row.action === 'payment_run.nacha_reexported');
    expect(reexported).toHaveLength(1);
    expect(reexported[0]?.userId).toBe(admin.user.id);
    expect(reexported[0]?.details).toMatchObject({ fileIdModifier: 'B', repeatOf: 'A', exportedBy: admin.user.id });
    expect(audits.filter((row) => row.action === 'payment_run.nacha_exported')).toHaveLength(1);

    const history = (await owner.request({ method: 'GET', url: `/api/payment-runs/${runId}/ach-exports` })).json<AchExport[]>();
    expect(history.map((row) => [row.fileIdModifier, row.isRepeat, row.exportedByName])).toEqual([
      ['B', true, 'Grace Hopper'],
      ['A', false, 'Ada Lovelace'],
    ]);
  });

  it('takes the next modifier when another export took this one at the same moment, and refuses after 0-9', async () => {
    const { runId } = await achRun(owner);
    // Stands in for a concurrent export from the same account winning modifier A first.
    await testApp.deps.db.execute(sql.raw(`
      create or replace function ach_test_taken() returns trigger language plpgsql as $$
      begin
        if new.file_id_modifier = 'A' and new.bank_account_id = '${accountId}' then
          raise exception 'duplicate key value violates unique constraint "ach_file_exports_modifier_key"'
            using errcode = 'unique_violation', constraint = 'ach_file_exports_modifier_key';
        end if;
        return new;
      end $$`));
    await testApp.deps.db.execute(sql.raw('create trigger ach_test_taken before insert on ach_file_exports for each row execute function ach_test_taken()'));
    try {
      const response = await nacha(runId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-ach-file-id-modifier']).toBe('B');
    } finally {
      await testApp.deps.db.execute(sql.raw('drop trigger ach_test_taken on ach_file_exports'));
      await testApp.deps.db.execute(sql.raw('drop function ach_test_taken()'));
    }

    const [file] = await testApp.deps.db.select().from(achFileExports).where(eq(achFileExports.paymentRunId, runId));
    const other = await achRun(owner);
    await testApp.deps.db.insert(achFileExports).values(
      [...'ACDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].map((modifier) => ({
        organizationId: owner.user.organizationId,
        paymentRunId: runId,
        bankAccountId: accountId,
        fileDate: file?.fileDate ?? '',
        fileIdModifier: modifier,
        entryCount: 1,
        totalAmount: '1.00',
        contentHash: 'x',
      })),
    );
    const full = await nacha(other.runId);
    expect(full.statusCode).toBe(409);
    expect(full.json<{ message: string }>().message).toBe('Operating has made 36 ACH files today (modifiers A-Z and 0-9). Export this run tomorrow.');
  });

  it('hides runs, exports and vendor settings of another organization behind a 404', async () => {
    const { runId, vendor } = await achRun(owner);
    const other = await signUp(testApp.app);
    expect((await nacha(runId, '', other)).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/payment-runs/${runId}/ach-exports` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/vendors/${vendor.id}/ach-settings` })).statusCode).toBe(404);
    expect(
      (await other.request({ method: 'PUT', url: `/api/vendors/${vendor.id}/ach-settings`, payload: { remittanceAddenda: true, prenote: false } })).statusCode,
    ).toBe(404);
    const viewer = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, { role: 'viewer' });
    expect((await viewer.request({ method: 'GET', url: `/api/payment-runs/${runId}/ach-exports` })).statusCode).toBe(403);
  });

  it('closes a balanced file with an offsetting debit so debits equal credits', async () => {
    await setAchProfile(owner, accountId, { balanced: true, lineEnding: 'crlf' });
    const { runId } = await achRun(owner, {}, '250.75');
    const response = await nacha(runId);
    expect(response.body).toContain('\r\n');
    expect(checkNachaFile(response.body)).toEqual([]);
    const lines = records(response.body);
    expect(lines[1]?.slice(0, 4)).toBe('5200');
    const offset = entriesOf(response.body)[1] ?? '';
    expect(offset.slice(0, 12)).toBe('627021000021');
    expect(offset.slice(12, 29)).toBe('000123456789'.padEnd(17));
    expect(offset.slice(29, 39)).toBe('0000025075');
    const fileControl = lines.find((line) => line.startsWith('9') && line !== '9'.repeat(94)) ?? '';
    expect(fileControl.slice(31, 43)).toBe('000000025075');
    expect(fileControl.slice(43, 55)).toBe('000000025075');
  });

  it('romanises vendor names and refuses a name with nothing a bank can read', async () => {
    const { runId } = await achRun(owner, { name: 'Łódź Ørsted Spółka' });
    const response = await nacha(runId);
    expect(entriesOf(response.body)[0]?.slice(54, 76)).toBe('LODZ ORSTED SPOLKA'.padEnd(22));

    const blank = await achRun(owner, { name: '★★★ ☂' });
    const refused = await nacha(blank.runId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('Vendor "★★★ ☂" has no name a bank can read');
    const stored = await testApp.deps.db.select().from(payments).where(eq(payments.paymentRunId, blank.runId));
    expect(stored[0]?.status).toBe('pending');
  });
});

describe('vendor ACH settings', () => {
  it('writes CCD+ with an 05 addenda naming the bill when the vendor wants remittance', async () => {
    const vendor = await createVendor(owner);
    const saved = await owner.request({ method: 'PUT', url: `/api/vendors/${vendor.id}/ach-settings`, payload: { remittanceAddenda: true, prenote: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<VendorAchSettings>()).toMatchObject({ remittanceAddenda: true, prenote: false, prenoteStatus: null });
    const bill = await createBill(owner, vendor.id, '42.00', { billNumber: 'INV-2026-007' });
    const run = await scheduleOk(owner, { billIds: [bill.id], bankAccountId: accountId, method: 'ach', scheduledDate: '2026-11-23' });
    const response = await nacha(run.paymentRunId);
    const lines = records(response.body);
    const entryIndex = lines.findIndex((line) => line.startsWith('6'));
    expect(lines[entryIndex]?.slice(78, 79)).toBe('1');
    const addenda = lines[entryIndex + 1] ?? '';
    expect(addenda.slice(0, 3)).toBe('705');
    expect(addenda.slice(3, 83).trim()).toBe('BILLS INV-2026-007');
    expect(addenda.slice(83, 94)).toBe(`0001${lines[entryIndex]?.slice(87, 94)}`);
    expect(checkNachaFile(response.body)).toEqual([]);

    const audits = await testApp.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, vendor.id), eq(auditLog.action, 'vendor.ach_settings_updated')));
    expect(audits).toHaveLength(1);
  });

  it('sends a pending prenote as a zero-dollar entry, marks it sent, and asks again when the account changes', async () => {
    const vendor = await createVendor(owner, { name: 'Prenote Co' });
    const url = `/api/vendors/${vendor.id}/ach-settings`;
    const on = await owner.request({ method: 'PUT', url, payload: { remittanceAddenda: false, prenote: true } });
    expect(on.json<VendorAchSettings>()).toMatchObject({ prenote: true, prenoteStatus: 'pending', prenoteAccountLast4: VENDOR_ACCOUNT.slice(-4) });

    // The prenote goes in the next file made, here another vendor's run.
    const { runId } = await achRun(owner);
    const response = await nacha(runId);
    const prenote = entriesOf(response.body).find((line) => line.includes('PRENOTE CO')) ?? '';
    expect(prenote.slice(0, 3)).toBe('623');
    expect(prenote.slice(29, 39)).toBe('0000000000');
    expect(checkNachaFile(response.body)).toEqual([]);
    const sent = (await owner.request({ method: 'GET', url })).json<VendorAchSettings>();
    // Sent on the file's effective date (the run's payment date), not the day it was made.
    expect(sent).toMatchObject({ prenoteStatus: 'sent', prenoteSentOn: '2026-11-23' });
    const history = (await owner.request({ method: 'GET', url: `/api/payment-runs/${runId}/ach-exports` })).json<AchExport[]>();
    expect(history[0]?.prenoteCount).toBe(1);

    // Saving the same settings or the same account number keeps it sent; a new account asks again.
    await owner.request({ method: 'PUT', url, payload: { remittanceAddenda: false, prenote: true } });
    await owner.request({ method: 'PUT', url: `/api/vendors/${vendor.id}`, payload: { accountNumber: VENDOR_ACCOUNT } });
    expect((await owner.request({ method: 'GET', url })).json<VendorAchSettings>().prenoteStatus).toBe('sent');
    const moved = await owner.request({ method: 'PUT', url: `/api/vendors/${vendor.id}`, payload: { accountNumber: '99988877' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await owner.request({ method: 'GET', url })).json<VendorAchSettings>()).toMatchObject({ prenoteStatus: 'pending', prenoteAccountLast4: '8877' });

    const off = await owner.request({ method: 'PUT', url, payload: { remittanceAddenda: false, prenote: false } });
    expect(off.json<VendorAchSettings>()).toMatchObject({ prenote: false, prenoteStatus: null });
  });

  it('asks for a new prenote when an approved bank change gives the vendor another account, not for an IBAN', async () => {
    const vendor = await createVendor(owner);
    const url = `/api/vendors/${vendor.id}/ach-settings`;
    await owner.request({ method: 'PUT', url, payload: { remittanceAddenda: false, prenote: true } });
    await testApp.deps.db.update(vendorAchSettings).set({ prenoteStatus: 'sent', prenoteSentOn: '2026-11-19' }).where(eq(vendorAchSettings.vendorId, vendor.id));
    const key = testApp.deps.config.encryptionKey;
    const [iban, account] = await testApp.deps.db
      .insert(vendorBankChanges)
      .values([
        { organizationId: owner.user.organizationId, vendorId: vendor.id, ibanEncrypted: encryptSecret(key, 'DE89370400440532013000'), ibanLast4: '3000' },
        { organizationId: owner.user.organizationId, vendorId: vendor.id, routingNumber: '026009593', accountNumberEncrypted: encryptSecret(key, '55554444'), accountLast4: '4444' },
      ])
      .returning();
    expect((await owner.request({ method: 'POST', url: `/api/vendor-bank-changes/${iban?.id}/approve` })).statusCode).toBe(200);
    expect((await owner.request({ method: 'GET', url })).json<VendorAchSettings>().prenoteStatus).toBe('sent');
    expect((await owner.request({ method: 'POST', url: `/api/vendor-bank-changes/${account?.id}/approve` })).statusCode).toBe(200);
    expect((await owner.request({ method: 'GET', url })).json<VendorAchSettings>()).toMatchObject({
      prenoteStatus: 'pending',
      prenoteSentOn: null,
      prenoteAccountLast4: '4444',
    });
  });

  it('refuses a prenote without bank details and bad input with a 400', async () => {
    const vendor = await createVendor(owner, { paymentMethod: 'check', accountNumber: undefined, routingNumber: undefined, bankName: undefined });
    const url = `/api/vendors/${vendor.id}/ach-settings`;
    const refused = await owner.request({ method: 'PUT', url, payload: { remittanceAddenda: false, prenote: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('has no bank account to send a prenote to');
    for (const payload of [{}, { remittanceAddenda: 'yes', prenote: true }, []]) {
      expect((await owner.request({ method: 'PUT', url, payload })).statusCode).toBe(400);
    }
    const approver = await addMember(testApp.app, testApp.deps.db, owner.user.organizationId, { role: 'approver' });
    expect((await approver.request({ method: 'PUT', url, payload: { remittanceAddenda: true, prenote: false } })).statusCode).toBe(403);
    expect((await approver.request({ method: 'GET', url })).statusCode).toBe(200);
  });
});
