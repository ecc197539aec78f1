import { describe, expect, it } from 'vitest';
import { currencies } from './currencies';
import { centsFromDecimal, currencyExponent, decimalsMessage, formatDecimal, formatMoney, multiplyCents, normalizeDecimal, parseMoney, percentOf, shareOfCents, sumCents, toDecimal } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('parseMoney', () => {
  it('reads numbers and decimal text into cents exactly', () => {
    expect(parseMoney('12.34')).toBe(1234);
    expect(parseMoney(12.34)).toBe(1234);
    expect(parseMoney('1,234.5')).toBe(123450);
    expect(parseMoney(' 7 ')).toBe(700);
    expect(parseMoney('-0.05')).toBe(-5);
    expect(parseMoney(1234567.89)).toBe(123456789);
    expect(parseMoney(9999999.99)).toBe(999999999);
    expect(parseMoney(1e21, { round: true })).toBeNull();
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('12.500')).toBe(1250);
  });

  it('refuses anything that is not a plain decimal', () => {
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('1e5')).toBeNull();
    expect(parseMoney('12.3.4')).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('refuses more than two decimals unless asked to round, then rounds half away from zero', () => {
    expect(parseMoney('1.005')).toBeNull();
    expect(parseMoney('1.005', { round: true })).toBe(101);
    expect(parseMoney('1.004', { round: true })).toBe(100);
    expect(parseMoney('-1.005', { round: true })).toBe(-101);
  });

  it('reads a number as its shortest text, so float noise is never taken for a third decimal', () => {
    // 0.1 + 0.2 is 0.30000000000000004: a client that sends it sent more than two decimals.
    expect(parseMoney(0.1 + 0.2)).toBeNull();
    expect(parseMoney(0.1 + 0.2, { round: true })).toBe(30);
    expect(parseMoney(1e-7, { round: true })).toBe(0);
    expect(parseMoney(1.5e-2)).toBeNull();
    expect(parseMoney(1e20, { round: true })).toBeNull();
    expect(parseMoney(1e15)).toBeNull();
  });

  it('round-trips every cent amount up to the column limit, as a number and as text', () => {
    // numeric(14,2): up to 999,999,999,999.99. Random amounts at every magnitude, both signs,
    // plus each magnitude's edges; a seeded generator keeps a failure reproducible.
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const samples: number[] = [];
    for (let digits = 1; digits <= 14; digits += 1) {
      const low = digits === 1 ? 0 : 10 ** (digits - 1);
      const high = 10 ** digits - 1;
      samples.push(low, high, low + 1, high - 1);
      for (let i = 0; i < 2000; i += 1) samples.push(low + Math.floor(random() * (high - low + 1)));
    }
    const failures: string[] = [];
    for (const cents of samples) {
      for (const value of [cents, -cents]) {
        const decimal = toDecimal(value);
        if (parseMoney(value / 100) !== value) failures.push(`number ${value / 100}`);
        if (parseMoney(decimal) !== value) failures.push(`text ${decimal}`);
        if (parseMoney(Number(decimal)) !== value) failures.push(`Number("${decimal}")`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(samples.length).toBeGreaterThan(28000);
  });

  it('refuses amounts beyond the safe integer range', () => {
    expect(parseMoney('999999999999999999999')).toBeNull();
  });
});

describe('toDecimal and centsFromDecimal', () => {
  it('writes the exact decimal text', () => {
    expect(toDecimal(12345)).toBe('123.45');
    expect(toDecimal(5)).toBe('0.05');
    expect(toDecimal(-5)).toBe('-0.05');
    expect(toDecimal(0)).toBe('0.00');
    expect(toDecimal(-123400)).toBe('-1234.00');
  });

  it('round-trips through the database text', () => {
    for (const cents of [0, 1, 99, 100, 123456789, -42]) expect(centsFromDecimal(toDecimal(cents))).toBe(cents);
    expect(centsFromDecimal('10')).toBe(1000);
    expect(() => centsFromDecimal('not money')).toThrow('Not a decimal amount');
  });

  it('sums cents', () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([])).toBe(0);
  });
});

describe('multiplyCents', () => {
  it('multiplies by whole quantities', () => {
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(multiplyCents(1999, '0')).toBe(0);
  });

  it('reads fractional quantities exactly and rounds half away from zero', () => {
    expect(multiplyCents(1000, '1.5')).toBe(1500);
    expect(multiplyCents(333, '0.5')).toBe(167); // 166.5 -> 167
    expect(multiplyCents(-333, '0.5')).toBe(-167); // -166.5 -> -167, away from zero
    expect(multiplyCents(1, 0.5)).toBe(1);
    expect(multiplyCents(1, 0.49)).toBe(0);
    expect(multiplyCents(1000, 0.333)).toBe(333);
    expect(multiplyCents(1999, '2.25')).toBe(4498); // 4497.75
    expect(multiplyCents(10, 1.1)).toBe(11); // no float noise from 1.1
  });

  it('throws on a quantity that is not a number', () => {
    expect(() => multiplyCents(100, 'two')).toThrow('Not a quantity');
  });
});

describe('percentOf', () => {
  it('takes a percentage, rounded to the cent half away from zero', () => {
    expect(percentOf(10000, 8.25)).toBe(825);
    expect(percentOf(1999, '8.25')).toBe(165); // 164.9175
    expect(percentOf(10, 5)).toBe(1); // 0.5 -> 1
    expect(percentOf(-10, 5)).toBe(-1);
    expect(percentOf(12345, 0)).toBe(0);
    expect(percentOf(100, 100)).toBe(100);
  });

  it('throws on a percentage that is not a number', () => {
    expect(() => percentOf(100, 'ten')).toThrow('Not a percentage');
  });
});

describe('formatMoney', () => {
  it('formats USD in en-US', () => {
    expect(formatMoney(123456, { currency: 'USD', locale: 'en-US' })).toBe('$1,234.56');
    expect(formatMoney(-5, { currency: 'USD', locale: 'en-US' })).toBe('-$0.05');
  });

  it('formats EUR in de-DE', () => {
    expect(plain(formatMoney(123456, { currency: 'EUR', locale: 'de-DE' }))).toBe('1.234,56 €');
  });

  it('writes each currency with its own ISO 4217 decimals: ¥1,235, KWD 1.235, $12.30', () => {
    expect(formatMoney(1235, { currency: 'JPY', locale: 'ja-JP' })).toMatch(/^[¥￥]1,235$/);
    expect(formatMoney(100, { currency: 'JPY', locale: 'en-US' })).toBe('¥100');
    expect(plain(formatMoney(1235, { currency: 'KWD', locale: 'en-US' }))).toBe('KWD 1.235');
    expect(formatMoney(1230, { currency: 'USD', locale: 'en-US' })).toBe('$12.30');
    expect(formatMoney(null, { currency: 'JPY', locale: 'en-US' })).toBe('¥0');
  });

  it('keeps the currency decimals in the symbol fallback', () => {
    expect(formatMoney(1081, { currency: 'JPY', locale: 'xx-invalid-locale-!!', symbol: '¥' })).toBe('¥1,081');
    expect(formatMoney(-1235, { currency: 'KWD', locale: 'xx-invalid-locale-!!', symbol: 'KD', position: 'after' })).toBe('-1.235 KD');
  });

  it('formats huge amounts without float loss', () => {
    expect(formatMoney(999999999999999, { currency: 'USD', locale: 'en-US' })).toBe('$9,999,999,999,999.99');
  });

  it('shows the code for a well-formed code Intl does not know', () => {
    expect(plain(formatMoney(150, { currency: 'XYZ', locale: 'en-US' }))).toBe('XYZ 1.50');
  });

  it('falls back to the symbol (or the code) for a code Intl refuses', () => {
    expect(formatMoney(123456, { currency: 'NOPE', locale: 'en-US', symbol: '¤', position: 'before' })).toBe('¤1,234.56');
    expect(formatMoney(123456, { currency: 'NOPE', locale: 'en-US', position: 'after' })).toBe('1,234.56 NOPE');
  });

  it('shows a non-numeric amount as 0.00 (spec 5)', () => {
    expect(formatMoney(null, { currency: 'USD', locale: 'en-US' })).toBe('$0.00');
    expect(formatMoney(undefined, { currency: 'USD', locale: 'en-US' })).toBe('$0.00');
    expect(formatMoney(Number.NaN, { currency: 'USD', locale: 'en-US' })).toBe('$0.00');
  });
});

describe('shareOfCents', () => {
  it('rounds part / whole of an amount half away from zero, exactly', () => {
    expect(shareOfCents(45, 7, 10)).toBe(32);
    expect(shareOfCents(85, 7, 10)).toBe(60);
    expect(shareOfCents(-45, 7, 10)).toBe(-32);
    expect(shareOfCents(12_345, 45, 60)).toBe(9_259);
    expect(shareOfCents(100, 0, 3)).toBe(0);
    expect(() => shareOfCents(100, 1, 0)).toThrow();
  });
});

describe('normalizeDecimal (the invoice list fast path)', () => {
  it('agrees with toDecimal(centsFromDecimal()) on canonical and non-canonical text', () => {
    const values = ['0.00', '-0.00', '12.30', '-5.05', '007.00', '1.5', '100', '1234567.89', '-0.01', '0.5', '999999999999.99'];
    for (let cents = -1050; cents <= 1050; cents += 7) values.push(toDecimal(cents));
    for (const value of values) expect(normalizeDecimal(value), value).toBe(toDecimal(centsFromDecimal(value)));
  });
});

describe('currencyExponent (ISO 4217 minor units)', () => {
  it('gives 0 for JPY, KRW, CLP, ISK, VND, 2 for USD and EUR, 3 for KWD, BHD, OMR, TND, 4 for CLF', () => {
    for (const code of ['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'UGX', 'XOF']) expect(currencyExponent(code), code).toBe(0);
    for (const code of ['USD', 'EUR', 'GBP', 'HUF', 'TWD', 'IDR']) expect(currencyExponent(code), code).toBe(2);
    for (const code of ['KWD', 'BHD', 'OMR', 'TND', 'JOD', 'IQD', 'LYD']) expect(currencyExponent(code), code).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent(undefined)).toBe(2);
  });

  // CLDR (which Intl follows) gives some currencies fewer decimals than ISO 4217 for cash use; the
  // amounts of an invoice keep ISO's minor unit, so these differ on purpose.
  const cldrDiffers: Record<string, number> = { HUF: 0, IDR: 0, COP: 0, PKR: 0 };

  it("agrees with Intl's maximumFractionDigits for every catalogue currency but the documented exceptions", () => {
    for (const { code } of currencies) {
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
      if (code in cldrDiffers) {
        expect(intl, code).toBe(cldrDiffers[code]);
        expect(currencyExponent(code), code).toBe(2);
      } else {
        expect(currencyExponent(code), code).toBe(intl);
      }
    }
  });
});

describe('amounts in a 0-, 2- and 3-decimal currency (JPY, USD, KWD)', () => {
  it('parses into the minor unit and refuses more decimals than the currency has', () => {
    expect(parseMoney('1,001', { currency: 'JPY' })).toBe(1001);
    expect(parseMoney('1001.00', { currency: 'JPY' })).toBe(1001);
    expect(parseMoney('1001.5', { currency: 'JPY' })).toBeNull();
    expect(parseMoney('12.30', { currency: 'USD' })).toBe(1230);
    expect(parseMoney('12.305', { currency: 'USD' })).toBeNull();
    expect(parseMoney('1.235', { currency: 'KWD' })).toBe(1235);
    expect(parseMoney(1.235, { currency: 'KWD' })).toBe(1235);
    expect(parseMoney('1.2345', { currency: 'KWD' })).toBeNull();
    expect(decimalsMessage('JPY')).toBe('JPY amounts have no decimals');
    expect(decimalsMessage('KWD')).toBe('KWD amounts have at most 3 decimals');
  });

  it("rounds half away from zero to the currency's exponent", () => {
    expect(parseMoney('1080.5', { currency: 'JPY', round: true })).toBe(1081);
    expect(parseMoney('-1080.5', { currency: 'JPY', round: true })).toBe(-1081);
    expect(parseMoney('1080.49', { currency: 'JPY', round: true })).toBe(1080);
    expect(parseMoney('12.305', { currency: 'USD', round: true })).toBe(1231);
    expect(parseMoney('1.2345', { currency: 'KWD', round: true })).toBe(1235);
    expect(parseMoney('-1.2345', { currency: 'KWD', round: true })).toBe(-1235);
    expect(centsFromDecimal('1081.08', 'JPY')).toBe(1081);
  });

  it('writes and reads the decimal text with the currency decimals', () => {
    expect(toDecimal(1081, 'JPY')).toBe('1081');
    expect(toDecimal(-5, 'JPY')).toBe('-5');
    expect(toDecimal(0, 'JPY')).toBe('0');
    expect(toDecimal(1230, 'USD')).toBe('12.30');
    expect(toDecimal(1235, 'KWD')).toBe('1.235');
    expect(toDecimal(-5, 'KWD')).toBe('-0.005');
    for (const currency of ['JPY', 'USD', 'KWD']) {
      for (let minor = -2050; minor <= 2050; minor += 13) expect(centsFromDecimal(toDecimal(minor, currency), currency)).toBe(minor);
    }
    expect(normalizeDecimal('1081.00', 'JPY')).toBe('1081');
    expect(normalizeDecimal('1.2350', 'KWD')).toBe('1.235');
    expect(normalizeDecimal('12.30', 'USD')).toBe('12.30');
  });

  it('multiplies, takes percentages and shares in any minor unit', () => {
    // 8% of ¥1,001 is ¥80.08: ¥80 in yen; of KWD 1.001 it is 0.08008: KWD 0.080.
    expect(percentOf(1001, 8)).toBe(80);
    expect(percentOf(1001, '8.00')).toBe(80);
    expect(percentOf(1_001_000, 8)).toBe(80_080);
    expect(multiplyCents(333, '1.5')).toBe(500);
    expect(multiplyCents(1235, 3)).toBe(3705);
    expect(shareOfCents(1001, 1, 2)).toBe(501);
  });
});

describe('formatDecimal (API text in a display currency)', () => {
  it("shows the currency's decimals, and more only when the text has them", () => {
    expect(formatDecimal('1081', { currency: 'JPY', locale: 'en-US' })).toBe('¥1,081');
    expect(formatDecimal('1081.00', { currency: 'JPY', locale: 'en-US' })).toBe('¥1,081');
    expect(plain(formatDecimal('1.235', { currency: 'KWD', locale: 'en-US' }))).toBe('KWD 1.235');
    expect(formatDecimal('12.3', { currency: 'USD', locale: 'en-US' })).toBe('$12.30');
    expect(formatDecimal('-0.05', { currency: 'USD', locale: 'en-US' })).toBe('-$0.05');
    // A USD amount shown with the yen sign keeps its cents rather than losing them.
    expect(formatDecimal('12.30', { currency: 'JPY', locale: 'en-US' })).toBe('¥12.3');
    expect(formatDecimal('1.235', { currency: 'USD', locale: 'en-US' })).toBe('$1.235');
    expect(formatDecimal(null, { currency: 'USD', locale: 'en-US' })).toBe('$0.00');
    expect(formatDecimal('lots', { currency: 'JPY', locale: 'en-US' })).toBe('¥0');
    expect(formatDecimal('1234.5', { currency: 'NOPE', locale: 'en-US', symbol: '¤' })).toBe('¤1,234.50');
  });
});
