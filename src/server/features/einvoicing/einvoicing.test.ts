import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readPdf } from '../documents/extraction/worker/document-worker-client';
import { readEmbeddedEinvoice } from '../documents/extraction/einvoice/read-einvoice';
import { createBuyer, createVatInvoice, giveSellerIdentity } from './einvoicing.fixtures';
import { cents, readXml } from './xml-test-reader';

let t: TestApp;
let owner: SignedIn;
let buyerId: string;
let oneRateId: string;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  owner = await signUp(t.app);
  await giveSellerIdentity(t, owner);
  buyerId = await createBuyer(t, owner, { buyerReference: '04011000-12345-34' });
  // 2 x 50.00 + 1.5 x 20.00 = 130.00 at 19 %: VAT 24.70, total 154.70.
  oneRateId = await createVatInvoice(t, owner, buyerId, {
    lines: [
      { description: 'Consulting', quantity: '2', unitPrice: '50.00', totalPrice: '100.00', category: 'S', rate: '19.00', unitCode: 'HUR' },
      { description: 'Support hours', quantity: '1.5', unitPrice: '20.00', totalPrice: '30.00', category: 'S', rate: '19.00' },
    ],
    subtotal: '130.00',
    discount: '0.00',
    tax: '24.70',
    total: '154.70',
  });
}, 60_000);
afterAll(async () => t.close());

const download = (kind: 'invoices' | 'credit-notes', id: string, format: string, as = owner) => as.request({ method: 'GET', url: `/api/${kind}/${id}/einvoice?format=${format}` });

async function xmlOf(id: string, format: string, kind: 'invoices' | 'credit-notes' = 'invoices') {
  const response = await download(kind, id, format);
  expect(response.statusCode, response.body).toBe(200);
  return readXml(response.body);
}

