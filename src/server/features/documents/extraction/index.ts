import type { ExtractedData } from '../../../../shared/contracts/extracted-data';
import { ExtractionError } from './extraction-error';
import { imageTooLargeMessage, maxImagePixels } from './limits';
import { readEmbeddedEinvoice } from './einvoice/read-einvoice';
import { buildDocumentText, type DocumentText } from './fields/document-text';
import { readFields } from './fields/read-fields';
import { suggestCategory } from './fields/suggest-category';
import { matchVendorHints, type VendorHints } from './learning/vendor-hints';
import { terminateOcrWorker, warmUpOcr } from './ocr/ocr-worker';
import { readImageSize } from './ocr/image-size';
import { ocrPage } from './ocr/ocr-page';
import { ocrScale, photoScaling, prepareImageForOcr } from './ocr/prepare-image';
import { rereadWeakFields } from './ocr/reread-photo';
import {
  type PreparedPhoto,
  type QuarterTurns,
  type RawPdf,
  readPdf,
  releasePhoto,
  renderPdfPage,
  terminateDocumentWorker,
  warmUpPdfReader,
} from './worker/document-worker-client';
import { pageTextLines } from './pdf/pdf-text-layer';
import { readPictureLines, vendorIsUnsure, withPictureVendor } from './pdf/read-pictures';
import { lostPrint, type PageImage, readByOcr } from './read-ocr';
import { readTurnedPhoto } from './ocr/turn-photo';
import type { TextLine } from './text-line';

export { ExtractionError } from './extraction-error';
export {
  learnFromCorrection,
  type ExtractionCorrection,
  type VendorHints,
} from './learning/vendor-hints';

export type ExtractableMimeType = 'application/pdf' | 'image/jpeg' | 'image/png';

export interface ExtractDocumentInput {
  bytes: Buffer;
  mimeType: ExtractableMimeType;
  /** Hints learned from earlier corrections, one per vendor; the matching one is applied. */
  hints?: VendorHints[];
  /** Names of the organization's vendors: a vendor read with OCR slips is matched to one of them. */
  knownVendors?: readonly string[];
}

// Invoices put what we need on the first pages; later pages are terms and detail lists.
const maxTextPages = 4;
const maxOcrPages = 2;
// Reading keeps the process under this resident size (600 MB less a margin). Decoding a photo
// takes about 5 bytes a pixel for a moment, the picture and its scaled copy (measured: 170 MB for
// a 35 MP scan); below the large-photo size that is not worth restarting the OCR engine for.
const memoryBudget = 560 * 1024 * 1024;
const decodedBytesPerPixel = 5;
const largePhotoBytes = 64 * 1024 * 1024;
// Fewer characters than this on a page means it is a scan (or an image-only page).
const minTextLayerCharacters = 40;
// The warm-up page is drawn for OCR at this many pixels per point (text near OCR size).
const warmUpOcrScale = 2;
// Passes of the field rules over the warm-up document.
const warmUpPasses = 3;

function finishEinvoice(data: ExtractedData, hints: readonly VendorHints[]): ExtractedData {
  const text = [data.vendor.name ?? '', ...data.lineItems.map((item) => item.description)].join(
    '\n',
  );
  const hint = matchVendorHints(hints, {
    name: data.vendor.name,
    taxId: data.vendor.taxId,
    text: data.vendor.name ?? '',
  });
  return { ...data, suggestedCategory: hint?.category ?? suggestCategory(text).category };
}

async function extractPdf(
  bytes: Buffer,
  hints: readonly VendorHints[],
  known: readonly string[] = [],
): Promise<ExtractedData> {
  const pdf = await readPdf(bytes, maxTextPages);
  const einvoice = readEmbeddedEinvoice(pdf.attachments);
  if (einvoice) return finishEinvoice(einvoice, hints);

  const pages = pdf.pages.map(pageTextLines);
  const textLines: TextLine[] = pages.flatMap((page) => page.lines);
  const scanned = pages
    .filter((page) => page.characterCount < minTextLayerCharacters)
    .slice(0, maxOcrPages);
  if (scanned.length === 0 || (textLines.length > 0 && scanned.length < pages.length)) {
    const data = readFields(buildDocumentText(textLines, 'pdf-text'), hints, known);
    const first = pdf.pages[0];
    if (!first || !vendorIsUnsure(data)) return data;
    // The issuer's name may exist only inside a picture (logo, pasted letterhead): read those.
    // A picture that cannot be drawn or read only means no better vendor: keep the text reading.
    const pictureLines = await readPictureLines(bytes, first).catch(() => []);
    if (pictureLines.length === 0) return data;
    const merged = [...textLines, ...pictureLines].sort((a, b) => a.page - b.page || a.y - b.y);
    return withPictureVendor(data, readFields(buildDocumentText(merged, 'pdf-text'), hints, known));
  }
  const images: PageImage[] = [];
  for (const page of scanned) {
    const raw = pdf.pages.find((candidate) => candidate.page === page.page);
    const scale = raw ? ocrScale(raw.width, raw.height) : 2;
    images.push({ ...(await renderPdfPage(bytes, page.page, scale)), page: page.page });
  }
  return readFields(await readByOcr(images), hints, known);
}

