import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadMessages } from '../../../shared/contracts/documents';
import { documents, jobs, storedFiles } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { multipartBody } from './multipart-body';
import { corruptPdf, invoicePdf, pngBytes, pngHeader } from './test-files';
import { runDocumentJobsOnce } from './document-jobs';
import { maxImagePixels } from './extraction/limits';
import { buildBlackPicturePdf, buildTextPng } from './extraction/test-support/build-documents';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
});
afterAll(async () => t.close());

function upload(
  user: SignedIn,
  file: { bytes: Buffer; fileName: string; contentType?: string } | null,
  documentType = 'bill',
) {
  const parts: Parameters<typeof multipartBody>[0] = [
    { name: 'documentType', value: documentType },
  ];
  if (file)
    parts.push({
      name: 'file',
      fileName: file.fileName,
      contentType: file.contentType ?? 'application/pdf',
      bytes: file.bytes,
    });
  const { payload, headers } = multipartBody(parts);
  return user.request({ method: 'POST', url: '/api/documents/upload', payload, headers });
}

/** The keys of the stored files (platform/storage.ts keeps them in the database). */
const uploadedFiles = async (): Promise<string[]> => (await t.deps.db.select({ key: storedFiles.key }).from(storedFiles)).map((row) => row.key);

describe('uploading a document', () => {
  it('stores a PDF under a generated name and answers 201 with a pending document and a queued job', async () => {
    const bytes = await invoicePdf();
    const response = await upload(alice, { bytes, fileName: '../../etc/Acme invoice.pdf' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      fileName: 'Acme invoice.pdf',
      fileType: 'application/pdf',
      fileSize: bytes.length,
      documentType: 'bill',
      ocrStatus: 'pending',
      extractedData: null,
      userId: alice.user.id,
      fileUrl: `/api/documents/${body.id}/file`,
    });
    const [row] = await t.deps.db.select().from(documents).where(eq(documents.id, body.id));
    expect(row?.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(await uploadedFiles()).toContain(row?.storageKey);
    expect((await uploadedFiles()).some((name) => name.includes('Acme'))).toBe(false);
    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'documents.read'));
    expect(
      queued.some((job) => job.payload.documentId === body.id && job.status === 'queued'),
    ).toBe(true);

    const file = await alice.request({ method: 'GET', url: body.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Acme invoice.pdf"; filename*=UTF-8''Acme%20invoice.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts a PNG and a JPEG judged by their bytes', async () => {
    const png = await upload(
      alice,
      { bytes: pngBytes(), fileName: 'receipt.png', contentType: 'image/png' },
      'receipt',
    );
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ fileType: 'image/png', documentType: 'receipt' });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);
    const jpg = await upload(
      alice,
      { bytes: jpeg, fileName: 'photo.JPEG', contentType: 'application/octet-stream' },
      'w9',
    );
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json().fileType).toBe('image/jpeg');
  });

  it.each([
    ['PNG bytes named .pdf', () => pngBytes(), 'invoice.pdf'],
    ['garbage named .pdf', () => Buffer.from('MZ this is an executable, honest'), 'invoice.pdf'],
    ['a PDF named .exe', () => Buffer.from('%PDF-1.4 tiny'), 'invoice.exe'],
    ['HTML named .png', () => Buffer.from('<html><script>alert(1)</script></html>'), 'image.png'],
  ])('refuses %s as an invalid type, storing nothing', async (_label, bytes, fileName) => {
    const before = (await uploadedFiles()).length;
    const response = await upload(alice, { bytes: bytes(), fileName });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: uploadMessages.invalidType,
      code: 'VALIDATION',
    });
    expect((await uploadedFiles()).length).toBe(before);
  });

  it('refuses a file of exactly 10 MB + 1 byte with 413, and accepts exactly 10 MB', async () => {
    const header = Buffer.from('%PDF-1.7\n');
    const over = Buffer.concat([header, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - header.length, 0x20)]);
    const before = (await uploadedFiles()).length;
    const response = await upload(alice, { bytes: over, fileName: 'big.pdf' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      message: uploadMessages.tooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect((await uploadedFiles()).length).toBe(before);

    const exact = over.subarray(0, MAX_UPLOAD_BYTES);
    const accepted = await upload(alice, { bytes: exact, fileName: 'big.pdf' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().fileSize).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a missing file and an empty file with "File is required"', async () => {
    for (const response of [
      await upload(alice, null),
      await upload(alice, { bytes: Buffer.alloc(0), fileName: 'empty.pdf' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: uploadMessages.fileRequired,
        fields: { file: uploadMessages.fileRequired },
      });
    }
    const json = await alice.request({
      method: 'POST',
      url: '/api/documents/upload',
      payload: { documentType: 'bill' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(uploadMessages.fileRequired);
  });

  it('refuses an unknown document type', async () => {
    const response = await upload(
      alice,
      { bytes: await invoicePdf(), fileName: 'a.pdf' },
      'contract',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { documentType: 'Invalid document type' },
    });
  });

  it('refuses two files in one upload', async () => {
    const bytes = await invoicePdf();
    const { payload, headers } = multipartBody([
      { name: 'documentType', value: 'bill' },
      { name: 'file', fileName: 'a.pdf', contentType: 'application/pdf', bytes },
      { name: 'file', fileName: 'b.pdf', contentType: 'application/pdf', bytes },
    ]);
    const response = await alice.request({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload one file at a time');
  });

  it('requires a session', async () => {
    const { payload, headers } = multipartBody([{ name: 'documentType', value: 'bill' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('reading documents in the background', () => {
  it('reads a text PDF: pending → completed with the extracted fields', async () => {
    const created = (
      await upload(alice, { bytes: await invoicePdf(), fileName: 'acme.pdf' })
    ).json();
    await runDocumentJobsOnce(t.deps);
    const response = await alice.request({ method: 'GET', url: `/api/documents/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ocrStatus: 'completed',
      processingError: null,
      extractedData: {
        vendor: { name: 'Acme Office Supplies Inc.', matchedVendorId: null },
        amounts: { total: '242.00', tax: '22.00' },
        dates: { issueDate: '2026-11-02', dueDate: '2026-12-02' },
        documentNumbers: { invoiceNumber: 'INV-2026-0042' },
      },
    });
    expect(response.json().extractedData.confidence).toBeGreaterThan(0.5);
  });

  it('fails a corrupt PDF cleanly with the reason, and keeps serving', async () => {
    const created = (await upload(alice, { bytes: corruptPdf(), fileName: 'broken.pdf' })).json();
    await runDocumentJobsOnce(t.deps);
    const [row] = await t.deps.db.select().from(documents).where(eq(documents.id, created.id));
    expect(row?.ocrStatus).toBe('failed');
    expect(row?.processingError).toMatch(/PDF/);
    const job = (await t.deps.db.select().from(jobs)).find(
      (j) => j.payload.documentId === created.id,
    );
    expect(job?.status).toBe('done');
    expect((await alice.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('fails an image that claims too many pixels, without decoding it, and says why', async () => {
    const bytes = pngHeader(30_000, 30_000);
    const created = (await upload(alice, { bytes, fileName: 'huge.png' }, 'receipt')).json();
    await runDocumentJobsOnce(t.deps);
    const [row] = await t.deps.db.select().from(documents).where(eq(documents.id, created.id));
    expect(row?.ocrStatus).toBe('failed');
    expect(row?.processingError).toBe(
      'This image is too large to read (900 megapixels; at most 50). Upload a smaller scan or photo.',
    );
  });

  it('fails a scanned PDF page whose picture is over the pixel limit with the large-photo message', async () => {
    const side = Math.ceil(Math.sqrt(maxImagePixels)) + 100;
    const bytes = await buildBlackPicturePdf(side, side);
    const created = (await upload(alice, { bytes, fileName: 'huge-scan.pdf' })).json();
    await runDocumentJobsOnce(t.deps);
    const [row] = await t.deps.db.select().from(documents).where(eq(documents.id, created.id));
    expect(row?.ocrStatus).toBe('failed');
    expect(row?.processingError).toBe(
      'This image is too large to read (more than 50 megapixels). Upload a smaller scan or photo.',
    );
    expect(row?.extractedData).toBeNull();
  });

  it('reads a photographed receipt to completion with vendor, total and date filled', async () => {
    const bytes = bakeryReceipt();
    const created = (
      await upload(alice, { bytes, fileName: 'receipt.png', contentType: 'image/png' }, 'receipt')
    ).json();
    await runDocumentJobsOnce(t.deps);
    const response = await alice.request({ method: 'GET', url: `/api/documents/${created.id}` });
    expect(response.json()).toMatchObject({
      ocrStatus: 'completed',
      extractedData: {
        source: 'ocr',
        vendor: { name: 'LANTERN LANE BAKERY SDN BHD', matchedVendorId: null },
        amounts: { total: '15.40' },
        dates: { issueDate: '2019-02-04' },
      },
    });
  });

  it("proposes the organization's existing vendor for a receipt that prints its name", async () => {
    const bob = await signUp(t.app);
    const vendor = await bob.request({
      method: 'POST',
      url: '/api/vendors',
      payload: {
        name: 'Lantern Lane Bakery',
        email: 'shop@lantern.example',
        paymentMethod: 'check',
      },
    });
    expect(vendor.statusCode).toBe(201);
    const created = (
      await upload(
        bob,
        { bytes: bakeryReceipt(), fileName: 'r.png', contentType: 'image/png' },
        'receipt',
      )
    ).json();
    await runDocumentJobsOnce(t.deps);
    const response = await bob.request({ method: 'GET', url: `/api/documents/${created.id}` });
    expect(response.json().extractedData.vendor).toMatchObject({
      name: 'Lantern Lane Bakery',
      matchedVendorId: vendor.json().id,
    });
    expect(response.json().extractedData.fieldConfidence.vendor).toBeGreaterThanOrEqual(0.9);
  });
});

function bakeryReceipt(): Buffer {
  return buildTextPng(
    [
      { text: 'LANTERN LANE BAKERY SDN BHD', x: 0.1, y: 0.06, size: 14 },
      { text: 'NO 3, JALAN KENANGA, 43000 KAJANG', x: 0.1, y: 0.09, size: 11 },
      { text: 'Receipt No: LB7731  Date: 04/02/2019 10:15', x: 0.1, y: 0.15, size: 12 },
      { text: 'BUTTER LOAF             6.40', x: 0.1, y: 0.2, size: 12 },
      { text: 'CHEESE TART x2          9.00', x: 0.1, y: 0.23, size: 12 },
      { text: 'TOTAL :                15.40', x: 0.1, y: 0.28, size: 13 },
      { text: 'CASH :                 20.00', x: 0.1, y: 0.31, size: 12 },
      { text: 'CHANGE :                4.60', x: 0.1, y: 0.34, size: 12 },
    ],
    900,
    1400,
  );
}