describe('UBL (Peppol BIS Billing 3.0)', () => {
  it('writes an invoice with the mandatory BT paths, two-decimal amounts and sums that add up', async () => {
    const response = await download('invoices', oneRateId, 'ubl');
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ubl\.xml"$/);
    const xml = readXml(response.body);
    expect(xml.rootName).toBe('Invoice');
    expect(xml.at('CustomizationID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(xml.at('ProfileID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(xml.at('InvoiceTypeCode')).toBe('380');
    expect(xml.at('IssueDate')).toBe('2026-11-01');
    expect(xml.at('DueDate')).toBe('2026-12-01');
    expect(xml.at('DocumentCurrencyCode')).toBe('EUR');
    expect(xml.at('BuyerReference')).toBe('04011000-12345-34');
    expect(xml.at('AccountingSupplierParty/Party/EndpointID')).toBe('DE123456788');
    expect(xml.at('AccountingSupplierParty/Party/EndpointID/@schemeID')).toBe('9930');
    expect(xml.at('AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName')).toBe('Nordlicht Software GmbH');
    expect(xml.at('AccountingSupplierParty/Party/PartyTaxScheme/CompanyID')).toBe('DE123456788');
    expect(xml.at('AccountingSupplierParty/Party/PostalAddress/Country/IdentificationCode')).toBe('DE');
    // The buyer's name keeps its & and < as text.
    expect(xml.at('AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName')).toBe('Acme B.V. & Söhne <EU>');
    expect(xml.at('AccountingCustomerParty/Party/EndpointID/@schemeID')).toBe('0106');
    expect(xml.at('PaymentMeans/PaymentMeansCode')).toBe('58');
    expect(xml.at('PaymentMeans/PayeeFinancialAccount/ID')).toBe('DE89370400440532013000');
    expect(xml.all('TaxTotal')).toHaveLength(0);
    expect(xml.nodes('TaxTotal')).toHaveLength(1);
    const lines = xml.nodes('InvoiceLine');
    expect(lines.map((line) => line.at('InvoicedQuantity'))).toEqual(['2', '1.5']);
    expect(lines.map((line) => line.at('InvoicedQuantity/@unitCode'))).toEqual(['HUR', 'C62']);
    expect(lines.map((line) => line.at('Item/ClassifiedTaxCategory/Percent'))).toEqual(['19.00', '19.00']);
    const lineSum = lines.reduce((sum, line) => sum + cents(line.at('LineExtensionAmount')), 0);
    expect(cents(xml.at('LegalMonetaryTotal/LineExtensionAmount'))).toBe(lineSum);
    expect(lineSum).toBe(13000);
    expect(cents(xml.at('TaxTotal/TaxSubtotal/TaxableAmount'))).toBe(13000);
    expect(cents(xml.at('TaxTotal/TaxSubtotal/TaxAmount'))).toBe(2470);
    expect(cents(xml.at('TaxTotal/TaxAmount'))).toBe(2470);
    expect(cents(xml.at('LegalMonetaryTotal/TaxInclusiveAmount'))).toBe(15470);
    expect(cents(xml.at('LegalMonetaryTotal/PayableAmount'))).toBe(15470);
    expect(response.body).not.toMatch(/<cbc:\w+\s*\/>|<cac:\w+\s*\/>/);
  });

  it('writes several rates and a discount as a document allowance per VAT group', async () => {
    // 100.00 at 19 % and 50.00 at 7 %, discount 15.00 split 10.00 / 5.00: VAT 17.10 + 3.15 = 20.25; total 155.25.
    const id = await createVatInvoice(t, owner, buyerId, {
      lines: [
        { description: 'Licence', quantity: '1', unitPrice: '100.00', totalPrice: '100.00', category: 'S', rate: '19.00' },
        { description: 'Book', quantity: '2', unitPrice: '25.00', totalPrice: '50.00', category: 'S', rate: '7.00' },
      ],
      subtotal: '150.00',
      discount: '15.00',
      tax: '20.25',
      total: '155.25',
    });
    for (const format of ['ubl', 'xrechnung_ubl']) {
      const xml = await xmlOf(id, format);
      const allowances = xml.nodes('AllowanceCharge');
      expect(allowances.map((entry) => [entry.at('ChargeIndicator'), entry.at('Amount'), entry.at('TaxCategory/Percent')])).toEqual([
        ['false', '10.00', '19.00'],
        ['false', '5.00', '7.00'],
      ]);
      const groups = xml.nodes('TaxTotal/TaxSubtotal').map((group) => [group.at('TaxCategory/Percent'), cents(group.at('TaxableAmount')), cents(group.at('TaxAmount'))]);
      expect(groups).toEqual([['19.00', 9000, 1710], ['7.00', 4500, 315]]);
      expect(cents(xml.at('LegalMonetaryTotal/AllowanceTotalAmount'))).toBe(1500);
      expect(cents(xml.at('LegalMonetaryTotal/TaxExclusiveAmount'))).toBe(13500);
      expect(cents(xml.at('TaxTotal/TaxAmount'))).toBe(2025);
      expect(cents(xml.at('LegalMonetaryTotal/PayableAmount'))).toBe(15525);
    }
    const cii = await xmlOf(id, 'xrechnung_cii');
    const settlement = 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement';
    expect(cii.nodes(`${settlement}/ApplicableTradeTax`).map((group) => [group.at('RateApplicablePercent'), group.at('BasisAmount'), group.at('CalculatedAmount')])).toEqual([
      ['19.00', '90.00', '17.10'],
      ['7.00', '45.00', '3.15'],
    ]);
    expect(cii.at(`${settlement}/SpecifiedTradeSettlementHeaderMonetarySummation/DuePayableAmount`)).toBe('155.25');
  });

  it('sends reverse charge with both VAT ids and refuses it without the buyer\'s, in the words of BR-AE-02', async () => {
    const lines = [{ description: 'Cloud service', quantity: '1', unitPrice: '500.00', totalPrice: '500.00', category: 'AE' as const, rate: '0.00' }];
    const spec = { lines, subtotal: '500.00', discount: '0.00', tax: '0.00', total: '500.00', exemptionReason: 'Reverse charge' };
    const id = await createVatInvoice(t, owner, buyerId, spec);
    const xml = await xmlOf(id, 'ubl');
    expect(xml.at('TaxTotal/TaxSubtotal/TaxCategory/ID')).toBe('AE');
    expect(xml.at('TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReason')).toBe('Reverse charge');
    expect(xml.at('AccountingCustomerParty/Party/PartyTaxScheme/CompanyID')).toBe('NL123456789B01');

    const noVatBuyer = await createBuyer(t, owner, { vatId: null });
    const refused = await createVatInvoice(t, owner, noVatBuyer, spec);
    const response = await download('invoices', refused, 'ubl');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^This invoice cannot be sent as UBL \(Peppol BIS Billing 3\.0\): BR-AE-02 An Invoice that contains an Invoice line \(BG-25\) where the Invoiced item VAT category code \(BT-151\) is "Reverse charge" shall contain .* the Buyer VAT identifier \(BT-48\)/);
    const check = await owner.request({ method: 'GET', url: `/api/invoices/${refused}/einvoice/check?format=factur_x` });
    expect(check.json()).toMatchObject({ valid: false, violations: [{ rule: 'BR-AE-02' }] });
  });

  it('writes zero rated lines without a reason and exempt lines with theirs', async () => {
    const zero = await createVatInvoice(t, owner, buyerId, {
      lines: [{ description: 'Printed books', quantity: '3', unitPrice: '10.00', totalPrice: '30.00', category: 'Z', rate: '0.00' }],
      subtotal: '30.00', discount: '0.00', tax: '0.00', total: '30.00',
    });
    const zeroXml = await xmlOf(zero, 'ubl');
    expect(zeroXml.at('TaxTotal/TaxSubtotal/TaxCategory/ID')).toBe('Z');
    expect(zeroXml.at('TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReason')).toBeNull();
    expect(zeroXml.at('TaxTotal/TaxAmount')).toBe('0.00');

    const exempt = await createVatInvoice(t, owner, buyerId, {
      lines: [{ description: 'Medical treatment', quantity: '1', unitPrice: '80.00', totalPrice: '80.00', category: 'E', rate: '0.00' }],
      subtotal: '80.00', discount: '0.00', tax: '0.00', total: '80.00', exemptionReason: 'Exempt under § 4 Nr. 14 UStG',
    });
    const cii = await xmlOf(exempt, 'xrechnung_cii');
    const tax = 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/ApplicableTradeTax';
    expect(cii.at(`${tax}/CategoryCode`)).toBe('E');
    expect(cii.at(`${tax}/ExemptionReason`)).toBe('Exempt under § 4 Nr. 14 UStG');

    const noReason = await createVatInvoice(t, owner, buyerId, {
      lines: [{ description: 'Medical treatment', quantity: '1', unitPrice: '80.00', totalPrice: '80.00', category: 'E', rate: '0.00' }],
      subtotal: '80.00', discount: '0.00', tax: '0.00', total: '80.00',
    });
    const check = await owner.request({ method: 'GET', url: `/api/invoices/${noReason}/einvoice/check?format=ubl` });
    expect(check.json().violations.map((violation: { rule: string }) => violation.rule)).toEqual(['BR-E-10']);
  });

  it('refuses a lump-sum tax without VAT by line, naming BR-CO-04', async () => {
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload: { customerId: buyerId, invoiceNumber: 'LUMP-1', status: 'draft', issueDate: '2026-11-01', dueDate: '2026-12-01', subtotal: '100.00', taxAmount: '19.00', discountAmount: '0', totalAmount: '119.00', items: [{ description: 'Work', quantity: 1, unitPrice: '100.00', totalPrice: '100.00' }] } });
    expect(response.statusCode).toBe(201);
    const refused = await download('invoices', response.json().id, 'ubl');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('BR-CO-04 Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151). Set VAT by line');
  });
});

