import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from './extraction-error';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// Local font and character-map data so rendering scanned pages never reaches for the network.
const standardFontDataUrl = `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`;
const cMapUrl = `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`;
const wasmUrl = `${path.join(pdfjsRoot, 'wasm')}${path.sep}`;

/** Opens a PDF with pdfjs; corrupt and password-protected files become an ExtractionError. */
export async function openPdf(bytes: Buffer): Promise<PDFDocumentProxy> {
  // pdfjs takes ownership of (and may detach) the buffer it is given, so hand it a copy.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const task = getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    wasmUrl,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new ExtractionError(
        'This PDF is password-protected. Remove the password and upload it again.',
        'password-protected',
      );
    }
    throw new ExtractionError('This file is not a readable PDF. It may be damaged or incomplete.', 'corrupt');
  }
}
