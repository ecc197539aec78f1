import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * Liberation Sans (shipped with pdfjs-dist, a runtime dependency) covers Latin, Greek and Cyrillic
 * names and most currency symbols; the built-in Helvetica only covers WinAnsi. Every PDF the
 * product writes (invoices, reports) uses these two faces, or Helvetica when the files are missing.
 */
function fontFiles(): { regular: string; bold: string } | null {
  try {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
    const regular = path.join(dir, 'LiberationSans-Regular.ttf');
    const bold = path.join(dir, 'LiberationSans-Bold.ttf');
    return existsSync(regular) && existsSync(bold) ? { regular, bold } : null;
  } catch {
    return null;
  }
}

const fonts = fontFiles();
export const REGULAR = fonts ? 'Body' : 'Helvetica';
export const BOLD = fonts ? 'Body-Bold' : 'Helvetica-Bold';

/**
 * A new pdfkit document with REGULAR and BOLD registered. pdfkit is loaded by the first PDF, not
 * at start: most requests never write one.
 */
export async function createPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  if (fonts) {
    doc.registerFont(REGULAR, fonts.regular);
    doc.registerFont(BOLD, fonts.bold);
  }
  return doc;
}
