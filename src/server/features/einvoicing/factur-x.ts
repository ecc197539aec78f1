import type { EinvoiceDocument } from '../../../shared/contracts/einvoicing';
import { vatCategoryLabels } from '../../../shared/einvoice-codes';
import { formatMoney, parseMoney, toDecimal } from '../../../shared/money';
import { type PostalParty, printedDay, renderBusinessDocumentPdf } from '../../platform/business-document-pdf';

/*
 * Factur-X 1.0 / ZUGFeRD 2 (EN 16931 profile): a PDF/A-3B whose pages show the invoice and which
 * carries the CII XML as "factur-x.xml" (AFRelationship /Alternative: the XML is the invoice in
 * another form), declared in the XMP with the Factur-X extension schema. pdfkit writes the PDF/A
 * parts (output intent, pdfaid, embedded TrueType fonts); the fx: schema is appended to its XMP.
 */

export const FACTUR_X_FILE_NAME = 'factur-x.xml';

const facturXXmp = `
        <rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>
${[
  ['DocumentFileName', 'name of the embedded XML invoice file'],
  ['DocumentType', 'INVOICE'],
  ['Version', 'The actual version of the Factur-X XML schema'],
  ['ConformanceLevel', 'The conformance level of the embedded Factur-X data'],
]
  .map(
    ([name, description]) => `                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>${name}</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>${description}</pdfaProperty:description>
                                </rdf:li>`,
  )
  .join('\n')}
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        `;

// pdfkit copies the title and author into the XMP unescaped: keep markup characters out of them.
const plain = (value: string) => value.replace(/[<>&"']/g, ' ');

function postalParty(party: EinvoiceDocument['seller']): PostalParty & { phone: string | null } {
  return {
    name: party.name,
    address: party.address.line1,
    city: party.address.city,
    state: party.address.subdivision,
    zipCode: party.address.postalCode,
    country: party.address.countryCode,
    email: party.contact?.email ?? null,
    phone: party.contact?.phone ?? null,
    taxId: party.vatId ?? party.taxRegistrationId,
  };
}

/** The Factur-X PDF of a document: its printed form drawn from the same model as the embedded XML. */
export async function renderFacturX(doc: EinvoiceDocument, ciiXml: string, now: Date): Promise<Buffer> {
  const money = (cents: number) => formatMoney(cents, { currency: doc.currency, locale: 'en-US' });
  const credit = doc.typeCode === '381';
  const label = credit ? 'Credit note' : 'Invoice';
  const facts: [string, string][] = [
    [`${label} number`, doc.number],
    ['Issue date', printedDay(doc.issueDate)],
  ];
  if (doc.dueDate) facts.push(['Due date', printedDay(doc.dueDate)]);
  if (doc.paymentTerms) facts.push(['Terms', doc.paymentTerms]);
  if (doc.precedingInvoice) facts.push(['Credits invoice', doc.precedingInvoice.number]);
  if (doc.buyerReference) facts.push(['Buyer reference', doc.buyerReference]);
  const totals: [string, string, boolean][] = [['Subtotal', money(doc.totals.lineTotal), false]];
  if (doc.totals.allowanceTotal) totals.push(['Discount', `-${money(doc.totals.allowanceTotal)}`, false]);
  for (const group of doc.vatBreakdown) {
    const rate = group.rate === null ? '' : ` ${Number(group.rate)}%`;
    totals.push([`VAT ${group.category}${rate} on ${money(group.taxableAmount)}`, money(group.taxAmount), false]);
  }
  totals.push(['Total', money(doc.totals.taxInclusive), true], ['Amount due', money(doc.totals.payable), true]);
  const reasons = doc.vatBreakdown.filter((group) => group.exemptionReason).map((group) => `${vatCategoryLabels[group.category]}: ${group.exemptionReason ?? ''}`);
  const payment = doc.payment?.iban ? `Pay to IBAN ${doc.payment.iban}${doc.payment.bic ? ` (BIC ${doc.payment.bic})` : ''}, reference ${doc.number}.` : null;
  const note = [doc.note, ...reasons, payment].filter(Boolean).join('\n');
  const xml = Buffer.from(ciiXml, 'utf8');
  return renderBusinessDocumentPdf(
    {
      info: { Title: plain(`${label} ${doc.number}`), Author: plain(doc.seller.name) },
      seller: postalParty(doc.seller),
      title: credit ? 'CREDIT NOTE' : 'INVOICE',
      facts,
      partyLabel: credit ? 'CREDIT TO' : 'BILL TO',
      party: postalParty(doc.buyer),
      lines: doc.lines.map((line) => ({
        description: line.vatRate === null ? line.name : `${line.name} (VAT ${line.vatCategory} ${Number(line.vatRate)}%)`,
        quantity: line.quantity,
        unitPrice: money(parseMoney(line.netPrice, { round: true }) ?? 0),
        totalPrice: money(line.lineNet),
      })),
      totals,
      note: note ? { label: 'NOTES', text: note } : null,
    },
    {
      documentOptions: { subset: 'PDF/A-3b', pdfVersion: '1.7', tagged: false, info: { Title: plain(`${label} ${doc.number}`), Author: plain(doc.seller.name), CreationDate: now, ModDate: now } },
      beforeEnd: (pdf) => {
        const attachment = { name: FACTUR_X_FILE_NAME, type: 'text/xml', description: `Factur-X ${label.toLowerCase()} ${toDecimal(doc.totals.payable)} ${doc.currency}`, creationDate: now, modifiedDate: now, relationship: 'Alternative' };
        pdf.file(xml, attachment);
        pdf.appendXML(facturXXmp);
      },
    },
  );
}