describe('XRechnung', () => {
  it('writes UBL and CII with the XRechnung specification id and the Leitweg-ID', async () => {
    const ubl = await xmlOf(oneRateId, 'xrechnung_ubl');
    expect(ubl.at('CustomizationID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(ubl.at('AccountingSupplierParty/Party/Contact/Telephone')).toBe('+49 40 123456');
    const cii = await xmlOf(oneRateId, 'xrechnung_cii');
    expect(cii.rootName).toBe('CrossIndustryInvoice');
    expect(cii.at('ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(cii.at('SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerReference')).toBe('04011000-12345-34');
    expect(cii.at('SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID')).toBe('DE89370400440532013000');
  });

  it('refuses a buyer without a buyer reference with BR-DE-15', async () => {
    const noReference = await createBuyer(t, owner, { buyerReference: null });
    const id = await createVatInvoice(t, owner, noReference, {
      lines: [{ description: 'Consulting', quantity: '1', unitPrice: '100.00', totalPrice: '100.00', category: 'S', rate: '19.00' }],
      subtotal: '100.00', discount: '0.00', tax: '19.00', total: '119.00',
    });
    for (const format of ['xrechnung_ubl', 'xrechnung_cii']) {
      const response = await download('invoices', id, format);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('BR-DE-15 Das Element "Buyer reference" (BT-10) muss übermittelt werden.');
    }
    // Peppol without a buyer reference quotes our invoice number (PEPPOL-EN16931-R003).
    expect((await xmlOf(id, 'ubl')).at('BuyerReference')).toMatch(/^INV-/);
  });
});

describe('Factur-X', () => {
  it('is a PDF/A-3 carrying factur-x.xml that the document reader reads back exactly', async () => {
    const response = await download('invoices', oneRateId, 'factur_x');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    const dir = mkdtempSync(path.join(tmpdir(), 'facturx-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdfdetach', ['-list', file]).toString()).toContain('factur-x.xml');
    const metadata = execFileSync('pdfinfo', ['-meta', file]).toString();
    expect(metadata).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(metadata).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(metadata).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    const fonts = execFileSync('pdffonts', [file]).toString().split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/ yes /);
    execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'factur-x.xml'), file]);
    const cii = readXml(readFileSync(path.join(dir, 'factur-x.xml'), 'utf8'));
    expect(cii.at('ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID')).toBe('urn:cen.eu:en16931:2017');
    expect(cii.at('ExchangedDocument/TypeCode')).toBe('380');
    expect(cii.at('ExchangedDocument/IssueDateTime/DateTimeString')).toBe('20261101');
    expect(cii.at('ExchangedDocument/IssueDateTime/DateTimeString/@format')).toBe('102');
    const sums = 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation';
    expect([cii.at(`${sums}/LineTotalAmount`), cii.at(`${sums}/TaxBasisTotalAmount`), cii.at(`${sums}/TaxTotalAmount`), cii.at(`${sums}/GrandTotalAmount`), cii.at(`${sums}/DuePayableAmount`)]).toEqual(['130.00', '130.00', '24.70', '154.70', '154.70']);
    expect(cii.at(`${sums}/TaxTotalAmount/@currencyID`)).toBe('EUR');

    const read = await readPdf(Buffer.from(pdf), 1);
    const data = readEmbeddedEinvoice(read.attachments);
    expect(data?.documentNumbers.invoiceNumber).toBe(cii.at('ExchangedDocument/ID'));
    expect(data?.amounts.total).toBe('154.70');
  }, 60_000);
});

