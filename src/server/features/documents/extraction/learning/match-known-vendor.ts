import { ocrEditDistance, substringDistance } from '../fields/ocr-distance';
import { matchLegalForm } from '../fields/vendor-rules';

export interface KnownVendorMatch {
  /** The organization's vendor, as it is stored. */
  name: string;
  /** 0..1: how closely the document's text matches the name, OCR slips weighed lightly. */
  similarity: number;
}

/** Upper-case letters and digits, accents dropped: "Café Noir S.A.R.L." -> "CAFENOIRSARL". */
function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\p{L}\d]+/gu, '');
}

/** The part of a vendor's name before its legal form ("Gardenia Bakeries (KL) Sdn Bhd" -> "GARDENIABAKERIESKL"). */
function nameCore(name: string): string {
  const form = matchLegalForm(name);
  return matchKey(form && form.index > 0 ? name.slice(0, form.index) : name);
}

/** Upper-case words of letters and digits, accents dropped. */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .match(/[\p{L}\d]+/gu) ?? [];

/** The words of a name before its legal form. */
function coreWords(name: string): string[] {
  const form = matchLegalForm(name);
  return wordsOf(form && form.index > 0 ? name.slice(0, form.index) : name);
}

// A word may be matched with this share of its letters slipped.
const wordSlipShare = 0.25;

/**
 * The cost of finding every word of the name among the header's words in any order (a name
 * printed over two lines with its first word read after the rest: "PERNIAGAAN GIN KEE" above
 * "SYARIKAT"); Infinity when a word is missing or the name has fewer than two words.
 */
function wordBagDistance(words: readonly string[], headerWords: readonly string[]): number {
  if (words.length < 2) return Infinity;
  let cost = 0;
  for (const word of words) {
    const best = Math.min(...headerWords.map((other) => ocrEditDistance(word, other)));
    if (best > word.length * wordSlipShare) return Infinity;
    cost += best;
  }
  return cost;
}

// A short name must match more closely: four letters one slip apart are often another word.
const minCoreLength = 4;
const requiredSimilarity = (length: number): number => (length >= 10 ? 0.8 : 0.88);
const maxKnownVendors = 2000;

/**
 * The organization's vendor whose name the document prints, read with OCR slips ("Gld Town
 * Kopitiam" for Old Town Kopitiam): searched in the vendor name read and the header lines.
 */
export function matchKnownVendor(
  known: readonly string[],
  reading: { name: string | null; headerLines: readonly string[] },
): KnownVendorMatch | null {
  const read = matchKey(reading.name ?? '');
  const header = matchKey(reading.headerLines.join(' '));
  const headerWords = wordsOf([reading.name ?? '', ...reading.headerLines].join(' '));
  let best: (KnownVendorMatch & { length: number; inName: boolean }) | null = null;
  for (const name of known.slice(0, maxKnownVendors)) {
    const core = nameCore(name);
    if (core.length < minCoreLength) continue;
    const nameCost = read === '' ? Infinity : substringDistance(core, read);
    const cost = Math.min(
      nameCost,
      substringDistance(core, header),
      wordBagDistance(coreWords(name), headerWords),
    );
    const similarity = 1 - cost / core.length;
    if (similarity < requiredSimilarity(core.length)) continue;
    // Between names matched as closely, the one the reader chose ("Gerbang Alaf Restaurants",
    // above "formerly Golden Arches Restaurants"), then the longer one.
    const inName = nameCost === cost;
    if (
      !best ||
      similarity > best.similarity ||
      (similarity === best.similarity && inName && !best.inName) ||
      (similarity === best.similarity && inName === best.inName && core.length > best.length)
    )
      best = { name, similarity, length: core.length, inName };
  }
  return best ? { name: best.name, similarity: Math.round(best.similarity * 100) / 100 } : null;
}
