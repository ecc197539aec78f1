import { describe, expect, it } from 'vitest';
import { parseEinvoiceXml, readEmbeddedEinvoice } from './read-einvoice';

const ubl = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>UBL-42</cbc:ID>
  <cbc:IssueDate>2024-06-01</cbc:IssueDate>
  <cbc:DueDate>2024-06-30</cbc:DueDate>
  <cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>Nordic Parts</cbc:Name></cac:PartyName>
    <cac:PartyTaxScheme><cbc:CompanyID>SE556677889901</cbc:CompanyID></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Nordic Parts AB</cbc:RegistrationName></cac:PartyLegalEntity>
    <cac:Contact><cbc:ElectronicMail>billing@nordic.example</cbc:ElectronicMail></cac:Contact>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="SEK">250.00</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount currencyID="SEK">1000.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="SEK">1250.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="SEK">1250.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:InvoicedQuantity unitCode="EA">4</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="SEK">1000.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Brake pads</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="SEK">250.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;

// ZUGFeRD 1.0 uses CrossIndustryDocument and Specified... element names.
const zugferd1 = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:HeaderExchangedDocument>
    <ram:ID>R-1</ram:ID>
    <ram:IssueDateTime><udt:DateTimeString format="102">20130305</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Beispiel
        Lieferant GmbH</ram:Name></ram:SellerTradeParty>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:TaxBasisTotalAmount currencyID="EUR">473.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">56.87</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">529.87</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;

describe('reading e-invoice XML', () => {
  it('reads a UBL invoice, preferring the registered name', () => {
    const data = parseEinvoiceXml(ubl);
    expect(data).toMatchObject({
      source: 'einvoice',
      vendor: { name: 'Nordic Parts AB', taxId: 'SE556677889901', email: 'billing@nordic.example' },
      amounts: { total: '1250.00', subtotal: '1000.00', tax: '250.00' },
      currency: 'SEK',
      dates: { issueDate: '2024-06-01', dueDate: '2024-06-30' },
      documentNumbers: { invoiceNumber: 'UBL-42' },
      lineItems: [
        { description: 'Brake pads', quantity: '4', unitPrice: '250.00', totalPrice: '1000.00' },
      ],
    });
  });

  it('reads a ZUGFeRD 1.0 invoice and tidies whitespace in names', () => {
    const data = parseEinvoiceXml(zugferd1);
    expect(data?.vendor.name).toBe('Beispiel Lieferant GmbH');
    expect(data?.amounts).toEqual({ total: '529.87', subtotal: '473.00', tax: '56.87' });
    expect(data?.dates.issueDate).toBe('2013-03-05');
    expect(data?.dates.dueDate).toBeNull();
    expect(data?.fieldConfidence.dueDate).toBe(0);
  });

  it('ignores XML attachments that are not invoices', () => {
    expect(
      readEmbeddedEinvoice([
        { filename: 'metadata.xml', content: '<meta><title>x</title></meta>' },
      ]),
    ).toBeNull();
    expect(parseEinvoiceXml('not xml at all <')).toBeNull();
  });
});
