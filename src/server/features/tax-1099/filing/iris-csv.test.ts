import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Form1099Type } from '../../../../shared/contracts/tax-1099';
import { IRIS_MAX_ROWS_PER_FILE, IRIS_REQUIRED, type IrisRow, buildIrisCsv, irisHeaders, splitIrisRows } from './iris-csv';

/**
 * A reader-side check of an IRIS CSV: the header row equals the template's, every row fills the
 * template's required columns, amounts are plain decimals with two places, TINs are nine digits, ZIP
 * codes five or nine digits, and indicators are Y or N.
 */
function checkIrisCsv(text: string, formType: Form1099Type): string[] {
  const errors: string[] = [];
  const rows = parse(text, { relax_column_count: true }) as string[][];
  const [header, ...body] = rows;
  if (JSON.stringify(header) !== JSON.stringify(irisHeaders(formType))) errors.push('The header row is not the template');
  if (!text.endsWith('\r\n')) errors.push('Lines do not end with CRLF');
  body.forEach((row, index) => {
    const where = `Row ${index + 2}`;
    if (row.length !== (header ?? []).length) errors.push(`${where}: ${row.length} columns, the header has ${(header ?? []).length}`);
    const value = (name: string) => row[(header ?? []).indexOf(name)] ?? '';
    for (const name of IRIS_REQUIRED) if (!value(name)) errors.push(`${where}: ${name} is required`);
    for (const name of ['Payer Taxpayer ID Number', 'Recipient Taxpayer ID Number']) if (!/^\d{9}$/.test(value(name))) errors.push(`${where}: ${name} is not 9 digits`);
    for (const name of ['Payer ZIP/Postal Code', 'Recipient ZIP/Postal Code']) if (!/^(\d{5}|\d{9})$/.test(value(name))) errors.push(`${where}: ${name} is not 5 or 9 digits`);
    let amounts = 0;
    for (const name of (header ?? []).filter((h) => /^(Box \d+|State \d) - .*(compensation|rents|royalties|income|withheld|proceeds|payments|interest|attorney|resale|deferrals)$/i.test(h) && !/direct sales/i.test(h))) {
      const cell = value(name);
      if (cell === '') continue;
      if (!/^\d+\.\d{2}$/.test(cell)) errors.push(`${where}: ${name} "${cell}" is not an amount like 1234.50`);
      else amounts += 1;
    }
    if (amounts === 0) errors.push(`${where}: no amount`);
    for (const name of (header ?? []).filter((h) => /^(2nd TIN Notice|FATCA Filing Requirements)$|direct sales/i.test(h))) if (!/^[YN]$/.test(value(name))) errors.push(`${where}: ${name} is not Y or N`);
    if (!['I', 'B'].includes(value('Recipient Name Type'))) errors.push(`${where}: Recipient Name Type is not I or B`);
    if (value('Recipient Name Type') === 'I' && !value('Recipient Last Name (Surname)')) errors.push(`${where}: an individual needs a last name`);
    if (value('Recipient Name Type') === 'B' && !value('Recipient Business or Entity Name Line 1')) errors.push(`${where}: a business needs its name`);
  });
  return errors;
}

const payer = { tinType: 'ein' as const, tin: '123456789', name: 'Northwind, "Bookkeeping" LLC', address: '100 Main St', city: 'Austin', state: 'tx', zipCode: '78701', phone: '(512) 555-0100', email: 'ap@example.test' };
const row = (overrides: Partial<IrisRow>): IrisRow => ({
  tinType: 'ssn',
  tin: '123456789',
  name: 'Jane Q Doe',
  address: '5 Elm St, Apt 4',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75001-1234',
  corrected: false,
  accountNumber: 'V1',
  amounts: { nec_1: 125_000 },
  ...overrides,
});
const cells = (text: string, formType: Form1099Type, line = 1) => {
  const rows = parse(text) as string[][];
  return Object.fromEntries(irisHeaders(formType).map((h, i) => [h, rows[line]?.[i] ?? '']));
};

