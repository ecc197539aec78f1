import type { ReportFigures } from '../../../shared/contracts/reports';
import { toCsvRows } from '../../platform/csv';
import { type ReportHeading, numericCell } from './report-cells';

/**
 * The report as one CSV: a heading, the summary figures, then each table with its title and
 * header row, separated by blank lines. Amounts are plain numbers in the report's currency.
 */
export function reportCsv(heading: ReportHeading, figures: ReportFigures): string {
  const rows: (string | number | null)[][] = [
    [heading.title],
    ['Organization', heading.organizationName],
    ['From', heading.from],
    ['To', heading.to],
    ['Currency', heading.currency],
    ...(heading.filters ? [['Filters', heading.filters]] : []),
    [],
    ['Figure', 'Value'],
    ...figures.summary.map((figure) => [figure.label, numericCell(figure.kind, figure.value) ?? figure.value]),
  ];
  for (const table of figures.tables) {
    rows.push([], [table.title], table.columns.map((column) => column.label));
    for (const row of table.rows) rows.push(table.columns.map((column) => numericCell(column.kind, row[column.key] ?? null) ?? row[column.key] ?? null));
  }
  return toCsvRows(rows);
}
