import type { Invoice } from '../../../shared/contracts/invoices';
import { centsFromDecimal } from '../../../shared/money';
import { printedTerms } from '../../../shared/payment-terms';
import type { organizations } from '../../db/schema';
import { printedDay, renderBusinessDocumentPdf } from '../../platform/business-document-pdf';
import type { CustomerRow } from '../customers/customers.queries';
import { lineWithRate, vatTotalsRows } from '../../platform/vat-print';
import { printedMoneyIn } from './invoice-rules';

type OrganizationRow = typeof organizations.$inferSelect;

export interface InvoiceDocument {
  invoice: Invoice;
  customer: CustomerRow;
  organization: OrganizationRow;
}

/** The invoice as a one-or-more page A4 PDF, amounts in the organization's currency. */
export async function renderInvoicePdf({ invoice, customer, organization }: InvoiceDocument): Promise<Buffer> {
  const { currency } = organization;
  const money = (amount: string) => printedMoneyIn(currency, centsFromDecimal(amount, currency));
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
    lines: invoice.items.map((item) => ({ ...item, description: lineWithRate(item.description, item), unitPrice: money(item.unitPrice), totalPrice: money(item.totalPrice) })),
    totals: [
      ['Subtotal', money(invoice.subtotal), false],
      ...vatTotalsRows(invoice.items, centsFromDecimal(invoice.discountAmount, currency), (cents) => printedMoneyIn(currency, cents), currency),
      ['Tax', money(invoice.taxAmount), false],
      ['Discount', centsFromDecimal(invoice.discountAmount, currency) > 0 ? `-${money(invoice.discountAmount)}` : money(invoice.discountAmount), false],
      ['Total', money(invoice.totalAmount), true],
      ['Amount paid', money(invoice.amountPaid), false],
      ['Balance due', money(invoice.balance), true],
    ],
    note: noteOf(invoice),
  });
}

/** The notes, and the VAT exemption reason (BT-120) when there is one. */
function noteOf(invoice: Invoice): { label: string; text: string } | null {
  const parts = [invoice.vatExemptionReason ? `VAT exemption: ${invoice.vatExemptionReason}` : null, invoice.notes].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? { label: 'NOTES', text: parts.join('\n') } : null;
}
