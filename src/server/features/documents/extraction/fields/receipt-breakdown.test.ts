import { describe, expect, it } from 'vitest';
import { receiptText } from '../test-support/receipt-lines';
import { readFields } from './read-fields';
import { findBreakdownExtras, taxFitsTotal } from './receipt-breakdown';

const totalOf = (rows: string[]): string | null => readFields(receiptText(rows)).amounts.total;

describe('service charges and tax rates of a receipt', () => {
  it('finds the service charge and the tax rates printed beside a tax', () => {
    expect(
      findBreakdownExtras(
        receiptText(['SUB TOTAL 80.00', 'SERVICE CHARGE 10% 8.00', 'GST 6% 5.28', 'DISC 50% 1.00']),
      ),
    ).toEqual({ charges: [800], rates: [6] });
  });

  it('fits a tax to the total that includes it, or to net plus tax', () => {
    expect(taxFitsTotal(5130, 290, 6)).toBe(true);
    expect(taxFitsTotal(3000, 290, 6)).toBe(false);
    // 93.28 = 88.00 + 5.28 (6% added)
    expect(taxFitsTotal(9328, 528, 6)).toBe(true);
    // A tax of a few cents fits net and total alike: it decides nothing.
    expect(taxFitsTotal(240, 13, 6)).toBe(false);
  });
});

describe('choosing a total from the breakdown', () => {
  it('adds subtotal, service charge, tax and rounding when no total line was read', () => {
    expect(
      totalOf([
        'BISTRO CONTOH',
        '1 SET LUNCH 150.00',
        '1 SET DINNER 145.00',
        'SUB TOTAL 295.00',
        'SERVICE CHARGE 10% 29.50',
        'GST 6% 19.47',
        'ROUNDING ADJ -0.02',
        'nL [UTAL 343.9%',
      ]),
    ).toBe('343.95');
  });

  it('takes the cash paid that the printed tax and rate confirm over a misread total line', () => {
    expect(
      totalOf([
        'KEDAI CONTOH',
        'Cheese Slice 1 RM12.60',
        'Grand Total a | 30',
        '(Bill Inclusive of 6% GST : RM2.90)',
        'Cash RM51.30',
      ]),
    ).toBe('51.30');
  });

  it('reads "Total (Excluding GST)" as the subtotal, not the total', () => {
    const data = readFields(
      receiptText([
        'KEDAI CONTOH',
        'Total (Excluding GST): 2.27',
        'GST payable (6%): 0.13',
        'Total (Tnclusive of £7; 2.40',
      ]),
    );
    expect(data.amounts).toMatchObject({ total: '2.40', subtotal: '2.27', tax: '0.13' });
  });
});
