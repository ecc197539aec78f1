import type { Readable } from 'node:stream';
import type { ReportFigures, ReportTable } from '../../../shared/contracts/reports';
import { BOLD, REGULAR, createPdfDocument } from '../../platform/pdf-fonts';
import { type ReportHeading, formatCell } from './report-cells';

const LEFT = 40;
const RIGHT = 802;
const BOTTOM = 540;

/** Column widths: text columns twice the share of number columns, filling the page. */
function widths(table: ReportTable): number[] {
  const weights = table.columns.map((column) => (column.kind === 'text' ? 2 : 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => ((RIGHT - LEFT) * weight) / total);
}

/**
 * The report as a landscape A4 PDF, streamed: the organization's name, the report, its period and
 * filters, the headline figures, then each table (its header repeated on every page), and
 * "Page n of m" at the foot of each page.
 */
export async function reportPdf(heading: ReportHeading, figures: ReportFigures): Promise<Readable> {
  const doc = await createPdfDocument({ size: 'A4', layout: 'landscape', margin: LEFT, bufferPages: true, info: { Title: heading.title, Author: heading.organizationName } });
  doc.font(BOLD).fontSize(16).fillColor('#0f172a').text(heading.organizationName, LEFT, 40, { width: RIGHT - LEFT });
  doc.font(BOLD).fontSize(13).text(heading.title);
  doc.font(REGULAR).fontSize(10).fillColor('#475569').text(`Period: ${heading.from} to ${heading.to} (${heading.currency})`);
  if (heading.filters) doc.text(`Filters: ${heading.filters}`);
  let y = doc.y + 12;

  // Headline figures, four to a row; a row is as tall as its longest label wraps.
  const cellWidth = (RIGHT - LEFT) / 4;
  for (let first = 0; first < figures.summary.length; first += 4) {
    const row = figures.summary.slice(first, first + 4);
    doc.font(REGULAR).fontSize(8);
    const labelHeight = Math.max(...row.map((figure) => doc.heightOfString(figure.label, { width: cellWidth - 8 })));
    doc.font(BOLD).fontSize(11);
    const valueHeight = Math.max(...row.map((figure) => doc.heightOfString(formatCell(figure.kind, figure.value, heading.currency), { width: cellWidth - 8 })));
    if (y + labelHeight + valueHeight > BOTTOM) {
      doc.addPage();
      y = 40;
    }
    row.forEach((figure, index) => {
      const x = LEFT + index * cellWidth;
      doc.font(REGULAR).fontSize(8).fillColor('#64748b').text(figure.label, x, y, { width: cellWidth - 8 });
      doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(formatCell(figure.kind, figure.value, heading.currency), x, y + labelHeight + 2, { width: cellWidth - 8 });
    });
    y += labelHeight + 2 + valueHeight + 10;
  }
  y += 10;

  for (const table of figures.tables) {
    const columnWidths = widths(table);
    const align = (column: ReportTable['columns'][number]) => (column.kind === 'text' ? 'left' : 'right');
    // Every cell wraps inside its column; a row (or the header) is as tall as its tallest cell.
    const tallest = (texts: string[]) => Math.max(...texts.map((text, index) => doc.heightOfString(text, { width: (columnWidths[index] ?? 60) - 8 })));
    const drawRow = (texts: string[], top: number) => {
      let x = LEFT;
      table.columns.forEach((column, index) => {
        const width = columnWidths[index] ?? 60;
        doc.text(texts[index] ?? '', x + 4, top, { width: width - 8, align: align(column) });
        x += width;
      });
    };
    const labels = table.columns.map((column) => column.label);
    doc.font(BOLD).fontSize(8);
    const headerHeight = tallest(labels) + 10;
    const header = (top: number) => {
      doc.rect(LEFT, top, RIGHT - LEFT, headerHeight).fill('#f1f5f9');
      doc.font(BOLD).fontSize(8).fillColor('#334155');
      drawRow(labels, top + 5);
      return top + headerHeight + 4;
    };
    const cells = table.rows.map((row) =>
      table.columns.map((column) => (column.kind === 'text' ? String(row[column.key] ?? '-') : formatCell(column.kind, row[column.key] ?? null, heading.currency))),
    );
    doc.font(BOLD).fontSize(11);
    const titleHeight = doc.heightOfString(table.title, { width: RIGHT - LEFT });
    doc.font(REGULAR).fontSize(8);
    const firstRowHeight = cells[0] ? tallest(cells[0]) : 16;
    // The title, the header and the first row stay together.
    if (y + titleHeight + 4 + headerHeight + 4 + firstRowHeight > BOTTOM) {
      doc.addPage();
      y = 40;
    }
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(table.title, LEFT, y, { width: RIGHT - LEFT });
    y = header(y + titleHeight + 4);
    if (table.rows.length === 0) {
      doc.font(REGULAR).fontSize(9).fillColor('#64748b').text('No data for this period', LEFT + 4, y);
      y += 16;
    }
    for (const texts of cells) {
      doc.font(REGULAR).fontSize(8);
      const height = tallest(texts);
      if (y + height > BOTTOM) {
        doc.addPage();
        y = header(40);
      }
      doc.font(REGULAR).fontSize(8).fillColor('#0f172a');
      drawRow(texts, y);
      y += height + 5;
    }
    y += 16;
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor('#64748b');
    doc.text(`Page ${page - range.start + 1} of ${range.count}`, LEFT, 560, { width: RIGHT - LEFT, align: 'right', lineBreak: false });
    // One line, cut short with an ellipsis before it could reach the page number.
    doc.text(`${heading.organizationName} - ${heading.title}`, LEFT, 560, { width: RIGHT - LEFT - 100, height: 10, ellipsis: true });
  }
  doc.end();
  return doc;
}
