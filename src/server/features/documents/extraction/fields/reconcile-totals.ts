import type { Cents } from '../../../../../shared/money';
import { oneDigitMisread } from '../ocr-lookalikes';
import type { AmountCandidate } from './find-amounts';
import type { PaymentAmounts } from './find-payments';
import { type BreakdownExtras, taxFitsTotal } from './receipt-breakdown';

/**
 * Where a total can be confirmed from: the printed total lines, what a total line reads as with
 * one OCR slip (a decimal mark read as a space, a digit misread), the payment (tendered less
 * change), the amount tendered itself (exact cash or a card payment), the breakdown (subtotal
 * plus tax plus rounding), the tax at its rate, and the tax summary table (net plus tax per rate,
 * plus rounding).
 */
export type Source =
  'label' | 'misread label' | 'payment' | 'tendered' | 'breakdown' | 'tax rate' | 'tax summary';

export interface Reconciled {
  /** The value most sources agree on, when at least two do. */
  best: { value: Cents; support: number } | null;
  /** How many independent sources agree on a value. */
  supportOf: (value: Cents) => number;
  /** Which sources name a value. */
  sourcesOf: (value: Cents) => ReadonlySet<Source>;
  /** Every value any source names. */
  values: Cents[];
}

/**
 * The sums a receipt's breakdown allows: subtotal (+ service charge) + tax (+ rounding), when a
 * tax, charge or rounding is printed.
 */
export function breakdownSums(
  candidates: readonly AmountCandidate[],
  roundings: readonly Cents[],
  charges: readonly Cents[] = [],
): Set<Cents> {
  const subtotals = candidates.filter((c) => c.role === 'subtotal' && c.value > 0 && c.hasDecimals);
  const taxes = candidates.filter((c) => c.role === 'tax' && c.value > 0 && c.hasDecimals);
  const sums = new Set<Cents>();
  for (const subtotal of subtotals) {
    for (const charge of [0, ...charges.filter((value) => value < subtotal.value)]) {
      const net = subtotal.value + charge;
      for (const rounding of [0, ...roundings]) {
        if (rounding !== 0 || charge !== 0) sums.add(net + rounding);
        for (const tax of taxes)
          if (tax.value < subtotal.value) sums.add(net + tax.value + rounding);
      }
    }
  }
  return sums;
}

// Cash rounding (to 5 cents, as in Malaysia, Switzerland or Australia) moves a total by 2 cents
// at most.
const cashStep = 5;
const maxCashRounding = 2;

/** True when `rounded` is `base` rounded for cash: in whole 5 cents, a cent or two off it. */
export function isCashRounding(base: Cents, rounded: Cents): boolean {
  return (
    rounded % cashStep === 0 && base !== rounded && Math.abs(rounded - base) <= maxCashRounding
  );
}

/**
 * The rounding adjustments printed, and those the totals imply when OCR lost the rounding line's
 * label or amount: a total in whole 5 cents a cent or two from a total printed above it, or from
 * what the subtotal (service charge) and tax printed above it add up to, is that amount rounded
 * for cash ("TOTAL 131.02" then "TOTAL PAYABLE 131.00": -0.02).
 */
export function withImpliedRoundings(
  printed: readonly Cents[],
  candidates: readonly AmountCandidate[],
  charges: readonly Cents[] = [],
): Cents[] {
  const totals = candidates.filter((c) => c.role === 'total' && c.hasDecimals && c.value > 0);
  const sums = [...breakdownSums(candidates, [], charges)];
  const implied = totals.flatMap((rounded) => {
    // The parts of a breakdown are printed above the total they add up to.
    const belowBreakdown = candidates.some(
      (c) => c.role === 'subtotal' && c.lineIndex < rounded.lineIndex,
    );
    const bases = [
      ...totals.filter((total) => total.lineIndex < rounded.lineIndex).map((total) => total.value),
      ...(belowBreakdown ? sums : []),
    ];
    return bases
      .filter((base) => isCashRounding(base, rounded.value))
      .map((base) => rounded.value - base);
  });
  return [...new Set([...printed, ...implied])];
}

/**
 * Every printed part of the breakdown added up: the surest subtotal, its service charges, the
 * largest tax below it and the rounding; null without a subtotal or anything to add to it.
 */
export function fullBreakdown(
  candidates: readonly AmountCandidate[],
  roundings: readonly Cents[],
  charges: readonly Cents[],
): { value: Cents; subtotal: AmountCandidate } | null {
  const subtotal = candidates
    .filter((c) => c.role === 'subtotal' && c.value > 0 && c.hasDecimals)
    .sort((a, b) => b.score - a.score)[0];
  if (!subtotal) return null;
  const tax = Math.max(
    0,
    ...candidates
      .filter((c) => c.role === 'tax' && c.hasDecimals && c.value > 0 && c.value < subtotal.value)
      .map((c) => c.value),
  );
  const charge = charges.filter((value) => value < subtotal.value).reduce((a, b) => a + b, 0);
  const rounding = roundings[0] ?? 0;
  if (tax === 0 && charge === 0 && rounding === 0) return null;
  return { value: subtotal.value + charge + tax + rounding, subtotal };
}

