import type {
  EinvoiceAllowanceCharge,
  EinvoiceDocument,
  EinvoiceLine,
  EinvoiceParty,
  EinvoicePayment,
  EinvoiceVatGroup,
} from '../../../../shared/contracts/einvoicing';
import { DEFAULT_UNIT_CODE } from '../../../../shared/einvoice-codes';
import { descendants, first, select, textAt, type XmlNode } from '../../documents/extraction/einvoice/xml-tree';
import { address, amountInCurrency, asIban, cents, ciiDate, cleanText, decimalText, vatCategory } from './xml-values';

/**
 * UN/CEFACT Cross Industry Invoice: Factur-X / ZUGFeRD 2.x and XRechnung CII (CrossIndustryInvoice),
 * and ZUGFeRD 1.0 (CrossIndustryDocument), whose elements differ only in a few container names.
 */
export function isCiiDocument(root: XmlNode): boolean {
  if (root.name === 'CrossIndustryInvoice' || root.name === 'CrossIndustryDocument') return true;
  return root.children.some((child) => child.name === 'HeaderExchangedDocument');
}

/** The first child among alternative names (CII D16B name first, ZUGFeRD 1 name second). */
function either(node: XmlNode | null, ...paths: string[]): XmlNode | null {
  for (const path of paths) {
    const found = first(node, path);
    if (found) return found;
  }
  return null;
}

const rateOf = (tax: XmlNode | null): string | null => decimalText(textAt(tax, 'RateApplicablePercent') ?? textAt(tax, 'ApplicablePercent'));

function party(node: XmlNode | null): EinvoiceParty {
  const registrations = select(node, 'SpecifiedTaxRegistration/ID');
  const uri = first(node, 'URIUniversalCommunication/URIID');
  const postal = first(node, 'PostalTradeAddress');
  const contact = first(node, 'DefinedTradeContact');
  const contactEmail = textAt(contact, 'EmailURIUniversalCommunication/URIID') ?? (uri?.attributes.schemeID === 'EM' ? uri.text : null);
  return {
    name: cleanText(textAt(node, 'Name')) ?? '',
    tradingName: cleanText(textAt(node, 'SpecifiedLegalOrganization/TradingBusinessName')),
    vatId: cleanText(registrations.find((id) => id.attributes.schemeID === 'VA')?.text),
    taxRegistrationId: cleanText(registrations.find((id) => id.attributes.schemeID === 'FC')?.text),
    companyId: cleanText(textAt(node, 'SpecifiedLegalOrganization/ID')),
    electronicAddress: uri && uri.text && uri.attributes.schemeID !== 'EM' ? { scheme: uri.attributes.schemeID ?? '', value: uri.text } : null,
    address: address({
      line1: textAt(postal, 'LineOne'),
      line2: textAt(postal, 'LineTwo'),
      city: textAt(postal, 'CityName'),
      postalCode: textAt(postal, 'PostcodeCode'),
      subdivision: textAt(postal, 'CountrySubDivisionName'),
      countryCode: textAt(postal, 'CountryID'),
    }),
    contact:
      contact || contactEmail
        ? {
            name: cleanText(textAt(contact, 'PersonName')),
            phone: cleanText(textAt(contact, 'TelephoneUniversalCommunication/CompleteNumber')),
            email: cleanText(contactEmail),
          }
        : null,
  };
}

