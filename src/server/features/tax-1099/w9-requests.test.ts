import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, vendorW9Requests, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { encryptLegacyTins, legacyTinsLeft } from './encrypt-legacy-tins';
import { readTin, tinFingerprint } from './tin-store';
import { addVendor, mailedW9Token } from './w9-fixtures';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { companyName: 'Bayside Bakery' });
  other = await signUp(t.app, { companyName: 'Other Co' });
});
afterAll(async () => t.close());

const vendorRow = async (id: string) => {
  const [row] = await t.deps.db.select().from(vendors).where(eq(vendors.id, id));
  if (!row) throw new Error('vendor missing');
  return row;
};

describe('the Tax ID on the vendor form', () => {
  it('is stored encrypted with its type guessed from its shape, and answered only masked', async () => {
    const ein = await addVendor(owner, { taxId: '47-1234567' });
    const ssn = await addVendor(owner, { taxId: '123-45-6789' });
    const bare = await addVendor(owner, { taxId: '471234567' });
    const einRow = await vendorRow(ein);
    expect(einRow).toMatchObject({ taxId: null, tinType: 'ein', tinLast4: '4567' });
    expect(einRow.tinEncrypted).toMatch(/^v1:/);
    expect(readTin(t.deps.config.encryptionKey, einRow.tinEncrypted ?? '')).toBe('471234567');
    expect(einRow.tinFingerprint).toBe(tinFingerprint(t.deps.config.encryptionKey, 'ein', '471234567'));
    expect((await vendorRow(ssn)).tinType).toBe('ssn');
    expect((await vendorRow(bare)).tinType).toBe('ein');
    const read = await owner.request({ method: 'GET', url: `/api/vendors/${ssn}` });
    expect(read.json().taxId).toBe('•••-••-6789');
    const list = await owner.request({ method: 'GET', url: '/api/vendors?limit=100' });
    for (const digits of ['471234567', '1234567', '123456789', '45-6789']) expect(list.body).not.toContain(digits);
  });

  it('keeps the stored TIN when an edit sends the masked value or leaves it blank, and replaces it when one is typed', async () => {
    const id = await addVendor(owner, { taxId: '47-1234567' });
    const before = await vendorRow(id);
    for (const taxId of ['••-•••4567', '', null]) {
      const response = await owner.request({ method: 'PUT', url: `/api/vendors/${id}`, payload: { taxId } });
      expect(response.statusCode).toBe(200);
      expect(response.json().taxId).toBe('••-•••4567');
    }
    expect((await vendorRow(id)).tinEncrypted).toBe(before.tinEncrypted);
    const changed = await owner.request({ method: 'PUT', url: `/api/vendors/${id}`, payload: { taxId: '58-7654321' } });
    expect(changed.json().taxId).toBe('••-•••4321');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    const update = audits.find((row) => row.action === 'vendor.updated');
    expect(update?.details).toMatchObject({ changed: ['taxId'] });
    expect(JSON.stringify(audits)).not.toContain('587654321');
    expect(JSON.stringify(audits)).not.toContain('58-7654321');
  });

  it.each([
    ['GB123456789', 'Tax ID must be an EIN (12-3456789) or an SSN (123-45-6789)'],
    ['12345', 'Tax ID must be an EIN (12-3456789) or an SSN (123-45-6789)'],
    ['07-1234567', '07 is not a prefix the IRS assigns to EINs'],
    ['666-12-3456', 'An SSN cannot begin with 666'],
  ])('refuses the Tax ID %s with "%s"', async (taxId, message) => {
    const response = await owner.request({ method: 'POST', url: '/api/vendors', payload: { name: 'Bad TIN', email: 'x@y.example', paymentMethod: 'check', taxId } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ taxId: message });
  });
});

describe('the legacy plain tax IDs at start', () => {
  it('moves each into the encrypted columns, drops what is no TIN, and does nothing the second time', async () => {
    const a = await addVendor(owner);
    const b = await addVendor(owner);
    const c = await addVendor(owner, { taxId: '47-1234567' });
    await t.deps.db.update(vendors).set({ taxId: '123-45-6789' }).where(eq(vendors.id, a));
    await t.deps.db.update(vendors).set({ taxId: 'DE 123 456 789 0' }).where(eq(vendors.id, b));
    // A vendor with an encrypted TIN and a stale plain one keeps the encrypted one.
    await t.deps.db.update(vendors).set({ taxId: '99-9999991' }).where(eq(vendors.id, c));
    expect(await legacyTinsLeft(t.deps.db)).toBe(3);

    expect(await encryptLegacyTins(t.deps.db, t.deps.config.encryptionKey)).toEqual({ moved: 1, dropped: 1 });
    expect(await legacyTinsLeft(t.deps.db)).toBe(0);
    const rowA = await vendorRow(a);
    expect(rowA).toMatchObject({ taxId: null, tinType: 'ssn', tinLast4: '6789' });
    expect(readTin(t.deps.config.encryptionKey, rowA.tinEncrypted ?? '')).toBe('123456789');
    expect(await vendorRow(b)).toMatchObject({ taxId: null, tinEncrypted: null });
    expect((await vendorRow(c)).tinLast4).toBe('4567');
    const auditsB = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, b));
    expect(auditsB.map((row) => row.action)).toContain('vendor.legacy_tax_id_dropped');
    expect(JSON.stringify(auditsB)).not.toContain('123 456');

    expect(await encryptLegacyTins(t.deps.db, t.deps.config.encryptionKey)).toEqual({ moved: 0, dropped: 0 });
    expect((await vendorRow(a)).tinEncrypted).toBe(rowA.tinEncrypted);
  });
});

