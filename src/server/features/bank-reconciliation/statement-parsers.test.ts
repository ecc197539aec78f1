import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectStatementFormat } from './detect-statement-format';
import { guessCsvMapping } from './guess-csv-mapping';
import { parseBai2 } from './parse-bai2';
import { parseCamt } from './parse-camt';
import { parseCsvAmount, parseCsvDate, parseCsvStatement } from './parse-csv-statement';
import { parseOfx } from './parse-ofx';
import { type ParsedStatement, type StatementSource, returnCodeFromText } from './parsed-statement';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = (name: string) => readFileSync(path.join(here, 'test-files', name));

/** The bytes in chunks of `size`: 1 splits every tag, number and multi-byte character. */
function source(bytes: Buffer, size = bytes.length): StatementSource {
  return {
    fileName: 'sample',
    async *read() {
      for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
    },
  };
}

const parsers: Array<[string, (source: StatementSource) => Promise<ParsedStatement>]> = [
  ['statement-ofx2.ofx', (s) => parseOfx(s, 2)],
  ['statement-ofx1.qfx', (s) => parseOfx(s, 1)],
  ['statement-camt053-v02.xml', parseCamt],
  ['statement-camt053-v08.xml', parseCamt],
  ['statement-camt054.xml', parseCamt],
  ['statement-bai2.txt', parseBai2],
  [
    'statement-bank-export.csv',
    (s) => parseCsvStatement(s, { date: 0, description: 1, reference: 2, debit: 3, credit: 4, dateFormat: 'DD.MM.YYYY', decimalComma: true, delimiter: ';', hasHeader: true }),
  ],
];

describe('statement parsers read streams', () => {
  it.each(parsers)('reads %s the same in 1-byte and 7-byte chunks as whole', async (file, parse) => {
    const whole = await parse(source(sample(file)));
    expect(whole.lines.length).toBeGreaterThan(0);
    expect(await parse(source(sample(file), 1))).toEqual(whole);
    expect(await parse(source(sample(file), 7))).toEqual(whole);
  });

  it.each(parsers.map(([file]) => file))('tells the format of %s from its first bytes', (file) => {
    const expected: Record<string, string> = {
      'statement-ofx2.ofx': 'ofx',
      'statement-ofx1.qfx': 'ofx1',
      'statement-camt053-v02.xml': 'camt053',
      'statement-camt053-v08.xml': 'camt053',
      'statement-camt054.xml': 'camt054',
      'statement-bai2.txt': 'bai2',
      'statement-bank-export.csv': 'csv',
    };
    // Named "upload.bin" so the extension cannot decide it.
    expect(detectStatementFormat(sample(file).subarray(0, 8192).toString('utf8'), 'upload.bin')).toBe(expected[file]);
  });
});

describe('BAI2 details', () => {
  it('skips the fields of each funds type (D with its pairs, V with date and time) to find the references', async () => {
    const file = [
      '01,BANK,CUST,260401,0600,7,,,2/',
      '02,CUST,BANK,1,260401,,USD,2/',
      '03,98765432,USD,010,100000,,/',
      '16,142,5000,D,2,0,2500,1,2500,REF-D,CUST-D,DISTRIBUTED',
      '16,451,1500,V,260402,1200,REF-V,,VALUE DATED DEBIT/',
      '49,106500,4/',
      '98,106500,1,6/',
      '99,106500,1,8/',
    ].join('\r\n');
    const parsed = await parseBai2(source(Buffer.from(file)));
    expect(parsed).toMatchObject({ account: '98765432', openingBalance: 100000, closingBalance: null });
    expect(parsed.lines.map((line) => [line.amountCents, line.bankRef, line.reference, line.description])).toEqual([
      [5000, 'REF-D', 'CUST-D', 'DISTRIBUTED'],
      [-1500, 'REF-V', null, 'VALUE DATED DEBIT'],
    ]);
  });
});

describe('CSV values', () => {
  it.each([
    ['1,234.56', false, 123456],
    ['-12.00', false, -1200],
    ['(45.10)', false, -4510],
    ['45.10-', false, -4510],
    ['$1,000', false, 100000],
    ['12.50 DR', false, -1250],
    ['12.50 CR', false, 1250],
    ['1.234,56', true, 123456],
    ['-0,99', true, -99],
    ['€ 7,5', true, 750],
  ])('reads %s (decimal comma %s) as %i cents', (text, comma, cents) => {
    expect(parseCsvAmount(text, comma)).toBe(cents);
  });

  it.each([['12.345'], ['abc'], ['12.50 XX']])('refuses %s', (text) => {
    expect(parseCsvAmount(text, false)).toBeNull();
  });

  it('reads days only when they exist in the format given', () => {
    expect(parseCsvDate('03/04/2026', 'MM/DD/YYYY')).toBe('2026-03-04');
    expect(parseCsvDate('03/04/2026', 'DD/MM/YYYY')).toBe('2026-04-03');
    expect(parseCsvDate('31.02.2026', 'DD.MM.YYYY')).toBeNull();
    expect(parseCsvDate('20260229', 'YYYYMMDD')).toBeNull();
    expect(parseCsvDate('2026-03-04T10:00:00', 'YYYY-MM-DD')).toBe('2026-03-04');
  });

  it('guesses an English export with one signed amount column and US dates', () => {
    const rows = [
      ['Posting Date', 'Description', 'Amount', 'Check Number'],
      ['03/28/2026', 'ACH DEPOSIT', '1,200.00', ''],
      ['03/31/2026', 'CHECK', '-75.25', '1001'],
    ];
    expect(guessCsvMapping(rows, ',')).toEqual({
      date: 0,
      description: 1,
      amount: 2,
      debit: null,
      credit: null,
      reference: 3,
      dateFormat: 'MM/DD/YYYY',
      decimalComma: false,
      delimiter: ',',
      hasHeader: true,
    });
  });
});

describe('ACH return codes', () => {
  it.each([
    [['ACH RETURN R01 INSUFFICIENT FUNDS'], 'R01'],
    [['RETURNED ITEM', 'reason r29'], 'R29'],
    [['RTN R03 NO ACCOUNT'], 'R03'],
    [['R10 STORE #4411 COFFEE'], null],
    [['RETURN OF GOODS REFUND'], null],
  ])('reads %j as %s', (texts, code) => {
    expect(returnCodeFromText(...texts)).toBe(code);
  });
});

describe('OFX 1.x character sets', () => {
  it('reads a CHARSET:1252 file as Latin-1', async () => {
    const text = sample('statement-ofx1.qfx').toString('latin1').replace('BLUE HERON DESIGN', 'CAFÉ MÜLLER');
    const parsed = await parseOfx(source(Buffer.from(text, 'latin1'), 5), 1, 'latin1');
    expect(parsed.lines[0]?.counterparty).toBe('CAFÉ MÜLLER');
  });
});
