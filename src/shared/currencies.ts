/** The currency catalogue (spec 3): code, name, symbol, locale, symbol position as a fallback. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  locale: string;
  position: 'before' | 'after';
}

// The full catalogue (about 50 entries) is filled in by the settings work.
export const currencies: readonly Currency[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', locale: 'en-US', position: 'before' },
  { code: 'EUR', name: 'Euro', symbol: '€', locale: 'de-DE', position: 'after' },
  { code: 'GBP', name: 'British Pound', symbol: '£', locale: 'en-GB', position: 'before' },
];

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

export function findCurrency(code: string): Currency | undefined {
  return currencies.find((currency) => currency.code === code);
}
