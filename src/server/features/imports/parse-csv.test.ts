import { describe, expect, it } from 'vitest';
import { CsvError, CsvLimitError, detectDelimiter, parseCsv } from './parse-csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks (RFC 4180)', () => {
    const text = 'name,notes\r\n"Acme, Inc.","He said ""hi""\r\nthen left"\r\nBeta,plain\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'notes'],
      ['Acme, Inc.', 'He said "hi"\r\nthen left'],
      ['Beta', 'plain'],
    ]);
  });

  it('takes LF endings, a byte order mark, empty fields, a last line without a break, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b,c\n1,,3\n\n4,5,')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['4', '5', ''],
    ]);
  });

  it('keeps formula-looking cells as plain text', () => {
    expect(parseCsv('name\n"=HYPERLINK(""http://x"",""y"")"\n')).toEqual([['name'], ['=HYPERLINK("http://x","y")']]);
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvError);
    expect(() => parseCsv('a\n"x"y')).toThrow(/line 2/i);
  });

  it('reads semicolon separated files (Excel where the comma is the decimal point), with quoted semicolons and commas', () => {
    const text = 'name;amount;notes\r\n"Dupont; Fils";12,50;"a ""b"", c"\r\nMüller GmbH;3,00;\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'amount', 'notes'],
      ['Dupont; Fils', '12,50', 'a "b", c'],
      ['Müller GmbH', '3,00', ''],
    ]);
  });

  it('reads tab separated files, a tab or comma inside quotes staying in its field, and a line break in a quoted field', () => {
    const text = 'name\temail\tnotes\nAcme, Inc.\tap@acme.example\t"two\tcolumns\nno"\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'email', 'notes'],
      ['Acme, Inc.', 'ap@acme.example', 'two\tcolumns\nno'],
    ]);
  });

  it('reads a UTF-8 byte order mark before a semicolon header, and CRLF and LF lines in one file', () => {
    expect(parseCsv('\uFEFFname;email\r\nŁódź Sp. z o.o.;biuro@lodz.example\nØrsted;hi@orsted.example')).toEqual([
      ['name', 'email'],
      ['Łódź Sp. z o.o.', 'biuro@lodz.example'],
      ['Ørsted', 'hi@orsted.example'],
    ]);
  });

  it('detects the separator from the header line, outside quotes', () => {
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('"a,b,c";d;e\n')).toBe(';');
    expect(detectDelimiter('"x, y"\tz\n')).toBe('\t');
    expect(detectDelimiter('"line\nbreak";b\n')).toBe(';');
    expect(detectDelimiter('name\n')).toBe(',');
  });

  it('refuses a quote inside an unquoted field, naming the line', () => {
    expect(() => parseCsv('a,b\n1,Acme "East"\n')).toThrow(/^Line 2: a quote inside a field/);
  });

  it('stops past maxRecords', () => {
    expect(() => parseCsv('h\n1\n2\n3\n', { maxRecords: 3 })).toThrow(CsvError);
    expect(parseCsv('h\n1\n2\n', { maxRecords: 3 })).toHaveLength(3);
  });

  it('stops at the first field past maxColumns and at a record past maxRecordLength, not at the end of the line', () => {
    expect(parseCsv('a,b,c\n1,2,3\n', { maxColumns: 3 })).toHaveLength(2);
    expect(() => parseCsv('a,b,c\n1,2,3,4\n', { maxColumns: 3 })).toThrow(new CsvLimitError('The file has more than 3 columns: remove the columns you do not import and upload it again'));
    // Millions of commas: refused after 500 fields by default, long before the line is read.
    const commas = `h\n${','.repeat(5_000_000)}\n`;
    const started = Date.now();
    expect(() => parseCsv(commas)).toThrow(/more than 500 columns/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(parseCsv(`h\n${'x'.repeat(10)}\n`, { maxRecordLength: 11 })).toHaveLength(2);
    expect(() => parseCsv(`h\n${'x'.repeat(12)}\n`, { maxRecordLength: 11 })).toThrow(/^Line 2 is longer than 11 characters/);
    // A quoted field with line breaks counts as one record, reported at the line it starts on.
    expect(() => parseCsv(`h\n"${'x\n'.repeat(10)}"\n`, { maxRecordLength: 15 })).toThrow(/^Line 2 is longer/);
  });
});
