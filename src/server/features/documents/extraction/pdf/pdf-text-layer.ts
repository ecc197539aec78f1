import { groupWordsIntoLines, type TextLine, type Word } from '../text-line';
import type { RawPdfPage } from '../worker/document-worker-client';

export interface PdfPageText {
  page: number;
  lines: TextLine[];
  /** Characters of real text on the page; near zero means a scanned page that needs OCR. */
  characterCount: number;
}

function clamp(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/** Applies the page's viewport matrix, so rotated pages come out upright with y down. */
function toViewport(matrix: readonly number[], x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** Positioned lines from a page's text items (pdfjs text content). */
export function pageTextLines(raw: RawPdfPage): PdfPageText {
  const words: Word[] = [];
  for (const item of raw.items) {
    if (item.str.trim() === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
    const fontHeight = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
    const [x0, y0] = toViewport(raw.transform, e, f);
    const [x1] = toViewport(raw.transform, e + item.width * (a >= 0 ? 1 : -1), f);
    const left = Math.min(x0, x1);
    const right = Math.max(x0, x1);
    words.push({
      page: raw.page,
      text: item.str.replace(/\s+/g, ' '),
      x: clamp(left / raw.width),
      y: clamp((y0 - fontHeight * 0.8) / raw.height),
      width: clamp((right - left) / raw.width),
      height: clamp(fontHeight / raw.height),
    });
  }
  const characterCount = words.reduce((sum, word) => sum + word.text.replace(/\s/g, '').length, 0);
  return { page: raw.page, lines: groupWordsIntoLines(words), characterCount };
}
