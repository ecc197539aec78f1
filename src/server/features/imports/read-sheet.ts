import type ExcelJS from 'exceljs';
import { MAX_IMPORT_ROWS, importMessages } from '../../../shared/contracts/imports';
import { AppError } from '../../platform/errors';
import { checkXlsxZip } from './check-xlsx-zip';
import { CsvError, CsvLimitError, MAX_IMPORT_COLUMNS, MAX_IMPORT_RECORD_LENGTH, lineTooLongMessage, parseCsv, tooManyColumnsMessage } from './parse-csv';

/** One data row of the file: its row number (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  columns: string[];
  rows: SheetRow[];
}

export type SheetKind = 'csv' | 'xlsx';

/** By the name's extension, confirmed by the bytes: an .xlsx is a zip ("PK"), a CSV is not. */
export function sheetKind(fileName: string, bytes: Buffer): SheetKind {
  const name = fileName.toLowerCase();
  const zip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (name.endsWith('.xlsx') && zip) return 'xlsx';
  if (name.endsWith('.csv') && !zip && !bytes.subarray(0, 4096).includes(0)) return 'csv';
  throw new AppError('VALIDATION', importMessages.invalidType, { file: importMessages.invalidType });
}

const refused = (message: string) => new AppError('VALIDATION', message, { file: message });

const tooManyRows = () => new AppError('VALIDATION', importMessages.tooManyRows, { file: importMessages.tooManyRows });

function toSheet(records: SheetRow[]): Sheet {
  const [header, ...rows] = records;
  if (!header || header.cells.every((cell) => cell.trim() === '')) {
    throw new AppError('VALIDATION', importMessages.noHeader, { file: importMessages.noHeader });
  }
  const data = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (data.length === 0) throw new AppError('VALIDATION', importMessages.noRows, { file: importMessages.noRows });
  if (data.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return { columns: header.cells.map((cell) => cell.trim()), rows: data };
}

/** UTF-8, or, when the bytes are not valid UTF-8, Windows-1252 (what Excel on Windows saves as "CSV"). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Buffer): Sheet {
  let records: string[][];
  try {
    // Header + the limit + 1: enough to tell a file over the limit without reading it all.
    records = parseCsv(decodeText(bytes), { maxRecords: MAX_IMPORT_ROWS + 2 });
  } catch (error) {
    if (error instanceof CsvError && error.message === 'too many records') throw tooManyRows();
    if (error instanceof CsvLimitError) throw refused(error.message);
    if (error instanceof CsvError) throw new AppError('VALIDATION', `The CSV file could not be read: ${error.message}`, { file: error.message });
    throw error;
  }
  return toSheet(records.map((cells, index) => ({ row: index + 1, cells })));
}

/** Numbers as their shortest decimal text (0.1 + 0.2 stored by a spreadsheet reads 0.3). */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(8)));
}

/** A cell as text. A formula keeps its calculated result when the file has one, else its text: never evaluated. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return '';
  if ('result' in value && value.result !== undefined) return cellText(value.result);
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value) return `=${value.sharedFormula}`;
  return '';
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  // A zip bomb is refused from the zip's directory before exceljs unpacks anything.
  checkXlsxZip(bytes);
  // exceljs is loaded by the first sheet import, not at start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('VALIDATION', 'The Excel file could not be read', { file: 'The Excel file could not be read' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VALIDATION', importMessages.noHeader, { file: importMessages.noHeader });
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw tooManyRows();
  // The same limits as a CSV: checked before a row is read into text (the unpacked size is capped by checkXlsxZip).
  const width = sheet.columnCount;
  if (width > MAX_IMPORT_COLUMNS) throw refused(tooManyColumnsMessage(MAX_IMPORT_COLUMNS));
  const records: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    let length = 0;
    for (let column = 1; column <= width; column += 1) {
      const text = cellText(row.getCell(column).value);
      length += text.length + 1;
      if (length > MAX_IMPORT_RECORD_LENGTH) throw refused(lineTooLongMessage(rowNumber, MAX_IMPORT_RECORD_LENGTH));
      cells.push(text);
    }
    records.push({ row: rowNumber, cells });
  });
  // Row numbers as the spreadsheet shows them: the header is the first row with anything in it.
  const first = records[0]?.row ?? 1;
  return toSheet(records.map((record) => ({ row: record.row - first + 1, cells: record.cells })));
}

export async function readSheet(fileName: string, bytes: Buffer): Promise<Sheet> {
  return sheetKind(fileName, bytes) === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}
