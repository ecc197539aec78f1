import { buildDocumentText, type DocumentText } from './fields/document-text';
import { ocrPage } from './ocr/ocr-page';
import type { TextLine } from './text-line';

export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
  page: number;
}

/**
 * OCRs page images in English first (fast, and right for digits and most labels); when the text
 * turns out German or French, reads again with that language so names and labels keep accents.
 */
export async function readByOcr(pages: readonly PageImage[]): Promise<DocumentText> {
  const lines: TextLine[] = [];
  for (const page of pages) lines.push(...(await ocrPage(page.png, page, 'eng')));
  const document = buildDocumentText(lines, 'ocr');
  if (document.language !== 'de' && document.language !== 'fr') return document;
  const languages = document.language === 'de' ? 'deu+eng' : 'fra+eng';
  const again: TextLine[] = [];
  for (const page of pages) again.push(...(await ocrPage(page.png, page, languages)));
  return buildDocumentText(again, 'ocr');
}
