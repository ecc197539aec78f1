import type { Form1099Box, Form1099Type } from '../../../shared/contracts/tax-1099';
import { centsFromDecimal } from '../../../shared/money';
import type { Form1099Amounts, Form1099Recipient } from '../../db/schema/tax-1099';
import { BOLD, REGULAR, createPdfDocument } from '../../platform/pdf-fonts';
import { moneyIn } from '../invoices/invoice-rules';

export type Form1099Copy = 'A' | 'B' | '1' | '2';

/** One form on one page: what the payer and the recipient boxes print. */
export interface Form1099Page {
  formType: Form1099Type;
  taxYear: number;
  corrected: boolean;
  copy: Form1099Copy;
  payer: { name: string; lines: string[]; tin: string };
  recipient: Form1099Recipient;
  /** Full ("123-45-6789") on Copies A, 1 and 2; truncated ("XXX-XX-6789") on Copy B. */
  recipientTin: string;
  accountNumber: string;
  amounts: Form1099Amounts;
}

/** The copy legends as the official forms print them (IRS 1099-NEC and 1099-MISC, Rev. April 2025). */
const COPY_LEGEND: Record<Form1099Copy, { title: string; lines: string[] }> = {
  A: { title: 'Copy A', lines: ['For Internal Revenue Service Center', 'File with Form 1096.'] },
  B: {
    title: 'Copy B',
    lines: [
      'For Recipient',
      'This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.',
    ],
  },
  '1': { title: 'Copy 1', lines: ['For State Tax Department'] },
  '2': { title: 'Copy 2', lines: ["To be filed with recipient's state income tax return, when required."] },
};

/** The numbered boxes of each form, in the official order, and which of our boxes fills each. */
const NEC_BOXES: { n: string; caption: string; box?: Form1099Box; check?: boolean }[] = [
  { n: '1', caption: 'Nonemployee compensation', box: 'nec_1' },
  { n: '2', caption: 'Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale', check: true },
  { n: '3', caption: 'Excess golden parachute payments' },
  { n: '4', caption: 'Federal income tax withheld' },
  { n: '5', caption: 'State tax withheld' },
  { n: '6', caption: "State/Payer's state no." },
  { n: '7', caption: 'State income' },
];
const MISC_BOXES: { n: string; caption: string; box?: Form1099Box; check?: boolean }[] = [
  { n: '1', caption: 'Rents', box: 'misc_1' },
  { n: '2', caption: 'Royalties', box: 'misc_2' },
  { n: '3', caption: 'Other income', box: 'misc_3' },
  { n: '4', caption: 'Federal income tax withheld' },
  { n: '5', caption: 'Fishing boat proceeds' },
  { n: '6', caption: 'Medical and health care payments', box: 'misc_6' },
  { n: '7', caption: 'Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale', check: true },
  { n: '8', caption: 'Substitute payments in lieu of dividends or interest' },
  { n: '9', caption: 'Crop insurance proceeds' },
  { n: '10', caption: 'Gross proceeds paid to an attorney', box: 'misc_10' },
  { n: '11', caption: 'Fish purchased for resale' },
  { n: '12', caption: 'Section 409A deferrals' },
  { n: '13', caption: 'FATCA filing requirement', check: true },
  { n: '14', caption: 'Excess golden parachute payments' },
  { n: '15', caption: 'Nonqualified deferred compensation' },
  { n: '16', caption: 'State tax withheld' },
  { n: '17', caption: "State/Payer's state no." },
  { n: '18', caption: 'State income' },
];

const FORM_INFO: Record<Form1099Type, { name: string; title: string; omb: string }> = {
  nec: { name: 'Form 1099-NEC', title: 'Nonemployee Compensation', omb: 'OMB No. 1545-0116' },
  misc: { name: 'Form 1099-MISC', title: 'Miscellaneous Information', omb: 'OMB No. 1545-0115' },
};

