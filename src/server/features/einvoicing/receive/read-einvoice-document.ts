import type { EinvoiceDocument } from '../../../../shared/contracts/einvoicing';
import { AppError } from '../../../platform/errors';
import { readPdf } from '../../documents/extraction/worker/document-worker-client';
import { hasDoctype, parseXml } from '../../documents/extraction/einvoice/xml-tree';
import { isCiiDocument, readCii } from './read-cii';
import { isUblDocument, readUbl } from './read-ubl';

export const NOT_AN_EINVOICE = 'This file is not an e-invoice: upload a UBL or CII (Factur-X, ZUGFeRD, XRechnung) XML file, or a PDF with one embedded.';
export const DOCTYPE_REFUSED = 'XML with a DOCTYPE or ENTITY declaration is refused: e-invoices never need one.';

const PDF_MAGIC = '%PDF-';
// ZUGFeRD 1 / 2, Factur-X and XRechnung name their attachment like this; other XML comes after.
const knownNames = /^(zugferd-invoice|factur-x|xrechnung)\.xml$/i;

/** Bytes as UTF-8 text without a byte order mark. */
export function xmlText(content: Buffer): string {
  return content.toString('utf8').replace(/^\uFEFF/, '');
}

export function looksLikeXml(content: Buffer): boolean {
  return /^\s*</.test(xmlText(content.subarray(0, 1024)));
}

/**
 * The EN 16931 model of an e-invoice in XML (UBL Invoice or CreditNote 2.1, CII); null for other XML.
 * A DOCTYPE or entity declaration is refused outright (XXE, billion laughs).
 */
export function readEinvoiceXml(xml: string): EinvoiceDocument | null {
  if (hasDoctype(xml)) throw new AppError('VALIDATION', DOCTYPE_REFUSED, { file: DOCTYPE_REFUSED });
  const root = parseXml(xml);
  if (!root) return null;
  if (isCiiDocument(root)) return readCii(root);
  if (isUblDocument(root)) return readUbl(root);
  return null;
}

/** The e-invoice in a file: the XML itself, or the XML embedded in a PDF (Factur-X / ZUGFeRD); null when there is none. */
export async function readEinvoiceFile(content: Buffer): Promise<{ document: EinvoiceDocument; xml: string; container: 'xml' | 'pdf' } | null> {
  if (content.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC) {
    const pdf = await readPdf(content, 1);
    const ordered = [...pdf.attachments].sort((a, b) => Number(knownNames.test(b.filename)) - Number(knownNames.test(a.filename)));
    for (const attachment of ordered) {
      if (hasDoctype(attachment.content)) throw new AppError('VALIDATION', DOCTYPE_REFUSED, { file: DOCTYPE_REFUSED });
      const document = readEinvoiceXml(attachment.content);
      if (document) return { document, xml: attachment.content, container: 'pdf' };
    }
    return null;
  }
  if (!looksLikeXml(content)) return null;
  const xml = xmlText(content);
  const document = readEinvoiceXml(xml);
  return document ? { document, xml, container: 'xml' } : null;
}