describe('the tax profile', () => {
  it('answers the TIN only masked and shows the newest request', async () => {
    const id = await addVendor(owner, { taxId: '47-1234567' });
    const response = await owner.request({ method: 'GET', url: `/api/vendors/${id}/tax-profile` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ tinType: 'ein', tinMasked: '••-•••4567', tinLast4: '4567', w9ReceivedAt: null, lastRequest: null, form1099Box: null, isAttorney: false });
    expect(response.body).not.toContain('471234567');
  });

  it('stores a typed TIN encrypted, takes the W-9 in as typed by hand, and audits the fields by name only', async () => {
    const id = await addVendor(owner);
    const response = await owner.request({
      method: 'PUT',
      url: `/api/vendors/${id}/tax-profile`,
      payload: { legalName: 'Pat Lee', taxClassification: 'individual', tinType: 'ssn', tin: '123-45-6780', form1099Box: 'nec_1', isAttorney: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('123456780');
    expect(response.body).not.toContain('123-45-6780');
    expect(response.json()).toMatchObject({ legalName: 'Pat Lee', tinMasked: '•••-••-6780', w9Source: 'manual', form1099Box: 'nec_1', isAttorney: true });
    expect(response.json().w9ReceivedAt).not.toBeNull();
    const row = await vendorRow(id);
    expect(readTin(t.deps.config.encryptionKey, row.tinEncrypted ?? '')).toBe('123456780');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    const audit = audits.find((entry) => entry.action === 'vendor.tax_profile_updated');
    expect(audit?.details).toMatchObject({ changed: expect.arrayContaining(['legalName', 'tin', 'form1099Box', 'isAttorney']) });
    expect(JSON.stringify(audit)).not.toContain('123456780');

    // A blank TIN keeps the stored one.
    const again = await owner.request({ method: 'PUT', url: `/api/vendors/${id}/tax-profile`, payload: { legalName: 'Pat Lee', tinType: 'ssn', tin: '', form1099Box: 'none' } });
    expect(again.json()).toMatchObject({ tinMasked: '•••-••-6780', form1099Box: 'none' });
    expect((await vendorRow(id)).tinEncrypted).toBe(row.tinEncrypted);

    // Another type with no TIN typed keeps the digits and makes the fingerprint anew for that type.
    const retyped = await owner.request({ method: 'PUT', url: `/api/vendors/${id}/tax-profile`, payload: { legalName: 'Pat Lee', tinType: 'ein', tin: '' } });
    expect(retyped.json()).toMatchObject({ tinType: 'ein', tinMasked: '••-•••6780' });
    const after = await vendorRow(id);
    expect(readTin(t.deps.config.encryptionKey, after.tinEncrypted ?? '')).toBe('123456780');
    expect(after.tinFingerprint).toBe(tinFingerprint(t.deps.config.encryptionKey, 'ein', '123456780'));
  });

  it.each([
    [{ tinType: 'ein', tin: '00-1234567' }, 'tin', '00 is not a prefix the IRS assigns to EINs'],
    [{ tinType: 'ssn', tin: '123-00-4567' }, 'tin', 'An SSN cannot have 00 as its middle two digits'],
    [{ tinType: 'ssn', tin: '1234' }, 'tin', 'An SSN has 9 digits (123-45-6789)'],
    [{ taxClassification: 'llc' }, 'llcTaxClassification', 'An LLC enters its tax classification (C, S or P)'],
    [{ exemptPayeeCode: '14' }, 'exemptPayeeCode', 'The exempt payee code is 1 to 13'],
  ])('refuses %j', async (payload, field, message) => {
    const id = await addVendor(owner);
    const response = await owner.request({ method: 'PUT', url: `/api/vendors/${id}/tax-profile`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
  });
});

describe('requesting a W-9', () => {
  it('mails the vendor a single-use link whose token is stored only hashed, and audits it', async () => {
    const id = await addVendor(owner, { email: 'ap@harbor.example' });
    const response = await owner.request({ method: 'POST', url: `/api/vendors/${id}/w9-requests`, payload: { includePayment: true } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ vendorId: id, email: 'ap@harbor.example', includePayment: true, status: 'sent', completedAt: null });
    const mail = readMails(t).find((text) => text.includes('To: ap@harbor.example')) ?? '';
    expect(mail).toContain('Bayside Bakery asks for your W-9');
    expect(mail).toMatch(/http:\/\/localhost:\d+\/vendor-form#token=[A-Za-z0-9_-]{40,}/);
    const token = mailedW9Token(t, 'ap@harbor.example');
    const [stored] = await t.deps.db.select().from(vendorW9Requests).where(eq(vendorW9Requests.vendorId, id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.some((row) => row.action === 'vendor.w9_requested')).toBe(true);
    const list = await owner.request({ method: 'GET', url: `/api/vendors/${id}/w9-requests` });
    expect(list.json()).toHaveLength(1);
    expect(list.body).not.toContain(token);
  });

  it('sends to another address when asked, and lists requests newest first with the old one revoked', async () => {
    const id = await addVendor(owner);
    await owner.request({ method: 'POST', url: `/api/vendors/${id}/w9-requests`, payload: {} });
    t.clock.advance(60_000);
    const second = await owner.request({ method: 'POST', url: `/api/vendors/${id}/w9-requests`, payload: { email: 'tax@elsewhere.example' } });
    expect(second.json().email).toBe('tax@elsewhere.example');
    const list = (await owner.request({ method: 'GET', url: `/api/vendors/${id}/w9-requests` })).json();
    expect(list.map((row: { status: string }) => row.status)).toEqual(['sent', 'revoked']);
    const profile = (await owner.request({ method: 'GET', url: `/api/vendors/${id}/tax-profile` })).json();
    expect(profile.lastRequest).toMatchObject({ id: second.json().id, status: 'sent' });
  });

  it("hides another workspace's vendor behind a 404 on every route", async () => {
    const id = await addVendor(owner);
    for (const [method, url, payload] of [
      ['POST', `/api/vendors/${id}/w9-requests`, {}],
      ['GET', `/api/vendors/${id}/w9-requests`, undefined],
      ['GET', `/api/vendors/${id}/tax-profile`, undefined],
      ['PUT', `/api/vendors/${id}/tax-profile`, { legalName: 'Mine now' }],
    ] as const) {
      const response = await other.request({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await vendorRow(id)).legalName).toBeNull();
    expect(await t.deps.db.select().from(vendorW9Requests).where(eq(vendorW9Requests.vendorId, id))).toHaveLength(0);
  });

  it('in bulk: every active vendor missing a W-9, skipping the ones on file and naming the ones without email', async () => {
    const team = await signUp(t.app, { companyName: 'Bulk Co' });
    const missing = await addVendor(team, { email: 'one@bulk.example' });
    const onFile = await addVendor(team, { email: 'two@bulk.example' });
    await team.request({ method: 'PUT', url: `/api/vendors/${onFile}/tax-profile`, payload: { tinType: 'ein', tin: '47-1234567' } });
    const noEmail = await addVendor(team, { email: 'three@bulk.example' });
    // Vendors created before email was required may have none.
    await t.deps.db.update(vendors).set({ email: '' }).where(eq(vendors.id, noEmail));
    const inactive = await addVendor(team, { email: 'four@bulk.example' });
    await team.request({ method: 'PUT', url: `/api/vendors/${inactive}`, payload: { isActive: false } });

    const response = await team.request({ method: 'POST', url: '/api/vendors/w9-requests', payload: {} });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.sent).toBe(1);
    expect(result.failed).toBe(0);
    expect(result.skipped).toEqual([expect.objectContaining({ vendorId: noEmail, reason: 'No email address' })]);
    expect(readMails(t).some((text) => text.includes('To: one@bulk.example'))).toBe(true);
    expect(readMails(t).some((text) => text.includes('To: two@bulk.example'))).toBe(false);

    const chosen = await team.request({ method: 'POST', url: '/api/vendors/w9-requests', payload: { vendorIds: [missing, onFile, 'not-an-id'] } });
    const skipped = chosen.json().skipped.map((item: { vendorId: string; reason: string }) => [item.vendorId, item.reason]);
    expect(chosen.json().sent).toBe(1);
    expect(skipped).toEqual([
      [onFile, 'A W-9 is already on file'],
      ['not-an-id', 'Vendor not found'],
    ]);
    // Another workspace's vendor is not found either.
    const foreign = await owner.request({ method: 'POST', url: '/api/vendors/w9-requests', payload: { vendorIds: [missing] } });
    expect(foreign.json()).toMatchObject({ sent: 0, skipped: [{ vendorId: missing, reason: 'Vendor not found' }] });
  });
});
