import type { ExtractedData } from '../../../../../shared/contracts/extracted-data';
import { isCiiRoot, parseCii } from './parse-cii';
import { isUblRoot, parseUbl } from './parse-ubl';
import { parseXml } from './xml-tree';

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

/** The e-invoice among a PDF's XML attachments (ZUGFeRD, Factur-X, XRechnung), or null. */
export function readEmbeddedEinvoice(
  attachments: readonly { filename: string; content: string }[],
): ExtractedData | null {
  const ordered = [...attachments].sort(
    (a, b) => Number(knownNames.test(b.filename)) - Number(knownNames.test(a.filename)),
  );
  for (const file of ordered) {
    const parsed = parseEinvoiceXml(file.content);
    if (parsed && (parsed.amounts.total !== null || parsed.documentNumbers.invoiceNumber !== null))
      return parsed;
  }
  return null;
}
