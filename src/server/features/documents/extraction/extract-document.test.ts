import PDFKit from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { extractedData } from '../../../../shared/contracts/extracted-data';
import { ExtractionError, extractDocument, shutdownExtraction } from './index';
import { maxImagePixels } from './limits';
import { pngHeader } from '../test-files';
import {
  buildCiiXml,
  buildEinvoicePdf,
  buildImagePdf,
  buildTextPdf,
  buildTextPng,
  type PlacedText,
} from './test-support/build-documents';

afterAll(async () => {
  await shutdownExtraction();
});

// A made-up supplier invoice, laid out like a typical one: vendor header, customer block, totals.
const invoiceLines: PlacedText[] = [
  { text: 'Northwind Cloud Hosting GmbH', x: 0.08, y: 0.08, size: 16 },
  { text: 'Hauptstrasse 12, 10115 Berlin', x: 0.08, y: 0.11 },
  { text: 'INVOICE', x: 0.7, y: 0.08, size: 16 },
  { text: 'Bill to:', x: 0.08, y: 0.2 },
  { text: 'Contoso Trading Ltd', x: 0.08, y: 0.22 },
  { text: 'Invoice No: NW-2024-0815', x: 0.6, y: 0.2 },
  { text: 'Invoice Date: 14/03/2024', x: 0.6, y: 0.22 },
  { text: 'Due Date: 13/04/2024', x: 0.6, y: 0.24 },
  { text: 'Description', x: 0.08, y: 0.32 },
  { text: 'Qty', x: 0.55, y: 0.32 },
  { text: 'Unit price', x: 0.65, y: 0.32 },
  { text: 'Amount', x: 0.8, y: 0.32 },
  { text: 'Cloud server hosting March', x: 0.08, y: 0.35 },
  { text: '1', x: 0.55, y: 0.35 },
  { text: '200.00', x: 0.65, y: 0.35 },
  { text: '200.00', x: 0.8, y: 0.35 },
  { text: 'Backup storage', x: 0.08, y: 0.37 },
  { text: '2', x: 0.55, y: 0.37 },
  { text: '12.50', x: 0.65, y: 0.37 },
  { text: '25.00', x: 0.8, y: 0.37 },
  { text: 'Subtotal', x: 0.6, y: 0.45 },
  { text: '250.00', x: 0.8, y: 0.45 },
  { text: 'VAT 19%', x: 0.6, y: 0.47 },
  { text: '47.50', x: 0.8, y: 0.47 },
  { text: 'Total Due EUR', x: 0.6, y: 0.5, size: 12 },
  { text: '297.50', x: 0.8, y: 0.5, size: 12 },
  { text: 'VAT ID: DE123456789', x: 0.08, y: 0.9 },
];

