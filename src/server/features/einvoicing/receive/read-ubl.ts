import type {
  EinvoiceAllowanceCharge,
  EinvoiceDocument,
  EinvoiceLine,
  EinvoiceParty,
  EinvoicePayment,
  EinvoiceVatGroup,
} from '../../../../shared/contracts/einvoicing';
import { DEFAULT_UNIT_CODE } from '../../../../shared/einvoice-codes';
import { childrenNamed, first, select, textAt, type XmlNode } from '../../documents/extraction/einvoice/xml-tree';
import { address, amountInCurrency, asIban, cents, cleanText, decimalText, isoDate, vatCategory } from './xml-values';

/** OASIS UBL 2.1 Invoice and CreditNote (Peppol BIS Billing 3.0, XRechnung UBL). */
export function isUblDocument(root: XmlNode): boolean {
  return root.name === 'Invoice' || root.name === 'CreditNote';
}

function party(node: XmlNode | null): EinvoiceParty {
  const endpoint = first(node, 'EndpointID');
  const taxSchemes = select(node, 'PartyTaxScheme');
  const vat = taxSchemes.find((scheme) => (textAt(scheme, 'TaxScheme/ID') ?? 'VAT').toUpperCase() === 'VAT');
  const other = taxSchemes.find((scheme) => scheme !== vat);
  const postal = first(node, 'PostalAddress');
  const contact = first(node, 'Contact');
  return {
    name: cleanText(textAt(node, 'PartyLegalEntity/RegistrationName') ?? textAt(node, 'PartyName/Name')) ?? '',
    tradingName: cleanText(textAt(node, 'PartyName/Name')),
    vatId: cleanText(textAt(vat, 'CompanyID')),
    taxRegistrationId: cleanText(textAt(other, 'CompanyID')),
    companyId: cleanText(textAt(node, 'PartyLegalEntity/CompanyID') ?? textAt(node, 'PartyIdentification/ID')),
    electronicAddress: endpoint && endpoint.text ? { scheme: endpoint.attributes.schemeID ?? '', value: endpoint.text } : null,
    address: address({
      line1: textAt(postal, 'StreetName'),
      line2: textAt(postal, 'AdditionalStreetName'),
      city: textAt(postal, 'CityName'),
      postalCode: textAt(postal, 'PostalZone'),
      subdivision: textAt(postal, 'CountrySubentity'),
      countryCode: textAt(postal, 'Country/IdentificationCode'),
    }),
    contact: contact
      ? { name: cleanText(textAt(contact, 'Name')), phone: cleanText(textAt(contact, 'Telephone')), email: cleanText(textAt(contact, 'ElectronicMail')) }
      : null,
  };
}

function payment(root: XmlNode): EinvoicePayment | null {
  const means = first(root, 'PaymentMeans');
  if (!means) return null;
  const account = cleanText(textAt(means, 'PayeeFinancialAccount/ID'));
  const iban = asIban(account);
  return {
    meansCode: textAt(means, 'PaymentMeansCode') ?? '1',
    iban,
    accountNumber: iban ? null : account,
    bic: cleanText(textAt(means, 'PayeeFinancialAccount/FinancialInstitutionBranch/ID')),
    accountName: cleanText(textAt(means, 'PayeeFinancialAccount/Name')),
    remittanceInformation: cleanText(textAt(means, 'PaymentID')),
  };
}

function line(node: XmlNode, index: number): EinvoiceLine {
  const quantity = first(node, 'InvoicedQuantity') ?? first(node, 'CreditedQuantity');
  const tax = first(node, 'Item/ClassifiedTaxCategory');
  const rate = decimalText(textAt(tax, 'Percent'));
  return {
    id: textAt(node, 'ID') ?? String(index + 1),
    name: cleanText(textAt(node, 'Item/Name')) ?? '',
    description: cleanText(textAt(node, 'Item/Description')),
    quantity: decimalText(quantity?.text) ?? '1',
    unitCode: quantity?.attributes.unitCode || DEFAULT_UNIT_CODE,
    netPrice: decimalText(textAt(node, 'Price/PriceAmount')) ?? '0',
    lineNet: cents(textAt(node, 'LineExtensionAmount')),
    vatCategory: vatCategory(textAt(tax, 'ID'), rate),
    vatRate: rate,
  };
}

