import { describe, expect, it } from 'vitest';
import { toCsv, toCsvRows } from './csv';
import { streamCsv, streamCsvRows } from './csv-stream';

type Row = { name: string; amount: string | null };
const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Amount', value: (row: Row) => row.amount },
];

async function read(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

async function* pagesOf(...pages: Row[][]): AsyncGenerator<Row[]> {
  for (const page of pages) yield page;
}

describe('streamCsv', () => {
  it('writes the same file as toCsv, page by page: one byte order mark and header, formulas neutralised', async () => {
    const first = [{ name: '=cmd|" /C calc"!A0', amount: '-12.00' }, { name: 'Smith, "Jones"', amount: null }];
    const second = [{ name: '@SUM(A1)', amount: '3.50' }];
    const streamed = await read(streamCsv(columns, pagesOf(first, [], second), { purpose: 'spreadsheet' }));
    expect(streamed).toBe(toCsv(columns, [...first, ...second], { purpose: 'spreadsheet' }));
    expect(streamed).toBe(
      '\uFEFFName,Amount\r\n"\'=cmd|"" /C calc""!A0",\'-12.00\r\n"Smith, ""Jones""",\r\n\'@SUM(A1),3.50\r\n',
    );
  });

  it('writes only the header when there are no rows', async () => {
    expect(await read(streamCsv(columns, pagesOf(), { purpose: 'spreadsheet' }))).toBe('\uFEFFName,Amount\r\n');
  });
});

describe('streamCsv for an import', () => {
  it('writes the same file as toCsv for an import: text exact', async () => {
    const rows = [{ name: '+44 Ltd', amount: '- Consulting' }];
    const streamed = await read(streamCsv(columns, pagesOf(rows), { purpose: 'import' }));
    expect(streamed).toBe(toCsv(columns, rows, { purpose: 'import' }));
    expect(streamed).toBe('\uFEFFName,Amount\r\n+44 Ltd,- Consulting\r\n');
  });
});

describe('streamCsvRows', () => {
  it('writes the same bytes as toCsvRows, page by page: one byte order mark, blank rows kept', async () => {
    const pages = [[['=1+1', -3]], [], [[], ['Total', null, 'a,b']]];
    const streamed = await read(streamCsvRows(pages, { purpose: 'spreadsheet' }));
    expect(streamed).toBe(toCsvRows(pages.flat(), { purpose: 'spreadsheet' }));
    expect(streamed).toBe('\uFEFF\'=1+1,-3\r\n\r\nTotal,,"a,b"\r\n');
  });
});
