import type { Readable } from 'node:stream';
import type { ReportFigures } from '../../../shared/contracts/reports';
import type { ReportCell, ReportValueKind } from '../../../shared/contracts/reports';
import { parseMoney } from '../../../shared/money';
import { type CsvCell, moneyCell } from '../../platform/csv';
import { streamCsvRows } from '../../platform/csv-stream';
import { type ReportHeading, numericCell } from './report-cells';

type CsvRow = CsvCell[];

/** A figure's cell: amounts as exact decimals with the currency's decimals, other numbers as numbers, the rest as text. */
function csvCell(kind: ReportValueKind, value: ReportCell | undefined, currency: string): CsvCell {
  const cents = kind === 'money' && value !== null && value !== undefined ? parseMoney(value, { currency, round: true }) : null;
  if (cents !== null) return moneyCell(cents, currency);
  return numericCell(kind, value ?? null) ?? value ?? null;
}

/** How many table rows go through the CSV writer at a time. */
const ROWS_PER_PAGE = 500;

/**
 * The report's CSV rows, page by page: a heading, the summary figures, then each table with its
 * title and header row, separated by blank lines. Amounts are exact decimals in the report's currency.
 */
export function* reportCsvPages(heading: ReportHeading, figures: ReportFigures): Generator<CsvRow[]> {
  yield [
    [heading.title],
    ['Organization', heading.organizationName],
    ['From', heading.from],
    ['To', heading.to],
    ['Currency', heading.currency],
    ...(heading.filters ? [['Filters', heading.filters]] : []),
    [],
    ['Figure', 'Value'],
    ...figures.summary.map((figure) => [figure.label, csvCell(figure.kind, figure.value, heading.currency)]),
  ];
  for (const table of figures.tables) {
    yield [[], [table.title], table.columns.map((column) => column.label)];
    for (let start = 0; start < table.rows.length; start += ROWS_PER_PAGE) {
      yield table.rows
        .slice(start, start + ROWS_PER_PAGE)
        .map((row) => table.columns.map((column) => csvCell(column.kind, row[column.key], heading.currency)));
    }
  }
}

/** The report as one CSV, streamed page by page (the same writer, quoting and formula neutralisation as toCsvRows). */
export function reportCsv(heading: ReportHeading, figures: ReportFigures): Readable {
  return streamCsvRows(reportCsvPages(heading, figures), { purpose: 'spreadsheet' });
}
