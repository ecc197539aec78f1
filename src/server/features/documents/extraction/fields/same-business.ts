import { ocrEditDistance } from './ocr-distance';
import { matchLegalForm } from './vendor-rules';

const coreWordsOf = (name: string): string[] => {
  const form = matchLegalForm(name);
  const core = form && form.index > 0 ? name.slice(0, form.index) : name;
  return (core.toUpperCase().match(/[\p{L}\d]+/gu) ?? []).filter((word) => word.length >= 3);
};

// Two spellings of one word: OCR slips and a plural ("TELECOMMUNICATION", "TELECOMMUNICATIONS").
const sameWord = (a: string, b: string): boolean =>
  a === b || (Math.min(a.length, b.length) >= 5 && ocrEditDistance(a, b) <= 1);

/**
 * The heading's name and the legal name name one business ("SANYU STATIONERY SHOP" over "Owned
 * by SANYU SUPPLY SDN BHD"): they start with the same word, or the heading holds every word of
 * the legal name. The heading is then the name the shop trades under.
 */
export function sameBusiness(heading: string, legalName: string): boolean {
  const top = coreWordsOf(heading);
  const legal = coreWordsOf(legalName);
  if (top.length === 0 || legal.length === 0) return false;
  if (sameWord(top[0] ?? '', legal[0] ?? '')) return true;
  return legal.every((word) => top.some((other) => sameWord(word, other)));
}
