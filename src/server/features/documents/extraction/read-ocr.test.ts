import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcrWorker } from './ocr/ocr-worker';
import { readByOcr, readableWordCount } from './read-ocr';
import { receiptLines } from './test-support/receipt-lines';

afterAll(async () => {
  await terminateOcrWorker();
});

/**
 * A receipt printed faint grey under a thick black scribble (a note written on it): one threshold
 * for the whole page falls between the ink and the paper and loses the print.
 */
function faintReceiptUnderScribble(): Buffer {
  const canvas = createCanvas(800, 1400);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 800, 1400);
  context.strokeStyle = '#000000';
  context.lineWidth = 14;
  context.beginPath();
  context.moveTo(60, 120);
  for (let x = 60; x < 740; x += 40) context.lineTo(x, x % 80 === 0 ? 60 : 180);
  context.stroke();
  context.fillStyle = '#c0c0c0';
  context.font = '30px sans-serif';
  const rows = ['CORNER BAKERY SHOP', 'NO 12 JALAN BESAR', 'DATE 19/05/2018', 'BREAD 2.50'];
  rows.push('MILK 4.20', 'TOTAL 6.70', 'CASH 10.00', 'CHANGE 3.30', 'THANK YOU');
  rows.forEach((row, index) => context.fillText(row, 80, 320 + index * 60));
  return canvas.toBuffer('image/png');
}

/**
 * A receipt whose shop name and total are printed white on a black band, as many letterheads and
 * total boxes are.
 */
function receiptWithInvertedBands(): Buffer {
  const canvas = createCanvas(900, 700);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 900, 700);
  const bands = [
    { text: 'GOLDEN HARVEST BAKERY', top: 20, font: 'bold 44px sans-serif' },
    { text: 'TOTAL DUE RM 13.04', top: 420, font: 'bold 32px sans-serif' },
  ];
  for (const band of bands) {
    context.fillStyle = '#000000';
    context.fillRect(0, band.top, 900, 66);
    context.fillStyle = '#ffffff';
    context.font = band.font;
    context.fillText(band.text, 60, band.top + 48);
  }
  context.fillStyle = '#000000';
  context.font = '26px sans-serif';
  const rows = ['12 Jalan Ampang, Kuala Lumpur', 'Date: 14/03/2025 10:42', 'Bread loaf 2 7.80'];
  rows.push('Coffee 1 4.50', 'Subtotal 12.30', '', '', '', 'Thank you, please come again');
  rows.forEach((row, index) => context.fillText(row, 60, 150 + index * 50));
  return canvas.toBuffer('image/png');
}

/** The text readByOcr reads from a one-page PNG of this size, a line a line. */
async function readText(png: Buffer, width: number, height: number): Promise<string> {
  const document = await readByOcr([{ png, width, height, page: 1 }]);
  return document.lines.map((line) => line.text).join('\n');
}

describe('readByOcr', () => {
  // Guards the engine's inverted second reading of unsure lines (see configure in ocr-worker.ts).
  it('reads white print on a black band: a letterhead and a total box', async () => {
    const text = await readText(receiptWithInvertedBands(), 900, 700);
    expect(text).toContain('GOLDEN HARVEST BAKERY');
    expect(text).toContain('TOTAL DUE RM 13.04');
  }, 30_000);

  it('reads a page again with a threshold per tile when one threshold loses its print', async () => {
    const text = await readText(faintReceiptUnderScribble(), 800, 1400);
    expect(text).toContain('TOTAL 6.70');
    expect(text).toContain('CORNER BAKERY');
  }, 30_000);
});

describe('readableWordCount', () => {
  it('counts words of four letters and amounts read surely, not scraps', () => {
    const lines = receiptLines(['TOTAL 6.70 RM', 'CASH 10.00', 'oO oOo ZZ 4']).map(
      (line, index) => ({
        ...line,
        words: line.words.map((word) => ({ ...word, confidence: index === 1 ? 0.3 : 0.9 })),
      }),
    );
    expect(readableWordCount(lines)).toBe(2);
  });
});
