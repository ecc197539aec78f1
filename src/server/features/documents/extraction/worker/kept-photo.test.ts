import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { photoScaling } from '../ocr/prepare-image';
import {
  cropImage,
  prepareImage,
  releasePhoto,
  terminateDocumentWorker,
} from './document-worker-client';

afterAll(async () => {
  await terminateDocumentWorker();
});

// Over the 16 MP the worker keeps as decoded: it halves it each way first.
const width = 4600;
const height = 3800;
// A black box, in fractions of the photo.
const box = { x: 0.62, y: 0.12, width: 0.08, height: 0.05 };

function hugePhoto(): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.fillRect(box.x * width, box.y * height, box.width * width, box.height * height);
  return canvas.encodeSync('png');
}

/** The grey level (0 black, 255 white) at fractions (fx, fy) of the photo, read in the crop. */
async function greyAt(
  crop: { png: Buffer; x: number; y: number; regionWidth: number; regionHeight: number },
  fx: number,
  fy: number,
): Promise<number> {
  const image = await loadImage(crop.png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const px = Math.floor(((fx - crop.x) / crop.regionWidth) * image.width);
  const py = Math.floor(((fy - crop.y) / crop.regionHeight) * image.height);
  return context.getImageData(px, py, 1, 1).data[0] ?? -1;
}

describe('the photo kept for closer readings', () => {
  it('draws the asked region of a huge photo, from the kept halved photo or decoded again', async () => {
    const bytes = hugePhoto();
    const prepared = await prepareImage(bytes, photoScaling, true);
    const request = {
      region: { x: 0.5, y: 0.05, width: 0.4, height: 0.2 },
      factor: 2,
      maxWidth: 2400,
      ...photoScaling,
    };
    const fromCopy = await cropImage(bytes, { ...request, photo: prepared.photo });
    await releasePhoto(prepared.photo);
    const decoded = await cropImage(bytes, request);
    for (const crop of [fromCopy, decoded]) {
      expect(crop).toMatchObject({ x: 0.5, y: 0.05, width: decoded.width, height: decoded.height });
      expect(crop.regionWidth).toBeCloseTo(0.4, 3);
      expect(crop.regionHeight).toBeCloseTo(0.2, 3);
      // Inside the box, and just outside it on each side.
      expect(await greyAt(crop, box.x + box.width / 2, box.y + box.height / 2)).toBeLessThan(30);
      expect(await greyAt(crop, box.x - 0.01, box.y + box.height / 2)).toBeGreaterThan(225);
      expect(await greyAt(crop, box.x + box.width + 0.01, box.y + box.height / 2)).toBeGreaterThan(
        225,
      );
      expect(await greyAt(crop, box.x + box.width / 2, box.y - 0.01)).toBeGreaterThan(225);
      expect(await greyAt(crop, box.x + box.width / 2, box.y + box.height + 0.01)).toBeGreaterThan(
        225,
      );
    }
  }, 60_000);
});
