import { describe, expect, it } from 'vitest';
import { receiptLines, receiptText } from '../test-support/receipt-lines';
import { buildDocumentText } from './document-text';
import { findPayments } from './find-payments';
import { readFields } from './read-fields';

const totalOf = (rows: string[]): string | null => readFields(receiptText(rows)).amounts.total;

describe('payments on a receipt', () => {
  it('reads tendered amounts and what was paid after change', () => {
    expect(findPayments(receiptText(['TOTAL 33.90', 'CASH 50.00', 'CHANGE 16.10']))).toEqual({
      tendered: [5000],
      paid: 3390,
      changeGiven: true,
    });
  });

  it('reads German and French cash and change words as the total rules know them', () => {
    const paid = (rows: string[]) => findPayments(receiptText(rows)).paid;
    expect(paid(['Summe 21,42', 'Barzahlung 30,00', 'Wechselgeld 8,58'])).toBe(2142);
    expect(paid(['TOTAL TTC 27,00', 'ESPÈCES 40,00', 'MONNAIE RENDUE 13,00'])).toBe(2700);
  });

  it('takes a change of "00" as none', () => {
    expect(findPayments(receiptText(['CREDIT CARD 61.65', 'CHANGE 00']))).toEqual({
      tendered: [6165],
      paid: 6165,
      changeGiven: false,
    });
  });

  it('knows nothing was paid without a change line', () => {
    expect(findPayments(receiptText(['TOTAL 9.00', 'CASH 10.00'])).paid).toBeNull();
  });
});

