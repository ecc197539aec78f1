import { groupWordsIntoLines, type TextLine, type Word } from '../text-line';
import { readCachedOcr, writeCachedOcr } from './ocr-cache';
import { type OcrLanguages, type OcrLayout, type OcrThreshold, withOcrWorker } from './ocr-worker';
import { tidyOcrLines } from './tidy-ocr-lines';

/** OCRs one prepared page image into positioned lines. */
export async function ocrPage(
  png: Buffer,
  size: { width: number; height: number; page: number },
  languages: OcrLanguages = 'eng',
  layout: OcrLayout = 'block',
  threshold: OcrThreshold = 'global',
): Promise<TextLine[]> {
  const cached = readCachedOcr(png, size, languages, layout, threshold);
  if (cached) return tidyOcrLines(cached);
  const lines = await recognizePage(png, size, languages, layout, threshold);
  writeCachedOcr(png, size, languages, lines, layout, threshold);
  return tidyOcrLines(lines);
}

async function recognizePage(
  png: Buffer,
  size: { width: number; height: number; page: number },
  languages: OcrLanguages,
  layout: OcrLayout,
  threshold: OcrThreshold,
): Promise<TextLine[]> {
  const result = await withOcrWorker(
    languages,
    (worker) => worker.recognize(png, {}, { blocks: true, text: false }),
    layout,
    threshold,
  );
  const words: Word[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = repairOcrWord(word.text.trim());
          if (text === '') continue;
          words.push({
            page: size.page,
            text,
            x: word.bbox.x0 / size.width,
            y: word.bbox.y0 / size.height,
            width: (word.bbox.x1 - word.bbox.x0) / size.width,
            height: (word.bbox.y1 - word.bbox.y0) / size.height,
            confidence: word.confidence / 100,
          });
        }
      }
    }
  }
  return groupWordsIntoLines(words);
}

/**
 * Common OCR slips at the end of a word: "l" read as "|" or "1" after letters ("Tota|"), and a
 * capital "I" read as ")" after capitals when no bracket was opened ("HU)").
 */
export function repairOcrWord(text: string): string {
  return text.replace(/^(\p{L}{2,})[|1]([:.]?)$/u, '$1l$2').replace(/^(\p{Lu}{2,})\)$/u, '$1I');
}

/**
 * Reads a strip of digits alone (a form's TIN boxes, drawn again without their borders): one
 * line of text ('line', psm 7) or one character ('char', psm 10), only the ten digits allowed.
 * Each digit comes with tesseract's confidence (0 to 1). Not cached: the strips are small.
 */
export async function ocrDigits(png: Buffer, mode: 'line' | 'char' = 'line'): Promise<{ digit: string; confidence: number }[]> {
  return withOcrWorker('eng', async (worker) => {
    await worker.setParameters({ tessedit_pageseg_mode: (mode === 'line' ? '7' : '10') as never, tessedit_char_whitelist: '0123456789' });
    try {
      const result = await worker.recognize(png, {}, { blocks: true, text: false });
      const digits: { digit: string; confidence: number }[] = [];
      for (const block of result.data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines)
            for (const word of line.words)
              for (const symbol of word.symbols) if (/^\d$/.test(symbol.text)) digits.push({ digit: symbol.text, confidence: symbol.confidence / 100 });
      return digits;
    } finally {
      // Back to the whole-page settings withOcrWorker set ('block', psm 6), nothing whitelisted.
      await worker.setParameters({ tessedit_pageseg_mode: '6' as never, tessedit_char_whitelist: '' });
    }
  });
}
