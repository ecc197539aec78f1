/**
 * Money in integer minor units of its currency (cents for USD, yen for JPY, fils for KWD). Every
 * amount in the product is parsed, added, multiplied, rounded and formatted here, so no float ever
 * touches a balance. Rounding is half away from zero ("commercial" rounding, what invoices and
 * QuickBooks use). Functions that read or write decimals take the currency; without one they use
 * two decimals (USD), which is right for every 2-decimal currency.
 */
export type Cents = number;

/**
 * Minor-unit exponents that are not 2, from ISO 4217 List One (SIX, "Current currency & funds",
 * column "Minor unit"). A currency not named here has 2 decimals.
 */
const ISO_4217_EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** How many decimals the currency's minor unit has (ISO 4217): JPY 0, USD 2, KWD 3. */
export function currencyExponent(currency: string | undefined): number {
  if (!currency) return 2;
  return ISO_4217_EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** Options of the functions that read or write an amount's decimal text. */
export interface MoneyOptions {
  /** ISO 4217 code; the amount is in its minor unit. Default: two decimals (USD). */
  currency?: string | undefined;
}

/** "JPY amounts have no decimals", "KWD amounts have at most 3 decimals": why parseMoney refused a decimal. */
export function decimalsMessage(currency: string | undefined): string {
  const code = (currency ?? 'USD').toUpperCase();
  const exponent = currencyExponent(code);
  return exponent === 0 ? `${code} amounts have no decimals` : `${code} amounts have at most ${exponent} decimals`;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** Splits a decimal number or string into sign, integer digits and fraction digits, exactly. */
function splitDecimal(value: number | string): { negative: boolean; int: string; frac: string } | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that round-trips to this number: 1234567.89 reads as "1234567.89", where
    // toFixed would expose float noise ("1234567.8899999999"). Exponent forms are expanded below.
    text = expandExponent(String(value));
  } else {
    text = value.trim().replace(/,/g, '');
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  return { negative: match[1] === '-', int: match[2] ?? '0', frac: match[3] ?? '' };
}

/** "1e+21" / "1.5e-7" as plain digits ("1000000000000000000000" / "0.00000015"). */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac = '', exp = '0'] = match;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function roundScaled(negative: boolean, digits: string, drop: number): bigint {
  // digits is an unsigned integer string; drop the last `drop` digits, rounding half away from zero.
  let n = BigInt(digits || '0');
  if (drop > 0) {
    const base = 10n ** BigInt(drop);
    const rest = n % base;
    n = n / base;
    if (rest * 2n >= base) n += 1n;
  }
  return negative ? -n : n;
}

function toSafe(n: bigint): Cents | null {
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < -BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const cents = Number(n);
  return Object.is(cents, -0) ? 0 : cents;
}

/**
 * Parses "12.34", "1,234.5", 12.34 into minor units of `options.currency` (cents by default).
 * Returns null for anything that is not a plain decimal, or that has more decimals than the
 * currency (JPY none, USD two, KWD three) unless `round` is set.
 */
export function parseMoney(value: number | string, options: MoneyOptions & { round?: boolean } = {}): Cents | null {
  const parts = splitDecimal(value);
  if (!parts) return null;
  const exponent = currencyExponent(options.currency);
  const frac = parts.frac.replace(/0+$/, '');
  if (frac.length > exponent && !options.round) return null;
  const padded = frac.padEnd(exponent, '0');
  return toSafe(roundScaled(parts.negative, parts.int + padded, padded.length - exponent));
}

/** Minor units from a numeric column value ("123.45"); throws on a value the database cannot hold. */
export function centsFromDecimal(value: string | number, currency?: string): Cents {
  const cents = parseMoney(value, { round: true, currency });
  if (cents === null) throw new Error(`Not a decimal amount: ${String(value)}`);
  return cents;
}

/**
 * "123.45" / "-0.05" / "1081" (JPY) / "1.235" (KWD): the exact decimal text of an amount with the
 * currency's decimals, for numeric columns and JSON.
 */
export function toDecimal(cents: Cents, currency?: string): string {
  const exponent = currencyExponent(currency);
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  if (exponent === 0) return `${negative && abs !== 0 ? '-' : ''}${abs}`;
  const base = 10 ** exponent;
  const int = Math.floor(abs / base);
  const frac = String(abs % base).padStart(exponent, '0');
  return `${negative ? '-' : ''}${int}.${frac}`;
}

/**
 * An amount as a JSON number, for external APIs whose contracts take amounts as numbers
 * (QuickBooks Online, Xero): the nearest double to the exact decimal, exact to the cent for any
 * amount the database holds. Never used for arithmetic.
 */
export function centsToNumber(cents: Cents, currency?: string): number {
  return Number(toDecimal(cents, currency));
}

/**
 * An amount in minor units of `from` as minor units of `to` (USD cents -> yen: 108100 -> 1081), or
 * null when it does not fit exactly (1000.50 as yen). For callers whose input was parsed with the
 * 2-decimal default while the organization keeps another currency.
 */
