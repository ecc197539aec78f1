import { stringify } from 'csv-stringify/sync';

/** One column of a CSV export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null;
}

/**
 * The one way the server writes CSV (RFC 4180 through csv-stringify): CRLF lines, a UTF-8 byte
 * order mark so spreadsheets read accents, and formula neutralisation: a cell starting with =, +,
 * -, @, tab or carriage return (or their full-width forms) gets a leading apostrophe, so a client
 * named "=HYPERLINK(...)" is shown as text rather than run when the file is opened.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const records = rows.map((row) => columns.map((column) => {
    const value = column.value(row);
    return value === null ? '' : String(value);
  }));
  return stringify([columns.map((column) => column.header), ...records], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}

/** "Practice Clients 2026-11-24.csv" -> a file name safe in a Content-Disposition header. */
export function csvFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'export'}.csv`;
}

/**
 * Free-form CSV rows (a report's title, summary and several tables in one file), with the same
 * quoting, byte order mark and formula neutralisation as toCsv. Numbers stay numbers, so a
 * negative amount is not mistaken for a formula.
 */
export function toCsvRows(rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify(rows.map((row) => row.map((cell) => cell ?? '')), { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}
