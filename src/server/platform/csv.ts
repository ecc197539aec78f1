import { stringify } from 'csv-stringify/sync';
import { type Cents, toDecimal } from '../../shared/money';

/**
 * An amount in a CSV cell: written as its exact decimal ("-12.50", never 12.5 or a float), and
 * never taken for a formula (a sign, digits and a point cannot run in a spreadsheet).
 */
export class MoneyCell {
  constructor(
    readonly cents: Cents,
    /** The amount's currency: its decimals in the cell (JPY "1081", KWD "1.235"); default USD. */
    readonly currency?: string,
  ) {}
}

export const moneyCell = (cents: Cents, currency?: string): MoneyCell => new MoneyCell(cents, currency);

export type CsvCell = string | number | boolean | null | MoneyCell;

/** One column of a CSV export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/**
 * OWASP CSV injection rule: text starting with =, +, -, @, tab or carriage return (or their
 * full-width forms) gets a leading apostrophe, so a client named "=HYPERLINK(...)" is shown as
 * text rather than run when the file is opened.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text;
}

/**
 * Who reads the file, said by every caller (no default):
 * - 'spreadsheet': a person opens it in Excel or Sheets (report and list exports): text cells are
 *   neutralised against formulas;
 * - 'import': another system's importer reads it (Xero's import templates): text is written
 *   exactly, since an apostrophe would become part of the name ("'+44 Ltd") in that system.
 */
export type CsvPurpose = 'spreadsheet' | 'import';

export interface CsvOptions {
  purpose: CsvPurpose;
}

/** A cell's text: text neutralised for a spreadsheet, numbers and amounts as they are. */
function cellText(cell: CsvCell, purpose: CsvPurpose): string {
  if (cell === null) return '';
  if (cell instanceof MoneyCell) return toDecimal(cell.cents, cell.currency);
  if (typeof cell === 'string') return purpose === 'spreadsheet' ? neutraliseFormula(cell) : cell;
  return String(cell);
}

function write(rows: readonly (readonly CsvCell[])[], { purpose }: CsvOptions): string {
  return stringify(
    rows.map((row) => row.map((cell) => cellText(cell, purpose))),
    { bom: true, record_delimiter: 'windows' },
  );
}

/**
 * The one way the server writes CSV (RFC 4180 through csv-stringify): CRLF lines, a UTF-8 byte
 * order mark so spreadsheets read accents, and, for a spreadsheet, formula neutralisation of every
 * text cell (neutraliseFormula); numbers and amounts (moneyCell) are written as they are.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], options: CsvOptions): string {
  return write([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))], options);
}

/** "Practice Clients 2026-11-24" -> a file name safe in a Content-Disposition header. */
export function csvFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'export'}.csv`;
}

/**
 * Free-form CSV rows (a report's title, summary and several tables in one file), with the same
 * quoting, byte order mark and, by purpose, formula neutralisation as toCsv.
 */
export function toCsvRows(rows: readonly (readonly CsvCell[])[], options: CsvOptions): string {
  return write(rows, options);
}
