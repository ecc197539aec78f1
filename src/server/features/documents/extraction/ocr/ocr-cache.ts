import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TextLine } from '../text-line';
import type { OcrLanguages, OcrLayout, OcrThreshold } from './ocr-worker';

/**
 * A developer cache of OCR output, for iterating on the field rules without re-running OCR: only
 * the evaluation script turns it on (`--ocr-cache`); the product never does. Entries are keyed by
 * the page image's bytes, the languages and `ocrSettings`, so a change of OCR settings or image
 * preparation misses the cache instead of reading stale text.
 */
let cacheFolder: string | null = null;

// Bump when the OCR engine's parameters or the word repairs in ocr-page.ts change.
const ocrSettings = 'psm6-lstm-v1';

export function useOcrCache(folder: string | null): void {
  cacheFolder = folder;
  if (folder) mkdirSync(folder, { recursive: true });
}

function cacheFile(
  png: Buffer,
  page: number,
  languages: OcrLanguages,
  layout: OcrLayout,
  threshold: OcrThreshold,
): string | null {
  if (!cacheFolder) return null;
  // The default layout and threshold keep the key they always had, so existing entries stay valid.
  const settings = [
    ocrSettings,
    ...(layout === 'block' ? [] : [layout]),
    ...(threshold === 'global' ? [] : [threshold]),
  ].join('-');
  const key = createHash('sha256')
    .update(png)
    .update(`\u0000${page}\u0000${languages}\u0000${settings}`)
    .digest('hex');
  return path.join(cacheFolder, `${key}.json`);
}

export function readCachedOcr(
  png: Buffer,
  size: { page: number },
  languages: OcrLanguages,
  layout: OcrLayout = 'block',
  threshold: OcrThreshold = 'global',
): TextLine[] | null {
  const file = cacheFile(png, size.page, languages, layout, threshold);
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TextLine[];
  } catch {
    return null;
  }
}

export function writeCachedOcr(
  png: Buffer,
  size: { page: number },
  languages: OcrLanguages,
  lines: readonly TextLine[],
  layout: OcrLayout = 'block',
  threshold: OcrThreshold = 'global',
): void {
  const file = cacheFile(png, size.page, languages, layout, threshold);
  if (file) writeFileSync(file, JSON.stringify(lines));
}
