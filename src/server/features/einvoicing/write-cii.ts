import type { EinvoiceDocument, EinvoiceParty } from '../../../shared/contracts/einvoicing';
import { PEPPOL_BIS_PROFILE, XRECHNUNG_SPECIFICATION } from './specifications';
import { EMPTY_ELEMENT, type XmlNode, amountText, amountWithCurrency, rateText, writeXml } from './xml-output';

/*
 * UN/CEFACT Cross Industry Invoice D16B, EN 16931 semantics, elements in the order the XSD demands
 * (TradePartyType: ID, GlobalID, Name, SpecifiedLegalOrganization, DefinedTradeContact,
 * PostalTradeAddress, URIUniversalCommunication, SpecifiedTaxRegistration; header settlement:
 * PaymentReference, InvoiceCurrencyCode, PaymentMeans, ApplicableTradeTax, AllowanceCharge,
 * PaymentTerms, MonetarySummation, InvoiceReferencedDocument). Used by Factur-X (EN 16931 profile)
 * and XRechnung CII.
 */

const namespaces = {
  '@_xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  '@_xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  '@_xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  '@_xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const day = (value: string | null): XmlNode => (value ? { 'udt:DateTimeString': { '#text': value.replaceAll('-', ''), '@_format': '102' } } : null);

function party(entity: EinvoiceParty): XmlNode {
  const { address, contact } = entity;
  return {
    'ram:Name': entity.name,
    'ram:SpecifiedLegalOrganization': entity.companyId || entity.tradingName ? { 'ram:ID': entity.companyId, 'ram:TradingBusinessName': entity.tradingName } : null,
    'ram:DefinedTradeContact': contact
      ? {
          'ram:PersonName': contact.name,
          'ram:TelephoneUniversalCommunication': contact.phone ? { 'ram:CompleteNumber': contact.phone } : null,
          'ram:EmailURIUniversalCommunication': contact.email ? { 'ram:URIID': contact.email } : null,
        }
      : null,
    'ram:PostalTradeAddress': {
      'ram:PostcodeCode': address.postalCode,
      'ram:LineOne': address.line1,
      'ram:LineTwo': address.line2,
      'ram:CityName': address.city,
      'ram:CountryID': address.countryCode,
      'ram:CountrySubDivisionName': address.subdivision,
    },
    'ram:URIUniversalCommunication': entity.electronicAddress ? { 'ram:URIID': { '#text': entity.electronicAddress.value, '@_schemeID': entity.electronicAddress.scheme } } : null,
    'ram:SpecifiedTaxRegistration': [
      entity.vatId ? { 'ram:ID': { '#text': entity.vatId, '@_schemeID': 'VA' } } : null,
      entity.taxRegistrationId ? { 'ram:ID': { '#text': entity.taxRegistrationId, '@_schemeID': 'FC' } } : null,
    ],
  };
}

const tradeTax = (category: string, rate: string | null): XmlNode => ({ 'ram:TypeCode': 'VAT', 'ram:CategoryCode': category, 'ram:RateApplicablePercent': rateText(rate) });

function settlement(doc: EinvoiceDocument): XmlNode {
  const { payment, totals, currency } = doc;
  return {
    'ram:PaymentReference': payment?.remittanceInformation,
    'ram:InvoiceCurrencyCode': currency,
    'ram:SpecifiedTradeSettlementPaymentMeans': payment
      ? {
          'ram:TypeCode': payment.meansCode,
          'ram:PayeePartyCreditorFinancialAccount': {
            'ram:IBANID': payment.iban,
            'ram:AccountName': payment.iban || payment.accountNumber ? payment.accountName : null,
            'ram:ProprietaryID': payment.iban ? null : payment.accountNumber,
          },
          'ram:PayeeSpecifiedCreditorFinancialInstitution': payment.bic ? { 'ram:BICID': payment.bic } : null,
        }
      : null,
    'ram:ApplicableTradeTax': doc.vatBreakdown.map((group) => ({
      'ram:CalculatedAmount': amountText(group.taxAmount),
      'ram:TypeCode': 'VAT',
      'ram:ExemptionReason': group.exemptionReason,
      'ram:BasisAmount': amountText(group.taxableAmount),
      'ram:CategoryCode': group.category,
      'ram:ExemptionReasonCode': group.exemptionReasonCode,
      'ram:RateApplicablePercent': rateText(group.rate),
    })),
    'ram:SpecifiedTradeAllowanceCharge': doc.allowancesCharges.map((entry) => ({
      'ram:ChargeIndicator': { 'udt:Indicator': entry.isCharge ? 'true' : 'false' },
      'ram:ActualAmount': amountText(entry.amount),
      'ram:ReasonCode': entry.reasonCode,
      'ram:Reason': entry.reason,
      'ram:CategoryTradeTax': tradeTax(entry.vatCategory, entry.vatRate),
    })),
    'ram:SpecifiedTradePaymentTerms': doc.paymentTerms || doc.dueDate ? { 'ram:Description': doc.paymentTerms, 'ram:DueDateDateTime': day(doc.dueDate) } : null,
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
      'ram:LineTotalAmount': amountText(totals.lineTotal),
      'ram:ChargeTotalAmount': amountText(totals.chargeTotal),
      'ram:AllowanceTotalAmount': amountText(totals.allowanceTotal),
      'ram:TaxBasisTotalAmount': amountText(totals.taxExclusive),
      'ram:TaxTotalAmount': amountWithCurrency(totals.taxTotal, currency),
      'ram:RoundingAmount': totals.rounding !== 0 ? amountText(totals.rounding) : null,
      'ram:GrandTotalAmount': amountText(totals.taxInclusive),
      'ram:TotalPrepaidAmount': amountText(totals.prepaid),
      'ram:DuePayableAmount': amountText(totals.payable),
    },
    'ram:InvoiceReferencedDocument': doc.precedingInvoice
      ? { 'ram:IssuerAssignedID': doc.precedingInvoice.number, 'ram:FormattedIssueDateTime': doc.precedingInvoice.issueDate ? { 'qdt:DateTimeString': { '#text': doc.precedingInvoice.issueDate.replaceAll('-', ''), '@_format': '102' } } : null }
      : null,
  };
}