function allowanceCharge(node: XmlNode): EinvoiceAllowanceCharge {
  const rate = decimalText(textAt(node, 'TaxCategory/Percent'));
  return {
    isCharge: (textAt(node, 'ChargeIndicator') ?? '').trim().toLowerCase() === 'true',
    amount: cents(textAt(node, 'Amount')),
    reason: cleanText(textAt(node, 'AllowanceChargeReason')),
    reasonCode: cleanText(textAt(node, 'AllowanceChargeReasonCode')),
    vatCategory: vatCategory(textAt(node, 'TaxCategory/ID'), rate),
    vatRate: rate,
  };
}

function vatGroup(node: XmlNode): EinvoiceVatGroup {
  const rate = decimalText(textAt(node, 'TaxCategory/Percent'));
  return {
    category: vatCategory(textAt(node, 'TaxCategory/ID'), rate),
    rate,
    taxableAmount: cents(textAt(node, 'TaxableAmount')),
    taxAmount: cents(textAt(node, 'TaxAmount')),
    exemptionReason: cleanText(textAt(node, 'TaxCategory/TaxExemptionReason')),
    exemptionReasonCode: cleanText(textAt(node, 'TaxCategory/TaxExemptionReasonCode')),
  };
}

export function readUbl(root: XmlNode): EinvoiceDocument {
  const isCreditNote = root.name === 'CreditNote';
  const currency = (textAt(root, 'DocumentCurrencyCode') ?? '').toUpperCase();
  const totals = first(root, 'LegalMonetaryTotal');
  const taxTotals = childrenNamed(root, 'TaxTotal');
  // BT-110 is the TaxTotal in the document currency; the breakdown hangs under it (a second TaxTotal is BT-111).
  const mainTax = taxTotals.find((total) => (first(total, 'TaxAmount')?.attributes.currencyID ?? currency) === currency) ?? taxTotals[0] ?? null;
  const lines = [...childrenNamed(root, 'InvoiceLine'), ...childrenNamed(root, 'CreditNoteLine')];
  const preceding = first(root, 'BillingReference/InvoiceDocumentReference');
  return {
    typeCode: textAt(root, isCreditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? (isCreditNote ? '381' : '380'),
    number: cleanText(textAt(root, 'ID')) ?? '',
    issueDate: isoDate(textAt(root, 'IssueDate')) ?? '',
    dueDate: isoDate(textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans/PaymentDueDate')),
    currency,
    specificationId: textAt(root, 'CustomizationID') ?? '',
    buyerReference: cleanText(textAt(root, 'BuyerReference')),
    orderReference: cleanText(textAt(root, 'OrderReference/ID')),
    precedingInvoice: preceding ? { number: textAt(preceding, 'ID') ?? '', issueDate: isoDate(textAt(preceding, 'IssueDate')) } : null,
    note: cleanText(select(root, 'Note').map((note) => note.text).join('\n')),
    paymentTerms: cleanText(textAt(root, 'PaymentTerms/Note')),
    seller: party(first(root, 'AccountingSupplierParty/Party')),
    buyer: party(first(root, 'AccountingCustomerParty/Party')),
    payment: payment(root),
    lines: lines.map(line),
    allowancesCharges: childrenNamed(root, 'AllowanceCharge').map(allowanceCharge),
    vatBreakdown: select(mainTax, 'TaxSubtotal').map(vatGroup),
    totals: {
      lineTotal: cents(textAt(totals, 'LineExtensionAmount')),
      allowanceTotal: cents(textAt(totals, 'AllowanceTotalAmount')),
      chargeTotal: cents(textAt(totals, 'ChargeTotalAmount')),
      taxExclusive: cents(textAt(totals, 'TaxExclusiveAmount')),
      taxTotal: amountInCurrency(select(mainTax, 'TaxAmount'), currency),
      taxInclusive: cents(textAt(totals, 'TaxInclusiveAmount')),
      prepaid: cents(textAt(totals, 'PrepaidAmount')),
      rounding: cents(textAt(totals, 'PayableRoundingAmount')),
      payable: cents(textAt(totals, 'PayableAmount')),
    },
  };
}