describe('extractDocument', () => {
  it('reads the fields of a text PDF invoice', async () => {
    const data = await extractDocument({
      bytes: await buildTextPdf(invoiceLines),
      mimeType: 'application/pdf',
    });
    expect(extractedData.parse(data)).toEqual(data);
    expect(data.source).toBe('pdf-text');
    expect(data.vendor.name).toBe('Northwind Cloud Hosting GmbH');
    expect(data.vendor.taxId).toBe('DE123456789');
    expect(data.amounts).toEqual({ total: '297.50', subtotal: '250.00', tax: '47.50' });
    expect(data.currency).toBe('EUR');
    expect(data.dates).toEqual({ issueDate: '2024-03-14', dueDate: '2024-04-13' });
    expect(data.documentNumbers.invoiceNumber).toBe('NW-2024-0815');
    expect(data.lineItems.map((item) => item.totalPrice)).toEqual(['200.00', '25.00']);
    expect(data.lineItems[1]).toMatchObject({ quantity: '2', unitPrice: '12.50' });
    expect(data.suggestedCategory).toBe('Software & Cloud');
    expect(data.confidence).toBeGreaterThan(0.7);
    expect(data.layout?.total).toMatchObject({ page: 1, label: 'Total Due' });
  });

  it('takes the embedded CII e-invoice over the PDF text, exactly', async () => {
    const xml = buildCiiXml({
      id: 'FX-77/2023',
      issueDate: '2023-11-02',
      dueDate: '2023-12-02',
      seller: 'Atelier Lumière SARL',
      sellerVat: 'FR11999999998',
      currency: 'EUR',
      net: '100.00',
      tax: '20.00',
      grand: '120.00',
      lineName: 'Conseil',
    });
    const data = await extractDocument({
      bytes: await buildEinvoicePdf(xml),
      mimeType: 'application/pdf',
    });
    expect(data.source).toBe('einvoice');
    expect(data.vendor).toEqual({
      name: 'Atelier Lumière SARL',
      taxId: 'FR11999999998',
      email: null,
    });
    expect(data.amounts).toEqual({ total: '120.00', subtotal: '100.00', tax: '20.00' });
    expect(data.currency).toBe('EUR');
    expect(data.dates).toEqual({ issueDate: '2023-11-02', dueDate: '2023-12-02' });
    expect(data.documentNumbers.invoiceNumber).toBe('FX-77/2023');
    expect(data.lineItems).toEqual([
      { description: 'Conseil', quantity: '1', unitPrice: '100.00', totalPrice: '100.00' },
    ]);
    expect(data.fieldConfidence.total).toBe(1);
  });

  it('reads a receipt image with OCR', async () => {
    const png = buildTextPng([
      { text: 'HARBOUR VIEW STATIONERS SDN BHD', x: 0.1, y: 0.08, size: 14 },
      { text: 'NO 8, JALAN MERDEKA, 50000 KUALA LUMPUR', x: 0.1, y: 0.11, size: 11 },
      { text: 'TAX INVOICE', x: 0.35, y: 0.16, size: 13 },
      { text: 'Receipt No: CS0042  Date: 21/05/2018', x: 0.1, y: 0.2, size: 12 },
      { text: 'A4 PAPER 2 x 12.50    25.00', x: 0.1, y: 0.26, size: 12 },
      { text: 'STAPLER                 8.90', x: 0.1, y: 0.29, size: 12 },
      { text: 'TOTAL (RM) :           33.90', x: 0.1, y: 0.34, size: 13 },
      { text: 'CASH :                 50.00', x: 0.1, y: 0.37, size: 12 },
      { text: 'CHANGE :               16.10', x: 0.1, y: 0.4, size: 12 },
    ]);
    const data = await extractDocument({ bytes: png, mimeType: 'image/png' });
    expect(data.source).toBe('ocr');
    expect(data.vendor.name).toBe('HARBOUR VIEW STATIONERS SDN BHD');
    expect(data.amounts.total).toBe('33.90');
    expect(data.currency).toBe('MYR');
    expect(data.dates.issueDate).toBe('2018-05-21');
    expect(data.suggestedCategory).toBe('Office Supplies');
  });

  it('reads a scanned PDF page without a text layer through OCR', async () => {
    const png = buildTextPng([
      { text: 'Riverside Print Shop Ltd', x: 0.1, y: 0.08, size: 16 },
      { text: 'Invoice No: RP-5521', x: 0.1, y: 0.14, size: 12 },
      { text: 'Date: 30/09/2022', x: 0.1, y: 0.17, size: 12 },
      { text: 'Total: £ 64.80', x: 0.1, y: 0.25, size: 14 },
    ]);
    const data = await extractDocument({
      bytes: await buildImagePdf(png),
      mimeType: 'application/pdf',
    });
    expect(data.source).toBe('ocr');
    expect(data.vendor.name).toBe('Riverside Print Shop Ltd');
    expect(data.documentNumbers.invoiceNumber).toBe('RP-5521');
    expect(data.dates.issueDate).toBe('2022-09-30');
    expect(data.amounts.total).toBe('64.80');
  });

  it('refuses a damaged PDF with a readable message', async () => {
    const bytes = Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage without end');
    await expect(extractDocument({ bytes, mimeType: 'application/pdf' })).rejects.toThrow(
      ExtractionError,
    );
    await expect(extractDocument({ bytes, mimeType: 'application/pdf' })).rejects.toThrow(
      /not a readable PDF/,
    );
  });

  it('refuses a password-protected PDF and says so', async () => {
    const document = new PDFKit({ userPassword: 'secret', ownerPassword: 'owner' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
    document.text('Invoice 1 Total 10.00');
    document.end();
    await done;
    const error = await extractDocument({
      bytes: Buffer.concat(chunks),
      mimeType: 'application/pdf',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({
      reason: 'password-protected',
      message: expect.stringMatching(/password-protected/),
    });
  });

  it('refuses, before decoding, an image that claims more pixels than the limit', async () => {
    // 10,000 x 6,000 is 60 MP.
    expect(10_000 * 6_000).toBeGreaterThan(maxImagePixels);
    const bytes = pngHeader(10_000, 6_000);
    const error = await extractDocument({ bytes, mimeType: 'image/png' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({
      reason: 'unsupported',
      message:
        'This image is too large to read (60 megapixels; at most 50). Upload a smaller scan or photo.',
    });
  });

  it('refuses an image that cannot be decoded', async () => {
    await expect(
      extractDocument({ bytes: Buffer.from('not an image'), mimeType: 'image/jpeg' }),
    ).rejects.toThrow(ExtractionError);
  });
});
