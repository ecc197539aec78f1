import { ExtractionError } from '../extraction-error';
import { imageTooLargeMessage, maxImagePixels } from '../limits';
import { readImageSize } from '../ocr/image-size';
import { ocrScale, prepareImageForOcr } from '../ocr/prepare-image';
import { readByOcr } from '../read-ocr';
import { readPdf, releasePhoto, renderPdfPage } from '../worker/document-worker-client';
import { deskewPage } from './deskew';
import { readPdfFormFields, w9FromFields } from './read-w9-fields';
import { readW9FromOcr } from './read-w9-ocr';
import type { W9Reading } from './w9-reading';

export type { W9Reading } from './w9-reading';

/**
 * Reads an uploaded W-9: a PDF with the form's fields from those fields (exact, no OCR); a PDF
 * without them (printed and scanned) or a photo by OCR against the form's layout.
 */
export async function readW9(input: { bytes: Buffer; mimeType: 'application/pdf' | 'image/jpeg' | 'image/png' }): Promise<W9Reading> {
  if (input.mimeType === 'application/pdf') {
    const fields = await readPdfFormFields(input.bytes);
    const fromFields = fields ? w9FromFields(fields) : null;
    if (fromFields) return fromFields;
    const pdf = await readPdf(input.bytes, 1);
    const first = pdf.pages[0];
    if (!first) throw new ExtractionError('This PDF has no pages.', 'corrupt');
    const page = { ...(await deskewPage(await renderPdfPage(input.bytes, 1, ocrScale(first.width, first.height)))), page: 1 };
    const document = await readByOcr([page]);
    return readW9FromOcr(page, document.lines);
  }
  const size = readImageSize(input.bytes);
  const pixels = size ? size.width * size.height : 0;
  if (pixels > maxImagePixels) throw new ExtractionError(imageTooLargeMessage(pixels), 'unsupported');
  const image = await prepareImageForOcr(input.bytes);
  try {
    // A scan or photo is rarely square to the camera: the layout reading wants its rules level.
    const page = { ...(await deskewPage(image)), page: 1 };
    const document = await readByOcr([page]);
    return await readW9FromOcr(page, document.lines);
  } finally {
    await releasePhoto(image.photo);
  }
}