describe('choosing the total of a receipt', () => {
  it('reads a tax whose amount wraps to the next line, and reconciles the total with it', () => {
    const rows = [
      'MOON CAFE',
      '3 NOODLE @7.00        21.00',
      'SUB TOTAL            21.00',
      'GST 6%',
      '                     1.26',
      'ROUNDING ADJ         -0.01',
      'NET TOTAL             2.05',
      'CASH                 22.25',
      'CHANGE                0.00',
    ];
    expect(readFields(receiptText(rows)).amounts.tax).toBe('1.26');
    expect(totalOf(rows)).toBe('22.25');
  });

  it('prefers the amount that subtotal, tax, rounding and the payment agree on over a misread total line', () => {
    expect(
      totalOf([
        'KEDAI CONTOH',
        'SUB TOTAL 21.00',
        'GST 6% 1.26',
        'ROUNDING ADJ -0.01',
        'NET TOTAL 2.05',
        'CASH 30.00',
        'CHANGE 7.75',
      ]),
    ).toBe('22.25');
  });

  it('takes what was paid when the cash line and tendered less change agree', () => {
    expect(
      totalOf([
        'SubTotal RM8.60',
        'Total Sales Incl GST @ 6% RM 60',
        'Cash 8.60',
        'Tendered 9.00',
        'Change 0.40',
      ]),
    ).toBe('8.60');
  });

  it('keeps the printed total when nothing else agrees on another amount', () => {
    expect(totalOf(['TOTAL 18.40', 'CASH 20.00'])).toBe('18.40');
  });

  it('does not take the amount tendered for the total', () => {
    expect(totalOf(['Amount Incl. GST 5.00', 'Accepted total 10.00', 'Change 5.00'])).toBe('5.00');
  });

  it('takes the total after rounding printed on a line labelled only "Rounding"', () => {
    expect(
      totalOf([
        'Total Sales (Inclusive GST) RM 72.74',
        'Rounding Adjustment RM 0.01',
        'Rounding RM 72.75',
        'CASH RM 100.00',
      ]),
    ).toBe('72.75');
  });

  it('takes the total rounded to 5 cents below a total a cent or two off, its rounding line unread', () => {
    const rows = [
      'SUB TOTAL 123.60',
      'GST 6% 7.42',
      'TOTAL 131.02',
      'R~UND!~G -O.O2',
      'TOTAL PAYABLE 131.00',
    ];
    expect(totalOf(rows)).toBe('131.00');
    // Not a total printed above, nor one that is not in whole 5 cents.
    expect(
      totalOf(['TOTAL PAYABLE 131.00', 'SUB TOTAL 123.60', 'GST 6% 7.42', 'TOTAL 131.02']),
    ).toBe('131.02');
    expect(
      totalOf(['SUB TOTAL 123.60', 'GST 6% 7.42', 'TOTAL 131.02', 'TOTAL PAYABLE 131.01']),
    ).toBe('131.02');
  });

  it('takes the rounded total that subtotal, tax and rounding add up to, its label misread', () => {
    const rows = [
      'SUB TOTAL 463.78',
      'GST @6% 27.83',
      'TOTAL 491.61',
      'ROUNDING -0.01',
      'NETT T0TAL 491.60',
    ];
    expect(totalOf(rows)).toBe('491.60');
  });

  it('reads a total whose decimal point OCR lost when what was paid agrees with it', () => {
    const paid = ['CASH RM 300.00', 'CHANGE RM 39.10'];
    expect(
      totalOf(['SUB TOTAL 237.20', 'SERVICE CHARGE 10% 23.72', 'TOTAL RM 26090', ...paid]),
    ).toBe('260.90');
    // Nothing agrees with the reading without its point: it is not taken.
    expect(totalOf(['TOTAL RM 26090', 'CASH RM 30000.00'])).not.toBe('260.90');
  });

  it('takes a total in whole 5 cents a cent or two from what subtotal and tax add up to as rounded', () => {
    const rows = [
      'Total Sales (Excluding GST) 113.52',
      'Total GST 6.81',
      'Total Sales (Inclusive of GST) : 120.35',
      'GST SUMMARY',
      'SR 6 113.52 6.81',
    ];
    expect(totalOf(rows)).toBe('120.35');
  });

  it('adds the rounding to the total line when what was paid agrees and the rounded total was lost', () => {
    expect(totalOf(['TOTAL 23.14', 'ROUNDING 0.01', 'CASH 40.00', 'CHANGE 16.85'])).toBe('23.15');
    // With nothing paid to agree, the rounding printed under the total still makes what is paid.
    expect(totalOf(['TOTAL 23.14', 'ROUNDING 0.01', 'CASH 40.00'])).toBe('23.15');
  });

  it('never takes cash handed over in German or French for the total, its total label misread', () => {
    const german = [
      'Kaffee 2 x 10,71   21,42',
      '5umme EUR 21,42',
      'Gegeben Bar 30,00',
      'Rückgeld 8,58',
    ];
    expect(totalOf(german)).toBe('21.42');
    const french = [
      'Croissant 2 x 13,50   27,00',
      'T0TRL TTC 27,00 €',
      'ESPÈCES 40,00',
      'RENDU 13,00',
    ];
    expect(totalOf(french)).toBe('27.00');
  });

  it('takes the amount the tax at its rate fits for a total printed once with one digit misread', () => {
    // 38.90 incl. 6% is 2.20 of tax; "88.90" is 38.90 with its 3 read as 8.
    expect(totalOf(['TOTAL RM 88.90', 'GST 6% 2.20'])).toBe('38.90');
    // "343.28" is 348.28, and the total printed below it is that amount rounded for cash.
    expect(totalOf(['TOTAL 343.28', 'GST 6% 19.71', 'TOTAL PAYABLE 348.30'])).toBe('348.30');
  });

  it('keeps the printed total when anything confirms an amount, or the tax cannot tell', () => {
    // The payment confirms it.
    expect(totalOf(['TOTAL RM 88.90', 'GST 6% 2.20', 'CASH 100.00', 'CHANGE 11.10'])).toBe('88.90');
    // Printed twice the same: not one misread.
    expect(totalOf(['TOTAL 88.90', 'GST 6% 2.20', 'NET TOTAL 88.90'])).toBe('88.90');
    // The tax label took the total's own amount.
    expect(totalOf(['TOTAL TTC 12,00 €', 'TVA 20% 12,00'])).toBe('12.00');
    // Two misreadings the tax fits (38.90 and 38.93).
    expect(totalOf(['TOTAL 38.98', 'GST 6% 2.20'])).toBe('38.98');
    // A tax that fits the total as printed.
    expect(totalOf(['TOTAL RM 38.90', 'GST 6% 2.20'])).toBe('38.90');
  });

  it('reads "RM 88 17" on a total line as 88.17 when what was paid agrees with it', () => {
    const rows = ['Total RM 88 17', 'Visa RM 88.17', 'Total Gross RM 86.17'];
    expect(totalOf(rows)).toBe('88.17');
    expect(totalOf(['Total RM 88 17', 'Total Gross RM 86.17'])).toBe('86.17');
  });

  it('reads total labels as OCR misreads them', () => {
    expect(totalOf(['Totsl RM 12.57'])).toBe('12.57');
    expect(totalOf(['T0TAL 8.10'])).toBe('8.10');
  });
});

