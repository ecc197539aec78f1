/**
 * Money in integer minor units (cents). Every amount in the product is parsed, added, multiplied,
 * rounded and formatted here, so no float ever touches a balance.
 * Rounding is half away from zero ("commercial" rounding, what invoices and QuickBooks use).
 */
export type Cents = number;

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
 * Parses "12.34", "1,234.5", 12.34 into cents. Returns null for anything that is not a plain
 * decimal, or that has more than two decimals unless `round` is set.
 */
export function parseMoney(value: number | string, options: { round?: boolean } = {}): Cents | null {
  const parts = splitDecimal(value);
  if (!parts) return null;
  const frac = parts.frac.replace(/0+$/, '');
  if (frac.length > 2 && !options.round) return null;
  const padded = frac.padEnd(2, '0');
  return toSafe(roundScaled(parts.negative, parts.int + padded, padded.length - 2));
}

/** Cents from a numeric column value ("123.45"); throws on a value the database cannot hold. */
export function centsFromDecimal(value: string | number): Cents {
  const cents = parseMoney(value, { round: true });
  if (cents === null) throw new Error(`Not a decimal amount: ${String(value)}`);
  return cents;
}

/** "123.45" / "-0.05": the exact decimal text of an amount, for numeric columns and JSON. */
export function toDecimal(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const int = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${int}.${frac}`;
}

/**
 * An amount as a JSON number, for external APIs whose contracts take amounts as numbers
 * (QuickBooks Online, Xero): the nearest double to the exact decimal, exact to the cent for any
 * amount the database holds. Never used for arithmetic.
 */
export function centsToNumber(cents: Cents): number {
  return Number(toDecimal(cents));
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
 * Formats an amount with exactly two decimals in the currency's locale. When the locale or code
 * cannot be applied, falls back to the catalogue symbol placed before or after the amount.
 * A non-numeric amount shows as the symbol followed by 0.00 (spec 5, amount display).
 */
export function formatMoney(cents: Cents | null | undefined, format: MoneyFormat): string {
  const safe = typeof cents === 'number' && Number.isFinite(cents) ? cents : 0;
  const decimal = toDecimal(safe);
  try {
    const formatter = new Intl.NumberFormat(format.locale, {
      style: 'currency',
      currency: format.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Intl formats decimal strings exactly (no float conversion).
    return formatter.format(decimal as unknown as number);
  } catch {
    const symbol = format.symbol ?? format.currency;
    const [int = '0', frac = '00'] = decimal.replace('-', '').split('.');
    const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const body = `${grouped}.${frac}`;
    const sign = safe < 0 ? '-' : '';
    return format.position === 'after' ? `${sign}${body} ${symbol}` : `${sign}${symbol}${body}`;
  }
}

const CANONICAL_DECIMAL = /^(?:-(?!0\.00$))?(?:0|[1-9]\d*)\.\d\d$/;

/**
 * The decimal text of a numeric(14,2) value as toDecimal writes it. A column's text ("123.45") is
 * usually already that and is returned as is, without parsing (the invoice list maps thousands of
 * amounts per second, issue 15); any other text goes through centsFromDecimal and toDecimal.
 */
export function normalizeDecimal(value: string): string {
  return CANONICAL_DECIMAL.test(value) ? value : toDecimal(centsFromDecimal(value));
}
