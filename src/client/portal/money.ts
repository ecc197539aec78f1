import { DEFAULT_LOCALE, findCurrency } from '@shared/currencies';
import { type Cents, formatDecimal, toDecimal } from '@shared/money';

/** Amounts in the workspace's currency (the portal has no user settings): "123.45" or cents. */
export function moneyFormatter(code: string) {
  const currency = findCurrency(code);
  const format = { currency: code, locale: currency?.locale ?? DEFAULT_LOCALE, symbol: currency?.symbol ?? code, position: currency?.position ?? 'before' } as const;
  return {
    /** The API's decimal text, with the currency's decimals (¥1,081, KWD 1.235) and never fewer than it has. */
    amount: (value: string | null | undefined) => formatDecimal(value, format),
    /** Cents the portal computed (parseMoney's default two decimals). */
    cents: (value: Cents) => formatDecimal(toDecimal(value), format),
  };
}