describe('labels read with OCR slips', () => {
  it('takes "GSTI" as "GST)" in a subtotal label, so the breakdown confirms the total', () => {
    expect(
      totalOf([
        'KEDAI CONTOH',
        'Sales (Excluding GSTI 7.00',
        'Total GST 0.42',
        'CASH 7.42',
        '|| Total: 7.00',
      ]),
    ).toBe('7.42');
  });

  it('takes "Total (GST Incl)" as a total, not a tax, its closing bracket read or not', () => {
    const rows = (total: string) => [
      'KEDAI CONTOH',
      'SUBTOTAL 8.37',
      total,
      'CASH 40.35',
      'ROUNDING ADJUSTMENTS 0.02-',
      'CHANGE DUE 2.00',
    ];
    expect(totalOf(rows('TOTAL (GST INCLI 38.37'))).toBe('38.37');
    expect(totalOf(rows('TOTAL (GST INCL) 38.37'))).toBe('38.37');
    expect(totalOf(rows('Total (incl. VAT) 38.37'))).toBe('38.37');
  });
});

describe('a total whose amount wraps to the next line', () => {
  it('takes the amount printed alone under a total label that ends its line, as labelled', () => {
    const data = readFields(
      receiptText([
        'KEDAI CONTOH',
        'NASI LEMAK          19.90',
        'TEH O                1.00',
        'Total Amount',
        '                 RM 24.40',
      ]),
    );
    expect(data.amounts.total).toBe('24.40');
    expect(data.fieldConfidence.total).toBeGreaterThan(0.5);
  });

  it('does not take a payment line for the amount under a total label', () => {
    const rows = ['SUB TOTAL 297.14', 'GRAND TOTAL RM', '                346.45', 'CASH RM 350.00'];
    expect(totalOf([...rows, 'CHANGE RM 3.55'])).toBe('346.45');
  });

  it('does not take an item line under the label', () => {
    expect(totalOf(['KEDAI CONTOH', 'Total', 'TEH O 2 1.00', 'Total 3.00'])).toBe('3.00');
  });
});

describe('a total line read taller than the rest', () => {
  it('is no surer a total for its size (a tilted photo draws lines taller)', () => {
    const lines = receiptLines(['KEDAI CONTOH', 'TOTAL RM 9.50', 'TOTAL 10.50', 'THANK YOU']);
    const tall = lines.map((line) =>
      line.text.includes('9.50') ? { ...line, height: line.height * 2 } : line,
    );
    const read = (rows: typeof lines) => readFields(buildDocumentText(rows, 'ocr')).amounts.total;
    expect(read(tall)).toBe(read(lines));
    const tallTen = lines.map((line) =>
      line.text.includes('10.50') ? { ...line, height: line.height * 2 } : line,
    );
    expect(read(tallTen)).toBe(read(lines));
  });
});