export function writeCii(doc: EinvoiceDocument): string {
  return writeXml('rsm:CrossIndustryInvoice', {
    ...namespaces,
    'rsm:ExchangedDocumentContext': {
      'ram:BusinessProcessSpecifiedDocumentContextParameter': doc.specificationId === XRECHNUNG_SPECIFICATION ? { 'ram:ID': PEPPOL_BIS_PROFILE } : null,
      'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': doc.specificationId },
    },
    'rsm:ExchangedDocument': {
      'ram:ID': doc.number,
      'ram:TypeCode': doc.typeCode,
      'ram:IssueDateTime': day(doc.issueDate),
      'ram:IncludedNote': doc.note ? { 'ram:Content': doc.note } : null,
    },
    'rsm:SupplyChainTradeTransaction': {
      'ram:IncludedSupplyChainTradeLineItem': doc.lines.map((line) => ({
        'ram:AssociatedDocumentLineDocument': { 'ram:LineID': line.id },
        'ram:SpecifiedTradeProduct': { 'ram:Name': line.name, 'ram:Description': line.description },
        'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': line.netPrice } },
        'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '#text': line.quantity, '@_unitCode': line.unitCode } },
        'ram:SpecifiedLineTradeSettlement': {
          'ram:ApplicableTradeTax': tradeTax(line.vatCategory, line.vatRate),
          'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amountText(line.lineNet) },
        },
      })),
      'ram:ApplicableHeaderTradeAgreement': {
        'ram:BuyerReference': doc.buyerReference,
        'ram:SellerTradeParty': party(doc.seller),
        'ram:BuyerTradeParty': party(doc.buyer),
        'ram:BuyerOrderReferencedDocument': doc.orderReference ? { 'ram:IssuerAssignedID': doc.orderReference } : null,
      },
      // Mandatory in the schema even when it carries nothing (no delivery details): written empty.
      'ram:ApplicableHeaderTradeDelivery': EMPTY_ELEMENT,
      'ram:ApplicableHeaderTradeSettlement': settlement(doc),
    },
  });
}