const INK = '#0f172a';
const RULE = '#334155';
const CAPTION = 7;
const LEFT = 36;
const TOP = 48;
const LEFT_WIDTH = 224;
const BOX_WIDTH = 104;

/**
 * 1099-NEC and 1099-MISC copies laid out like the official forms: payer and recipient boxes on the
 * left, the numbered amount boxes in the middle, the form's name, year and copy legend on the right.
 * Several forms (a payee's NEC and MISC, or every Copy B to print) make one PDF, one form a page.
 */
export async function renderForms1099Pdf(pages: readonly Form1099Page[], title: string): Promise<Buffer> {
  const doc = await createPdfDocument({ size: 'LETTER', margin: 36, autoFirstPage: false, info: { Title: title } });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage();
      drawForm(doc, page);
    }
    doc.end();
  });
}

function drawForm(doc: PDFKit.PDFDocument, page: Form1099Page): void {
  const info = FORM_INFO[page.formType];
  const boxes = page.formType === 'nec' ? NEC_BOXES : MISC_BOXES;
  const rows = Math.ceil(boxes.length / 2);
  const gridHeight = Math.max(rows * 34, 6 * 44);
  const rowHeight = gridHeight / rows;
  const right = LEFT + LEFT_WIDTH + 2 * BOX_WIDTH;
  const legendX = right;
  const pageRight = 576;

  // CORRECTED (if checked), above the form as on the official copies.
  const checkbox = (x: number, y: number, ticked: boolean) => {
    doc.lineWidth(0.8).strokeColor(RULE).rect(x, y, 8, 8).stroke();
    if (ticked) doc.font(BOLD).fontSize(8).fillColor(INK).text('X', x + 1.5, y, { lineBreak: false });
  };
  checkbox(LEFT + 170, TOP - 16, page.corrected);
  doc.font(BOLD).fontSize(9).fillColor(INK).text('CORRECTED (if checked)', LEFT + 182, TOP - 15, { lineBreak: false });
  doc.font(REGULAR).fontSize(8).fillColor('#475569').text(`Tax year ${page.taxYear}`, pageRight - 120, TOP - 15, { width: 120, align: 'right', lineBreak: false });

  doc.lineWidth(1).strokeColor(RULE);
  doc.rect(LEFT, TOP, pageRight - LEFT, gridHeight).stroke();

  // Left column: payer, TINs, recipient.
  const cell = (x: number, y: number, w: number, h: number, caption: string, value: string, valueSize = 10) => {
    doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, w, h).stroke();
    doc.font(REGULAR).fontSize(CAPTION).fillColor('#334155').text(caption, x + 3, y + 3, { width: w - 6 });
    const top = Math.max(doc.y + 2, y + 14);
    if (value) doc.font(REGULAR).fontSize(valueSize).fillColor(INK).text(value, x + 4, top, { width: w - 8, height: y + h - top - 2, ellipsis: true });
  };
  const payerHeight = gridHeight - (44 + 44 + 22 + 22);
  const payerText = [page.payer.name, ...page.payer.lines].join('\n');
  cell(LEFT, TOP, LEFT_WIDTH, payerHeight, "PAYER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.", payerText, 9);
  let y = TOP + payerHeight;
  cell(LEFT, y, LEFT_WIDTH / 2, 44, "PAYER'S TIN", page.payer.tin);
  cell(LEFT + LEFT_WIDTH / 2, y, LEFT_WIDTH / 2, 44, "RECIPIENT'S TIN", page.recipientTin);
  y += 44;
  const recipientName = [page.recipient.name, page.recipient.secondName].filter(Boolean).join('\n');
  cell(LEFT, y, LEFT_WIDTH, 44, "RECIPIENT'S name", recipientName, 9);
  y += 44;
  cell(LEFT, y, LEFT_WIDTH, 22, 'Street address (including apt. no.)', '', 9);
  doc.font(REGULAR).fontSize(9).fillColor(INK).text(page.recipient.address ?? '', LEFT + 120, y + 3, { width: LEFT_WIDTH - 124, lineBreak: false, ellipsis: true });
  y += 22;
  const cityLine = [page.recipient.city, [page.recipient.state, page.recipient.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  cell(LEFT, y, LEFT_WIDTH, 22, 'City or town, state or province, country, and ZIP or foreign postal code', '', 9);
  doc.font(REGULAR).fontSize(9).fillColor(INK).text(cityLine, LEFT + 4, y + 11, { width: LEFT_WIDTH - 8, lineBreak: false, ellipsis: true });
  cell(LEFT, TOP + gridHeight, LEFT_WIDTH, 30, 'Account number (see instructions)', page.accountNumber, 9);

  // Middle: the numbered boxes, two a row.
  const boxX = LEFT + LEFT_WIDTH;
  boxes.forEach((spec, index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    const x = boxX + column * BOX_WIDTH;
    const top = TOP + row * rowHeight;
    const height = row === rows - 1 ? gridHeight - row * rowHeight : rowHeight;
    doc.lineWidth(0.6).strokeColor(RULE).rect(x, top, BOX_WIDTH, height).stroke();
    doc.font(BOLD).fontSize(CAPTION).fillColor(INK).text(spec.n, x + 3, top + 3, { lineBreak: false });
    doc.font(REGULAR).fontSize(spec.check ? 5.5 : CAPTION).fillColor('#334155').text(spec.caption, x + 13, top + 3, { width: BOX_WIDTH - 16 });
    if (spec.check) {
      checkbox(x + BOX_WIDTH - 14, top + height - 13, false);
    } else if (!spec.caption.includes('state no.')) {
      const amount = spec.box ? page.amounts[spec.box] : undefined;
      doc.font(amount ? BOLD : REGULAR).fontSize(10).fillColor(INK).text(amount ? moneyIn('USD', centsFromDecimal(amount)) : '$', x + 4, top + height - 15, { width: BOX_WIDTH - 8, lineBreak: false });
    }
  });

  // Right: form name, year, title, copy legend.
  const lx = legendX + 6;
  const lw = pageRight - legendX - 10;
  doc.lineWidth(0.6).strokeColor(RULE).moveTo(legendX, TOP).lineTo(legendX, TOP + gridHeight).stroke();
  doc.font(REGULAR).fontSize(7).fillColor('#334155').text(info.omb, lx, TOP + 4, { width: lw });
  doc.font(BOLD).fontSize(12).fillColor(INK).text(info.name, lx, TOP + 16, { width: lw });
  doc.font(REGULAR).fontSize(7).fillColor('#334155').text('(Rev. April 2025)', lx, doc.y, { width: lw });
  doc.font(REGULAR).fontSize(7).text('For calendar year', lx, doc.y + 4, { width: lw });
  doc.font(BOLD).fontSize(14).fillColor(INK).text(String(page.taxYear), lx, doc.y, { width: lw });
  doc.font(BOLD).fontSize(10).text(info.title, lx, doc.y + 6, { width: lw });
  const legend = COPY_LEGEND[page.copy];
  doc.font(BOLD).fontSize(11).fillColor(INK).text(legend.title, lx, doc.y + 10, { width: lw });
  legend.lines.forEach((line, i) => doc.font(i === 0 ? BOLD : REGULAR).fontSize(i === 0 ? 8 : 6).fillColor('#334155').text(line, lx, doc.y + 2, { width: lw }));

  // Footer line, as the official form's.
  const footY = TOP + gridHeight + 36;
  doc.font(REGULAR).fontSize(7).fillColor('#334155').text(`${info.name} (Rev. April 2025)`, LEFT, footY, { lineBreak: false });
  doc.text('(keep for your records)', LEFT + 200, footY, { lineBreak: false });
  doc.text('www.irs.gov/Form' + info.name.replace('Form ', ''), LEFT + 330, footY, { lineBreak: false });
  doc.text('Department of the Treasury - Internal Revenue Service', LEFT, footY + 10, { lineBreak: false });
}
