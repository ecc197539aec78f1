import { describe, expect, it } from 'vitest';
import { parseMoney } from '../../../shared/money';
import { fromStripeAmount, stripeExponent, toStripeAmount } from './stripe-gateway';

/** An amount as the organization keeps it (minor units of its currency) from its decimal text. */
const minor = (text: string, currency: string) => {
  const value = parseMoney(text, { currency });
  if (value === null) throw new Error(`${text} ${currency}`);
  return value;
};

describe("Stripe amounts (docs.stripe.com/currencies: each currency's API unit)", () => {
  it('sends a zero-decimal currency in whole units: ¥1,081 -> 1081', () => {
    expect(toStripeAmount(minor('1081', 'JPY'), 'jpy')).toBe(1081);
    expect(toStripeAmount(minor('1081', 'KRW'), 'KRW')).toBe(1081);
    expect(fromStripeAmount(1081, 'jpy')).toBe(1081);
  });

  it('sends a two-decimal currency in cents: USD 12.30 -> 1230, HUF and TWD too', () => {
    expect(toStripeAmount(minor('12.30', 'USD'), 'usd')).toBe(1230);
    expect(fromStripeAmount(1230, 'usd')).toBe(1230);
    expect(toStripeAmount(minor('12.30', 'HUF'), 'huf')).toBe(1230);
    expect(toStripeAmount(minor('12.30', 'TWD'), 'twd')).toBe(1230);
  });

  it('sends a three-decimal currency in fils with the last digit 0 (KWD 1.230 -> 1230) and refuses KWD 1.235', () => {
    expect(stripeExponent('kwd')).toBe(3);
    expect(toStripeAmount(minor('1.230', 'KWD'), 'kwd')).toBe(1230);
    expect(fromStripeAmount(1240, 'kwd')).toBe(1240);
    expect(() => toStripeAmount(minor('1.235', 'KWD'), 'kwd')).toThrow(/multiple of 0\.010.*KWD\s1\.230 or KWD\s1\.240/);
  });

  it('sends ISK, zero-decimal by ISO, as Stripe still wants it: two decimals, whole kronur (ISK 5 -> 500)', () => {
    expect(toStripeAmount(minor('5', 'ISK'), 'isk')).toBe(500);
    expect(fromStripeAmount(500, 'isk')).toBe(5);
  });

  it('sends UGX, zero-decimal for both, in whole shillings', () => {
    expect(toStripeAmount(minor('5000', 'UGX'), 'ugx')).toBe(5000);
  });

  it('refuses a fraction Stripe cannot charge instead of rounding it away (MGA: ISO 2 decimals, Stripe none)', () => {
    expect(toStripeAmount(minor('1500', 'MGA'), 'mga')).toBe(1500);
    expect(() => toStripeAmount(minor('1500.50', 'MGA'), 'mga')).toThrow(/multiple of 1\.00/);
  });
});
