import type { PlanPrice } from './content/types';

export type BillingPeriod = 'monthly' | 'annual';

/** Spec 9: annual billing takes 20% off the monthly price. */
export const annualDiscountPercent = 20;

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

export function formatUsd(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);
}

/** Monthly price in cents after the annual discount, rounded half-up to the cent. */
export function annualMonthlyCents(monthlyCents: number): number {
  return Math.round((monthlyCents * (100 - annualDiscountPercent)) / 100);
}

export function priceLabel(price: PlanPrice): string {
  if (price.kind === 'free') return 'Free';
  if (price.kind === 'custom') return 'Custom';
  return formatUsd(price.cents);
}
