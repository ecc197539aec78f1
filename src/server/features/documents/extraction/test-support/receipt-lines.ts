import { buildDocumentText, type DocumentText } from '../fields/document-text';
import type { TextLine, Word } from '../text-line';

/**
 * A made-up receipt as OCR lines: one line per row, words split at spaces and placed left to
 * right like monospaced receipt print (wider gaps where the row has several spaces).
 */
export function receiptLines(rows: readonly string[]): TextLine[] {
  const charWidth = 0.008;
  const height = 0.012;
  return rows.flatMap((row, index) => {
    const y = 0.05 + index * 0.025;
    const words: Word[] = [];
    for (const match of row.matchAll(/\S+/gu)) {
      words.push({
        page: 1,
        text: match[0],
        x: 0.05 + match.index * charWidth,
        y,
        width: match[0].length * charWidth,
        height,
        confidence: 0.9,
      });
    }
    const first = words[0];
    const last = words.at(-1);
    if (!first || !last) return [];
    return [
      {
        page: 1,
        text: words.map((word) => word.text).join(' '),
        words,
        x: first.x,
        y,
        width: last.x + last.width - first.x,
        height,
      },
    ];
  });
}

export function receiptText(rows: readonly string[]): DocumentText {
  return buildDocumentText(receiptLines(rows), 'ocr');
}
