import type { Cents } from '../../../../../shared/money';
import { type FieldPreference, pickBest } from './candidate';
import type { AmountCandidate } from './find-amounts';

export interface ChosenTotals {
  total: AmountCandidate | null;
  subtotal: AmountCandidate | null;
  tax: AmountCandidate | null;
  /** True when subtotal + tax = total (or total alone is confirmed by the breakdown). */
  consistent: boolean;
}

function sums(subtotal: Cents, tax: Cents, total: Cents): boolean {
  return subtotal + tax === total;
}

/**
 * Picks total, subtotal and tax together: a total that subtotal + tax add up to, that other
 * total lines repeat, or that is the largest labelled total (receipts list subtotals before it).
 */
export function chooseTotals(
  candidates: readonly AmountCandidate[],
  preference: FieldPreference | null,
  roundings: readonly Cents[] = [],
): ChosenTotals {
  const totals = candidates.filter(
    (candidate) => candidate.role === 'total' && candidate.value > 0,
  );
  const subtotals = candidates.filter(
    (candidate) => candidate.role === 'subtotal' && candidate.value >= 0,
  );
  const taxes = candidates.filter((candidate) => candidate.role === 'tax' && candidate.value >= 0);
  const largest = Math.max(
    0,
    ...totals.filter((c) => c.hasDecimals && c.score > 1).map((c) => c.value),
  );

  const rescored = totals.map((candidate) => {
    let score = candidate.score;
    // Subtotal and tax add up to it, or do with the rounding printed (the amount paid).
    const breakdown = subtotals.some((s) =>
      taxes.some(
        (t) =>
          t.value > 0 &&
          [0, ...roundings].some((rounding) => sums(s.value, t.value + rounding, candidate.value)),
      ),
    );
    if (breakdown) score += 2;
    else if (subtotals.some((s) => s.value === candidate.value)) score += 0.5;
    if (candidate.value === largest) score += 1;
    // The amount after a rounding line is the one paid: another total plus the rounding.
    if (
      roundings.some((rounding) =>
        totals.some((other) => other.value + rounding === candidate.value),
      )
    )
      score += 2;
    const repeats = new Set(
      totals.filter((other) => other.value === candidate.value).map((other) => other.lineIndex),
    ).size;
    score += Math.min(1.5, (repeats - 1) * 0.5);
    return { ...candidate, score };
  });
  return breakdownOfTotal(pickBest(rescored, preference), candidates);
}

/**
 * The subtotal and tax printed for a chosen total: a pair that adds up to it when one does
 * (consistent), else the likeliest of each below it.
 */
export function breakdownOfTotal(
  total: AmountCandidate | null,
  candidates: readonly AmountCandidate[],
): ChosenTotals {
  if (!total) return { total: null, subtotal: null, tax: null, consistent: false };
  const subtotals = candidates.filter(
    (candidate) => candidate.role === 'subtotal' && candidate.value >= 0,
  );
  const taxes = candidates.filter((candidate) => candidate.role === 'tax' && candidate.value >= 0);
  let subtotal: AmountCandidate | null = null;
  let tax: AmountCandidate | null = null;
  for (const s of [...subtotals].sort((a, b) => b.score - a.score)) {
    const matchingTax = [...taxes]
      .sort((a, b) => b.score - a.score)
      .find((t) => sums(s.value, t.value, total.value));
    if (matchingTax) {
      subtotal = s;
      tax = matchingTax;
      break;
    }
  }
  const consistent = subtotal !== null;
  subtotal ??= pickBest(subtotals.filter((s) => s.value <= total.value));
  tax ??= pickBest(taxes.filter((t) => t.value < total.value));
  return { total, subtotal, tax, consistent };
}
