import type { EinvoiceDocument, EinvoiceParty } from '../../../shared/contracts/einvoicing';
import { PEPPOL_BIS_PROFILE } from './specifications';
import { type XmlNode, amountWithCurrency, rateText, writeXml } from './xml-output';

/*
 * UBL 2.1 Invoice (380) and CreditNote (381) as Peppol BIS Billing 3.0 and XRechnung UBL use them,
 * elements in the order of the UBL 2.1 XSDs (header: CustomizationID, ProfileID, ID, IssueDate,
 * DueDate, type code, Note, DocumentCurrencyCode, BuyerReference, OrderReference, BillingReference,
 * parties, PaymentMeans, PaymentTerms, AllowanceCharge, TaxTotal, LegalMonetaryTotal, lines).
 * One TaxTotal with its subtotals (PEPPOL-EN16931-R053), one currency throughout (R051).
 */

const namespaces = (root: 'Invoice' | 'CreditNote') => ({
  '@_xmlns': `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
  '@_xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  '@_xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

const vatScheme = { 'cbc:ID': 'VAT' };

function party(entity: EinvoiceParty, role: 'seller' | 'buyer'): XmlNode {
  const { address, contact } = entity;
  return {
    'cac:Party': {
      'cbc:EndpointID': entity.electronicAddress ? { '#text': entity.electronicAddress.value, '@_schemeID': entity.electronicAddress.scheme } : null,
      'cac:PartyName': entity.tradingName ? { 'cbc:Name': entity.tradingName } : null,
      'cac:PostalAddress': {
        'cbc:StreetName': address.line1,
        'cbc:AdditionalStreetName': address.line2,
        'cbc:CityName': address.city,
        'cbc:PostalZone': address.postalCode,
        'cbc:CountrySubentity': address.subdivision,
        'cac:Country': { 'cbc:IdentificationCode': address.countryCode },
      },
      'cac:PartyTaxScheme': [
        entity.vatId ? { 'cbc:CompanyID': entity.vatId, 'cac:TaxScheme': vatScheme } : null,
        role === 'seller' && entity.taxRegistrationId ? { 'cbc:CompanyID': entity.taxRegistrationId, 'cac:TaxScheme': { 'cbc:ID': 'TAX' } } : null,
      ],
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': entity.name, 'cbc:CompanyID': entity.companyId },
      'cac:Contact': contact ? { 'cbc:Name': contact.name, 'cbc:Telephone': contact.phone, 'cbc:ElectronicMail': contact.email } : null,
    },
  };
}

const taxCategory = (category: string, rate: string | null, extra: Record<string, string | null> = {}): XmlNode => ({
  'cbc:ID': category,
  // Category O carries no rate (BR-O-05..07).
  'cbc:Percent': category === 'O' ? null : rateText(rate),
  ...extra,
  'cac:TaxScheme': vatScheme,
});

export function writeUbl(doc: EinvoiceDocument): string {
  const credit = doc.typeCode === '381';
  const root = credit ? 'CreditNote' : 'Invoice';
  const money = (cents: number) => amountWithCurrency(cents, doc.currency);
  const { payment, totals } = doc;
  return writeXml(root, {
    ...namespaces(root),
    'cbc:CustomizationID': doc.specificationId,
    'cbc:ProfileID': PEPPOL_BIS_PROFILE,
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    // UBL's CreditNote has no DueDate; a credit note's due date would go into PaymentMeans (we have none).
    'cbc:DueDate': credit ? null : doc.dueDate,
    [credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: doc.typeCode,
    'cbc:Note': doc.note,
    'cbc:DocumentCurrencyCode': doc.currency,
    'cbc:BuyerReference': doc.buyerReference,
    'cac:OrderReference': doc.orderReference ? { 'cbc:ID': doc.orderReference } : null,
    'cac:BillingReference': doc.precedingInvoice
      ? { 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.precedingInvoice.number, 'cbc:IssueDate': doc.precedingInvoice.issueDate } }
      : null,
    'cac:AccountingSupplierParty': party(doc.seller, 'seller'),
    'cac:AccountingCustomerParty': party(doc.buyer, 'buyer'),
    'cac:PaymentMeans': payment
      ? {
          'cbc:PaymentMeansCode': payment.meansCode,
          'cbc:PaymentID': payment.remittanceInformation,
          'cac:PayeeFinancialAccount':
            payment.iban || payment.accountNumber
              ? {
                  'cbc:ID': payment.iban ?? payment.accountNumber,
                  'cbc:Name': payment.accountName,
                  'cac:FinancialInstitutionBranch': payment.bic ? { 'cbc:ID': payment.bic } : null,
                }
              : null,
        }
      : null,
    'cac:PaymentTerms': doc.paymentTerms ? { 'cbc:Note': doc.paymentTerms } : null,
    'cac:AllowanceCharge': doc.allowancesCharges.map((entry) => ({
      'cbc:ChargeIndicator': entry.isCharge ? 'true' : 'false',
      'cbc:AllowanceChargeReasonCode': entry.reasonCode,
      'cbc:AllowanceChargeReason': entry.reason,
      'cbc:Amount': money(entry.amount),
      'cac:TaxCategory': taxCategory(entry.vatCategory, entry.vatRate),
    })),
    'cac:TaxTotal': {
      'cbc:TaxAmount': money(totals.taxTotal),
      'cac:TaxSubtotal': doc.vatBreakdown.map((group) => ({
        'cbc:TaxableAmount': money(group.taxableAmount),
        'cbc:TaxAmount': money(group.taxAmount),
        'cac:TaxCategory': taxCategory(group.category, group.rate, {
          'cbc:TaxExemptionReasonCode': group.exemptionReasonCode,
          'cbc:TaxExemptionReason': group.exemptionReason,
        }),
      })),
    },
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(totals.lineTotal),
      'cbc:TaxExclusiveAmount': money(totals.taxExclusive),
      'cbc:TaxInclusiveAmount': money(totals.taxInclusive),
      'cbc:AllowanceTotalAmount': money(totals.allowanceTotal),
      'cbc:ChargeTotalAmount': money(totals.chargeTotal),
      'cbc:PrepaidAmount': money(totals.prepaid),
      'cbc:PayableRoundingAmount': totals.rounding !== 0 ? money(totals.rounding) : null,
      'cbc:PayableAmount': money(totals.payable),
    },
    [credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: doc.lines.map((line) => ({
      'cbc:ID': line.id,
      [credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '#text': line.quantity, '@_unitCode': line.unitCode },
      'cbc:LineExtensionAmount': money(line.lineNet),
      'cac:Item': {
        'cbc:Description': line.description,
        'cbc:Name': line.name,
        'cac:ClassifiedTaxCategory': taxCategory(line.vatCategory, line.vatRate),
      },
      'cac:Price': { 'cbc:PriceAmount': { '#text': line.netPrice, '@_currencyID': doc.currency } },
    })),
  });
}
