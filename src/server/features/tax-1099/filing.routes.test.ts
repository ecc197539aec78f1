import { inflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tax1099Filing, Tax1099Settings } from '../../../shared/contracts/tax-1099';
import type { Form1099Amounts, Form1099Recipient } from '../../db/schema/tax-1099';
import { auditLog, bills, organizations, payments, tax1099Filings, tax1099Forms, vendors } from '../../db/schema';
import { middayOf } from '../../platform/calendar';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { makeViewer } from '../invoices/invoices.fixtures';
import { checkPub1220 } from './filing/pub1220-check';
import { storeTin } from './tin-store';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
const TZ = 'America/New_York';
const YEAR = 2025;
const ids: Record<'jane' | 'oak' | 'noAddress' | 'card', string> = { jane: '', oak: '', noAddress: '', card: '' };

/** The entries of a zip (stored or deflated), read from its central directory. */
function unzip(bytes: Buffer): Record<string, string> {
  let eocd = bytes.length - 22;
  while (eocd > 0 && bytes.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i += 1) {
    const method = bytes.readUInt16LE(offset + 10);
    const size = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString();
    const local = bytes.readUInt32LE(offset + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    files[name] = (method === 8 ? inflateRawSync(data) : data).toString();
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return files;
}

async function vendorWithTin(organizationId: string, name: string, tin: { type: 'ssn' | 'ein'; value: string } | null, address: boolean, extra: Partial<typeof vendors.$inferInsert> = {}) {
  const stored = tin ? storeTin(t.deps.config.encryptionKey, tin.type, tin.value) : {};
  const [row] = await t.deps.db
    .insert(vendors)
    .values({
      organizationId,
      name,
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      legalName: name,
      taxClassification: 'individual',
      w9ReceivedAt: new Date('2025-02-01T12:00:00Z'),
      w9Source: 'manual',
      ...(address ? { address: '5 Elm Street', city: 'Dallas', state: 'TX', zipCode: '75001' } : {}),
      ...stored,
      ...extra,
    })
    .returning();
  if (!row) throw new Error('vendor insert returned nothing');
  return row;
}

async function paid(organizationId: string, vendorId: string, amount: string, day: string, method: 'ach' | 'check' | 'wire' | 'card', category: string | null = null) {
  const [bill] = await t.deps.db
    .insert(bills)
    .values({ organizationId, vendorId, billNumber: `B-${Math.random().toString(36).slice(2, 8)}`, billDate: day, dueDate: day, subtotal: amount, totalAmount: amount, status: 'paid', category })
    .returning();
  if (!bill) throw new Error('bill insert returned nothing');
  await t.deps.db.insert(payments).values({ organizationId, type: 'bill_payment', referenceId: bill.id, amount, method, status: 'completed', processedAt: middayOf(day, TZ) });
}

async function issue(organizationId: string, vendor: typeof vendors.$inferSelect, formType: 'nec' | 'misc', amounts: Form1099Amounts, total: string, version = 1) {
  const recipient: Form1099Recipient = {
    name: vendor.legalName ?? vendor.name,
    secondName: null,
    tinType: vendor.tinType,
    tinLast4: vendor.tinLast4,
    address: vendor.address,
    city: vendor.city,
    state: vendor.state,
    zipCode: vendor.zipCode,
  };
  await t.deps.db.insert(tax1099Forms).values({ organizationId, vendorId: vendor.id, taxYear: YEAR, formType, version, corrected: version > 1, amounts, total, recipient });
}

const filingUrl = (format: string, extra = '') => `/api/tax/1099/filing?year=${YEAR}&format=${format}${extra}`;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-01-20T15:00:00Z') });
  owner = await signUp(t.app, { companyName: 'Northwind Bookkeeping' });
  other = await signUp(t.app, { companyName: 'Other Workspace' });
  const organizationId = owner.user.organizationId;
  await t.deps.db
    .update(organizations)
    .set({ timeZone: TZ, taxId: '12-3456789', address: '100 Main St', city: 'Austin', state: 'TX', zipCode: '78701', phone: '512-555-0100' })
    .where(eq(organizations.id, organizationId));
  const jane = await vendorWithTin(organizationId, 'Jane Doe', { type: 'ssn', value: '123-45-6789' }, true);
  const oak = await vendorWithTin(organizationId, 'Oak Properties LLC', { type: 'ein', value: '30-1234567' }, true, { taxClassification: 'llc', llcTaxClassification: 'P' });
  const noAddress = await vendorWithTin(organizationId, 'No Address Painting', { type: 'ssn', value: '234-56-7890' }, false);
  const card = await vendorWithTin(organizationId, 'Card Only Supplies', null, true);
  Object.assign(ids, { jane: jane.id, oak: oak.id, noAddress: noAddress.id, card: card.id });
  await paid(organizationId, jane.id, '1000.00', '2025-03-10', 'ach');
  await paid(organizationId, jane.id, '250.00', '2025-12-31', 'check');
  await paid(organizationId, jane.id, '5000.00', '2026-01-02', 'ach'); // next tax year: not on the 2025 form
  await paid(organizationId, oak.id, '24000.00', '2025-06-01', 'check', 'Office rent');
  await paid(organizationId, noAddress.id, '900.00', '2025-08-01', 'wire');
  await paid(organizationId, card.id, '3000.00', '2025-08-01', 'card');
});
afterAll(async () => t.close());

