import { format, parseISO } from 'date-fns';
import type { Invoice } from '../../../shared/contracts/invoices';
import { centsFromDecimal } from '../../../shared/money';
import { printedTerms } from '../../../shared/payment-terms';
import type { organizations } from '../../db/schema';
import { BOLD, REGULAR, createPdfDocument } from '../../platform/pdf-fonts';
import type { CustomerRow } from '../customers/customers.queries';
import { moneyIn } from './invoice-rules';

type OrganizationRow = typeof organizations.$inferSelect;

export interface InvoiceDocument {
  invoice: Invoice;
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

/** The invoice as a one-or-more page A4 PDF, amounts in the organization's currency. */
export async function renderInvoicePdf({ invoice, customer, organization }: InvoiceDocument): Promise<Buffer> {
  const money = (amount: string) => moneyIn(organization.currency, centsFromDecimal(amount));
  const doc = await createPdfDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: organization.name },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    // Seller, top left; invoice facts, top right.
    doc.font(BOLD).fontSize(18).fillColor('#0f172a').text(organization.name, LEFT, 50, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text(lines(...addressLines(organization), organization.email, organization.phone, organization.taxId ? `Tax ID: ${organization.taxId}` : null).join('\n'), { width: 280 });
    const sellerBottom = doc.y;

    doc.font(BOLD).fontSize(22).fillColor('#0f172a').text('INVOICE', 345, 50, { width: 200, align: 'right' });
    const facts: [string, string][] = [
      ['Invoice number', invoice.invoiceNumber],
      ['Issue date', day(invoice.issueDate)],
      ['Due date', day(invoice.dueDate)],
      ['Terms', printedTerms(invoice, day)],
    ];
    let y = 82;
    doc.fontSize(9);
    for (const [label, value] of facts) {
      // A long number or terms wrap; the next fact starts below the taller of the two.
      doc.font(BOLD);
      const height = Math.max(doc.heightOfString(value, { width: 110 }), doc.font(REGULAR).heightOfString(label, { width: 90 }));
      doc.font(REGULAR).fillColor('#475569').text(label, 345, y, { width: 90 });
      doc.font(BOLD).fillColor('#0f172a').text(value, 435, y, { width: 110, align: 'right' });
      y += height + 3;
    }

    // Bill to.
    y = Math.max(sellerBottom, y) + 24;
    doc.font(BOLD).fontSize(9).fillColor('#475569').text('BILL TO', LEFT, y);
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(customer.name, LEFT, y + 14, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text(lines(...addressLines(customer), customer.email, customer.taxId ? `Tax ID: ${customer.taxId}` : null).join('\n'), { width: 280 });
    y = doc.y + 24;

    // Items.
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
    for (const item of invoice.items) {
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

    // Totals.
    const totals: [string, string, boolean][] = [
      ['Subtotal', money(invoice.subtotal), false],
      ['Tax', money(invoice.taxAmount), false],
      ['Discount', centsFromDecimal(invoice.discountAmount) > 0 ? `-${money(invoice.discountAmount)}` : money(invoice.discountAmount), false],
      ['Total', money(invoice.totalAmount), true],
      ['Amount paid', money(invoice.amountPaid), false],
      ['Balance due', money(invoice.balance), true],
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

    if (invoice.notes) {
      y += 16;
      if (y > 740) {
        doc.addPage();
        y = 50;
      }
      doc.font(BOLD).fontSize(9).fillColor('#475569').text('NOTES', LEFT, y);
      doc.font(REGULAR).fontSize(9).fillColor('#0f172a').text(invoice.notes, LEFT, y + 14, { width: RIGHT - LEFT });
    }
    doc.end();
  });
}
