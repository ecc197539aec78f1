import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';

/** A line of text placed on a test page: x and y as fractions of the page, y from the top. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size?: number;
}

/** A one-page A4 PDF with a real text layer, written with pdf-lib. */
export async function buildTextPdf(lines: readonly PlacedText[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const line of lines) {
    page.drawText(line.text, {
      x: line.x * 595,
      y: 842 - line.y * 842,
      size: line.size ?? 10,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}

/** A text PDF that also draws a picture (a pasted letterhead, a logo) at `box` (points). */
export async function buildTextPdfWithPicture(
  lines: readonly PlacedText[],
  png: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  const pdf = await PDFDocument.load(await buildTextPdf(lines));
  const image = await pdf.embedPng(png);
  pdf.getPage(0).drawImage(image, box);
  return Buffer.from(await pdf.save());
}

/** A scanned-looking PDF: one page holding only an image, no text layer. */
export async function buildImagePdf(png: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const page = pdf.addPage([595, 842]);
  page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await pdf.save());
}

/** A page covered by one black grey-scale picture of `width` x `height` pixels (Flate, so small). */
export async function buildBlackPicturePdf(width: number, height: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const picture = pdf.context.flateStream(new Uint8Array(width * height), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  const name = page.node.newXObject('Im', pdf.context.register(picture));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(595, 0, 0, 842, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
  return Buffer.from(await pdf.save());
}

/** A PDF with an e-invoice XML attached under `filename`, as ZUGFeRD / Factur-X do. */
export async function buildEinvoicePdf(xml: string, filename = 'factur-x.xml'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Invoice (see attached XML)', { x: 50, y: 780, size: 12, font });
  await pdf.attach(Buffer.from(xml, 'utf8'), filename, {
    mimeType: 'application/xml',
    description: 'Invoice',
  });
  return Buffer.from(await pdf.save());
}

const require = createRequire(import.meta.url);
let fontRegistered = false;

/** A white PNG with black text, like a clean scan, for OCR tests. Uses the font pdfjs ships. */
export function buildTextPng(lines: readonly PlacedText[], width = 1240, height = 1754): Buffer {
  if (!fontRegistered) {
    const fonts = path.join(
      path.dirname(require.resolve('pdfjs-dist/package.json')),
      'standard_fonts',
    );
    GlobalFonts.registerFromPath(path.join(fonts, 'LiberationSans-Regular.ttf'), 'Test Sans');
    fontRegistered = true;
  }
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  for (const line of lines) {
    context.font = `${Math.round((line.size ?? 10) * (width / 595))}px "Test Sans"`;
    context.fillText(line.text, line.x * width, line.y * height);
  }
  return canvas.toBuffer('image/png');
}

/** A minimal UN/CEFACT CII (Factur-X / ZUGFeRD 2) invoice. */
export function buildCiiXml(values: {
  id: string;
  issueDate: string;
  dueDate: string;
  seller: string;
  sellerVat: string;
  currency: string;
  net: string;
  tax: string;
  grand: string;
  lineName: string;
}): string {
  const compact = (iso: string) => iso.replace(/-/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${values.id}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${compact(values.issueDate)}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${values.lineName}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${values.net}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1.0000</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${values.net}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>${values.seller}</ram:Name>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${values.sellerVat}</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Buyer Example Ltd</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${values.currency}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">${compact(values.dueDate)}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${values.net}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${values.net}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${values.currency}">${values.tax}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${values.grand}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${values.grand}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}
