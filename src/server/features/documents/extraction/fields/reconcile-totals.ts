import type { Cents } from '../../../../../shared/money';
import type { AmountCandidate } from './find-amounts';
import type { PaymentAmounts } from './find-payments';

/**
 * Where a total can be confirmed from: the printed total lines, the payment (tendered less
 * change), the amount tendered itself (exact cash or a card payment) and the breakdown (subtotal
 * plus tax plus rounding).
 */
type Source = 'label' | 'payment' | 'tendered' | 'breakdown';

export interface Reconciled {
  /** The value most sources agree on, when at least two do. */
  best: { value: Cents; support: number } | null;
  /** How many independent sources agree on a value. */
  supportOf: (value: Cents) => number;
}

/** The sums a receipt's breakdown allows: subtotal + tax (+ rounding), when tax or rounding is printed. */
function breakdownSums(
  candidates: readonly AmountCandidate[],
  roundings: readonly Cents[],
): Set<Cents> {
  const subtotals = candidates.filter((c) => c.role === 'subtotal' && c.value > 0 && c.hasDecimals);
  const taxes = candidates.filter((c) => c.role === 'tax' && c.value > 0 && c.hasDecimals);
  const sums = new Set<Cents>();
  for (const subtotal of subtotals) {
    for (const rounding of [0, ...roundings]) {
      if (rounding !== 0) sums.add(subtotal.value + rounding);
      for (const tax of taxes)
        if (tax.value < subtotal.value) sums.add(subtotal.value + tax.value + rounding);
    }
  }
  return sums;
}

/**
 * The total that the most independent sources agree on, when at least two agree and the printed
 * total lines alone do not: a misread total line ("NET TOTAL 2.05") loses to a subtotal, tax and
 * rounding that add up to what the customer paid.
 */
export function reconcileTotal(
  candidates: readonly AmountCandidate[],
  roundings: readonly Cents[],
  payments: PaymentAmounts,
): Reconciled {
  const sources = new Map<Cents, Set<Source>>();
  const note = (value: Cents, source: Source): void => {
    if (value <= 0) return;
    const set = sources.get(value) ?? new Set<Source>();
    set.add(source);
    sources.set(value, set);
  };
  for (const candidate of candidates)
    if (candidate.role === 'total' && candidate.hasDecimals) note(candidate.value, 'label');
  if (payments.paid !== null) note(payments.paid, 'payment');
  for (const value of payments.tendered) note(value, 'tendered');
  for (const value of breakdownSums(candidates, roundings)) note(value, 'breakdown');

  const supportOf = (value: Cents): number => {
    const from = sources.get(value);
    if (!from) return 0;
    // With no change given, the payment is the amount tendered: one source, not two.
    return from.has('payment') && from.has('tendered') && !payments.changeGiven
      ? from.size - 1
      : from.size;
  };
  let best: Reconciled['best'] = null;
  for (const value of sources.keys()) {
    const support = supportOf(value);
    if (support >= 2 && (!best || support > best.support)) best = { value, support };
  }
  return { best, supportOf };
}
