import { type BillingFrequency, billingDiscountPercent } from './contracts/practice';
import { type Cents, centsFromDecimal, multiplyCents, percentOf } from './money';

/** Months covered by one bill at each billing frequency. */
export const billingPeriodMonths: Record<BillingFrequency, number> = { monthly: 1, quarterly: 3, annually: 12 };

export const billingPeriodLabels: Record<BillingFrequency, string> = { monthly: 'per month', quarterly: 'per quarter', annually: 'per year' };

/**
 * A client's fee per month after the billing-frequency discount (quarterly 5%, annual 10%): the
 * monthly fee less the discount, rounded to the cent. The portfolio's monthly recurring revenue is
 * the sum of these; the stats query computes the same in SQL (discount rounded to the cent first).
 */
export function monthlyEquivalent(monthlyFee: Cents, frequency: BillingFrequency): Cents {
  return monthlyFee - percentOf(monthlyFee, billingDiscountPercent[frequency]);
}

/** One bill to the client, worked out: the fee for the period's months, less the frequency's discount. */
export function billedFeeBreakdown(monthlyFee: Cents, frequency: BillingFrequency): { months: number; discountPercent: number; gross: Cents; discount: Cents; billed: Cents } {
  const months = billingPeriodMonths[frequency];
  const discountPercent = billingDiscountPercent[frequency];
  const gross = multiplyCents(monthlyFee, months);
  const discount = percentOf(gross, discountPercent);
  return { months, discountPercent, gross, discount, billed: gross - discount };
}

/** What one bill to the client comes to. */
export function billedFee(monthlyFee: Cents, frequency: BillingFrequency): Cents {
  return billedFeeBreakdown(monthlyFee, frequency).billed;
}

/** Why a client is not billed now, or null when it is (docs/decisions/0010): active (onboarding completed, not deactivated) with a fee. */
export function notBilledBecause(customer: { isActive: boolean; onboardingStatus: string; monthlyFee: string | null }): string | null {
  if (!customer.isActive) return 'client deactivated';
  if (customer.onboardingStatus !== 'completed') return 'client not active yet';
  if (!customer.monthlyFee || centsFromDecimal(customer.monthlyFee) <= 0) return 'no monthly fee';
  return null;
}

/** A stored billing frequency, read defensively (an unknown value bills monthly). */
export function asBillingFrequency(value: string): BillingFrequency {
  return value === 'quarterly' || value === 'annually' ? value : 'monthly';
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The period a fee invoice issued on `runDay` ("YYYY-MM-DD") bills: "December 2026", "Q1 2027" or "2027". */
export function billingPeriodName(frequency: BillingFrequency, runDay: string): string {
  const year = runDay.slice(0, 4);
  const month = Number(runDay.slice(5, 7));
  if (frequency === 'annually') return year;
  if (frequency === 'quarterly') return `Q${Math.ceil(month / 3)} ${year}`;
  return `${monthNames[month - 1] ?? ''} ${year}`;
}

/**
 * A fee schedule's line ("Standard service, per month") as the invoice of one run shows it, naming
 * the period it bills ("Standard service, December 2026").
 */
export function feeLineForPeriod(description: string, frequency: BillingFrequency, runDay: string): string {
  const suffix = `, ${billingPeriodLabels[frequency]}`;
  const service = description.endsWith(suffix) ? description.slice(0, -suffix.length) : description;
  return `${service}, ${billingPeriodName(frequency, runDay)}`;
}
