import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { ExtractionError } from '../extraction-error';

// Tesseract reads best when body text is roughly 20-40 px tall; for an A4 page or a receipt that is
// about this many pixels on the long side. Bigger only costs time, smaller loses small print.
const targetLongSide = 2200;

/** Scale factor that brings an image of this size near the OCR target size. */
export function ocrScale(width: number, height: number): number {
  const longSide = Math.max(width, height);
  return Math.min(2.5, Math.max(0.25, targetLongSide / longSide));
}

/** Decodes a photo or scan, scales it and turns it grey, ready for OCR. */
export async function prepareImageForOcr(bytes: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw new ExtractionError('This image could not be read. It may be damaged or in an unsupported format.', 'corrupt');
  }
  const scale = ocrScale(image.width, image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return { png: greyPng(canvas), width, height };
}

/** Luminance greyscale; colour backgrounds and stamps otherwise confuse binarisation. */
export function greyPng(canvas: Canvas): Buffer {
  const context = canvas.getContext('2d');
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    const grey = Math.round(0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0));
    data[i] = grey;
    data[i + 1] = grey;
    data[i + 2] = grey;
  }
  context.putImageData(pixels, 0, 0);
  return canvas.toBuffer('image/png');
}
