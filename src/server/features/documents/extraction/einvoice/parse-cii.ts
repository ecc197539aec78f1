import type {
  ExtractedData,
  ExtractedLineItem,
} from '../../../../../shared/contracts/extracted-data';
import { einvoiceAmount, einvoiceDate, einvoiceQuantity, einvoiceResult } from './einvoice-values';
import { descendants, first, select, textAt, type XmlNode } from './xml-tree';

/**
 * UN/CEFACT Cross Industry Invoice: ZUGFeRD 2.x, Factur-X and XRechnung CII (root
 * CrossIndustryInvoice), ZUGFeRD 1.0 (CrossIndustryDocument) and the early CBFBUY drafts (Invoice
 * with HeaderExchangedDocument). Element local names are shared across these versions.
 */
export function isCiiRoot(root: XmlNode): boolean {
  if (root.name === 'CrossIndustryInvoice' || root.name === 'CrossIndustryDocument') return true;
  return root.children.some((child) => child.name === 'HeaderExchangedDocument');
}

function dateIn(node: XmlNode | null): string | null {
  if (!node) return null;
  const stringNode = first(node, 'DateTimeString');
  const raw = stringNode?.text ?? node.text;
  return einvoiceDate(raw, stringNode?.attributes.format ?? node.attributes.format);
}

/** The amount in the invoice currency when an element repeats per currency (tax totals). */
function amountIn(nodes: XmlNode[], currency: string | null): string | null {
  const preferred = nodes.find(
    (node) => !node.attributes.currencyID || node.attributes.currencyID === currency,
  );
  return einvoiceAmount((preferred ?? nodes[0])?.text ?? null);
}

function sellerTaxId(seller: XmlNode | null): string | null {
  const registrations = select(seller, 'SpecifiedTaxRegistration/ID').filter(
    (id) => id.text !== '',
  );
  const vat = registrations.find((id) => id.attributes.schemeID === 'VA');
  return (vat ?? registrations[0])?.text ?? null;
}

function sellerEmail(seller: XmlNode | null): string | null {
  const contactEmail = textAt(seller, 'DefinedTradeContact/EmailURIUniversalCommunication/URIID');
  if (contactEmail) return contactEmail;
  const address = first(seller, 'URIUniversalCommunication/URIID');
  return address && address.attributes.schemeID === 'EM' ? address.text : null;
}

function lineItems(transaction: XmlNode | null): ExtractedLineItem[] {
  return descendants(transaction, 'IncludedSupplyChainTradeLineItem').map((line) => {
    const description =
      textAt(line, 'SpecifiedTradeProduct/Name') ??
      textAt(line, 'SpecifiedTradeProduct/Description') ??
      '';
    const quantity = descendants(line, 'BilledQuantity')[0]?.text ?? null;
    const unitPrice =
      descendants(
        first(line, 'SpecifiedLineTradeAgreement') ??
          first(line, 'SpecifiedSupplyChainTradeAgreement'),
        'NetPriceProductTradePrice',
      )
        .map((price) => textAt(price, 'ChargeAmount'))
        .find((value) => value !== null) ?? null;
    const lineTotal = descendants(line, 'LineTotalAmount')[0]?.text ?? null;
    return {
      description,
      quantity: einvoiceQuantity(quantity),
      unitPrice: einvoiceAmount(unitPrice),
      totalPrice: einvoiceAmount(lineTotal),
    };
  });
}

export function parseCii(root: XmlNode): ExtractedData {
  const header = first(root, 'ExchangedDocument') ?? first(root, 'HeaderExchangedDocument');
  const transaction =
    first(root, 'SupplyChainTradeTransaction') ??
    first(root, 'SpecifiedSupplyChainTradeTransaction');
  const seller = descendants(transaction, 'SellerTradeParty')[0] ?? null;
  const settlement =
    first(transaction, 'ApplicableHeaderTradeSettlement') ??
    first(transaction, 'ApplicableSupplyChainTradeSettlement');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const sums =
    first(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation') ??
    first(settlement, 'SpecifiedTradeSettlementMonetarySummation');
  const dueDate = descendants(
    first(settlement, 'SpecifiedTradePaymentTerms') ?? settlement,
    'DueDateDateTime',
  )[0];

  return einvoiceResult({
    vendorName: textAt(seller, 'Name'),
    taxId: sellerTaxId(seller),
    email: sellerEmail(seller),
    total: amountIn(select(sums, 'GrandTotalAmount'), currency),
    subtotal: amountIn(select(sums, 'TaxBasisTotalAmount'), currency),
    tax: amountIn(select(sums, 'TaxTotalAmount'), currency),
    currency,
    issueDate: dateIn(first(header, 'IssueDateTime')),
    dueDate: dateIn(dueDate ?? null),
    invoiceNumber: textAt(header, 'ID'),
    lineItems: lineItems(transaction),
  });
}
