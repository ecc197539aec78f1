import type {
  ExtractedData,
  ExtractedLineItem,
} from '../../../../../shared/contracts/extracted-data';
import { einvoiceAmount, einvoiceDate, einvoiceQuantity, einvoiceResult } from './einvoice-values';
import { childrenNamed, first, select, textAt, type XmlNode } from './xml-tree';

/** OASIS UBL 2.x Invoice and CreditNote (Peppol BIS, XRechnung UBL). */
export function isUblRoot(root: XmlNode): boolean {
  return root.name === 'Invoice' || root.name === 'CreditNote';
}

function amountIn(nodes: XmlNode[], currency: string | null): string | null {
  const preferred = nodes.find(
    (node) => !node.attributes.currencyID || node.attributes.currencyID === currency,
  );
  return einvoiceAmount((preferred ?? nodes[0])?.text ?? null);
}

function lineItems(root: XmlNode): ExtractedLineItem[] {
  const lines = [...childrenNamed(root, 'InvoiceLine'), ...childrenNamed(root, 'CreditNoteLine')];
  return lines.map((line) => ({
    description: textAt(line, 'Item/Name') ?? textAt(line, 'Item/Description') ?? '',
    quantity: einvoiceQuantity(
      textAt(line, 'InvoicedQuantity') ?? textAt(line, 'CreditedQuantity'),
    ),
    unitPrice: einvoiceAmount(textAt(line, 'Price/PriceAmount')),
    totalPrice: einvoiceAmount(textAt(line, 'LineExtensionAmount')),
  }));
}

export function parseUbl(root: XmlNode): ExtractedData {
  const party = first(root, 'AccountingSupplierParty/Party');
  const currency = textAt(root, 'DocumentCurrencyCode');
  const totals = first(root, 'LegalMonetaryTotal');
  const taxTotals = select(root, 'TaxTotal/TaxAmount');
  return einvoiceResult({
    vendorName:
      textAt(party, 'PartyLegalEntity/RegistrationName') ?? textAt(party, 'PartyName/Name'),
    taxId: textAt(party, 'PartyTaxScheme/CompanyID') ?? textAt(party, 'PartyLegalEntity/CompanyID'),
    email: textAt(party, 'Contact/ElectronicMail'),
    total: einvoiceAmount(textAt(totals, 'TaxInclusiveAmount') ?? textAt(totals, 'PayableAmount')),
    subtotal: einvoiceAmount(textAt(totals, 'TaxExclusiveAmount')),
    tax: amountIn(taxTotals, currency),
    currency,
    issueDate: einvoiceDate(textAt(root, 'IssueDate'), undefined),
    dueDate: einvoiceDate(
      textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans/PaymentDueDate'),
      undefined,
    ),
    invoiceNumber: textAt(root, 'ID'),
    lineItems: lineItems(root),
  });
}
