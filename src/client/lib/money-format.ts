import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, findCurrency } from '@shared/currencies';
import { type Cents, formatDecimal, toDecimal } from '@shared/money';

export interface UserSettings {
  currency: string;
  locale: string;
}

export const settingsQueryKey = ['/api/user/settings'] as const;

/**
 * Formats amounts in the signed-in user's chosen currency (spec 9: locale first, catalogue symbol
 * position as the fallback). Accepts the API's decimal strings ("123.45") or cents.
 */
export function useMoneyFormat() {
  const { data } = useQuery<UserSettings>({ queryKey: settingsQueryKey });
  const code = data?.currency ?? DEFAULT_CURRENCY;
  const currency = findCurrency(code);
  const format = {
    currency: code,
    locale: data?.locale ?? currency?.locale ?? DEFAULT_LOCALE,
    symbol: currency?.symbol ?? '$',
    position: currency?.position ?? 'before',
  } as const;
  return {
    currency: format,
    /**
     * "123.45", "1081", "1.235" (or a number of units) from the API, with the currency's decimals
     * (¥1,081, KWD 1.235) and never fewer than the amount has.
     */
    formatAmount: (amount: string | number | null | undefined) => formatDecimal(amount, format),
    /** Cents the client computed (parseMoney's default two decimals), shown without losing any. */
    formatCents: (cents: Cents) => formatDecimal(toDecimal(cents), format),
    /** Minor units of `currency` (the organization's: yen, fils) the client computed with it. */
    formatMinor: (minor: Cents, currency: string) => formatDecimal(toDecimal(minor, currency), format),
    /** An amount in another currency than the user's (a client workspace's), written the way that currency usually is. */
    formatAmountIn: (amount: string | number | null | undefined, code: string) => {
      const other = findCurrency(code);
      return formatDecimal(amount, {
        currency: code,
        locale: other?.locale ?? format.locale,
        symbol: other?.symbol ?? code,
        position: other?.position ?? 'before',
      });
    },
  };
}
