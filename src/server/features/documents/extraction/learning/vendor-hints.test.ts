import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument, learnFromCorrection, shutdownExtraction } from '../index';
import { buildTextPdf, type PlacedText } from '../test-support/build-documents';
import { buildDocumentText } from '../fields/document-text';
import { readFields } from '../fields/read-fields';
import { receiptLines } from '../test-support/receipt-lines';
import { matchVendorHints } from './vendor-hints';

afterAll(async () => {
  await shutdownExtraction();
});

// A vendor whose bills print a "Grand Total" before a deposit and the amount actually owed,
// labelled only "Total", lower down: the rules pick the grand total until a user corrects it.
function bill(owed: string, grand: string, number: string): PlacedText[] {
  return [
    { text: 'Blue Harbor Catering Ltd', x: 0.08, y: 0.08, size: 16 },
    { text: `Invoice No: ${number}`, x: 0.6, y: 0.15 },
    { text: 'Date: 02/02/2024', x: 0.6, y: 0.17 },
    { text: 'Grand Total', x: 0.55, y: 0.5 },
    { text: grand, x: 0.8, y: 0.5 },
    { text: 'Deposit received', x: 0.55, y: 0.53 },
    { text: '-50.00', x: 0.8, y: 0.53 },
    { text: 'Total', x: 0.55, y: 0.56 },
    { text: owed, x: 0.8, y: 0.56 },
    { text: 'VAT Reg No: GB123456789', x: 0.08, y: 0.9 },
  ];
}

describe('learning from corrections', () => {
  it('prefers the learned total position for the same vendor on the next bill', async () => {
    const first = await extractDocument({
      bytes: await buildTextPdf(bill('150.00', '200.00', 'BH-1001')),
      mimeType: 'application/pdf',
    });
    expect(first.amounts.total).toBe('200.00');

    const hints = learnFromCorrection(first, {
      vendorName: 'Blue Harbor Catering',
      total: '150.00',
      invoiceNumber: 'BH-1001',
      issueDate: '2024-02-02',
      category: 'Meals & Entertainment',
    });
    expect(hints).toMatchObject({
      vendorName: 'Blue Harbor Catering',
      taxId: 'GB123456789',
      category: 'Meals & Entertainment',
    });
    expect(hints.total?.label).toBe('Total');

    const next = await extractDocument({
      bytes: await buildTextPdf(bill('310.00', '360.00', 'BH-1002')),
      mimeType: 'application/pdf',
      hints: [hints],
    });
    expect(next.amounts.total).toBe('310.00');
    expect(next.vendor.name).toBe('Blue Harbor Catering');
    expect(next.suggestedCategory).toBe('Meals & Entertainment');
    expect(next.documentNumbers.invoiceNumber).toBe('BH-1002');
  });

  it('learns nothing about a position when the corrected value was never read', async () => {
    const data = await extractDocument({
      bytes: await buildTextPdf(bill('150.00', '200.00', 'BH-1001')),
      mimeType: 'application/pdf',
    });
    const hints = learnFromCorrection(data, {
      vendorName: 'Blue Harbor',
      total: 999.99,
      invoiceNumber: null,
      issueDate: null,
      category: null,
    });
    expect(hints.total).toBeNull();
    expect(hints.invoiceNumber).toBeNull();
  });

  it('matches stored hints by tax id, then name, then the name printed in the text', () => {
    const stored = [
      {
        vendorName: 'Other Co',
        vendorKey: 'otherco',
        taxId: 'DE999',
        total: null,
        invoiceNumber: null,
        category: null,
      },
      {
        vendorName: 'Blue Harbor',
        vendorKey: 'blueharbor',
        taxId: 'GB 123 456 789',
        total: null,
        invoiceNumber: null,
        category: null,
      },
    ];
    expect(
      matchVendorHints(stored, { name: null, taxId: 'GB123456789', text: '' })?.vendorName,
    ).toBe('Blue Harbor');
    expect(matchVendorHints(stored, { name: 'OTHER CO.', taxId: null, text: '' })?.vendorName).toBe(
      'Other Co',
    );
    expect(
      matchVendorHints(stored, {
        name: 'Unknown',
        taxId: null,
        text: 'Thanks for dining at Blue Harbor!',
      })?.vendorName,
    ).toBe('Blue Harbor');
    expect(
      matchVendorHints(stored, { name: 'Unknown', taxId: null, text: 'nothing here' }),
    ).toBeNull();
  });
});

