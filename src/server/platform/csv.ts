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

/** A cell's text: text neutralised, numbers and amounts as they are. */
function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (cell instanceof MoneyCell) return toDecimal(cell.cents, cell.currency);
  if (typeof cell === 'string') return neutraliseFormula(cell);
  return String(cell);
}

function write(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    { bom: true, record_delimiter: 'windows' },
  );
}

/**
 * The one way the server writes CSV (RFC 4180 through csv-stringify): CRLF lines, a UTF-8 byte
 * order mark so spreadsheets read accents, and formula neutralisation of every text cell
 * (neutraliseFormula); numbers and amounts (moneyCell) are written as they are.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return write([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))]);
}

/** "Practice Clients 2026-11-24" -> a file name safe in a Content-Disposition header. */
export function csvFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'export'}.csv`;
}

/**
 * Free-form CSV rows (a report's title, summary and several tables in one file), with the same
 * quoting, byte order mark and formula neutralisation as toCsv.
 */
export function toCsvRows(rows: readonly (readonly CsvCell[])[]): string {
  return write(rows);
}
