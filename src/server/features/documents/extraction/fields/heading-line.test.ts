import { describe, expect, it } from 'vitest';
import type { TextLine, Word } from '../text-line';
import { buildDocumentText } from './document-text';
import { findVendor } from './find-vendor';

/** An OCR line from [x, text, confidence] words of one height. */
function ocrLine(y: number, height: number, cells: [number, string, number][]): TextLine {
  const words: Word[] = cells.map(([x, text, confidence]) => ({
    page: 1,
    text,
    x,
    y,
    width: text.length * height * 0.7,
    height,
    confidence,
  }));
  const last = words.at(-1);
  return {
    page: 1,
    text: words.map((word) => word.text).join(' '),
    words,
    x: words[0]?.x ?? 0,
    y,
    width: (last ? last.x + last.width : 0) - (words[0]?.x ?? 0),
    height,
  };
}

const receiptBody = [
  ocrLine(0.2, 0.02, [
    [0.2, 'No.7', 0.95],
    [0.3, 'Jalan', 0.95],
    [0.42, 'Mawar', 0.95],
  ]),
  ocrLine(0.24, 0.02, [
    [0.2, 'TOTAL', 0.95],
    [0.7, '12.40', 0.95],
  ]),
];

describe('a receipt heading with wide letter spacing', () => {
  it('reads the whole printed line as the name, not its confident half', () => {
    // The gap after the first word splits the line; the next word was read with low certainty.
    const heading = ocrLine(0.1, 0.03, [
      [0.1, 'SEVEN', 0.9],
      [0.35, 'OAKS', 0.45],
      [0.5, 'HARDWARE', 0.92],
      [0.72, '&', 0.9],
      [0.76, 'PAINT', 0.93],
    ]);
    const vendor = findVendor(buildDocumentText([heading, ...receiptBody], 'ocr'));
    expect(vendor.name).toBe('SEVEN OAKS HARDWARE & PAINT');
  });

  it('keeps to the name when the rest of the line is logo noise', () => {
    const heading = ocrLine(0.1, 0.03, [
      [0.05, 'xz', 0.2],
      [0.12, 'Oo', 0.3],
      [0.4, 'HARDWARE', 0.92],
      [0.62, 'HOUSE', 0.93],
    ]);
    const vendor = findVendor(buildDocumentText([heading, ...receiptBody], 'ocr'));
    expect(vendor.name).toBe('HARDWARE HOUSE');
  });
});
