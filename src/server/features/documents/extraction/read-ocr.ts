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

// A page with fewer readable words than this has lost its print: a word of four letters or more,
// or an amount with cents, read with this certainty. (On the developers' photos the pages read
// this badly had 0 to 4, every other page 8 or more; a drawn receipt read sideways or upside
// down reads as short scraps: 0 or 1.)
const readableConfidence = 0.7;
const minReadableWords = 5;
const readablePattern = /^\p{L}{4,}[.,:]?$|^\d+[.,]\d{2}$/u;

/** Words the OCR engine read surely that look like print: words of four letters, amounts. */
export function readableWordCount(lines: readonly TextLine[]): number {
  return lines
    .flatMap((line) => line.words)
    .filter(
      (word) => (word.confidence ?? 1) >= readableConfidence && readablePattern.test(word.text),
    ).length;
}

/** The reading lost nearly all the print: fewer readable words than any receipt or invoice has. */
export function lostPrint(lines: readonly TextLine[]): boolean {
  return readableWordCount(lines) < minReadableWords;
}

/**
 * One page in these languages: read with one threshold for the whole page, and when that loses
 * nearly all the print (faint text beside handwriting, a shadow or a dark edge sets the page's
 * threshold), read again with a threshold per tile; the reading with more readable words is kept.
 */
async function readPage(
  page: PageImage,
  languages: OcrLanguages,
  only?: OcrThreshold,
): Promise<{ lines: TextLine[]; threshold: OcrThreshold }> {
  const lines = await ocrPage(page.png, page, languages, 'block', only ?? 'global');
  if (only || !lostPrint(lines)) return { lines, threshold: only ?? 'global' };
  const tiled = await ocrPage(page.png, page, languages, 'block', 'tiled');
  return readableWordCount(tiled) > readableWordCount(lines)
    ? { lines: tiled, threshold: 'tiled' }
    : { lines, threshold: 'global' };
}

/**
 * OCRs page images in English first (fast, and right for digits and most labels); when the text
 * turns out German or French, reads again with that language so names and labels keep accents.
 * `threshold` reads with that threshold only (no second reading of a page that lost its print).
 */
export async function readByOcr(
  pages: readonly PageImage[],
  threshold?: OcrThreshold,
): Promise<DocumentText> {
  const lines: TextLine[] = [];
  const thresholds: OcrThreshold[] = [];
  for (const page of pages) {
    const read = await readPage(page, 'eng', threshold);
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