function payment(settlement: XmlNode | null): EinvoicePayment | null {
  const means = first(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  if (!means) return null;
  const account = first(means, 'PayeePartyCreditorFinancialAccount');
  const ibanText = textAt(account, 'IBANID');
  const proprietary = cleanText(textAt(account, 'ProprietaryID'));
  return {
    meansCode: textAt(means, 'TypeCode') ?? '1',
    iban: asIban(ibanText) ?? asIban(proprietary),
    accountNumber: asIban(ibanText) || asIban(proprietary) ? null : proprietary,
    bic: cleanText(textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution/BICID')),
    accountName: cleanText(textAt(account, 'AccountName')),
    remittanceInformation: cleanText(textAt(settlement, 'PaymentReference')),
  };
}

function line(node: XmlNode, index: number): EinvoiceLine {
  const agreement = either(node, 'SpecifiedLineTradeAgreement', 'SpecifiedSupplyChainTradeAgreement');
  const delivery = either(node, 'SpecifiedLineTradeDelivery', 'SpecifiedSupplyChainTradeDelivery');
  const settlement = either(node, 'SpecifiedLineTradeSettlement', 'SpecifiedSupplyChainTradeSettlement');
  const quantity = first(delivery, 'BilledQuantity');
  const tax = first(settlement, 'ApplicableTradeTax');
  const rate = rateOf(tax);
  const lineTotal = descendants(settlement, 'LineTotalAmount')[0];
  return {
    id: textAt(node, 'AssociatedDocumentLineDocument/LineID') ?? String(index + 1),
    name: cleanText(textAt(node, 'SpecifiedTradeProduct/Name')) ?? '',
    description: cleanText(textAt(node, 'SpecifiedTradeProduct/Description')),
    quantity: decimalText(quantity?.text) ?? '1',
    unitCode: quantity?.attributes.unitCode || DEFAULT_UNIT_CODE,
    netPrice: decimalText(textAt(agreement, 'NetPriceProductTradePrice/ChargeAmount')) ?? '0',
    lineNet: cents(lineTotal?.text),
    vatCategory: vatCategory(textAt(tax, 'CategoryCode'), rate),
    vatRate: rate,
  };
}

function allowanceCharge(node: XmlNode): EinvoiceAllowanceCharge {
  const tax = first(node, 'CategoryTradeTax');
  const rate = rateOf(tax);
  const indicator = textAt(node, 'ChargeIndicator/Indicator') ?? textAt(node, 'ChargeIndicator') ?? '';
  return {
    isCharge: indicator.trim().toLowerCase() === 'true',
    // ZUGFeRD 1 wrote some allowances as negative amounts; EN 16931 amounts of BG-20 / BG-21 are positive.
    amount: Math.abs(cents(textAt(node, 'ActualAmount'))),
    reason: cleanText(textAt(node, 'Reason')),
    reasonCode: cleanText(textAt(node, 'ReasonCode')),
    vatCategory: vatCategory(textAt(tax, 'CategoryCode'), rate),
    vatRate: rate,
  };
}

/** A logistics charge (freight, packing): in CII a charge of its own element (AppliedAmount). */
function logisticsCharge(node: XmlNode): EinvoiceAllowanceCharge {
  const tax = first(node, 'AppliedTradeTax');
  const rate = rateOf(tax);
  return {
    isCharge: true,
    amount: cents(textAt(node, 'AppliedAmount')),
    reason: cleanText(textAt(node, 'Description')),
    reasonCode: null,
    vatCategory: vatCategory(textAt(tax, 'CategoryCode'), rate),
    vatRate: rate,
  };
}

function vatGroup(node: XmlNode): EinvoiceVatGroup {
  const rate = rateOf(node);
  return {
    category: vatCategory(textAt(node, 'CategoryCode'), rate),
    rate,
    taxableAmount: cents(textAt(node, 'BasisAmount')),
    taxAmount: cents(textAt(node, 'CalculatedAmount')),
    exemptionReason: cleanText(textAt(node, 'ExemptionReason')),
    exemptionReasonCode: cleanText(textAt(node, 'ExemptionReasonCode')),
  };
}

export function readCii(root: XmlNode): EinvoiceDocument {
  const header = either(root, 'ExchangedDocument', 'HeaderExchangedDocument');
  const transaction = either(root, 'SupplyChainTradeTransaction', 'SpecifiedSupplyChainTradeTransaction');
  const agreement = either(transaction, 'ApplicableHeaderTradeAgreement', 'ApplicableSupplyChainTradeAgreement');
  const settlement = either(transaction, 'ApplicableHeaderTradeSettlement', 'ApplicableSupplyChainTradeSettlement');
  const currency = (textAt(settlement, 'InvoiceCurrencyCode') ?? '').toUpperCase();
  const sums = either(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation', 'SpecifiedTradeSettlementMonetarySummation');
  const terms = first(settlement, 'SpecifiedTradePaymentTerms');
  const preceding = first(settlement, 'InvoiceReferencedDocument');
  const context = either(root, 'ExchangedDocumentContext', 'SpecifiedExchangedDocumentContext');
  return {
    typeCode: textAt(header, 'TypeCode') ?? '380',
    number: cleanText(textAt(header, 'ID')) ?? '',
    issueDate: ciiDate(first(header, 'IssueDateTime')) ?? '',
    dueDate: ciiDate(first(terms, 'DueDateDateTime')),
    currency,
    specificationId: textAt(context, 'GuidelineSpecifiedDocumentContextParameter/ID') ?? '',
    buyerReference: cleanText(textAt(agreement, 'BuyerReference')),
    orderReference: cleanText(textAt(agreement, 'BuyerOrderReferencedDocument/IssuerAssignedID')),
    precedingInvoice: preceding ? { number: textAt(preceding, 'IssuerAssignedID') ?? '', issueDate: ciiDate(first(preceding, 'FormattedIssueDateTime')) } : null,
    note: cleanText(select(header, 'IncludedNote/Content').map((note) => note.text).join('\n')),
    paymentTerms: cleanText(textAt(terms, 'Description')),
    seller: party(first(agreement, 'SellerTradeParty')),
    buyer: party(first(agreement, 'BuyerTradeParty')),
    payment: payment(settlement),
    lines: descendants(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
    allowancesCharges: [...select(settlement, 'SpecifiedTradeAllowanceCharge').map(allowanceCharge), ...select(settlement, 'SpecifiedLogisticsServiceCharge').map(logisticsCharge)],
    vatBreakdown: select(settlement, 'ApplicableTradeTax').map(vatGroup),
    totals: {
      lineTotal: cents(textAt(sums, 'LineTotalAmount')),
      allowanceTotal: cents(textAt(sums, 'AllowanceTotalAmount')),
      chargeTotal: cents(textAt(sums, 'ChargeTotalAmount')),
      taxExclusive: cents(textAt(sums, 'TaxBasisTotalAmount')),
      taxTotal: amountInCurrency(select(sums, 'TaxTotalAmount'), currency),
      taxInclusive: cents(textAt(sums, 'GrandTotalAmount')),
      prepaid: cents(textAt(sums, 'TotalPrepaidAmount')),
      rounding: cents(textAt(sums, 'RoundingAmount')),
      payable: cents(textAt(sums, 'DuePayableAmount')),
    },
  };
}
