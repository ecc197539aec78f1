// Characters OCR confuses with each other on receipts and scans; swapping them costs little.
const confusableGroups = [
  'O0QDC',
  'I1L|T',
  'S5',
  'B83E',
  'Z2',
  'EF',
  'PF',
  'NHM',
  'G6C',
  'UV',
  'A4',
  'AO',
];
const confusable = new Set<string>();
for (const group of confusableGroups)
  for (const a of group) for (const b of group) if (a !== b) confusable.add(`${a}${b}`);
const confusableCost = 0.35;

export const substitutionCost = (a: string, b: string): number =>
  a === b ? 0 : confusable.has(`${a}${b}`) ? confusableCost : 1;

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

/** Edit distance of two upper-case words, OCR-confusable substitutions costing less. */
export function ocrEditDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j - 1] ?? 0) + substitutionCost(a[i - 1] ?? '', b[j - 1] ?? ''),
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
