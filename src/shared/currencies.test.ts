import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, currencies, findCurrency } from './currencies';
import { currencyExponent, formatMoney } from './money';

/** Intl separates with no-break and narrow no-break spaces; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const formatIn = (code: string, cents: number) => {
  const currency = findCurrency(code);
  if (!currency) throw new Error(`missing ${code}`);
  return plain(formatMoney(cents, { currency: currency.code, locale: currency.locale, symbol: currency.symbol, position: currency.position }));
};

describe('currency catalogue', () => {
  it('holds about 50 currencies with unique codes', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(45);
    expect(new Set(currencies.map((currency) => currency.code)).size).toBe(currencies.length);
  });

  it('covers the majors and every region the spec names', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ARS', 'CNY', 'INR', 'SGD', 'AED', 'SAR', 'ILS', 'ZAR', 'NGN', 'KES']) {
      expect(findCurrency(code), code).toBeDefined();
    }
  });

  it('gives every entry a locale Intl accepts, a symbol and a position', () => {
    for (const currency of currencies) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.symbol.length).toBeGreaterThan(0);
      expect(['before', 'after']).toContain(currency.position);
      expect(() => new Intl.NumberFormat(currency.locale, { style: 'currency', currency: currency.code })).not.toThrow();
    }
  });

  it('defaults to USD in en-US', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(findCurrency('USD')?.locale).toBe('en-US');
    expect(findCurrency('XXX')).toBeUndefined();
  });
});

describe('formatting through the catalogue', () => {
  it('formats each currency in its own locale with two decimals', () => {
    expect(formatIn('USD', 123456)).toBe('$1,234.56');
    expect(formatIn('EUR', 123456)).toBe('1.234,56 €');
    expect(formatIn('GBP', 123456)).toBe('£1,234.56');
    expect(formatIn('INR', 12345678)).toBe('₹1,23,456.78');
    expect(formatIn('CHF', 123456)).toMatch(/^CHF 1.234.56$/);
    expect(formatIn('SEK', 123456)).toBe('1 234,56 kr');
    expect(formatIn('BRL', 123456)).toBe('R$ 1.234,56');
  });

  it('writes currencies without minor units without decimals (issue 34: ISO 4217, not two everywhere)', () => {
    expect(formatIn('JPY', 123456)).toMatch(/^[¥￥]123,456$/);
    expect(formatIn('KRW', 100)).toMatch(/^₩100$/);
  });

  it("formats every catalogue entry with exactly its ISO 4217 decimals", () => {
    for (const currency of currencies) {
      const text = formatIn(currency.code, 1500);
      const decimals = currencyExponent(currency.code);
      // Some locales write their own digits (Bengali, Arabic-Indic); the currency's decimals follow the separator.
      if (decimals === 0) expect(text, currency.code).not.toMatch(/\p{Nd}[.,٫]\p{Nd}{1,2}(?!\p{Nd})/u);
      else expect(text, currency.code).toMatch(new RegExp(`\\p{Nd}[.,٫]\\p{Nd}{${decimals}}(?!\\p{Nd})`, 'u'));
    }
  });

  it('falls back to the catalogue symbol before the amount when the locale cannot be applied', () => {
    const text = formatMoney(123456, { currency: 'USD', locale: 'not a locale!', symbol: '$', position: 'before' });
    expect(text).toBe('$1,234.56');
  });

  it('falls back to the catalogue symbol after the amount for an after-position currency', () => {
    const text = formatMoney(-123456, { currency: 'PLN', locale: '!!', symbol: 'zł', position: 'after' });
    expect(text).toBe('-1,234.56 zł');
  });
});
