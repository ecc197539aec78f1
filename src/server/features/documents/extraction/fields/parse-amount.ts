import { type Cents, parseMoney } from '../../../../../shared/money';
import { digitLookalikes } from '../ocr-lookalikes';

export interface AmountToken {
  cents: Cents;
  /** Position in the searched text, for pairing amounts with the label before them. */
  start: number;
  end: number;
  raw: string;
  /** True when the number has a decimal part ("4.11", "56,02"); bare integers are weaker. */
  hasDecimals: boolean;
  /** Currency symbol or code written next to the number, if any. */
  currencyMark: string | null;
}

const currencyMarks = String.raw`(?:[$€£¥₹]|RM|Rs\.?|INR|EUR|USD|GBP|CHF|MYR|SGD|AUD|CAD|JPY|CNY|SEK|NOK|DKK|PLN|CZK|HUF|Fr\.|CHF)`;
// A number with optional thousands groups (1,234 / 1.234 / 1'234) and a 1-2 digit decimal part;
// space-grouped thousands ("1 234,56") only with a decimal comma, so table columns stay apart.
const amountPattern = new RegExp(
  String.raw`(?<![\w.,/:-])(?<sign>[-−–]\s?)?(?<pre>${currencyMarks}\s?)?(?<sign2>[-−–])?(?<num>\d{1,3}(?:[.,'’]\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?:[ \u00a0\u202f]\d{3})+,\d{2}|\d+(?:[.,]\d{1,2})?)(?!\d|[.,]\d|[/:-]\d|\s?%)(?<post>\s?${currencyMarks})?(?![\w])`,
  'g',
);

/**
 * Reads a printed number as cents, deciding which mark is the decimal separator: the last "." or
 * "," followed by one or two digits is decimal; groups of exactly three digits are thousands.
 */
export function parseAmountText(text: string): { cents: Cents; hasDecimals: boolean } | null {
  const cleaned = text.replace(/[\s'’\u00a0\u202f]/g, '');
  const match = /^(\d[\d.,]*?)(?:([.,])(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const integerPart = match[1] ?? '';
  const decimals = match[3];
  const groups = integerPart.split(/[.,]/);
  if (groups.length > 1 && groups.slice(1).some((group) => group.length !== 3)) return null;
  const digits = groups.join('');
  const cents = parseMoney(decimals === undefined ? digits : `${digits}.${decimals}`);
  if (cents === null) return null;
  return { cents, hasDecimals: decimals !== undefined };
}

const lookalike = `[\\d${Object.keys(digitLookalikes).join('').replace('|', '\\|')}]`;
// Ringgit printed before an amount (read "RH", "RN" too), the amount's decimal mark with a space
// beside it or read as a dash.
const ringgitAmountPattern = new RegExp(
  String.raw`(?<![\p{L}\d])(R[MHN]\s?)(${lookalike}{1,5})(\s?[.,-]\s?)(${lookalike}{2})(?![\p{L}\d])`,
  'gu',
);
const toDigits = (text: string): string =>
  [...text].map((char) => digitLookalikes[char] ?? char).join('');

/**
 * A line with the amounts after a currency mark read back as digits, at the same positions:
 * letters that look like digits become digits and a spaced or dashed decimal mark closes up
 * ("RMS - 00" -> "RM5.00  "). A digit must be read in the amount, so words stay words.
 */
export function repairCurrencyDigits(text: string): string {
  return text.replace(
    ringgitAmountPattern,
    (whole, mark: string, units: string, separator: string, decimals: string) => {
      if (!/\d/u.test(units + decimals)) return whole;
      const amount = `${toDigits(units)}.${toDigits(decimals)}`;
      return `${mark}${amount}`.padEnd(whole.length, ' ');
    },
  );
}

/** Every money-looking number in a line of text, left to right. */
export function findAmounts(line: string): AmountToken[] {
  const tokens: AmountToken[] = [];
  const text = repairCurrencyDigits(line);
  for (const match of text.matchAll(amountPattern)) {
    const groups = match.groups ?? {};
    const num = groups.num ?? '';
    // Leading zeros ("0012", "001552822272") mark codes and registration numbers, not money.
    if (/^0\d/.test(num)) continue;
    const parsed = parseAmountText(num);
    if (!parsed) continue;
    const negative = Boolean(groups.sign ?? groups.sign2);
    const mark = (groups.pre ?? groups.post ?? '').trim();
    tokens.push({
      cents: negative ? -parsed.cents : parsed.cents,
      start: match.index,
      end: match.index + match[0].length,
      raw: match[0].trim(),
      hasDecimals: parsed.hasDecimals,
      currencyMark: mark === '' ? null : mark,
    });
  }
  return tokens;
}
