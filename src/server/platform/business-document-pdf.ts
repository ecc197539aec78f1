import { format, parseISO } from 'date-fns';
import { BOLD, REGULAR, createPdfDocument } from './pdf-fonts';

/*
 * The one A4 layout of the documents a customer receives (invoice, credit note): seller top left,
 * title and facts top right, the customer, the lines table (repeating its header on each page),
 * totals and a note. Each document says only what it prints; the positions live here.
 */

export interface PostalParty {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  email: string | null;
  taxId: string | null;
}

export interface BusinessDocumentLine {
  description: string;
  quantity: string;
  /** Formatted for print, currency included. */
  unitPrice: string;
  totalPrice: string;
}

export interface BusinessDocument {
  info: { Title: string; Author: string };
  seller: PostalParty & { phone: string | null };
  /** The big word top right: INVOICE, CREDIT NOTE. */
  title: string;
  facts: [label: string, value: string][];
  /** BILL TO, CREDIT TO. */
  partyLabel: string;
  party: PostalParty;
  lines: BusinessDocumentLine[];
  /** Label, formatted value, strong (larger, for the totals that matter). */
  totals: [label: string, value: string, strong: boolean][];
  note?: { label: string; text: string } | null;
}

/** A date as printed on a document: "Nov 28, 2026". */
export const printedDay = (value: string): string => format(parseISO(value), 'MMM d, yyyy');

const present = (...parts: (string | null | undefined)[]): string[] => parts.filter((part): part is string => Boolean(part?.trim()));

function addressLines(entity: PostalParty): string[] {
  const cityLine = [entity.city, [entity.state, entity.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return present(entity.address, cityLine, entity.country);
}

const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { description: LEFT, quantity: 300, unitPrice: 360, amount: 455 } as const;

/** For archival variants (Factur-X): extra pdfkit options (a PDF/A subset) and a step run just before the file closes. */
export interface BusinessDocumentPdfOptions {
  documentOptions?: Partial<PDFKit.PDFDocumentOptions>;
  beforeEnd?: (doc: PDFKit.PDFDocument) => void;
}

export async function renderBusinessDocumentPdf(document: BusinessDocument, options: BusinessDocumentPdfOptions = {}): Promise<Buffer> {
  const { seller, party } = document;
  const doc = await createPdfDocument({ size: 'A4', margin: 50, info: document.info, ...options.documentOptions });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    // Seller, top left; the document's facts, top right.
    doc.font(BOLD).fontSize(18).fillColor('#0f172a').text(seller.name, LEFT, 50, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text(present(...addressLines(seller), seller.email, seller.phone, seller.taxId ? `Tax ID: ${seller.taxId}` : null).join('\n'), { width: 280 });
    const sellerBottom = doc.y;

    doc.font(BOLD).fontSize(22).fillColor('#0f172a').text(document.title, 300, 50, { width: 245, align: 'right' });
    let y = 82;
    doc.fontSize(9);
    for (const [label, value] of document.facts) {
      // A long number or terms wrap; the next fact starts below the taller of the two.
      doc.font(BOLD);
      const height = Math.max(doc.heightOfString(value, { width: 110 }), doc.font(REGULAR).heightOfString(label, { width: 90 }));
      doc.font(REGULAR).fillColor('#475569').text(label, 345, y, { width: 90 });
      doc.font(BOLD).fillColor('#0f172a').text(value, 435, y, { width: 110, align: 'right' });
      y += height + 3;
    }

    // The customer.
    y = Math.max(sellerBottom, y) + 24;
    doc.font(BOLD).fontSize(9).fillColor('#475569').text(document.partyLabel, LEFT, y);
    doc.font(BOLD).fontSize(11).fillColor('#0f172a').text(party.name, LEFT, y + 14, { width: 280 });
    doc.font(REGULAR).fontSize(9).fillColor('#475569');
    doc.text(present(...addressLines(party), party.email, party.taxId ? `Tax ID: ${party.taxId}` : null).join('\n'), { width: 280 });
    y = doc.y + 24;

    // Lines.
    const header = (top: number) => {
      doc.rect(LEFT, top, RIGHT - LEFT, 20).fill('#f1f5f9');
      doc.font(BOLD).fontSize(9).fillColor('#334155');
      doc.text('Description', COLUMNS.description + 6, top + 6, { width: 240 });
      doc.text('Qty', COLUMNS.quantity, top + 6, { width: 50, align: 'right' });
      doc.text('Unit price', COLUMNS.unitPrice, top + 6, { width: 85, align: 'right' });
      doc.text('Amount', COLUMNS.amount, top + 6, { width: RIGHT - COLUMNS.amount - 6, align: 'right' });
      return top + 26;
    };
    y = header(y);
    doc.font(REGULAR).fontSize(9).fillColor('#0f172a');
    for (const line of document.lines) {
      const height = Math.max(doc.heightOfString(line.description, { width: 240 }), 11);
      if (y + height > 760) {
        doc.addPage();
        y = header(50);
        doc.font(REGULAR).fontSize(9).fillColor('#0f172a');
      }
      doc.text(line.description, COLUMNS.description + 6, y, { width: 240 });
      doc.text(line.quantity, COLUMNS.quantity, y, { width: 50, align: 'right' });
      doc.text(line.unitPrice, COLUMNS.unitPrice, y, { width: 85, align: 'right' });
      doc.text(line.totalPrice, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount - 6, align: 'right' });
      y += height + 8;
      doc.moveTo(LEFT, y - 4).lineTo(RIGHT, y - 4).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
    }

    // Totals.
    if (y + document.totals.length * 16 + 20 > 780) {
      doc.addPage();
      y = 50;
    }
    y += 8;
    for (const [label, value, strong] of document.totals) {
      doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 11 : 9).fillColor('#0f172a');
      doc.text(label, 330, y, { width: 110 });
      doc.text(value, 440, y, { width: RIGHT - 440 - 6, align: 'right' });
      y += strong ? 18 : 14;
    }

    if (document.note) {
      y += 16;
      if (y > 740) {
        doc.addPage();
        y = 50;
      }
      doc.font(BOLD).fontSize(9).fillColor('#475569').text(document.note.label, LEFT, y);
      doc.font(REGULAR).fontSize(9).fillColor('#0f172a').text(document.note.text, LEFT, y + 14, { width: RIGHT - LEFT });
    }
    options.beforeEnd?.(doc);
    doc.end();
  });
}
