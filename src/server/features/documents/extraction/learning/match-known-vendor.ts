import { matchLegalForm } from '../fields/vendor-rules';

export interface KnownVendorMatch {
  /** The organization's vendor, as it is stored. */
  name: string;
  /** 0..1: how closely the document's text matches the name, OCR slips weighed lightly. */
  similarity: number;
}

// Characters OCR confuses with each other on receipts and scans; swapping them costs little.
const confusableGroups = ['O0QDC', 'I1L|T', 'S5', 'B83E', 'Z2', 'EF', 'NHM', 'G6C', 'UV', 'A4'];
const confusable = new Set<string>();
for (const group of confusableGroups)
  for (const a of group) for (const b of group) if (a !== b) confusable.add(`${a}${b}`);
const confusableCost = 0.35;

const substitutionCost = (a: string, b: string): number =>
  a === b ? 0 : confusable.has(`${a}${b}`) ? confusableCost : 1;

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

/**
 * The cost of the cheapest place where `pattern` occurs inside `text`, with insertions, deletions
 * and substitutions costing 1 and OCR-confusable substitutions less (approximate substring match).
 */
export function substringDistance(pattern: string, text: string): number {
  let previous = new Array<number>(text.length + 1).fill(0);
  for (let i = 1; i <= pattern.length; i += 1) {
    const current = new Array<number>(text.length + 1);
    current[0] = i;
    for (let j = 1; j <= text.length; j += 1) {
      current[j] = Math.min(
        (previous[j - 1] ?? 0) + substitutionCost(pattern[i - 1] ?? '', text[j - 1] ?? ''),
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
      );
    }
    previous = current;
  }
  return Math.min(...previous);
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
  const texts = [reading.name ?? '', reading.headerLines.join(' ')].map(matchKey);
  let best: (KnownVendorMatch & { length: number }) | null = null;
  for (const name of known.slice(0, maxKnownVendors)) {
    const core = nameCore(name);
    if (core.length < minCoreLength) continue;
    const cost = Math.min(...texts.map((text) => substringDistance(core, text)));
    const similarity = 1 - cost / core.length;
    if (similarity < requiredSimilarity(core.length)) continue;
    if (
      !best ||
      similarity > best.similarity ||
      (similarity === best.similarity && core.length > best.length)
    )
      best = { name, similarity, length: core.length };
  }
  return best ? { name: best.name, similarity: Math.round(best.similarity * 100) / 100 } : null;
}
