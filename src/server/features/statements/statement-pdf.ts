import { format, parseISO } from 'date-fns';
import type { Statement } from '../../../shared/contracts/statements';
import { centsFromDecimal } from '../../../shared/money';
import { BOLD, REGULAR, createPdfDocument } from '../../platform/pdf-fonts';
import { printedMoneyIn } from '../invoices/invoice-rules';

const day = (value: string): string => format(parseISO(value), 'MMM d, yyyy');

const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { date: LEFT, description: 118, debit: 318, credit: 394, balance: 470 } as const;
const AMOUNT_WIDTH = 70;
const BOTTOM = 770;

/** A safe colour for pdfkit from the organization's primaryColor ("#1d4ed8"); slate when it is not a hex colour. */
function accentColor(value: string): string {
  return /^#[0-9a-f]{6}$/i.test(value) ? value : '#0f172a';
}

/** The statement of account as an A4 PDF: header, summary, lines with running balance, aging. */
export async function renderStatementPdf(statement: Statement): Promise<Buffer> {
  const money = (amount: string) => printedMoneyIn(statement.currency, centsFromDecimal(amount, statement.currency));
  const accent = accentColor(statement.organization.primaryColor);
  const doc = await createPdfDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Statement of account ${statement.customer.name} ${statement.from} to ${statement.to}`, Author: statement.organization.name },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    // The organization, top left; the statement's facts, top right.
    doc.font(BOLD).fontSize(16).fillColor('#0f172a').text(statement.organization.name, LEFT, 50, { width: 235 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    const orgLines = [statement.organization.address, statement.organization.email].filter((line): line is string => Boolean(line));
    if (orgLines.length) doc.text(orgLines.join('\n'), { width: 235 });
    const sellerBottom = doc.y;

    doc.font(BOLD).fontSize(18).fillColor(accent).text('STATEMENT OF ACCOUNT', 300, 50, { width: RIGHT - 300, align: 'right' });
    let y = 78;
    const facts: [string, string][] = [
      ['Period', `${day(statement.from)} – ${day(statement.to)}`],
      ['Statement date', day(statement.to)],
      ['Currency', statement.currency],
    ];
    doc.fontSize(9);
    for (const [label, value] of facts) {
      doc.font(REGULAR).fillColor('#475569').text(label, 330, y, { width: 90 });
      doc.font(BOLD).fillColor('#0f172a').text(value, 420, y, { width: RIGHT - 420, align: 'right' });
      y += 14;
    }

    // The customer.
    y = Math.max(sellerBottom, y) + 20;
    doc.font(BOLD).fontSize(9).fillColor('#475569').text('STATEMENT FOR', LEFT, y);
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(statement.customer.name, LEFT, y + 14, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text([statement.customer.address, statement.customer.email].filter(Boolean).join('\n'), { width: 280 });
    const customerBottom = doc.y;

    // Summary box, right.
    const summary: [string, string, boolean][] = [
      ['Opening balance', money(statement.openingBalance), false],
      ['Invoiced and refunded', money(statement.totalDebits), false],
      ['Paid and credited', money(statement.totalCredits), false],
      ['Balance due', money(statement.closingBalance), true],
    ];
    let sy = y;
    doc.rect(330, sy - 4, RIGHT - 330, summary.length * 16 + 8).fill('#f8fafc');
    for (const [label, value, strong] of summary) {
      doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 10 : 9).fillColor('#0f172a');
      doc.text(label, 338, sy, { width: 110 });
      doc.text(value, 440, sy, { width: RIGHT - 440 - 8, align: 'right' });
      sy += 16;
    }
    y = Math.max(customerBottom, sy) + 24;

    // Lines.
    const header = (top: number) => {
      doc.rect(LEFT, top, RIGHT - LEFT, 20).fill('#f1f5f9');
      doc.font(BOLD).fontSize(9).fillColor('#334155');
      doc.text('Date', COLUMNS.date + 6, top + 6, { width: 64 });
      doc.text('Description', COLUMNS.description, top + 6, { width: 195 });
      doc.text('Charges', COLUMNS.debit, top + 6, { width: AMOUNT_WIDTH, align: 'right' });
      doc.text('Credits', COLUMNS.credit, top + 6, { width: AMOUNT_WIDTH, align: 'right' });
      doc.text('Balance', COLUMNS.balance, top + 6, { width: RIGHT - COLUMNS.balance - 6, align: 'right' });
      return top + 26;
    };
    y = header(y);
    const row = (date: string, text: string, debit: string, credit: string, balance: string, strong = false) => {
      doc.font(strong ? BOLD : REGULAR).fontSize(9);
      const height = Math.max(doc.heightOfString(text, { width: 195 }), 11);
      if (y + height > BOTTOM) {
        doc.addPage();
        y = header(50);
      }
      doc.font(strong ? BOLD : REGULAR).fontSize(9).fillColor('#0f172a');
      doc.text(date, COLUMNS.date + 6, y, { width: 64 });
      doc.text(text, COLUMNS.description, y, { width: 195 });
      doc.text(debit, COLUMNS.debit, y, { width: AMOUNT_WIDTH, align: 'right' });
      doc.text(credit, COLUMNS.credit, y, { width: AMOUNT_WIDTH, align: 'right' });
      doc.text(balance, COLUMNS.balance, y, { width: RIGHT - COLUMNS.balance - 6, align: 'right' });
      y += height + 8;
      doc.moveTo(LEFT, y - 4).lineTo(RIGHT, y - 4).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
    };
    row(day(statement.from), 'Opening balance', '', '', money(statement.openingBalance), true);
    for (const line of statement.lines) {
      const due = line.dueDate ? ` (due ${day(line.dueDate)})` : '';
      row(
        day(line.date),
        `${line.description}${due}`,
        centsFromDecimal(line.debit, statement.currency) !== 0 ? money(line.debit) : '',
        centsFromDecimal(line.credit, statement.currency) !== 0 ? money(line.credit) : '',
        money(line.balance),
      );
    }
    if (statement.lines.length === 0) row('', 'No activity in this period', '', '', '');
    row(day(statement.to), 'Closing balance', money(statement.totalDebits), money(statement.totalCredits), money(statement.closingBalance), true);

    if (centsFromDecimal(statement.unappliedCredit, statement.currency) > 0) {
      doc.font(REGULAR).fontSize(9).fillColor('#475569');
      doc.text(`Includes ${money(statement.unappliedCredit)} of credit not yet applied to an invoice.`, LEFT, y + 2, { width: RIGHT - LEFT });
      y = doc.y + 6;
    }

    // Aging on the statement date.
    if (y + 60 > BOTTOM) {
      doc.addPage();
      y = 50;
    }
    y += 14;
    doc.font(BOLD).fontSize(9).fillColor('#475569').text(`AMOUNTS DUE BY AGE ON ${day(statement.to).toUpperCase()}`, LEFT, y);
    y += 16;
    const width = (RIGHT - LEFT) / statement.aging.length;
    statement.aging.forEach((bucket, index) => {
      const x = LEFT + index * width;
      doc.rect(x, y, width - 4, 38).fill('#f8fafc');
      doc.font(REGULAR).fontSize(8).fillColor('#475569').text(bucket.label, x + 6, y + 6, { width: width - 16 });
      doc.font(BOLD).fontSize(10).fillColor('#0f172a').text(money(bucket.amount), x + 6, y + 20, { width: width - 16 });
    });
    y += 52;

    doc.font(REGULAR).fontSize(8).fillColor('#64748b');
    doc.text(
      'The balance is what you owed at the start of the period, plus invoices and refunds, less payments and credit notes. ' +
        'It equals the amounts still due on open invoices less any credit not yet applied.',
      LEFT,
      Math.min(y, BOTTOM),
      { width: RIGHT - LEFT },
    );
    doc.end();
  });
}
