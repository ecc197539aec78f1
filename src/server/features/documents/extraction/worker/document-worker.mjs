// PDF reading (pdfjs) and image decoding in a plain worker thread. Plain JavaScript on purpose:
// the worker starts without the TypeScript loader, which otherwise holds a few hundred MB of
// transformed pdfjs code, and the heavy decoding stays off the server's main thread. Decoded photos
// live in native memory that V8 does not count, so the worker collects garbage after each image
// instead of letting a few large photos pile up. The extraction rules live in TS.
// First import: it must keep the native Array.prototype.push before pdfjs replaces it.
import { restoreNativePush } from './native-push.mjs';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { setTimeout } from 'node:timers';
import console from 'node:console';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderImageRegions } from './image-regions.mjs';
import { warmUpPdf } from './warm-up-pdf.mjs';

restoreNativePush();
const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// Local font, character-map and decoder data, so nothing is ever fetched from the network.
const dataUrl = (folder) => `${path.join(pdfjsRoot, folder)}${path.sep}`;

// Pictures above this many pixels are left out rather than decoded (limits.ts, sent by the client).
const { maxImagePixels } = workerData;

// Passes over the warm-up PDF: after about three the font code is compiled (see warm-up-pdf.mjs).
const warmUpPasses = 4;

/**
 * Opens a PDF. The standard fonts' glyph files (Helvetica, Times…) are loaded only to draw a page:
 * text and its positions come from the built-in metrics, and parsing those font files cost a text
 * PDF up to a tenth of a second each time.
 */
async function open(bytes, forRendering, verbosity = 0) {
  const task = getDocument({
    data: new Uint8Array(bytes),
    ...(forRendering ? { standardFontDataUrl: dataUrl('standard_fonts') } : {}),
    cMapUrl: dataUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: dataUrl('wasm'),
    isEvalSupported: false,
    useSystemFonts: false,
    maxImageSize: maxImagePixels,
    verbosity,
  });
  try {
    const pdf = await task.promise;
    // pdfjs's core loads with the first document and brings its own copy of the polyfill.
    restoreNativePush();
    return pdf;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw error;
  }
}

/** Attachments that look like XML, and the raw text items of the first pages. */
async function read(pdf, maxPages) {
  const attachments = [];
  const found = await pdf.getAttachments().catch(() => null);
  for (const file of Object.values(found ?? {})) {
    if (file && file.content && /\.xml$/i.test(String(file.filename ?? ''))) {
      attachments.push({
        filename: String(file.filename),
        content: Buffer.from(file.content).toString('utf8'),
      });
    }
  }
  const pages = [];
  for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items
      .filter((item) => typeof item.str === 'string' && item.str.trim() !== '')
      .map((item) => ({
        str: item.str,
        transform: item.transform,
        width: item.width,
        height: item.height,
      }));
    pages.push({
      page: number,
      width: viewport.width,
      height: viewport.height,
      transform: viewport.transform,
      items,
    });
    page.cleanup();
  }
  return { pageCount: pdf.numPages, attachments, pages };
}

function whiteCanvas(width, height) {
  const canvas = createCanvas(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, context };
}

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * Luminance greyscale as an 8-bit grey PNG. Colour backgrounds and stamps otherwise confuse
 * binarisation, and one channel instead of four keeps the OCR engine's memory down.
 */
function greyPng(canvas, context) {
  const { width, height } = canvas;
  const rgba = context.getImageData(0, 0, width, height).data;
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width + 1);
    rows[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      rows[row + 1 + x] = Math.round(0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, width, height };
}

async function render(pdf, pageNumber, scale) {
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale });
  // pdfjs must draw on a canvas from its own factory: a canvas made here crashes the renderer.
  const { canvas, context } = pdf.canvasFactory.create(
    Math.round(viewport.width),
    Math.round(viewport.height),
  );
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  page.cleanup();
  return greyPng(canvas, context);
}