export function rescaleMinor(amount: Cents, from: string | undefined, to: string | undefined): Cents | null {
  const shift = currencyExponent(to) - currencyExponent(from);
  if (shift >= 0) return toSafe(BigInt(amount) * 10n ** BigInt(shift));
  const base = 10n ** BigInt(-shift);
  return BigInt(amount) % base === 0n ? toSafe(BigInt(amount) / base) : null;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * unitCents x quantity, rounded to the cent. The quantity may be fractional ("1.5", 0.333) and is
 * read exactly from its decimal digits.
 */
export function multiplyCents(unitCents: Cents, quantity: number | string): Cents {
  const parts = splitDecimal(quantity);
  if (!parts) throw new Error(`Not a quantity: ${String(quantity)}`);
  const scale = parts.frac.length;
  const q = BigInt(parts.int + parts.frac) * (parts.negative ? -1n : 1n);
  const product = BigInt(unitCents) * q;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = roundScaled(negative, abs.toString(), scale);
  const cents = toSafe(rounded);
  if (cents === null) throw new Error('Amount too large');
  return cents;
}

/**
 * The share part / whole of an amount (7 of 10 invoices paid, 45 of 60 minutes), rounded to the
 * cent exactly: part and whole are whole numbers, so no float (0.7 × 45 = 31.4999…) decides it.
 */
export function shareOfCents(cents: Cents, part: number, whole: number): Cents {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || whole <= 0) throw new Error(`Not a share: ${part}/${whole}`);
  const product = BigInt(cents) * BigInt(part);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const base = BigInt(whole);
  let quotient = abs / base;
  if ((abs % base) * 2n >= base) quotient += 1n;
  const result = toSafe(negative ? -quotient : quotient);
  if (result === null) throw new Error('Amount too large');
  return result;
}

/** Percentage of an amount (e.g. a tax rate of 8.25), rounded to the cent. */
export function percentOf(cents: Cents, percent: number | string): Cents {
  const parts = splitDecimal(percent);
  if (!parts) throw new Error(`Not a percentage: ${String(percent)}`);
  const scale = parts.frac.length + 2;
  const p = BigInt(parts.int + parts.frac) * (parts.negative ? -1n : 1n);
  const product = BigInt(cents) * p;
  const negative = product < 0n;
  const rounded = roundScaled(negative, (negative ? -product : product).toString(), scale);
  return toSafe(rounded) ?? 0;
}

export interface MoneyFormat {
  currency: string;
  locale: string;
  symbol?: string;
  position?: 'before' | 'after';
}

/**
 * Formats an amount (minor units of format.currency) with exactly the currency's ISO 4217 decimals
 * (¥1,235, KWD 1.235, $12.30) in its locale. When the locale or code cannot be applied, falls back
 * to the catalogue symbol placed before or after the amount. A non-numeric amount shows as the
 * symbol followed by zero (spec 5, amount display: 0.00 for a 2-decimal currency).
 */
export function formatMoney(cents: Cents | null | undefined, format: MoneyFormat): string {
  const safe = typeof cents === 'number' && Number.isFinite(cents) ? cents : 0;
  const exponent = currencyExponent(format.currency);
  return formatDecimalText(toDecimal(safe, format.currency), exponent, exponent, format);
}

/**
 * Formats an amount's exact decimal text ("1081", "12.30", "1.235") in a currency: with the
 * currency's decimals, and more only when the text has more that are not zero, so nothing is
 * rounded away when the currency shown is not the one the amount is kept in (a user's display
 * currency is not always the organization's). Text that is not a decimal shows as zero.
 */
export function formatDecimal(text: string | number | null | undefined, format: MoneyFormat): string {
  const parts = text === null || text === undefined ? null : splitDecimal(text);
  const exponent = currencyExponent(format.currency);
  if (!parts) return formatMoney(null, format);
  const frac = parts.frac.replace(/0+$/, '');
  const shown = Math.max(exponent, frac.length);
  const decimal = `${parts.negative ? '-' : ''}${BigInt(parts.int || '0').toString()}${shown > 0 ? `.${frac.padEnd(shown, '0')}` : ''}`;
  return formatDecimalText(decimal, exponent, shown, format);
}

function formatDecimalText(decimal: string, minimum: number, maximum: number, format: MoneyFormat): string {
  try {
    const formatter = new Intl.NumberFormat(format.locale, {
      style: 'currency',
      currency: format.currency,
      minimumFractionDigits: minimum,
      maximumFractionDigits: maximum,
    });
    // Intl formats decimal strings exactly (no float conversion).
    return formatter.format(decimal as unknown as number);
  } catch {
    const symbol = format.symbol ?? format.currency;
    const [int = '0', frac = ''] = decimal.replace('-', '').split('.');
    const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const body = frac ? `${grouped}.${frac}` : grouped;
    const sign = decimal.startsWith('-') && /[1-9]/.test(decimal) ? '-' : '';
    return format.position === 'after' ? `${sign}${body} ${symbol}` : `${sign}${symbol}${body}`;
  }
}

const CANONICAL_DECIMAL = /^(?:-(?!0\.00$))?(?:0|[1-9]\d*)\.\d\d$/;

/**
 * The decimal text of a money column value as toDecimal writes it for the currency. A 2-decimal
 * column's text ("123.45") is usually already that and is returned as is, without parsing (the
 * invoice list maps thousands of amounts per second, issue 15); any other text, or any other
 * currency, goes through centsFromDecimal and toDecimal.
 */
export function normalizeDecimal(value: string, currency?: string): string {
  if (currencyExponent(currency) === 2 && CANONICAL_DECIMAL.test(value)) return value;
  return toDecimal(centsFromDecimal(value, currency), currency);
}
