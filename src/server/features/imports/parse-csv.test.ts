import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './parse-csv';

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

  it('stops past maxRecords', () => {
    expect(() => parseCsv('h\n1\n2\n3\n', { maxRecords: 3 })).toThrow(CsvError);
    expect(parseCsv('h\n1\n2\n', { maxRecords: 3 })).toHaveLength(3);
  });
});