/**
 * The photo being read, kept decoded between its whole-page reading and its closer readings
 * (header, date lines) so it is decoded once: `{ photo, image, width, height }` (see decodePhoto).
 * One at a time. (For photos up to `maxKeptPixels`, measured: a copy scaled down for the regions
 * costs more than the decodes it saves, as most photos have one closer reading or none.)
 */
let kept = null;
const maxKeptPixels = 16_000_000;

// Workers may not take --expose-gc on their command line; the flag can be set at run time.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

/** Native image memory is released by finalizers that run after a collection. */
async function releaseNativeMemory() {
  for (let pass = 0; pass < 2; pass += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A photo decoded and turned (see loadTurned): `image` to draw from, with `width` and `height` the
 * photo's own size. A photo over `maxKeptPixels` is halved each way, every second pixel, and its
 * full decoding let go before anything else is drawn. Otherwise a huge scan (35 MP, 140 MB
 * decoded) was held while its page was drawn and kept, and decoded again for each closer reading:
 * the server's peak while reading. A smooth halving would first have the canvas build a mipmap of
 * the whole decoded photo (34 MB more); half of a 35 MP scan is still 300 dpi of an A4 page.
 */
async function decodePhoto(bytes, turn) {
  let image = await loadTurned(bytes, turn);
  const { width, height } = image;
  while (image.width * image.height > maxKeptPixels) {
    const half = whiteCanvas(image.width / 2, image.height / 2);
    half.context.imageSmoothingEnabled = false;
    half.context.drawImage(image, 0, 0, half.canvas.width, half.canvas.height);
    // The canvas draws when its pixels are read; until then it holds the decoded photo.
    half.context.getImageData(0, 0, 1, 1);
    image = half.canvas;
    await releaseNativeMemory();
  }
  return { image, width, height };
}

/** The scale of the whole-page reading of a picture of this size. */
function pageScaleOf(image, request) {
  return Math.min(
    request.maxScale,
    Math.max(request.minScale, request.targetLongSide / Math.max(image.width, image.height)),
  );
}

/**
 * The decoded photo turned clockwise by `turn` quarter turns (0 to 3): a photo taken sideways
 * or upside down, drawn upright. Without a turn, the decoded photo itself.
 */
async function loadTurned(bytes, turn = 0) {
  const image = await loadImage(Buffer.from(bytes));
  if (!turn) return image;
  const sideways = turn % 2 === 1;
  const { canvas, context } = whiteCanvas(
    sideways ? image.height : image.width,
    sideways ? image.width : image.height,
  );
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((turn * Math.PI) / 2);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas;
}

/**
 * Decodes a photo or scan (turned by `turn` quarter turns) and scales it so its long side is near
 * `targetLongSide`; with `photo`, keeps it for closer readings of its regions (see `kept`).
 */
async function prepareImage(request) {
  kept = null;
  const photo = await decodePhoto(request.bytes, request.turn);
  const scale = pageScaleOf(photo, request);
  const { canvas, context } = whiteCanvas(photo.width * scale, photo.height * scale);
  context.imageSmoothingQuality = 'high';
  context.drawImage(photo.image, 0, 0, canvas.width, canvas.height);
  if (request.photo !== undefined) kept = { photo: request.photo, ...photo };
  return greyPng(canvas, context);
}

/**
 * One region of a photo (fractions of the picture, turned by `turn` quarter turns), drawn
 * `factor` times the size the whole-page reading used, at most `maxWidth` pixels wide: a second,
 * closer reading of the part that matters (the shop's name, a date line). Drawn from the kept
 * photo when it is this one, else decoded from the original bytes. Sizes are in the photo's own
 * pixels; a huge photo's halved image is drawn from at its own scale.
 */
async function cropImage(request) {
  const reuse = kept !== null && request.photo !== undefined && kept.photo === request.photo;
  const { image, width, height } = reuse ? kept : await decodePhoto(request.bytes, request.turn);
  const copyScale = image.width / width;
  const pageScale = pageScaleOf({ width, height }, request);
  const sx = Math.max(0, Math.floor(request.region.x * width));
  const sy = Math.max(0, Math.floor(request.region.y * height));
  const sw = Math.max(1, Math.min(width - sx, Math.ceil(request.region.width * width)));
  const sh = Math.max(1, Math.min(height - sy, Math.ceil(request.region.height * height)));
  const scale = Math.min(pageScale * request.factor, request.maxWidth / sw);
  const { canvas, context } = whiteCanvas(sw * scale, sh * scale);
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    sx * copyScale,
    sy * copyScale,
    sw * copyScale,
    sh * copyScale,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  return {
    ...greyPng(canvas, context),
    x: sx / width,
    y: sy / height,
    regionWidth: sw / width,
    regionHeight: sh / height,
  };
}

const oversizedPicture = /Image exceeded maximum allowed size/;

/**
 * Draws a scanned page for OCR. The scan is the page's picture: one over the pixel limit must fail
 * the document as too large (as a large photo does) instead of reading as a blank page. pdfjs
 * leaves such a picture out with only a warning (its errors in strict mode are swallowed too), so
 * the warnings of this drawing are listened to; the others are dropped as before (verbosity 0).
 */
async function renderScan(request) {
  const warnings = [];
  const log = console.warn;
  console.warn = (...parts) => {
    warnings.push(parts.map(String).join(' '));
  };
  try {
    const pdf = await open(request.bytes, true, 1);
    try {
      const page = await render(pdf, request.page, request.scale);
      if (warnings.some((warning) => oversizedPicture.test(warning))) {
        const tooLarge = new Error('A picture on the page is over the pixel limit');
        tooLarge.name = 'ImageTooLargeError';
        throw tooLarge;
      }
      return page;
    } finally {
      await pdf.destroy().catch(() => undefined);
    }
  } finally {
    console.warn = log;
  }
}

async function handle(request) {
  if (request.op === 'prepareImage') return prepareImage(request);
  if (request.op === 'cropImage') return cropImage(request);
  if (request.op === 'releasePhoto') {
    if (kept?.photo === request.photo) kept = null;
    return null;
  }
  if (request.op === 'warmUp') {
    const bytes = warmUpPdf(pdfjsRoot);
    let result = null;
    for (let pass = 0; pass < warmUpPasses; pass += 1) {
      const pdf = await open(bytes, false);
      result = await read(pdf, 1).finally(() => pdf.destroy().catch(() => undefined));
    }
    // Drawing (for scans and pictures) loads the canvas and the standard fonts the first time;
    // the page drawn is handed back to warm up the OCR engine too.
    const drawn = await open(bytes, true);
    const page = await render(drawn, 1, request.scale).finally(() =>
      drawn.destroy().catch(() => undefined),
    );
    return { pdf: result, page };
  }
  if (request.op === 'render') return renderScan(request);
  const pdf = await open(request.bytes, request.op !== 'read');
  try {
    if (request.op === 'imageRegions') {
      return await renderImageRegions(pdf, request.page, request.scale, greyPng);
    }
    return request.op === 'render'
      ? await render(pdf, request.page, request.scale)
      : await read(pdf, request.maxPages);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

parentPort?.on('message', async (request) => {
  try {
    const result = await handle(request);
    parentPort?.postMessage({ id: request.id, result });
  } catch (error) {
    const name =
      error && typeof error === 'object' && 'name' in error ? String(error.name) : 'Error';
    const message =
      error && typeof error === 'object' && 'message' in error
        ? String(error.message)
        : String(error);
    parentPort?.postMessage({ id: request.id, error: { name, message } });
  } finally {
    // Native image memory is released by finalizers that run after a collection; collect again
    // once they have run.
    if (request.op !== 'read' && request.op !== 'warmUp') {
      collectGarbage();
      setTimeout(collectGarbage, 10);
    }
  }
});
