import type { Invoice } from '../../../shared/contracts/invoices';
import { centsFromDecimal } from '../../../shared/money';
import { printedTerms } from '../../../shared/payment-terms';
import type { organizations } from '../../db/schema';
import { printedDay, renderBusinessDocumentPdf } from '../../platform/business-document-pdf';
import type { CustomerRow } from '../customers/customers.queries';
import { moneyIn } from './invoice-rules';

type OrganizationRow = typeof organizations.$inferSelect;

export interface InvoiceDocument {
  invoice: Invoice;
  customer: CustomerRow;
  organization: OrganizationRow;
}

/** The invoice as a one-or-more page A4 PDF, amounts in the organization's currency. */
export async function renderInvoicePdf({ invoice, customer, organization }: InvoiceDocument): Promise<Buffer> {
  const money = (amount: string) => moneyIn(organization.currency, centsFromDecimal(amount));
  return renderBusinessDocumentPdf({
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: organization.name },
    seller: organization,
    title: 'INVOICE',
    facts: [
      ['Invoice number', invoice.invoiceNumber],
      ['Issue date', printedDay(invoice.issueDate)],
      ['Due date', printedDay(invoice.dueDate)],
      ['Terms', printedTerms(invoice, printedDay)],
    ],
    partyLabel: 'BILL TO',
    party: customer,
    lines: invoice.items.map((item) => ({ ...item, unitPrice: money(item.unitPrice), totalPrice: money(item.totalPrice) })),
    totals: [
      ['Subtotal', money(invoice.subtotal), false],
      ['Tax', money(invoice.taxAmount), false],
      ['Discount', centsFromDecimal(invoice.discountAmount) > 0 ? `-${money(invoice.discountAmount)}` : money(invoice.discountAmount), false],
      ['Total', money(invoice.totalAmount), true],
      ['Amount paid', money(invoice.amountPaid), false],
      ['Balance due', money(invoice.balance), true],
    ],
    note: invoice.notes ? { label: 'NOTES', text: invoice.notes } : null,
  });
}