describe('learning how the reader spells a vendor', () => {
  const extracted = (name: string | null) =>
    ({ vendor: { name, taxId: null, email: null }, layout: undefined }) as unknown as Parameters<
      typeof learnFromCorrection
    >[0];

  it('keeps the name read before the correction and recognises the next document by it', () => {
    const hints = learnFromCorrection(extracted('Gld Mill Kopi'), {
      vendorName: 'Old Mill Kopi House',
      total: null,
      invoiceNumber: null,
      issueDate: null,
      category: null,
    });
    expect(hints.readNames).toEqual(['gldmillkopi']);
    expect(
      matchVendorHints([hints], { name: 'GLD MILL KOPI', taxId: null, text: 'GLD MILL KOPI' })
        ?.vendorName,
    ).toBe('Old Mill Kopi House');
    expect(matchVendorHints([hints], { name: 'Other Shop', taxId: null, text: 'x' })).toBeNull();
  });

  it('keeps no reading that was already right or too short, and the latest five', () => {
    const correction = {
      vendorName: 'Old Mill Kopi House',
      total: null,
      invoiceNumber: null,
      issueDate: null,
      category: null,
    };
    expect(learnFromCorrection(extracted('OLD MILL KOPI HOUSE'), correction).readNames).toEqual([]);
    expect(learnFromCorrection(extracted('Ok'), correction).readNames).toEqual([]);
    let hints = learnFromCorrection(extracted('Reading 0'), correction);
    for (let index = 1; index <= 6; index += 1)
      hints = learnFromCorrection(extracted(`Reading ${index}`), correction, hints);
    expect(hints.readNames).toEqual(['reading2', 'reading3', 'reading4', 'reading5', 'reading6']);
  });
});

