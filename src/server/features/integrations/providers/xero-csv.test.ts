import { describe, expect, it } from 'vitest';
import { xeroFileName, xeroFilesOf, xeroReadme } from './xero-csv';

describe('Xero CSV file names', () => {
  it('names one file as before and numbered files so that they sort in import order', () => {
    expect(xeroFileName('invoices', 1, 1)).toBe('xero-sales-invoices.csv');
    expect(xeroFileName('bills', 2, 3)).toBe('xero-bills-part-2-of-3.csv');
    expect(xeroFileName('invoices', 2, 12)).toBe('xero-sales-invoices-part-02-of-12.csv');
    const names = Array.from({ length: 12 }, (_, index) => xeroFileName('invoices', index + 1, 12));
    expect([...names].sort()).toEqual(names);
  });

  it('finds the files of one kind in order, and reads an export stored before the split (keyed by kind)', () => {
    const [a, b, c] = [Buffer.from('a'), Buffer.from('b'), Buffer.from('c')];
    const files = { 'xero-contacts.csv': c, 'xero-sales-invoices-part-2-of-2.csv': b, 'xero-sales-invoices-part-1-of-2.csv': a };
    expect(xeroFilesOf(files, 'invoices')).toEqual([a, b]);
    expect(xeroFilesOf(files, 'contacts')).toEqual([c]);
    expect(xeroFilesOf(files, 'bills')).toEqual([]);
    expect(xeroFilesOf({ contacts: c, invoices: a, bills: b }, 'invoices')).toEqual([a]);
    expect(xeroReadme({ contacts: c, invoices: a, bills: b })).toContain('- sales invoices: xero-sales-invoices.csv');
  });
});
