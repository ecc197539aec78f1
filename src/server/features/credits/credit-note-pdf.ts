import { format, parseISO } from 'date-fns';
import type { CreditNoteDetail } from '../../../shared/contracts/credits';
import { centsFromDecimal, sumCents } from '../../../shared/money';
import type { organizations } from '../../db/schema';
import { BOLD, REGULAR, createPdfDocument } from '../../platform/pdf-fonts';
import type { CustomerRow } from '../customers/customers.queries';
import { moneyIn } from '../invoices/invoice-rules';

type OrganizationRow = typeof organizations.$inferSelect;

export interface CreditNoteDocument {
  credit: CreditNoteDetail;
  customer: CustomerRow;
  organization: OrganizationRow;
}

const day = (value: string): string => format(parseISO(value), 'MMM d, yyyy');
const lines = (...parts: (string | null | undefined)[]): string[] => parts.filter((part): part is string => Boolean(part?.trim()));

function addressLines(entity: { address: string | null; city: string | null; state: string | null; zipCode: string | null; country: string }) {
  const cityLine = [entity.city, [entity.state, entity.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return lines(entity.address, cityLine, entity.country);
}

const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { description: LEFT, quantity: 300, unitPrice: 360, amount: 455 } as const;

/** The credit note as an A4 PDF laid out like the invoice's (invoice-pdf.ts): seller, facts, customer, lines, totals. */
export async function renderCreditNotePdf({ credit, customer, organization }: CreditNoteDocument): Promise<Buffer> {
  const money = (amount: string) => moneyIn(organization.currency, centsFromDecimal(amount));
  const title = credit.creditNumber ? `Credit note ${credit.creditNumber}` : 'Customer credit';
  const doc = await createPdfDocument({ size: 'A4', margin: 50, info: { Title: title, Author: organization.name } });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font(BOLD).fontSize(18).fillColor('#0f172a').text(organization.name, LEFT, 50, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text(lines(...addressLines(organization), organization.email, organization.phone, organization.taxId ? `Tax ID: ${organization.taxId}` : null).join('\n'), { width: 280 });
    const sellerBottom = doc.y;

    doc.font(BOLD).fontSize(22).fillColor('#0f172a').text(credit.kind === 'credit_note' ? 'CREDIT NOTE' : 'CREDIT', 300, 50, { width: 245, align: 'right' });
    const facts: [string, string][] = [
      ['Credit number', credit.creditNumber ?? 'Overpayment'],
      ['Issue date', day(credit.issueDate)],
      ...(credit.invoiceNumber ? ([['Credits invoice', credit.invoiceNumber]] as [string, string][]) : []),
      ...(credit.status === 'void' ? ([['Status', 'VOID']] as [string, string][]) : []),
    ];
    let y = 82;
    doc.fontSize(9);
    for (const [label, value] of facts) {
      doc.font(BOLD);
      const height = Math.max(doc.heightOfString(value, { width: 110 }), doc.font(REGULAR).heightOfString(label, { width: 90 }));
      doc.font(REGULAR).fillColor('#475569').text(label, 345, y, { width: 90 });
      doc.font(BOLD).fillColor('#0f172a').text(value, 435, y, { width: 110, align: 'right' });
      y += height + 3;
    }

    y = Math.max(sellerBottom, y) + 24;
    doc.font(BOLD).fontSize(9).fillColor('#475569').text('CREDIT TO', LEFT, y);
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(customer.name, LEFT, y + 14, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text(lines(...addressLines(customer), customer.email, customer.taxId ? `Tax ID: ${customer.taxId}` : null).join('\n'), { width: 280 });
    y = doc.y + 24;

    const header = (top: number) => {
      doc.rect(LEFT, top, RIGHT - LEFT, 20).fill('#f1f5f9');
      doc.font(BOLD).fontSize(9).fillColor('#334155');
      doc.text('Description', COLUMNS.description + 6, top + 6, { width: 240 });
      doc.text('Qty', COLUMNS.quantity, top + 6, { width: 50, align: 'right' });
      doc.text('Unit price', COLUMNS.unitPrice, top + 6, { width: 85, align: 'right' });
      doc.text('Amount', COLUMNS.amount, top + 6, { width: RIGHT - COLUMNS.amount - 6, align: 'right' });
      return top + 26;
    };
    y = header(y);
    doc.font(REGULAR).fontSize(9).fillColor('#0f172a');
    for (const item of credit.items) {
      const height = Math.max(doc.heightOfString(item.description, { width: 240 }), 11);
      if (y + height > 760) {
        doc.addPage();
        y = header(50);
        doc.font(REGULAR).fontSize(9).fillColor('#0f172a');
      }
      doc.text(item.description, COLUMNS.description + 6, y, { width: 240 });
      doc.text(item.quantity, COLUMNS.quantity, y, { width: 50, align: 'right' });
      doc.text(money(item.unitPrice), COLUMNS.unitPrice, y, { width: 85, align: 'right' });
      doc.text(money(item.totalPrice), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount - 6, align: 'right' });
      y += height + 8;
      doc.moveTo(LEFT, y - 4).lineTo(RIGHT, y - 4).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
    }

    // The discount share is what the lines come to above the credit's subtotal (credit-notes.service.ts).
    const linesTotal = sumCents(credit.items.map((item) => centsFromDecimal(item.totalPrice)));
    const discount = linesTotal - centsFromDecimal(credit.subtotal);
    const totals: [string, string, boolean][] = [
      ...(discount > 0
        ? ([
            ['Lines', moneyIn(organization.currency, linesTotal), false],
            ['Discount', `-${moneyIn(organization.currency, discount)}`, false],
          ] as [string, string, boolean][])
        : []),
      ['Subtotal', money(credit.subtotal), false],
      ['Tax', money(credit.taxAmount), false],
      ['Credit total', money(credit.amount), true],
      ['Applied', money(credit.amountApplied), false],
      ['Refunded', money(credit.amountRefunded), false],
      ['Remaining credit', money(credit.remaining), true],
    ];
    if (y + totals.length * 16 + 20 > 780) {
      doc.addPage();
      y = 50;
    }
    y += 8;
    for (const [label, value, strong] of totals) {
      doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 11 : 9).fillColor('#0f172a');
      doc.text(label, 330, y, { width: 110 });
      doc.text(value, 440, y, { width: RIGHT - 440 - 6, align: 'right' });
      y += strong ? 18 : 14;
    }

    if (credit.reason) {
      y += 16;
      if (y > 740) {
        doc.addPage();
        y = 50;
      }
      doc.font(BOLD).fontSize(9).fillColor('#475569').text('REASON', LEFT, y);
      doc.font(REGULAR).fontSize(9).fillColor('#0f172a').text(credit.reason, LEFT, y + 14, { width: RIGHT - LEFT });
    }
    doc.end();
  });
}
