import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '../extraction-error';
import { maxImagePixels } from '../limits';
import { buildBlackPicturePdf } from '../test-support/build-documents';
import { renderPdfPage, terminateDocumentWorker } from './document-worker-client';

afterAll(async () => {
  await terminateDocumentWorker();
});

/** The grey level (0 black, 255 white) at the middle of a rendered page. */
async function middleGrey(png: Buffer): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const x = Math.floor(image.width / 2);
  const y = Math.floor(image.height / 2);
  return context.getImageData(x, y, 1, 1).data[0] ?? -1;
}

describe('pictures inside a PDF', () => {
  it('draws a picture within the pixel limit', async () => {
    const page = await renderPdfPage(await buildBlackPicturePdf(200, 300), 1, 0.5);
    expect(await middleGrey(page.png)).toBe(0);
  });

  it('refuses, without decoding it, a scanned page whose picture is above the limit (a small file can hold one)', async () => {
    const side = Math.ceil(Math.sqrt(maxImagePixels)) + 100;
    const pdf = await buildBlackPicturePdf(side, side);
    expect(pdf.length).toBeLessThan(1_000_000);
    const refused = await renderPdfPage(pdf, 1, 0.5).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ExtractionError);
    expect(refused).toMatchObject({
      reason: 'unsupported',
      message:
        'This image is too large to read (more than 50 megapixels). Upload a smaller scan or photo.',
    });
  });
});
