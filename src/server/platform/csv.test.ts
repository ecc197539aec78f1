import { describe, expect, it } from 'vitest';
import { csvFileName, moneyCell, toCsv, toCsvRows } from './csv';

describe('toCsv', () => {
  const columns = [
    { header: 'Name', value: (row: { name: string; fee: string | null }) => row.name },
    { header: 'Fee', value: (row: { name: string; fee: string | null }) => row.fee },
  ];

  it('quotes commas, quotes and line breaks, with CRLF lines and a byte order mark', () => {
    const csv = toCsv(columns, [{ name: 'Smith, "Jones" & Co\nLtd', fee: '299.00' }], { purpose: 'spreadsheet' });
    expect(csv).toBe('\uFEFFName,Fee\r\n"Smith, ""Jones"" & Co\nLtd",299.00\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas, and leaves empty cells empty', () => {
    const rows = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tTab', '\uFF1D1+1'].map((name) => ({ name, fee: null }));
    const cells = toCsv(columns, rows, { purpose: 'spreadsheet' }).replace('\uFEFF', '').trimEnd().split('\r\n').slice(1);
    expect(cells).toEqual([`"'=HYPERLINK(""http://x"")",`, "'+1,", "'-2,", "'@SUM(A1),", "'\tTab,", "'\uFF1D1+1,"]);
  });

  it('writes amounts as exact decimals, a negative amount not taken for a formula, while text "-2" is', () => {
    const csv = toCsvRows([[moneyCell(-1250), moneyCell(5), '-2', 3]], { purpose: 'spreadsheet' });
    expect(csv).toBe("\uFEFF-12.50,0.05,'-2,3\r\n");
  });

  it('writes text exactly in a file for another system to import: "+44 Ltd", "- Consulting" and "=1+1" keep their first character', () => {
    const rows = ['+44 Ltd', '- Consulting', '=1+1', '@home'].map((name) => ({ name, fee: null }));
    const cells = toCsv(columns, rows, { purpose: 'import' }).replace('\uFEFF', '').trimEnd().split('\r\n').slice(1);
    expect(cells).toEqual(['+44 Ltd,', '- Consulting,', '=1+1,', '@home,']);
    expect(toCsvRows([['+44 Ltd', moneyCell(-500)]], { purpose: 'import' })).toBe('\uFEFF+44 Ltd,-5.00\r\n');
    expect(toCsvRows([['+44 Ltd', '- Consulting']], { purpose: 'spreadsheet' })).toBe("\uFEFF'+44 Ltd,'- Consulting\r\n");
  });

  it('names files safely for a header', () => {
    expect(csvFileName('practice clients 2026-11-24')).toBe('practice-clients-2026-11-24.csv');
    expect(csvFileName('"/../')).toBe('export.csv');
  });
});
