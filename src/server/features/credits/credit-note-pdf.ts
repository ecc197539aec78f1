import type { CreditNoteDetail } from '../../../shared/contracts/credits';
import { centsFromDecimal, sumCents } from '../../../shared/money';
import type { organizations } from '../../db/schema';
import { printedDay, renderBusinessDocumentPdf } from '../../platform/business-document-pdf';
import type { CustomerRow } from '../customers/customers.queries';
import { lineWithRate, vatTotalsRows } from '../../platform/vat-print';
import { printedMoneyIn } from '../invoices/invoice-rules';

type OrganizationRow = typeof organizations.$inferSelect;

export interface CreditNoteDocument {
  credit: CreditNoteDetail;
  customer: CustomerRow;
  organization: OrganizationRow;
}

/** The credit note as an A4 PDF laid out like the invoice's (business-document-pdf.ts). */
export async function renderCreditNotePdf({ credit, customer, organization }: CreditNoteDocument): Promise<Buffer> {
  const { currency } = organization;
  const printed = (cents: number) => printedMoneyIn(currency, cents);
  const money = (amount: string) => printed(centsFromDecimal(amount, currency));
  // The discount share is what the lines come to above the credit's subtotal (credit-notes.service.ts).
  const linesTotal = sumCents(credit.items.map((item) => centsFromDecimal(item.totalPrice, currency)));
  const discount = linesTotal - centsFromDecimal(credit.subtotal, currency);
  return renderBusinessDocumentPdf({
    info: { Title: credit.creditNumber ? `Credit note ${credit.creditNumber}` : 'Customer credit', Author: organization.name },
    seller: organization,
    title: credit.kind === 'credit_note' ? 'CREDIT NOTE' : 'CREDIT',
    facts: [
      ['Credit number', credit.creditNumber ?? 'Overpayment'],
      ['Issue date', printedDay(credit.issueDate)],
      ...(credit.invoiceNumber ? ([['Credits invoice', credit.invoiceNumber]] as [string, string][]) : []),
      ...(credit.status === 'void' ? ([['Status', 'VOID']] as [string, string][]) : []),
    ],
    partyLabel: 'CREDIT TO',
    party: customer,
    lines: credit.items.map((item) => ({ ...item, description: lineWithRate(item.description, item), unitPrice: money(item.unitPrice), totalPrice: money(item.totalPrice) })),
    totals: [
      ...(discount > 0
        ? ([
            ['Lines', printed(linesTotal), false],
            ['Discount', `-${printed(discount)}`, false],
          ] as [string, string, boolean][])
        : []),
      ['Subtotal', money(credit.subtotal), false],
      ...vatTotalsRows(credit.items, Math.max(discount, 0), printed, currency),
      ['Tax', money(credit.taxAmount), false],
      ['Credit total', money(credit.amount), true],
      ['Applied', money(credit.amountApplied), false],
      ['Refunded', money(credit.amountRefunded), false],
      ['Remaining credit', money(credit.remaining), true],
    ],
    note:
      credit.reason || credit.vatExemptionReason
        ? { label: 'REASON', text: [credit.reason, credit.vatExemptionReason ? `VAT exemption: ${credit.vatExemptionReason}` : null].filter(Boolean).join('\n') }
        : null,
  });
}
