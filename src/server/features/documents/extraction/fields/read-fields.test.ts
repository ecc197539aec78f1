import { describe, expect, it } from 'vitest';
import type { TextLine, Word } from '../text-line';
import { buildDocumentText } from './document-text';
import { readFields } from './read-fields';

/** Lines from [x, text] cells per row; rows are spaced like 10 pt text on A4, [] is a blank row. */
function page(rows: [number, string][][]): TextLine[] {
  return rows.flatMap((cells, index) => {
    if (cells.length === 0) return [];
    const y = 0.05 + index * 0.02;
    const words: Word[] = cells.map(([x, text]) => ({
      page: 1,
      text,
      x,
      y,
      width: text.length * 0.008,
      height: 0.012,
    }));
    const first = words[0];
    const last = words.at(-1);
    const line: TextLine = {
      page: 1,
      text: words.map((word) => word.text).join(' '),
      words,
      x: first?.x ?? 0,
      y,
      width: (last ? last.x + last.width : 0) - (first?.x ?? 0),
      height: 0.012,
    };
    return [line];
  });
}

describe('reading fields from lines', () => {
  it('does not take the customer in the "Bill to" block for the vendor', () => {
    const data = readFields(
      buildDocumentText(
        page([
          [[0.08, 'Bill to:']],
          [[0.08, 'Globex Holdings Inc.']],
          [[0.08, '1 Main Street']],
          [[0.6, 'Invoice # 5531']],
          [
            [0.6, 'Total Due'],
            [0.8, '$1,250.00'],
          ],
          [],
          [],
          [[0.08, 'Thank you for choosing Initech Consulting LLC']],
        ]),
        'pdf-text',
      ),
    );
    expect(data.vendor.name).toBe('Initech Consulting LLC');
    expect(data.amounts.total).toBe('1250.00');
    expect(data.currency).toBe('USD');
    expect(data.documentNumbers.invoiceNumber).toBe('5531');
  });

  it('takes the rounded amount on a receipt that prints a rounding line', () => {
    const data = readFields(
      buildDocumentText(
        page([
          [[0.3, 'KEDAI MAJU JAYA SDN BHD']],
          [[0.3, 'Date: 16/06/2018']],
          [
            [0.3, 'Total Amount:'],
            [0.6, 'RM7.72'],
          ],
          [
            [0.3, 'Rounding:'],
            [0.6, '-RM0.02'],
          ],
          [
            [0.3, 'Nett Total:'],
            [0.6, 'RM7.70'],
          ],
          [
            [0.3, 'CASH'],
            [0.6, 'RM10.00'],
          ],
          [
            [0.3, 'Change'],
            [0.6, 'RM2.30'],
          ],
        ]),
        'ocr',
      ),
    );
    expect(data.amounts.total).toBe('7.70');
    expect(data.currency).toBe('MYR');
    expect(data.dates.issueDate).toBe('2018-06-16');
  });

  it('reads German labels and values printed under column headings', () => {
    const data = readFields(
      buildDocumentText(
        page([
          [[0.08, 'Musterbau GmbH']],
          [
            [0.08, 'Rechnungsnummer'],
            [0.4, 'Rechnungsdatum'],
            [0.7, 'Fälligkeitsdatum'],
          ],
          [
            [0.08, 'RE-2024-117'],
            [0.4, '03.04.2024'],
            [0.7, '17.04.2024'],
          ],
          [
            [0.5, 'Nettobetrag'],
            [0.8, '1.000,00 €'],
          ],
          [
            [0.5, 'MwSt. 19 %'],
            [0.8, '190,00 €'],
          ],
          [
            [0.5, 'Gesamtbetrag'],
            [0.8, '1.190,00 €'],
          ],
        ]),
        'pdf-text',
      ),
    );
    expect(data.vendor.name).toBe('Musterbau GmbH');
    expect(data.documentNumbers.invoiceNumber).toBe('RE-2024-117');
    expect(data.dates).toEqual({ issueDate: '2024-04-03', dueDate: '2024-04-17' });
    expect(data.amounts).toEqual({ total: '1190.00', subtotal: '1000.00', tax: '190.00' });
    expect(data.currency).toBe('EUR');
  });

  it('counts a due date from payment terms when none is printed', () => {
    const data = readFields(
      buildDocumentText(
        page([
          [[0.08, 'Acme Supplies Ltd']],
          [[0.6, 'Invoice Date: 01/03/2024']],
          [[0.08, 'Payment terms: Net 30 days']],
          [
            [0.6, 'Total'],
            [0.8, '£80.00'],
          ],
        ]),
        'pdf-text',
      ),
    );
    expect(data.dates).toEqual({ issueDate: '2024-03-01', dueDate: '2024-03-31' });
    expect(data.currency).toBe('GBP');
    expect(data.fieldConfidence.dueDate).toBeLessThan(0.7);
  });
});