describe('IRIS CSV', () => {
  it('writes the 1099-NEC template header and one row per return that passes the template checks', () => {
    const text = buildIrisCsv({ year: 2025, formType: 'nec', payer, rows: [row({}), row({ tinType: 'ein', tin: '201234567', name: 'Acme Plumbing Co', amounts: { nec_1: 60_001 } })] });
    expect(checkIrisCsv(text, 'nec')).toEqual([]);
    const jane = cells(text, 'nec');
    expect(jane['Form Type']).toBe('1099-NEC');
    expect(jane['Tax Year']).toBe('2025');
    expect(jane['Payer Taxpayer ID Number']).toBe('123456789');
    expect(jane['Payer Business or Entity Name Line 1']).toBe('Northwind, "Bookkeeping" LLC');
    expect(jane['Payer State/Province/Territory']).toBe('TX');
    expect(jane['Recipient Name Type']).toBe('I');
    expect(jane['Recipient First Name']).toBe('Jane');
    expect(jane['Recipient Middle Name']).toBe('Q');
    expect(jane['Recipient Last Name (Surname)']).toBe('Doe');
    expect(jane['Recipient Address Line 1']).toBe('5 Elm St, Apt 4');
    expect(jane['Recipient ZIP/Postal Code']).toBe('750011234');
    expect(jane['Box 1 - Nonemployee Compensation']).toBe('1250.00');
    expect(jane['2nd TIN Notice']).toBe('N');
    expect(jane['Box 2 - Payer made direct sales totaling $5000 or more of consumer products to a recipient for resale']).toBe('N');
    expect(jane['Payer Phone Type']).toBe('D');
    expect(jane['Payer Phone']).toBe('5125550100');
    const acme = cells(text, 'nec', 2);
    expect(acme['Recipient Name Type']).toBe('B');
    expect(acme['Recipient Business or Entity Name Line 1']).toBe('Acme Plumbing Co');
    expect(acme['Box 1 - Nonemployee Compensation']).toBe('600.01');
  });

  it('writes 1099-MISC boxes in their columns', () => {
    const text = buildIrisCsv({ year: 2025, formType: 'misc', payer, rows: [row({ tinType: 'ein', tin: '301234567', name: 'Oak Properties', amounts: { misc_1: 2_400_000, misc_10: 150_000, misc_6: 5 } })] });
    expect(checkIrisCsv(text, 'misc')).toEqual([]);
    const oak = cells(text, 'misc');
    expect(oak['Box 1 - Rents']).toBe('24000.00');
    expect(oak['Box 6 - Medical and health care payments']).toBe('0.05');
    expect(oak['Box 10 - Gross proceeds paid to an attorney']).toBe('1500.00');
    expect(oak['Box 3 - Other Income']).toBe('');
    expect(oak['FATCA Filing Requirements']).toBe('N');
    expect(oak['Box 7 - Direct sales of $5000 or more of consumer products to a recipient for resale']).toBe('N');
  });

  it('writes the header rows of the portal templates, word for word as the public exporters have them', () => {
    // Typed from ACS-John/Dev-5 Core/Print/1099-NEC.br.brs and 1099-Misc.br.brs and a VB exporter's
    // CommonHeader/NECHeader/MiscHeader (they agree); not read from iris-csv.ts.
    const common =
      'Form Type,Tax Year,Payer TIN Type,Payer Taxpayer ID Number,Payer Name Type,Payer Business or Entity Name Line 1,Payer Business or Entity Name Line 2,Payer First Name,Payer Middle Name,Payer Last Name (Surname),Payer Suffix,Payer Country,Payer Address Line 1,Payer Address Line 2,Payer City/Town,Payer State/Province/Territory,Payer ZIP/Postal Code,Payer Phone Type,Payer Phone,Payer Email Address,' +
      'Recipient TIN Type,Recipient Taxpayer ID Number,Recipient Name Type,Recipient Business or Entity Name Line 1,Recipient Business or Entity Name Line 2,Recipient First Name,Recipient Middle Name,Recipient Last Name (Surname),Recipient Suffix,Recipient Country,Recipient Address Line 1,Recipient Address Line 2,Recipient City/Town,Recipient State/Province/Territory,Recipient ZIP/Postal Code,Office Code,Form Account Number';
    const states =
      'Combined Federal/State Filing,State 1,State 1 - State Tax Withheld,State 1 - State/Payer state number,State 1 - State income,State 1 - Local income tax withheld,State 1 - Special Data Entries,' +
      'State 2,State 2 - State Tax Withheld,State 2 - State/Payer state number,State 2 - State income,State 2 - Local income tax withheld,State 2 - Special Data Entries';
    const nec = '2nd TIN Notice,Box 1 - Nonemployee Compensation,Box 2 - Payer made direct sales totaling $5000 or more of consumer products to a recipient for resale,Box 4 - Federal income tax withheld';
    const misc =
      'FATCA Filing Requirements,2nd TIN Notice,Box 1 - Rents,Box 2 - Royalties,Box 3 - Other Income,Box 4 - Federal income tax withheld,Box 5 - Fishing boat proceeds,Box 6 - Medical and health care payments,' +
      'Box 7 - Direct sales of $5000 or more of consumer products to a recipient for resale,Box 8 - Subtitute payments in lieu of dividends or interest,Box 9 - Crop insurance proceeds,Box 10 - Gross proceeds paid to an attorney,' +
      'Box 11 - Fish purchased for resale,Box 12 - Section 409A deferrals,Box 14 - Excess golden parachute payments,Box 15 - Nonqualified deferred compensation';
    const firstLine = (text: string) => text.split('\r\n')[0];
    expect(firstLine(buildIrisCsv({ year: 2025, formType: 'nec', payer, rows: [row({})] }))).toBe(`${common},${nec},${states}`);
    expect(firstLine(buildIrisCsv({ year: 2025, formType: 'misc', payer, rows: [row({ amounts: { misc_1: 100 } })] }))).toBe(`${common},${misc},${states}`);
    expect(irisHeaders('nec')).toHaveLength(37 + 4 + 13);
    expect(irisHeaders('misc')).toHaveLength(37 + 16 + 13);
  });

  it('splits a long list into upload files of at most 100 rows, in order', () => {
    expect(IRIS_MAX_ROWS_PER_FILE).toBe(100);
    const rows = Array.from({ length: 205 }, (_, i) => i);
    const parts = splitIrisRows(rows);
    expect(parts.map((p) => p.length)).toEqual([100, 100, 5]);
    expect(parts.flat()).toEqual(rows);
    expect(splitIrisRows([])).toEqual([]);
    expect(splitIrisRows(rows.slice(0, 100))).toHaveLength(1);
  });

  it('refuses a corrected return: the template has no corrected indicator, a row would be a second original', () => {
    expect(() => buildIrisCsv({ year: 2025, formType: 'nec', payer, rows: [row({ corrected: true })] })).toThrow(/no corrected indicator/);
  });

  it('quotes commas and quotes as plain CSV, so every row keeps the header width', () => {
    const text = buildIrisCsv({ year: 2025, formType: 'nec', payer, rows: [row({ address: '1 "Big" Rd, Unit 2' })] });
    expect(text).toContain('"1 ""Big"" Rd, Unit 2"');
    expect(checkIrisCsv(text, 'nec')).toEqual([]);
  });

  it('the check catches a wrong header, a short TIN, a bad amount and a missing field', () => {
    const good = buildIrisCsv({ year: 2025, formType: 'nec', payer, rows: [row({})] });
    expect(checkIrisCsv(good.replace('Box 1 - Nonemployee Compensation', 'Box 1'), 'nec')).toContain('The header row is not the template');
    expect(checkIrisCsv(good.replace(',123456789,I,', ',12345678,I,'), 'nec').join()).toMatch(/Recipient Taxpayer ID Number is not 9 digits/);
    expect(checkIrisCsv(good.replace('1250.00', '1,250'), 'nec').join()).toMatch(/not an amount|columns/);
    expect(checkIrisCsv(good.replace('1250.00', '1250.5'), 'nec').join()).toMatch(/"1250.5" is not an amount/);
    expect(checkIrisCsv(good.replace(',Dallas,', ',,'), 'nec').join()).toMatch(/Recipient City\/Town is required/);
    expect(checkIrisCsv(buildIrisCsv({ year: 2025, formType: 'misc', payer, rows: [row({ amounts: { nec_1: 100 } })] }), 'misc').join()).toMatch(/no amount/);
  });
});
