import type { Box } from '../text-line';

/** One possible value for a field, with how much the rules believe it and where it was read. */
export interface Candidate<T> {
  value: T;
  score: number;
  box: Box;
  label: string | null;
}

/** What was learned for a vendor about where a field sits and how it is labelled. */
export interface FieldPreference {
  label: string | null;
  box: Box | null;
  /** The value's shape (letters A, digits 9, other characters kept): "INV-0042" -> "AAA-9999". */
  shape?: string;
}

/** A value's shape: letters become A, digits 9, spaces go, other characters stay. */
export function valueShape(value: string): string {
  return value.replace(/\s+/gu, '').replace(/\p{L}/gu, 'A').replace(/\d/gu, '9');
}

export function normaliseLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, ' ')
    .trim();
}

function centreDistance(a: Box, b: Box): number {
  return Math.hypot(
    a.x + a.width / 2 - (b.x + b.width / 2),
    a.y + a.height / 2 - (b.y + b.height / 2),
  );
}

/** Bonus for a candidate that matches the vendor's learned label or position. */
export function preferenceBonus(
  candidate: Candidate<unknown>,
  preference: FieldPreference | null,
): number {
  if (!preference) return 0;
  let bonus = 0;
  if (
    preference.label &&
    candidate.label &&
    normaliseLabel(preference.label) === normaliseLabel(candidate.label)
  ) {
    bonus += 3;
  }
  if (preference.box && preference.box.page === candidate.box.page) {
    const distance = centreDistance(preference.box, candidate.box);
    if (distance < 0.04) bonus += 4;
    else if (distance < 0.1) bonus += 2;
  }
  // Learning hook: a value shaped like the vendor's corrected one (its numbering scheme).
  if (
    preference.shape &&
    typeof candidate.value === 'string' &&
    valueShape(candidate.value) === preference.shape
  )
    bonus += 2;
  return bonus;
}

/** The highest-scoring candidate after learned preferences, or null. */
export function pickBest<C extends Candidate<unknown>>(
  candidates: readonly C[],
  preference: FieldPreference | null = null,
): C | null {
  let best: C | null = null;
  let bestScore = -Infinity;
  for (const candidate of candidates) {
    const score = candidate.score + preferenceBonus(candidate, preference);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** Maps a raw score onto a 0..1 confidence; `full` is the score at which we are nearly sure. */
export function scoreToConfidence(score: number, full: number): number {
  if (score <= 0) return 0.1;
  return Math.round(Math.min(0.97, 0.2 + (0.77 * score) / full) * 100) / 100;
}
