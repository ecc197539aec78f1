import { afterAll, describe, expect, it } from 'vitest';
import { buildTextPdf } from '../test-support/build-documents';
import { readPdf, terminateDocumentWorker, warmUpPdfReader } from './document-worker-client';

afterAll(async () => {
  await terminateDocumentWorker();
});

describe('PDF reader warm-up', () => {
  it('reads the built-in warm-up PDF with its embedded TrueType, CID and Type 1 fonts', async () => {
    const { pdf: sample, page } = await warmUpPdfReader(1);
    const texts = sample.pages.flatMap((page) => page.items.map((item) => item.str));
    expect(sample.pageCount).toBe(1);
    // Simple TrueType, standard Helvetica and embedded Type 1 text all come out as text.
    expect(texts).toContain('Invoice INV-2024-0001 Date 31.01.2024 Total EUR 1.234,56');
    expect(texts).toContain('Seller Ltd, VAT GB123456789, Amount due 99.00');
    expect(texts).toContain('Bill to: Customer GmbH, Page 1 of 1');
    // The page comes back drawn at the scale asked for, as a PNG for the OCR engine's warm-up.
    expect(page.width).toBe(Math.round(sample.pages[0]?.width ?? 0));
    expect(page.height).toBe(Math.round(sample.pages[0]?.height ?? 0));
    expect(page.png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('places standard-font text by its metrics without loading the font files', async () => {
    const pdf = await readPdf(
      await buildTextPdf([
        { text: 'Total', x: 0.1, y: 0.1 },
        { text: 'Total Total', x: 0.1, y: 0.2 },
      ]),
      1,
    );
    const [short, long] = pdf.pages[0]?.items ?? [];
    expect(short?.str).toBe('Total');
    expect(short?.width).toBeGreaterThan(10);
    // Widths come from the real glyph metrics: twice the word plus a space.
    expect(long?.width).toBeGreaterThan((short?.width ?? 0) * 2);
    expect(long?.width).toBeLessThan((short?.width ?? 0) * 2.5);
  });
});