/**
 * The first reading of a photo, decoded as `image`: the whole page by OCR, and when that reads
 * nearly no print, the photo turned (the turned image replaces `image`; release the one returned).
 */
export async function readWholePhoto(
  bytes: Buffer,
  image: PreparedPhoto,
): Promise<{ image: PreparedPhoto; document: DocumentText; turn: QuarterTurns }> {
  const document = await readByOcr([{ ...image, page: 1 }]);
  // Nearly no print read, even with a threshold per tile: the photo may be sideways.
  if (!lostPrint(document.lines)) return { image, document, turn: 0 };
  return readTurnedPhoto(bytes, { image, document, turn: 0 });
}

/**
 * Reads vendor, amounts, dates, invoice number, line items and a category from an uploaded
 * document: the embedded e-invoice XML when there is one, else the PDF text layer, else OCR.
 */
export async function extractDocument(input: ExtractDocumentInput): Promise<ExtractedData> {
  const hints = input.hints ?? [];
  if (input.mimeType === 'application/pdf')
    return extractPdf(input.bytes, hints, input.knownVendors);
  const size = readImageSize(input.bytes);
  const pixels = size ? size.width * size.height : 0;
  if (pixels > maxImagePixels) {
    throw new ExtractionError(imageTooLargeMessage(pixels), 'unsupported');
  }
  // When decoding a large photo could take the process over its budget, the idle OCR engine's
  // memory is released first (it restarts in about half a second).
  const decoded = pixels * decodedBytesPerPixel;
  if (decoded >= largePhotoBytes && process.memoryUsage().rss + decoded > memoryBudget) {
    await terminateOcrWorker();
  }
  // Decoded once: the worker keeps the photo for the closer readings of its header and date lines.
  let image = await prepareImageForOcr(input.bytes, true);
  try {
    let document: DocumentText;
    let turn: QuarterTurns;
    ({ image, document, turn } = await readWholePhoto(input.bytes, image));
    const known = input.knownVendors ?? [];
    const first = { document, data: readFields(document, hints, known) };
    const settings = { ...photoScaling, turn };
    const reading = await rereadWeakFields(input.bytes, image, settings, first, hints, known);
    return reading.data;
  } finally {
    await releasePhoto(image.photo);
  }
}

/**
 * Starts the PDF worker ahead of the first upload (a cold start costs a second or two), and with
 * `ocr` the OCR engine too; optional, the first extraction starts them otherwise. The server leaves
 * the OCR engine to its first photo: an engine idle for half a minute is let go anyway (its memory
 * is most of what an idle reader holds), so starting it early only costs memory.
 */
export async function warmUpExtraction(options: { ocr?: boolean } = {}): Promise<void> {
  if (!options.ocr) {
    warmUpFieldRules((await warmUpPdfReader(warmUpOcrScale)).pdf);
    return;
  }
  const [sample] = await Promise.all([warmUpPdfReader(warmUpOcrScale), warmUpOcr()]);
  // The OCR engine's first page is slower by a few hundred milliseconds (its code is compiled on
  // first use): read the warm-up page once.
  await ocrPage(sample.page.png, { ...sample.page, page: 1 });
  warmUpFieldRules(sample.pdf);
}

/** The field rules run cold on the first document otherwise (tens of milliseconds). */
function warmUpFieldRules(pdf: RawPdf): void {
  const lines = pdf.pages.map(pageTextLines).flatMap((page) => page.lines);
  for (let pass = 0; pass < warmUpPasses; pass += 1) {
    readFields(buildDocumentText(lines, 'pdf-text'), []);
  }
}

/** Stops the PDF and OCR workers; call on shutdown so the process can exit. */
export async function shutdownExtraction(): Promise<void> {
  await Promise.all([terminateOcrWorker(), terminateDocumentWorker()]);
}
