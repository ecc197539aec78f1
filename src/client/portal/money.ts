import { DEFAULT_LOCALE, findCurrency } from '@shared/currencies';
import { type Cents, formatMoney, parseMoney } from '@shared/money';

/** Amounts in the workspace's currency (the portal has no user settings): "123.45" or cents. */
export function moneyFormatter(code: string) {
  const currency = findCurrency(code);
  const format = { currency: code, locale: currency?.locale ?? DEFAULT_LOCALE, symbol: currency?.symbol ?? code, position: currency?.position ?? 'before' } as const;
  return {
    amount: (value: string | null | undefined) => formatMoney(value === null || value === undefined ? null : parseMoney(value, { round: true }), format),
    cents: (value: Cents) => formatMoney(value, format),
  };
}
