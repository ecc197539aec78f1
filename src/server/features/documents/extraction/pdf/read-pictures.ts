import type { ExtractedData } from '../../../../../shared/contracts/extracted-data';
import { ocrPage } from '../ocr/ocr-page';
import { ocrScale } from '../ocr/prepare-image';
import type { TextLine } from '../text-line';
import { renderImageRegions } from '../worker/document-worker-client';

// Pictures are drawn at most this many pixels per point: company details in a picture are
// printed at 8-12 pt, readable at this size, and OCR time grows with the pixels.
const maxPictureScale = 1.75;
// Below this vendor confidence (no name, or only a weak guess) the pictures are read too.
const unsureVendor = 0.4;

/** True when a text-layer reading found no convincing vendor name. */
export function vendorIsUnsure(data: ExtractedData): boolean {
  return data.vendor.name === null || data.fieldConfidence.vendor < unsureVendor;
}

/**
 * OCR lines of the pictures on one page (a logo, company details pasted as an image), placed on
 * the page like text-layer lines, so the usual vendor rules can weigh them with the rest.
 */
export async function readPictureLines(
  bytes: Buffer,
  page: { page: number; width: number; height: number },
): Promise<TextLine[]> {
  const scale = Math.min(maxPictureScale, ocrScale(page.width, page.height));
  const regions = await renderImageRegions(bytes, page.page, scale);
  const lines: TextLine[] = [];
  for (const region of regions) {
    const read = await ocrPage(region.png, { ...region, page: page.page });
    const place = <T extends { x: number; y: number; width: number; height: number }>(
      box: T,
    ): T => ({
      ...box,
      x: region.x + box.x * region.regionWidth,
      y: region.y + box.y * region.regionHeight,
      width: box.width * region.regionWidth,
      height: box.height * region.regionHeight,
    });
    for (const line of read) lines.push({ ...place(line), words: line.words.map(place) });
  }
  return lines;
}

/** Takes the vendor of a reading that included the pictures, keeping every other field. */
export function withPictureVendor(data: ExtractedData, withPictures: ExtractedData): ExtractedData {
  if (withPictures.vendor.name === null) return data;
  const before = data.fieldConfidence.vendor;
  const after = withPictures.fieldConfidence.vendor;
  if (data.vendor.name !== null && after <= before) return data;
  return {
    ...data,
    vendor: {
      name: withPictures.vendor.name,
      taxId: data.vendor.taxId ?? withPictures.vendor.taxId,
      email: data.vendor.email ?? withPictures.vendor.email,
    },
    fieldConfidence: { ...data.fieldConfidence, vendor: after },
    // The overall score weighs the vendor a quarter (see read-fields.ts).
    confidence: Math.round((data.confidence + (after - before) * 0.25) * 100) / 100,
  };
}
