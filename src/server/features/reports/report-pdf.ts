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

  // Headline figures, four to a row.
  const cellWidth = (RIGHT - LEFT) / 4;
  figures.summary.forEach((figure, index) => {
    const x = LEFT + (index % 4) * cellWidth;
    if (index > 0 && index % 4 === 0) y += 34;
    doc.font(REGULAR).fontSize(8).fillColor('#64748b').text(figure.label, x, y, { width: cellWidth - 8, lineBreak: false });
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(formatCell(figure.kind, figure.value, heading.currency), x, y + 11, { width: cellWidth - 8, lineBreak: false });
  });
  y += 44;

  for (const table of figures.tables) {
    const columnWidths = widths(table);
    const header = (top: number) => {
      doc.rect(LEFT, top, RIGHT - LEFT, 18).fill('#f1f5f9');
      doc.font(BOLD).fontSize(8).fillColor('#334155');
      let x = LEFT;
      table.columns.forEach((column, index) => {
        const width = columnWidths[index] ?? 60;
        doc.text(column.label, x + 4, top + 5, { width: width - 8, align: column.kind === 'text' ? 'left' : 'right', lineBreak: false });
        x += width;
      });
      return top + 22;
    };
    if (y + 60 > BOTTOM) {
      doc.addPage();
      y = 40;
    }
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(table.title, LEFT, y);
    y = header(doc.y + 4);
    if (table.rows.length === 0) {
      doc.font(REGULAR).fontSize(9).fillColor('#64748b').text('No data for this period', LEFT + 4, y);
      y += 16;
    }
    for (const row of table.rows) {
      if (y + 14 > BOTTOM) {
        doc.addPage();
        y = header(40);
      }
      doc.font(REGULAR).fontSize(8).fillColor('#0f172a');
      let x = LEFT;
      table.columns.forEach((column, index) => {
        const width = columnWidths[index] ?? 60;
        const text = column.kind === 'text' ? String(row[column.key] ?? '-') : formatCell(column.kind, row[column.key] ?? null, heading.currency);
        doc.text(text, x + 4, y, { width: width - 8, align: column.kind === 'text' ? 'left' : 'right', lineBreak: false, ellipsis: true });
        x += width;
      });
      y += 14;
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
    doc.text(`${heading.organizationName} - ${heading.title}`, LEFT, 560, { width: 400, lineBreak: false });
  }
  doc.end();
  return doc;
}