describe('learning the names and the date order of a vendor', () => {
  const correction = {
    total: null,
    invoiceNumber: null,
    issueDate: null,
    category: null,
  };
  const extracted = (name: string, vendorNames: string[]) =>
    ({
      vendor: { name, taxId: null, email: null },
      dates: { issueDate: null, dueDate: null },
      layout: { vendorNames },
    }) as unknown as Parameters<typeof learnFromCorrection>[0];

  it('remembers the seller a marketplace invoice names, without its legal form', () => {
    const hints = learnFromCorrection(
      extracted('Kettle Bazaar', ['Kettle Bazaar', 'Harbor Retail Services Pvt. Ltd.']),
      { ...correction, vendorName: 'Kettle Bazaar' },
    );
    expect(hints.readNames).toEqual(['harborretailservices']);
    const next = (name: string) =>
      matchVendorHints([hints], { name, taxId: null, text: name })?.vendorName ?? null;
    expect(next('Harbor Retail Services Private Limited')).toBe('Kettle Bazaar');
    expect(next('HARB0R RETAIL SERVlCES')).toBe('Kettle Bazaar');
    expect(next('Harbor Marine Supplies')).toBeNull();
  });

  it('does not take a short reading one slip away for the vendor', () => {
    const hints = learnFromCorrection(extracted('Kopi Hut', []), {
      ...correction,
      vendorName: 'Kopi House Bakery',
    });
    expect(hints.readNames).toEqual(['kopihut']);
    expect(matchVendorHints([hints], { name: 'Kopi Hat', taxId: null, text: '' })).toBeNull();
  });

  const receipt = (...rows: string[]) =>
    buildDocumentText(receiptLines(['HARBOR KOPI SDN BHD', ...rows, 'TOTAL RM 12.50']), 'ocr');

  it('reads the next ambiguous date in the order the correction showed', () => {
    const first = readFields(receipt('Date: 05/03/2024'));
    expect(first.dates.issueDate).toBe('2024-03-05');
    const hints = learnFromCorrection(first, {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      issueDate: '2024-05-03',
    });
    expect(hints.dateOrder).toBe('MDY');
    expect(readFields(receipt('Date: 04/06/2024'), [hints]).dates.issueDate).toBe('2024-04-06');
    // A date only one order can read shows the document's order: the learnt one gives way.
    expect(
      readFields(receipt('Date: 04/06/2024', 'Printed 25/06/2024'), [hints]).dates.issueDate,
    ).toBe('2024-06-04');
  });

  it('learns no order from a date that reads the same both ways or was not read', () => {
    const first = readFields(receipt('Date: 05/05/2024'));
    const same = learnFromCorrection(first, {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      issueDate: '2024-05-05',
    });
    expect(same.dateOrder).toBeUndefined();
    const other = learnFromCorrection(readFields(receipt('Date: 05/03/2024')), {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      issueDate: '2024-07-09',
    });
    expect(other.dateOrder).toBeUndefined();
  });

  it('learns where the vendor prints its issue date and prefers the date printed there', () => {
    // The labelled date is when the order was taken; the sale's date is printed lower down.
    const order = ['Cashier: ANN', 'Table: 4', 'Pax: 2', 'KOPI O 2.50'];
    const first = readFields(receipt('Date: 01/03/2024', ...order, 'Sold 14/03/2024'));
    expect(first.dates.issueDate).toBe('2024-03-01');
    const hints = learnFromCorrection(first, {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      issueDate: '2024-03-14',
    });
    expect(hints.issueDate?.box).not.toBeNull();
    const next = receipt('Date: 02/04/2024', ...order, 'Sold 16/04/2024');
    expect(readFields(next).dates.issueDate).toBe('2024-04-02');
    expect(readFields(next, [hints]).dates.issueDate).toBe('2024-04-16');
    // A corrected date the reader never considered teaches no place.
    const typed = learnFromCorrection(first, {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      issueDate: '2024-03-20',
    });
    expect(typed.issueDate).toBeUndefined();
  });

  it('learns the shape of the corrected number and prefers a number of that shape', () => {
    // The first receipt's number was not read at all; the user typed it.
    const hints = learnFromCorrection(readFields(receipt('Date: 25/03/2024')), {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      invoiceNumber: '58813',
    });
    expect(hints.invoiceNumber).toEqual({ label: null, box: null, shape: '99999' });
    const next = receipt('Invoice No: 58900', 'Receipt No: HK-0050');
    expect(readFields(next).documentNumbers.invoiceNumber).toBe('HK-0050');
    expect(readFields(next, [hints]).documentNumbers.invoiceNumber).toBe('58900');
    // Only among the numbers read: none of that shape, none invented.
    expect(readFields(receipt('Receipt No: HK-0051'), [hints]).documentNumbers.invoiceNumber).toBe(
      'HK-0051',
    );
  });

  it('finds a number in the learnt scheme that no label leads to, its OCR slips put back', () => {
    const hints = learnFromCorrection(readFields(receipt('Date: 25/03/2024')), {
      ...correction,
      vendorName: 'Harbor Kopi Sdn Bhd',
      invoiceNumber: 'KOP/2024-0158',
    });
    expect(hints.invoiceNumber?.shape).toBe('AAA/9999-9999');
    // Printed without a label, a zero read as the letter O.
    const unlabelled = receipt('KOP/2O24-0163 Table 5');
    expect(readFields(unlabelled).documentNumbers.invoiceNumber).toBeNull();
    expect(readFields(unlabelled, [hints]).documentNumbers.invoiceNumber).toBe('KOP/2024-0163');
    // Beside its label, a zero read as O.
    const labelled = receipt('Bill No: KOP/2024-O171');
    expect(readFields(labelled).documentNumbers.invoiceNumber).toBe('KOP/2024-O171');
    expect(readFields(labelled, [hints]).documentNumbers.invoiceNumber).toBe('KOP/2024-0171');
    // Nothing in that scheme, nothing invented.
    expect(readFields(receipt('Table 5 Pax 2'), [hints]).documentNumbers.invoiceNumber).toBeNull();
  });
});
