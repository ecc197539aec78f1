import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExtractedData } from '../../../../../shared/contracts/extracted-data';
import { isCiiRoot, parseCii } from './parse-cii';
import { isUblRoot, parseUbl } from './parse-ubl';
import { parseXml } from './xml-tree';

interface Attachment {
  filename?: string;
  content?: Uint8Array;
}

/** Parses e-invoice XML (CII or UBL); null for any other XML or non-XML text. */
export function parseEinvoiceXml(xml: string): ExtractedData | null {
  const root = parseXml(xml);
  if (!root) return null;
  if (isCiiRoot(root)) return parseCii(root);
  if (isUblRoot(root)) return parseUbl(root);
  return null;
}

// ZUGFeRD 1 / 2, Factur-X and XRechnung name their attachment like this; other XML comes after.
const knownNames = /^(zugferd-invoice|factur-x|xrechnung|order-x)\.xml$/i;

/** The embedded e-invoice of a PDF (ZUGFeRD, Factur-X, XRechnung), or null when there is none. */
export async function readEmbeddedEinvoice(pdf: PDFDocumentProxy): Promise<ExtractedData | null> {
  const attachments = (await pdf.getAttachments()) as Record<string, Attachment> | null;
  if (!attachments) return null;
  const xmlFiles = Object.values(attachments)
    .filter((file) => file.content && /\.xml$/i.test(file.filename ?? ''))
    .sort((a, b) => Number(knownNames.test(b.filename ?? '')) - Number(knownNames.test(a.filename ?? '')));
  for (const file of xmlFiles) {
    if (!file.content) continue;
    const parsed = parseEinvoiceXml(new TextDecoder('utf-8').decode(file.content));
    if (parsed && (parsed.amounts.total !== null || parsed.documentNumbers.invoiceNumber !== null)) return parsed;
  }
  return null;
}
