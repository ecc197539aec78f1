import { type Cents, parseMoney, sumCents } from '@shared/money';

export interface MatchTotal {
  /** The line's size, whatever its sign. */
  lineCents: Cents;
  totalCents: Cents;
  /** Positive: still to place; negative: placed too much. */
  remainingCents: Cents;
  /** An amount that is not a positive number with at most two decimals. */
  invalid: boolean;
  /** Something chosen, every amount valid, and the sum exactly the line. */
  balanced: boolean;
}

/** The running total of a hand-made match: the parts placed on invoices must add up to the line. */
export function matchTotal(lineAmount: string, amounts: readonly string[]): MatchTotal {
  const lineCents = Math.abs(parseMoney(lineAmount, { round: true }) ?? 0);
  const parsed = amounts.map((amount) => parseMoney(amount));
  const invalid = parsed.some((cents) => cents === null || cents <= 0);
  const totalCents = sumCents(parsed.map((cents) => (cents !== null && cents > 0 ? cents : 0)));
  const remainingCents = lineCents - totalCents;
  return { lineCents, totalCents, remainingCents, invalid, balanced: amounts.length > 0 && !invalid && remainingCents === 0 };
}
