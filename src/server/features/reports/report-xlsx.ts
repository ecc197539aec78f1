import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ReportCell, ReportColumn, ReportFigures, ReportValueKind } from '../../../shared/contracts/reports';
import { currencyExponent } from '../../../shared/money';
import { neutraliseFormula } from '../../platform/csv';
import { type ReportHeading, numericCell } from './report-cells';

const FORMATS: Partial<Record<ReportValueKind, string>> = {
  // Amounts get their currency's decimals (moneyFormat); this is the 2-decimal one.
  money: '#,##0.00',
  number: '0',
  percent: '0.0"%"',
  days: '0.0',
  date: 'yyyy-mm-dd',
};

/** The number format of an amount in this currency: ¥1,081 as "#,##0", KWD 1.235 as "#,##0.000". */
export function moneyNumFmt(currency: string): string {
  const decimals = currencyExponent(currency);
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

/** A day as a date cell (midnight UTC, which spreadsheets show as that day). */
const dateCell = (value: string) => new Date(`${value}T00:00:00Z`);

function cellValue(kind: ReportValueKind, value: ReportCell): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  const number = numericCell(kind, value);
  if (number !== null) return number;
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dateCell(value);
  return neutraliseFormula(String(value));
}

function columnWidth(column: ReportColumn, rows: Record<string, ReportCell>[]): number {
  if (column.kind === 'date') return 12;
  const longest = rows.reduce((max, row) => Math.max(max, String(row[column.key] ?? '').length), column.label.length);
  return Math.min(Math.max(longest + 2, 10), 50);
}

/** Sheet names: at most 31 characters, no []:*?/\ and unique in the workbook. */
function sheetName(title: string, used: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 28) || 'Sheet';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * The report as an XLSX workbook, streamed as it is written: a Summary sheet (organization,
 * report, period, headline figures), then one sheet per table. Every sheet has a bold header row
 * frozen in place and fitted column widths; amounts, counts and percents are number cells and
 * days date cells; text cells are neutralised against formulas.
 */
export async function reportXlsx(heading: ReportHeading, figures: ReportFigures): Promise<Readable> {
  const formats = { ...FORMATS, money: moneyNumFmt(heading.currency) };
  // exceljs is loaded by the first workbook, not at start.
  const { default: Excel } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Signal AR';
  const used = new Set<string>();

  const write = async () => {
    const summary = workbook.addWorksheet(sheetName('Summary', used), { views: [{ state: 'frozen', ySplit: 1 }] });
    summary.columns = [
      { header: 'Figure', key: 'label', width: 30 },
      { header: 'Value', key: 'value', width: Math.min(Math.max(heading.organizationName.length + 2, 18), 50) },
    ];
    summary.getRow(1).font = { bold: true };
    const meta: [string, ExcelJS.CellValue, string | undefined][] = [
      ['Organization', neutraliseFormula(heading.organizationName), undefined],
      ['Report', heading.title, undefined],
      ['From', dateCell(heading.from), FORMATS.date],
      ['To', dateCell(heading.to), FORMATS.date],
      ['Currency', heading.currency, undefined],
      ...(heading.filters ? [['Filters', neutraliseFormula(heading.filters), undefined] as [string, ExcelJS.CellValue, undefined]] : []),
    ];
    for (const [label, value, format] of meta) {
      const row = summary.addRow({ label, value });
      if (format) row.getCell(2).numFmt = format;
      row.commit();
    }
    for (const figure of figures.summary) {
      const row = summary.addRow({ label: figure.label, value: cellValue(figure.kind, figure.value) });
      const format = formats[figure.kind];
      if (format) row.getCell(2).numFmt = format;
      row.commit();
    }
    summary.commit();

    for (const table of figures.tables) {
      const sheet = workbook.addWorksheet(sheetName(table.title, used), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = table.columns.map((column) => ({ header: column.label, key: column.key, width: columnWidth(column, table.rows) }));
      sheet.getRow(1).font = { bold: true };
      for (const record of table.rows) {
        const row = sheet.addRow(table.columns.map((column) => cellValue(column.kind, record[column.key] ?? null)));
        table.columns.forEach((column, index) => {
          const format = formats[column.kind];
          if (format) row.getCell(index + 1).numFmt = format;
        });
        row.commit();
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
