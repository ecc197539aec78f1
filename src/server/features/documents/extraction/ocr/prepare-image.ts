import {
  prepareImage,
  type PreparedPhoto,
  type QuarterTurns,
} from '../worker/document-worker-client';

// Tesseract reads best when body text is roughly 20-40 px tall; for an A4 page or a receipt that is
// about this many pixels on the long side. Bigger only costs time, smaller loses small print.
const targetLongSide = 2200;
const minScale = 0.25;
const maxScale = 2.5;

/** Scale factor that brings a page of this size near the OCR target size. */
export function ocrScale(width: number, height: number): number {
  return Math.min(maxScale, Math.max(minScale, targetLongSide / Math.max(width, height)));
}

/** The scaling a photo gets for its whole-page reading. */
export const photoScaling = { targetLongSide, minScale, maxScale };

/**
 * Decodes a photo or scan (turned by `turn` quarter turns), scales it and turns it grey, ready
 * for OCR; with `keep`, the worker keeps the decoded photo for closer readings of its regions
 * (release it with releasePhoto).
 */
export function prepareImageForOcr(
  bytes: Buffer,
  keep = false,
  turn: QuarterTurns = 0,
): Promise<PreparedPhoto> {
  return prepareImage(bytes, photoScaling, keep, turn);
}