/** The amounts a printed amount reads as with one digit misread for its lookalike. */
function digitSlipReadings(value: Cents): Cents[] {
  const digits = String(value);
  // A leading digit read as 0 makes no printed amount.
  return oneDigitMisread(digits)
    .filter((reading) => digits.length === 1 || !reading.startsWith('0'))
    .map(Number);
}

// The smallest whole number read as an amount with a lost decimal point: 100 (1.00), in cents.
const lostPointFrom = 100_00;

/**
 * The total that the most independent sources agree on, when at least two agree and the printed
 * total lines alone do not: a misread total line ("NET TOTAL 2.05") loses to a subtotal, tax and
 * rounding that add up to what the customer paid.
 */
export function reconcileTotal(
  candidates: readonly AmountCandidate[],
  roundings: readonly Cents[],
  payments: PaymentAmounts,
  extras: BreakdownExtras = { charges: [], rates: [] },
  summary: Cents | null = null,
): Reconciled {
  const sources = new Map<Cents, Set<Source>>();
  const note = (value: Cents, source: Source): void => {
    if (value <= 0) return;
    const set = sources.get(value) ?? new Set<Source>();
    set.add(source);
    sources.set(value, set);
  };
  for (const candidate of candidates) {
    if (candidate.role !== 'total') continue;
    if (candidate.hasDecimals) note(candidate.value, 'label');
    // A whole number of three digits or more on a total's line may be an amount whose decimal
    // point OCR lost ("TOTAL 26090" for 260.90): it counts for that amount, which wins only
    // when another source (payment, breakdown) agrees.
    else if (candidate.value >= lostPointFrom) note(candidate.value / 100, 'label');
    if (candidate.spacedReading !== undefined) note(candidate.spacedReading, 'misread label');
  }
  if (payments.paid !== null) note(payments.paid, 'payment');
  for (const value of payments.tendered) note(value, 'tendered');
  for (const value of breakdownSums(candidates, roundings, extras.charges))
    note(value, 'breakdown');
  // A total line and the rounding printed under it add up to what was paid, when the line with
  // the rounded total was lost.
  for (const candidate of candidates)
    if (candidate.role === 'total' && candidate.hasDecimals)
      for (const rounding of roundings) note(candidate.value + rounding, 'breakdown');
  if (summary !== null)
    for (const rounding of [0, ...roundings]) note(summary + rounding, 'tax summary');
  // A tax printed with its rate confirms the totals it is that rate of (the values found above).
  const taxes = candidates.filter((c) => c.role === 'tax' && c.value > 0 && c.hasDecimals);
  const taxFits = (value: Cents, below = value): boolean =>
    taxes.some(
      (tax) =>
        tax.value < below &&
        extras.rates.some((rate) =>
          [0, ...roundings].some((rounding) => taxFitsTotal(value, tax.value, rate, rounding)),
        ),
    );
  for (const value of [...sources.keys()]) if (taxFits(value)) note(value, 'tax rate');

  const supportOf = (value: Cents): number => {
    const from = sources.get(value);
    if (!from) return 0;
    // With no change given, the payment is the amount tendered: one source, not two.
    return from.has('payment') && from.has('tendered') && !payments.changeGiven
      ? from.size - 1
      : from.size;
  };
  // When no two sources agree on any amount, a total printed once that the tax does not fit,
  // one of whose digits read as its lookalike the tax does fit ("TOTAL 67.80" under "GST 6%
  // 3.27": 57.80), is that amount misread. Only a tax below the printed total can tell: a tax
  // label may have taken the total's own amount.
  const confirmed = [...sources.keys()].some((value) => supportOf(value) >= 2);
  const labelled = candidates.filter((c) => c.role === 'total' && c.hasDecimals && c.value > 0);
  const readings = new Map<Cents, AmountCandidate>();
  for (const total of confirmed ? [] : labelled) {
    const printedOnce = labelled.every((c) => c.value !== total.value || c === total);
    if (!printedOnce || taxFits(total.value)) continue;
    for (const reading of digitSlipReadings(total.value))
      if (taxFits(reading, total.value)) readings.set(reading, total);
  }
  // Two misreadings the tax fits as well leave it open which was printed.
  const [misread] = readings;
  if (readings.size === 1 && misread) {
    const [reading, line] = misread;
    note(reading, 'misread label');
    note(reading, 'tax rate');
    // A total printed below it in whole 5 cents, a cent or two off, is that amount rounded.
    for (const later of labelled)
      if (later.lineIndex > line.lineIndex && isCashRounding(reading, later.value))
        note(later.value, 'breakdown');
  }
  // Between equally supported sums, the one that includes the printed rounding is the one paid.
  const rounded = new Set(
    [...breakdownSums(candidates, roundings, extras.charges)].filter(
      (value) => !breakdownSums(candidates, [], extras.charges).has(value),
    ),
  );
  let best: Reconciled['best'] = null;
  for (const value of sources.keys()) {
    const support = supportOf(value);
    if (support < 2) continue;
    if (!best || support > best.support || (support === best.support && rounded.has(value)))
      best = { value, support };
  }
  return {
    best,
    supportOf,
    sourcesOf: (value) => sources.get(value) ?? new Set(),
    values: [...sources.keys()],
  };
}