describe('1099 filing files', () => {
  it('refuses a file before any form is issued', async () => {
    const response = await owner.request({ method: 'GET', url: filingUrl('iris_csv') });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/issue the forms first/) });
  });

  it('refuses Publication 1220 without a Transmitter Control Code, and any file without the EIN, saying what is missing', async () => {
    const organizationId = owner.user.organizationId;
    const jane = (await t.deps.db.select().from(vendors).where(eq(vendors.id, ids.jane)))[0];
    const oak = (await t.deps.db.select().from(vendors).where(eq(vendors.id, ids.oak)))[0];
    const noAddress = (await t.deps.db.select().from(vendors).where(eq(vendors.id, ids.noAddress)))[0];
    if (!jane || !oak || !noAddress) throw new Error('vendors missing');
    await issue(organizationId, jane, 'nec', { nec_1: '1250.00' }, '1250.00');
    await issue(organizationId, oak, 'misc', { misc_1: '24000.00' }, '24000.00');
    await issue(organizationId, noAddress, 'nec', { nec_1: '900.00' }, '900.00');

    const noTcc = await owner.request({ method: 'GET', url: filingUrl('pub1220') });
    expect(noTcc.statusCode).toBe(409);
    expect(noTcc.json().fields).toHaveProperty('transmitterControlCode');
    expect(noTcc.json().fields).not.toHaveProperty('payerEin');

    const noEin = await other.request({ method: 'GET', url: filingUrl('pub1220') });
    expect(noEin.statusCode).toBe(409);
    expect(noEin.json().fields).toHaveProperty('payerEin');
    expect(noEin.json().fields).toHaveProperty('address');
    expect(await t.deps.db.select().from(tax1099Filings)).toHaveLength(0);
  });

  it('saves the filing settings with an audit row, and checks the TCC shape', async () => {
    const bad = await owner.request({ method: 'PUT', url: '/api/tax/1099/settings', payload: { transmitterControlCode: '12' } });
    expect(bad.statusCode).toBe(400);
    const saved = await owner.request({
      method: 'PUT',
      url: '/api/tax/1099/settings',
      payload: { transmitterControlCode: '5a1bc', contactName: 'Ada Lovelace', contactPhone: '512-555-0100', contactEmail: 'ada@example.com' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Tax1099Settings>().transmitterControlCode).toBe('5A1BC');
    const read = await owner.request({ method: 'GET', url: '/api/tax/1099/settings' });
    expect(read.json<Tax1099Settings>()).toEqual({
      transmitterControlCode: '5A1BC',
      contactName: 'Ada Lovelace',
      contactPhone: '512-555-0100',
      contactEmail: 'ada@example.com',
      // A PUT replaces the settings: the blank EIN keeps the stored one, the address left out is cleared (set again below).
      payerEinMasked: '••-•••6789',
      address: null,
      city: null,
      state: null,
      zipCode: null,
    });
    const withPayer = await owner.request({
      method: 'PUT',
      url: '/api/tax/1099/settings',
      payload: { transmitterControlCode: '5A1BC', contactName: 'Ada Lovelace', contactPhone: '512-555-0100', contactEmail: 'ada@example.com', payerEin: '12-3456789', address: '100 Main St', city: 'Austin', state: 'tx', zipCode: '78701' },
    });
    expect(withPayer.statusCode).toBe(200);
    expect(withPayer.json<Tax1099Settings>()).toMatchObject({ payerEinMasked: '••-•••6789', state: 'TX', zipCode: '78701' });
    expect(withPayer.body).not.toContain('3456789');
    const badEin = await owner.request({ method: 'PUT', url: '/api/tax/1099/settings', payload: { payerEin: '07-1234567' } });
    expect(badEin.statusCode).toBe(400);
    expect(badEin.json().fields).toHaveProperty('payerEin');
    expect((await other.request({ method: 'GET', url: '/api/tax/1099/settings' })).json<Tax1099Settings>().transmitterControlCode).toBeNull();
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'tax_1099.settings_updated')));
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits.map((a) => a.details))).not.toContain('3456789');
  });

  it('lists the payees that fail the checks in a 409 unless a partial file is asked for', async () => {
    const response = await owner.request({ method: 'GET', url: filingUrl('pub1220') });
    expect(response.statusCode).toBe(409);
    const body = response.json<{ message: string; fields: Record<string, string> }>();
    expect(body.message).toMatch(/1 form does not pass the checks/);
    expect(Object.values(body.fields)).toEqual([expect.stringMatching(/^No Address Painting: 1099-NEC: The address on the form is incomplete/)]);
    expect(await t.deps.db.select().from(tax1099Filings)).toHaveLength(0);
  });

  it('a viewer may not generate a file', async () => {
    const viewer = await makeViewer(t);
    expect((await viewer.request({ method: 'GET', url: filingUrl('pub1220', '&includePartial=true') })).statusCode).toBe(403);
  });

  let testFilingId = '';
  it('generates a Publication 1220 test file whose every record passes the layout check, with the TIN whole only in it', async () => {
    const response = await owner.request({ method: 'GET', url: filingUrl('pub1220', '&test=true&includePartial=true') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('1099-pub1220-2025-test.txt');
    const text = response.body;
    const check = checkPub1220(text);
    expect(check.errors).toEqual([]);
    expect(check.records.map((r) => r.type).join('')).toBe('TABCABCF');
    expect(check.payers).toEqual([
      { typeOfReturn: 'A', payees: 1, corrected: 0, totals: expect.objectContaining({ '1': 2_400_000 }) },
      { typeOfReturn: 'NE', payees: 1, corrected: 0, totals: expect.objectContaining({ '1': 125_000 }) },
    ]);
    expect(text.slice(27, 28)).toBe('T'); // T record position 28: test file
    expect(text).toContain('123456789'); // Jane's SSN, whole: this file goes to the IRS
    // The payee left out has no B record: no TIN field (positions 12-20) holds its TIN. (A search
    // of the whole text could match across fields: a TIN ending 2345678 next to an account number
    // starting with 90.)
    const payeeTins = text.split(/\r?\n/).filter((line) => line.startsWith('B')).map((line) => line.slice(11, 20));
    expect(payeeTins).toHaveLength(2);
    expect(payeeTins).toContain('123456789');
    expect(payeeTins).not.toContain('234567890');
    testFilingId = String(response.headers['x-filing-id']);
    const [row] = await t.deps.db.select().from(tax1099Filings).where(eq(tax1099Filings.id, testFilingId));
    expect(row).toMatchObject({ format: 'pub1220', kind: 'original', isTest: true, formCount: 2, total: '25250.00' });
    expect(row?.leftOut).toEqual([{ vendorId: ids.noAddress, name: 'No Address Painting', reason: expect.stringMatching(/address/) }]);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, testFilingId), eq(auditLog.action, 'tax_1099.filing_generated')));
    expect(audits).toHaveLength(1);
    // A test file carries no form.
    expect((await t.deps.db.select().from(tax1099Forms).where(eq(tax1099Forms.filingId, testFilingId))).length).toBe(0);
  });

  let filingId = '';
  it('generates the IRIS CSVs, one per form type in a zip, and records the forms it carries', async () => {
    const response = await owner.request({ method: 'GET', url: filingUrl('iris_csv', '&includePartial=true') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['iris-1099-misc-2025.csv', 'iris-1099-nec-2025.csv']);
    expect(files['iris-1099-nec-2025.csv']).toMatch(/^Form Type,Tax Year,/);
    expect(files['iris-1099-nec-2025.csv']).toContain(',1250.00,');
    expect(files['iris-1099-misc-2025.csv']).toContain(',24000.00,');
    expect(files['iris-1099-nec-2025.csv']?.split('\r\n').filter(Boolean)).toHaveLength(2);
    filingId = String(response.headers['x-filing-id']);
    const carried = await t.deps.db.select().from(tax1099Forms).where(eq(tax1099Forms.filingId, filingId));
    expect(carried.map((f) => f.vendorId).sort()).toEqual([ids.jane, ids.oak].sort());
  });

  it('lists the files without any whole TIN, and hides them from another workspace', async () => {
    const list = await owner.request({ method: 'GET', url: `/api/tax/1099/filings?year=${YEAR}` });
    expect(list.statusCode).toBe(200);
    const filings = list.json<Tax1099Filing[]>();
    expect(filings.map((f) => [f.format, f.isTest])).toEqual([
      ['iris_csv', false],
      ['pub1220', true],
    ]);
    expect(list.body).not.toMatch(/123456789|234567890|301234567/);
    expect((await other.request({ method: 'GET', url: `/api/tax/1099/filings?year=${YEAR}` })).json()).toEqual([]);
  });

  it("marks a file filed once, with an audit row; a test file and another workspace's file cannot be", async () => {
    expect((await other.request({ method: 'POST', url: `/api/tax/1099/filings/${filingId}/filed` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'POST', url: '/api/tax/1099/filings/not-an-id/filed' })).statusCode).toBe(404);
    expect((await owner.request({ method: 'POST', url: `/api/tax/1099/filings/${testFilingId}/filed` })).statusCode).toBe(409);
    const filed = await owner.request({ method: 'POST', url: `/api/tax/1099/filings/${filingId}/filed` });
    expect(filed.statusCode).toBe(200);
    expect(filed.json<Tax1099Filing>().filedAt).toBe('2026-01-20T15:00:00.000Z');
    expect((await owner.request({ method: 'POST', url: `/api/tax/1099/filings/${filingId}/filed` })).statusCode).toBe(409);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, filingId), eq(auditLog.action, 'tax_1099.filing_filed')));
    expect(audits).toHaveLength(1);
  });

  it('after filing, a corrected form goes in a correction file with indicator G, and the filed forms are not sent again', async () => {
    const organizationId = owner.user.organizationId;
    // A late payment to Jane changes her 2025 total: until a corrected form is issued she is left out.
    await paid(organizationId, ids.jane, '100.00', '2025-12-30', 'ach');
    const stale = await owner.request({ method: 'GET', url: filingUrl('pub1220') });
    expect(stale.statusCode).toBe(409);
    expect(JSON.stringify(stale.json().fields)).toMatch(/Jane Doe: 1099-NEC: filed, and the payments or the payee changed since: issue a corrected form/);

    const jane = (await t.deps.db.select().from(vendors).where(eq(vendors.id, ids.jane)))[0];
    if (!jane) throw new Error('jane missing');
    await issue(organizationId, jane, 'nec', { nec_1: '1350.00' }, '1350.00', 2);
    // The IRIS CSV template has no corrected indicator: the correction is refused there, nothing recorded.
    const filingsBefore = (await t.deps.db.select().from(tax1099Filings)).length;
    const iris = await owner.request({ method: 'GET', url: filingUrl('iris_csv', '&includePartial=true') });
    expect(iris.statusCode).toBe(409);
    expect(iris.json().message).toMatch(/corrected form cannot go in the IRIS CSV upload/);
    expect(JSON.stringify(iris.json().fields)).toContain('Jane Doe');
    expect((await t.deps.db.select().from(tax1099Filings)).length).toBe(filingsBefore);
    const response = await owner.request({ method: 'GET', url: filingUrl('pub1220', '&includePartial=true') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('1099-pub1220-2025-corrected.txt');
    const check = checkPub1220(response.body);
    expect(check.errors).toEqual([]);
    expect(check.payers).toEqual([{ typeOfReturn: 'NE', payees: 1, corrected: 1, totals: expect.objectContaining({ '1': 135_000 }) }]);
    const b = response.body.slice(750 * 2, 750 * 3);
    expect(b[0]).toBe('B');
    expect(b[5]).toBe('G');
    expect(b.slice(54, 66)).toBe('000000135000');
    const [row] = await t.deps.db.select().from(tax1099Filings).where(eq(tax1099Filings.id, String(response.headers['x-filing-id'])));
    expect(row).toMatchObject({ kind: 'correction', formCount: 1, total: '1350.00' });
  });

  it('answers Nothing to file once every form is in a filed file', async () => {
    const [latest] = await t.deps.db.select().from(tax1099Filings).where(and(eq(tax1099Filings.kind, 'correction'), eq(tax1099Filings.organizationId, owner.user.organizationId)));
    if (!latest) throw new Error('no correction filing');
    expect((await owner.request({ method: 'POST', url: `/api/tax/1099/filings/${latest.id}/filed` })).statusCode).toBe(200);
    const response = await owner.request({ method: 'GET', url: filingUrl('iris_csv', '&includePartial=true') });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Nothing to file/);
  });

  it('files a corrected form whose original never reached the IRS as an original', async () => {
    const organizationId = owner.user.organizationId;
    const pine = await vendorWithTin(organizationId, 'Pine Consulting', { type: 'ssn', value: '456-78-9012' }, true);
    await paid(organizationId, pine.id, '700.00', '2025-05-05', 'ach');
    await issue(organizationId, pine, 'nec', { nec_1: '700.00' }, '700.00', 1);
    await issue(organizationId, pine, 'nec', { nec_1: '700.00' }, '700.00', 2);
    const response = await owner.request({ method: 'GET', url: filingUrl('pub1220', '&includePartial=true') });
    expect(response.statusCode).toBe(200);
    const check = checkPub1220(response.body);
    expect(check.errors).toEqual([]);
    expect(check.payers).toEqual([{ typeOfReturn: 'NE', payees: 1, corrected: 0, totals: expect.objectContaining({ '1': 70_000 }) }]);
    const [row] = await t.deps.db.select().from(tax1099Filings).where(eq(tax1099Filings.id, String(response.headers['x-filing-id'])));
    expect(row?.kind).toBe('original');
  });
});
