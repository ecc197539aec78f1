import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { groupWordsIntoLines, type TextLine, type Word } from './text-line';

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

export interface PdfPageText {
  page: number;
  lines: TextLine[];
  /** Characters of real text on the page; near zero means a scanned page that needs OCR. */
  characterCount: number;
}

/** Reads the text layer of each page (at most `maxPages`) as positioned lines. */
export async function readPdfTextLayer(pdf: PDFDocumentProxy, maxPages: number): Promise<PdfPageText[]> {
  const pages: PdfPageText[] = [];
  const count = Math.min(pdf.numPages, maxPages);
  for (let pageNumber = 1; pageNumber <= count; pageNumber += 1) {
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const words: Word[] = [];
    for (const item of content.items) {
      if (!isTextItem(item) || item.str.trim() === '') continue;
      // Map the item's baseline point through the viewport so rotated pages come out upright.
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
      const fontHeight = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
      const [x0, y0] = viewport.convertToViewportPoint(e, f);
      const [x1] = viewport.convertToViewportPoint(e + item.width * (a >= 0 ? 1 : -1), f);
      const left = Math.min(x0 ?? 0, x1 ?? 0);
      const right = Math.max(x0 ?? 0, x1 ?? 0);
      const baseline = y0 ?? 0;
      words.push({
        page: pageNumber,
        text: item.str.replace(/\s+/g, ' '),
        x: clamp(left / viewport.width),
        y: clamp((baseline - fontHeight * 0.8) / viewport.height),
        width: clamp((right - left) / viewport.width),
        height: clamp(fontHeight / viewport.height),
      });
    }
    page.cleanup();
    const characterCount = words.reduce((sum, word) => sum + word.text.replace(/\s/g, '').length, 0);
    pages.push({ page: pageNumber, lines: groupWordsIntoLines(words), characterCount });
  }
  return pages;
}

function clamp(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
