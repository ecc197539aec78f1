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

describe('readByOcr', () => {
  it('reads a page again with a threshold per tile when one threshold loses its print', async () => {
    const png = faintReceiptUnderScribble();
    const document = await readByOcr([{ png, width: 800, height: 1400, page: 1 }]);
    const text = document.lines.map((line) => line.text).join('\n');
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
