import { buildDocumentText, type DocumentText } from './fields/document-text';
import { ocrPage } from './ocr/ocr-page';
import type { OcrLanguages, OcrThreshold } from './ocr/ocr-worker';
import type { TextLine } from './text-line';

export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
  page: number;
}

// A page read with fewer words this sure than this has lost its print (a receipt or invoice has
// dozens): measured on the developers' photos, the pages read this badly had 0 to 5 such words,
// every other page 27 or more.
const sureWordConfidence = 0.6;
const minSureWords = 10;

/** Words of the lines the OCR engine read with some certainty. */
export function sureWordCount(lines: readonly TextLine[]): number {
  return lines
    .flatMap((line) => line.words)
    .filter((word) => (word.confidence ?? 1) >= sureWordConfidence).length;
}

/**
 * One page in these languages: read with one threshold for the whole page, and when that loses
 * nearly all the print (faint text beside handwriting, a shadow or a dark edge sets the page's
 * threshold), read again with a threshold per tile; the reading with more sure words is kept.
 */
async function readPage(
  page: PageImage,
  languages: OcrLanguages,
  only?: OcrThreshold,
): Promise<{ lines: TextLine[]; threshold: OcrThreshold }> {
  const lines = await ocrPage(page.png, page, languages, 'block', only ?? 'global');
  if (only || sureWordCount(lines) >= minSureWords) return { lines, threshold: only ?? 'global' };
  const tiled = await ocrPage(page.png, page, languages, 'block', 'tiled');
  return sureWordCount(tiled) > sureWordCount(lines)
    ? { lines: tiled, threshold: 'tiled' }
    : { lines, threshold: 'global' };
}

/**
 * OCRs page images in English first (fast, and right for digits and most labels); when the text
 * turns out German or French, reads again with that language so names and labels keep accents.
 */
export async function readByOcr(pages: readonly PageImage[]): Promise<DocumentText> {
  const lines: TextLine[] = [];
  const thresholds: OcrThreshold[] = [];
  for (const page of pages) {
    const read = await readPage(page, 'eng');
    lines.push(...read.lines);
    thresholds.push(read.threshold);
  }
  const document = buildDocumentText(lines, 'ocr');
  if (document.language !== 'de' && document.language !== 'fr') return document;
  const languages = document.language === 'de' ? 'deu+eng' : 'fra+eng';
  const again: TextLine[] = [];
  for (const [index, page] of pages.entries())
    again.push(...(await readPage(page, languages, thresholds[index])).lines);
  return buildDocumentText(again, 'ocr');
}