describe('credit notes', () => {
  it('writes a credit note as UBL CreditNote and CII 381 with the credited invoice', async () => {
    const invoiceId = await createVatInvoice(t, owner, buyerId, {
      lines: [{ description: 'Consulting', quantity: '1', unitPrice: '200.00', totalPrice: '200.00', category: 'S', rate: '19.00' }],
      subtotal: '200.00', discount: '0.00', tax: '38.00', total: '238.00', status: 'sent',
    });
    const created = await owner.request({ method: 'POST', url: `/api/invoices/${invoiceId}/credit-notes`, payload: { whole: true, reason: 'Cancelled order' } });
    expect(created.statusCode, created.body).toBe(201);
    const credit = created.json();
    const { creditNoteItems } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.deps.db.update(creditNoteItems).set({ taxCategory: 'S', taxRate: '19.00' }).where(eq(creditNoteItems.creditId, credit.id));
    const ubl = await xmlOf(credit.id, 'ubl', 'credit-notes');
    expect(ubl.rootName).toBe('CreditNote');
    expect(ubl.at('CreditNoteTypeCode')).toBe('381');
    expect(ubl.at('BillingReference/InvoiceDocumentReference/ID')).toMatch(/^INV-/);
    expect(ubl.at('CreditNoteLine/CreditedQuantity')).toBe('1');
    expect(ubl.at('LegalMonetaryTotal/PayableAmount')).toBe('238.00');
    const cii = await xmlOf(credit.id, 'xrechnung_cii', 'credit-notes');
    expect(cii.at('ExchangedDocument/TypeCode')).toBe('381');
    expect(cii.at('SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/InvoiceReferencedDocument/IssuerAssignedID')).toBe(ubl.at('BillingReference/InvoiceDocumentReference/ID'));
  });
});

describe('access', () => {
  it('hides another organization\'s invoice and credit note behind a 404 and refuses an unknown format', async () => {
    const other = await signUp(t.app);
    expect((await download('invoices', oneRateId, 'ubl', other)).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/invoices/${oneRateId}/einvoice/check?format=ubl` })).statusCode).toBe(404);
    expect((await download('credit-notes', oneRateId, 'ubl', other)).statusCode).toBe(404);
    expect((await download('invoices', 'not-a-uuid', 'ubl')).statusCode).toBe(404);
    expect((await download('invoices', oneRateId, 'pdf')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${oneRateId}/einvoice?format=ubl` })).statusCode).toBe(401);
  });
});
