import { describe, expect, it } from 'vitest';
import { findAmounts, parseAmountText } from './parse-amount';

const cents = (text: string) => findAmounts(text).map((amount) => amount.cents);

describe('reading printed amounts', () => {
  it('reads decimal commas and points, with thousands groups of either kind', () => {
    expect(parseAmountText('1.234,56')).toEqual({ cents: 123456, hasDecimals: true });
    expect(parseAmountText('1,234.56')).toEqual({ cents: 123456, hasDecimals: true });
    expect(parseAmountText('56,02')).toEqual({ cents: 5602, hasDecimals: true });
    expect(parseAmountText('1,000')).toEqual({ cents: 100000, hasDecimals: false });
    expect(parseAmountText("1'234.50")).toEqual({ cents: 123450, hasDecimals: true });
  });

  it('rejects thousands groups that are not three digits long', () => {
    expect(parseAmountText('1,23,4.00')).toBeNull();
  });

  it('keeps the currency mark next to the number and the sign', () => {
    const [amount] = findAmounts('Rounding: -RM0.02');
    expect(amount).toMatchObject({ cents: -2, currencyMark: 'RM', hasDecimals: true });
    expect(findAmounts('Total TTC : 56,02 €')[0]).toMatchObject({ cents: 5602, currencyMark: '€' });
    expect(findAmounts('Total $4.11')[0]).toMatchObject({ cents: 411, currencyMark: '$' });
  });

  it('takes a space-grouped amount only when it has a decimal comma', () => {
    expect(cents('Montant 1 234,56 €')).toEqual([123456]);
    expect(cents('Total 1 278.61 40.39 319.00')).toEqual([100, 27861, 4039, 31900]);
  });

  it('ignores dates, times, percentages, phone numbers and zero-padded codes', () => {
    expect(cents('Date: 28/11/2022 12:42')).toEqual([]);
    expect(cents('TVA 20% : 9,34 €')).toEqual([934]);
    expect(cents('Tel 03-2093 7358')).toEqual([735800]);
    expect(cents('GST No 001552822272')).toEqual([]);
  });

  it('reads letters that look like digits in an amount after a ringgit mark', () => {
    expect(cents('TOTAL RMS. 00')).toEqual([500]);
    expect(cents('GST 6% RMO. 28')).toEqual([28]);
    expect(cents('TOTAL RMS - 00')).toEqual([500]);
    expect(cents('Total RH 1B.5O')).toEqual([1850]);
  });

  it('keeps words that are not amounts: no digit read, or no currency mark', () => {
    expect(cents('RMS ROAD')).toEqual([]);
    expect(cents('RMSO.OO')).toEqual([]);
    expect(cents('SO. 50')).toEqual([5000]);
  });
});
