import { describe, expect, it } from 'vitest';
import { receiptText } from '../test-support/receipt-lines';
import { findDateFields } from './find-dates';

const issueDateOf = (rows: string[]): string | null =>
  findDateFields(receiptText(rows), null).issue?.value ?? null;

describe('choosing the issue date of a receipt', () => {
  it('prefers the unlabelled date printed with a time of day over one printed above it without', () => {
    expect(
      issueDateOf([
        'KEDAI CONTOH',
        'PROMO ENDS 01/01/2018',
        'NASI LEMAK 5.00',
        'TEH TARIK 2.00',
        'TOTAL 7.00',
        'CASH 10.00',
        'CHANGE 3.00',
        '13/03/2017 14:22',
        'THANK YOU',
      ]),
    ).toBe('2017-03-13');
  });

  it('takes a time with a dot only before AM or PM, not an amount beside a date', () => {
    expect(issueDateOf(['KEDAI CONTOH', '25/02/2017', '13/03/2017 12.50'])).toBe('2017-02-25');
    expect(issueDateOf(['KEDAI CONTOH', '02/03/2017', '13/03/2017 2.05 PM'])).toBe('2017-03-13');
  });
});
