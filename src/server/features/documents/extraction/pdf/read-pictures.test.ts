import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument, shutdownExtraction } from '../index';
import {
  buildTextPdf,
  buildTextPdfWithPicture,
  buildTextPng,
  type PlacedText,
} from '../test-support/build-documents';

afterAll(async () => {
  await shutdownExtraction();
});

// A made-up invoice whose text layer has everything but the issuer's name.
const body: PlacedText[] = [
  { text: 'Bill to:', x: 0.08, y: 0.16 },
  { text: 'Globex Holdings', x: 0.08, y: 0.18 },
  { text: '12 Elm Street', x: 0.08, y: 0.2 },
  { text: 'Invoice No: PX-20931', x: 0.6, y: 0.3 },
  { text: 'Invoice Date: 11/06/2024', x: 0.6, y: 0.32 },
  { text: 'Total EUR', x: 0.6, y: 0.45 },
  { text: '86.40', x: 0.8, y: 0.45 },
  { text: 'Our company details are in the picture below:', x: 0.08, y: 0.8 },
];

// The issuer's details pasted as a picture, 460 x 60 points.
const letterhead = buildTextPng(
  [
    { text: 'Marrowfield Garden Tools Ltd', x: 0.02, y: 0.4, size: 14 },
    { text: 'Company No 04512398   VAT GB 219 4471 06', x: 0.02, y: 0.85, size: 14 },
  ],
  2300,
  300,
);

describe('reading the pictures of a text PDF', () => {
  it('takes the vendor from a picture when the text layer has none', async () => {
    const bytes = await buildTextPdfWithPicture(body, letterhead, {
      x: 50,
      y: 70,
      width: 460,
      height: 60,
    });
    const data = await extractDocument({ bytes, mimeType: 'application/pdf' });
    expect(data.source).toBe('pdf-text');
    expect(data.vendor.name).toBe('Marrowfield Garden Tools Ltd');
    // Every other field still comes from the text layer.
    expect(data.amounts.total).toBe('86.40');
    expect(data.documentNumbers.invoiceNumber).toBe('PX-20931');
  });

  it('finds no vendor without the picture', async () => {
    const data = await extractDocument({
      bytes: await buildTextPdf(body),
      mimeType: 'application/pdf',
    });
    expect(data.vendor.name).toBeNull();
  });

  it('does not read again the scan under a searchable PDF', async () => {
    // A full-page picture under a text layer, as scanners write: its text is already the layer.
    const scan = buildTextPng([
      { text: 'Marrowfield Garden Tools Ltd', x: 0.1, y: 0.05, size: 14 },
    ]);
    const bytes = await buildTextPdfWithPicture(body, scan, {
      x: 0,
      y: 0,
      width: 595,
      height: 842,
    });
    const data = await extractDocument({ bytes, mimeType: 'application/pdf' });
    expect(data.vendor.name).toBeNull();
  });
});
