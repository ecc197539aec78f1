import { Readable } from 'node:stream';
import { type CsvCell, type CsvColumn, type CsvOptions, toCsv, toCsvRows } from './csv';

/**
 * A CSV export written page by page as the rows are read, so a long list never sits in memory
 * whole. Each page goes through `toCsv` (the one writer: quoting, CRLF, formulas neutralised for
 * a spreadsheet); the byte order mark and header row come once, at the start.
 */
export function streamCsv<T>(columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]>, options: CsvOptions): Readable {
  const head = toCsv(columns, [], options);
  async function* chunks(): AsyncGenerator<string> {
    yield head;
    for await (const rows of pages) {
      if (rows.length > 0) yield toCsv(columns, rows, options).slice(head.length);
    }
  }
  return Readable.from(chunks());
}

type CsvRow = readonly CsvCell[];

/**
 * Free-form CSV rows (as `toCsvRows`) written page by page: each page goes through `toCsvRows`,
 * the byte order mark comes once, at the start, so the bytes are those of `toCsvRows` over all rows.
 */
export function streamCsvRows(pages: Iterable<readonly CsvRow[]> | AsyncIterable<readonly CsvRow[]>, options: CsvOptions): Readable {
  const bom = toCsvRows([], options);
  async function* chunks(): AsyncGenerator<string> {
    yield bom;
    for await (const rows of pages) {
      if (rows.length > 0) yield toCsvRows(rows, options).slice(bom.length);
    }
  }
  return Readable.from(chunks());
}
