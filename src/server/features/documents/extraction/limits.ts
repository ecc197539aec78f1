/**
 * A photo, scan or picture inside a PDF above this many pixels is not decoded: a small file can
 * claim a huge image (a PNG or PDF picture of one colour compresses a thousandfold), and 50 MP is
 * already a 600 dpi A3 scan.
 */
export const maxImagePixels = 50_000_000;

/**
 * The one message for a photo, scan or scanned PDF page over the limit; `pixels` when known (a
 * photo's header says it; pdfjs refuses a PDF's picture without saying its size).
 */
export function imageTooLargeMessage(pixels?: number): string {
  const size =
    pixels === undefined
      ? `more than ${maxImagePixels / 1e6} megapixels`
      : `${Math.round(pixels / 1e6)} megapixels; at most ${maxImagePixels / 1e6}`;
  return `This image is too large to read (${size}). Upload a smaller scan or photo.`;
}
