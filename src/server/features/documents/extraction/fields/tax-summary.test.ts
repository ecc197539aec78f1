import { describe, expect, it } from 'vitest';
import { receiptText } from '../test-support/receipt-lines';
import { readFields } from './read-fields';
import { taxSummaryTotal } from './tax-summary';

const summaryOf = (rows: string[]) => taxSummaryTotal(receiptText(rows));

describe('the tax summary table of a receipt', () => {
  it('adds up net and tax of every rate, a zero-rated row read without its tax', () => {
    expect(
      summaryOf([
        'TOTAL 30.00',
        'GST Summary Amount (RM) Tax (RM)',
        'SR 6% 10.00 0.60',
        'ZR 0% 5.40 00',
      ]),
    ).toBe(1600);
  });

  it('takes the gross of a row that prints net, tax and gross', () => {
    expect(summaryOf(['VAT analysis', 'A 20% 10.00 2.00 12.00', 'B 5% 4.00 0.20 4.20'])).toBe(1620);
  });

  it('gives nothing without a table, for a lone amount, or for rows that do not add up', () => {
    expect(summaryOf(['TOTAL 12.00', 'CASH 12.00'])).toBeNull();
    expect(summaryOf(['GST Summary', 'SR 6% 12.00'])).toBeNull();
    expect(summaryOf(['VAT summary', 'A 10.00 2.00 15.00'])).toBeNull();
    expect(summaryOf(['GST Summary', 'SR 1.00 3.00'])).toBeNull();
  });

  it('stops at the total row and the footer', () => {
    expect(
      summaryOf(['GST Summary', 'SR 6% 10.00 0.60', 'Total 10.00 0.60', 'Thank you 99.00 1.00']),
    ).toBe(1060);
  });

  it('outvotes a total line misread by one digit, with the payment that agrees', () => {
    const data = readFields(
      receiptText([
        'KEDAI CONTOH',
        'MEE GORENG RM12.00',
        'Total Sales (Inclusive GST) RM 14.72',
        'CREDIT RM 16.72',
        'CHANGE RM 00',
        'GST Summary Amount (RM) Tax (RM)',
        'SR 6% 11.06 0.66',
        'ZR 0% 5.00 00',
      ]),
    );
    expect(data.amounts.total).toBe('16.72');
  });

  it('does not overrule a printed total that nothing else contradicts', () => {
    const data = readFields(
      receiptText(['KEDAI CONTOH', 'TOTAL RM 11.72', 'GST Summary', 'SR 6% 11.06 0.66']),
    );
    expect(data.amounts.total).toBe('11.72');
  });
});
