import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { vendorPayload } from '../bills/payables-fixtures';
import { readTin } from '../tax-1099/tin-store';
import { runDocumentJobsOnce } from './document-jobs';
import { multipartBody } from './multipart-body';
import { invoicePdf } from './test-files';

const setDirectory = path.join(import.meta.dirname, 'test-data/w9');
interface Label { file: string; legalName: string; businessName: string | null; taxClassification: string; llcTaxClassification: string | null; tinType: string; tin: string; address: string; city: string; state: string; zipCode: string }
const labels = JSON.parse(readFileSync(path.join(setDirectory, 'labels.json'), 'utf8')) as Label[];
// An LLC with an EIN: every tax field of the vendor changes.
const llc = labels.find((label) => label.file.startsWith('w9-fillable') && label.taxClassification === 'llc') as Label;

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

async function readDocument(user: SignedIn, bytes: Buffer, fileName: string, documentType = 'w9') {
  const { payload, headers } = multipartBody([
    { name: 'documentType', value: documentType },
    { name: 'file', fileName, contentType: 'application/pdf', bytes },
  ]);
  const uploaded = await user.request({ method: 'POST', url: '/api/documents/upload', payload, headers });
  expect(uploaded.statusCode).toBe(201);
  await runDocumentJobsOnce(t.deps);
  return user.request({ method: 'GET', url: `/api/documents/${uploaded.json().id}` });
}

describe('a W-9 upload', () => {
  it('is read from its form fields, the TIN shown only by its last four and kept only encrypted', async () => {
    const response = await readDocument(alice, readFileSync(path.join(setDirectory, llc.file)), llc.file);
    expect(response.statusCode).toBe(200);
    const w9 = response.json().extractedData.w9;
    expect(w9).toMatchObject({ method: 'acroform', legalName: llc.legalName, taxClassification: 'llc', llcTaxClassification: llc.llcTaxClassification, city: llc.city, state: llc.state, zipCode: llc.zipCode, tinType: 'ein', tinLast4: llc.tin.slice(-4), tinProblem: null });
    expect(w9).not.toHaveProperty('tinEncrypted');
    expect(response.body).not.toContain(llc.tin);
    const list = await alice.request({ method: 'GET', url: '/api/documents?documentType=w9' });
    expect(list.body).not.toContain('tinEncrypted');
    expect(list.body).not.toContain(llc.tin);
  });

  it('shows the diff on a dry run, then fills the vendor with its TIN encrypted and an audit row', async () => {
    const document = (await readDocument(alice, readFileSync(path.join(setDirectory, llc.file)), llc.file)).json();
    const vendor = (await alice.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: llc.legalName }) })).json();
    const preview = await alice.request({ method: 'POST', url: `/api/documents/${document.id}/apply-to-vendor`, payload: { vendorId: vendor.id, dryRun: true } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ vendorId: vendor.id, applied: false });
    const fields = preview.json().changes.map((change: { field: string }) => change.field);
    expect(fields).toEqual(expect.arrayContaining(['legalName', 'taxClassification', 'llcTaxClassification', 'tin']));
    expect(preview.json().changes.find((change: { field: string }) => change.field === 'tin').to).toBe(`••-•••${llc.tin.slice(-4)}`);
    expect(preview.body).not.toContain(llc.tin);
    const [untouched] = await t.deps.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(untouched?.tinEncrypted).toBeNull();

    const applied = await alice.request({ method: 'POST', url: `/api/documents/${document.id}/apply-to-vendor`, payload: { vendorId: vendor.id } });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().applied).toBe(true);
    const [row] = await t.deps.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({ legalName: llc.legalName, taxClassification: 'llc', llcTaxClassification: llc.llcTaxClassification, address: llc.address, city: llc.city, state: llc.state, zipCode: llc.zipCode, tinType: 'ein', tinLast4: llc.tin.slice(-4), w9Source: 'upload', w9DocumentId: document.id });
    expect(row?.w9ReceivedAt).toBeInstanceOf(Date);
    expect(readTin(t.deps.config.encryptionKey, row?.tinEncrypted ?? '')).toBe(llc.tin);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, vendor.id), eq(auditLog.action, 'vendor.w9_applied')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]?.details)).not.toContain(llc.tin);

    const again = await alice.request({ method: 'POST', url: `/api/documents/${document.id}/apply-to-vendor`, payload: { vendorId: vendor.id, dryRun: true } });
    expect(again.json().changes).toEqual([]);
  });

  it("hides another workspace's document and vendor behind a 404", async () => {
    const document = (await readDocument(alice, readFileSync(path.join(setDirectory, llc.file)), llc.file)).json();
    const bobVendor = (await bob.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    const aliceVendor = (await alice.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    expect((await bob.request({ method: 'POST', url: `/api/documents/${document.id}/apply-to-vendor`, payload: { vendorId: bobVendor.id } })).statusCode).toBe(404);
    const foreignVendor = await alice.request({ method: 'POST', url: `/api/documents/${document.id}/apply-to-vendor`, payload: { vendorId: bobVendor.id } });
    expect(foreignVendor.statusCode).toBe(404);
    const [bobRow] = await t.deps.db.select().from(vendors).where(eq(vendors.id, bobVendor.id));
    expect(bobRow?.legalName).toBeNull();
    expect(aliceVendor.id).toBeTruthy();
  });

  it('refuses a document that is not a read W-9 with a 409', async () => {
    const bill = (await readDocument(alice, await invoicePdf(), 'bill.pdf', 'bill')).json();
    const vendor = (await alice.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    const response = await alice.request({ method: 'POST', url: `/api/documents/${bill.id}/apply-to-vendor`, payload: { vendorId: vendor.id } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('not a W-9') });
  });
});
