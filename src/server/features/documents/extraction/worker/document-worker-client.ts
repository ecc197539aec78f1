import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { ExtractionError } from '../extraction-error';
import { imageTooLargeMessage, maxImagePixels } from '../limits';

const textItem = z.object({
  str: z.string(),
  transform: z.array(z.number()),
  width: z.number(),
  height: z.number(),
});
const rawPage = z.object({
  page: z.number(),
  width: z.number(),
  height: z.number(),
  transform: z.array(z.number()),
  items: z.array(textItem),
});
const rawPdf = z.object({
  pageCount: z.number(),
  attachments: z.array(z.object({ filename: z.string(), content: z.string() })),
  pages: z.array(rawPage),
});
const renderedPage = z.object({
  png: z.instanceof(Uint8Array),
  width: z.number(),
  height: z.number(),
});
const reply = z.object({
  id: z.number(),
  result: z.unknown().optional(),
  error: z.object({ name: z.string(), message: z.string() }).optional(),
});

export type RawPdfPage = z.infer<typeof rawPage>;
export type RawPdf = z.infer<typeof rawPdf>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const request of pending.values()) request.reject(error);
  pending.clear();
  worker = null;
}

function pdfWorker(): Worker {
  if (worker) return worker;
  // No TypeScript loader in the worker, and an explicit GC after images (see document-worker.mjs).
  const started = new Worker(new URL('./document-worker.mjs', import.meta.url), {
    execArgv: [],
    workerData: { maxImagePixels },
  });
  started.on('message', (message: unknown) => {
    const parsed = reply.safeParse(message);
    if (!parsed.success) return;
    const request = pending.get(parsed.data.id);
    if (!request) return;
    pending.delete(parsed.data.id);
    if (pending.size === 0) started.unref();
    if (parsed.data.error) {
      const error = new Error(parsed.data.error.message);
      error.name = parsed.data.error.name;
      request.reject(error);
    } else request.resolve(parsed.data.result);
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', () => failAll(new Error('The PDF reader stopped')));
  started.unref();
  worker = started;
  return started;
}

async function ask(
  request: Record<string, unknown>,
  bytes: Buffer,
  kind: 'pdf' | 'image' = 'pdf',
): Promise<unknown> {
  const target = pdfWorker();
  const id = nextId;
  nextId += 1;
  const copy = new Uint8Array(bytes);
  const result = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
  // Keep the process alive only while a request is in flight.
  target.ref();
  target.postMessage({ ...request, id, bytes: copy }, [copy.buffer]);
  try {
    return await result;
  } catch (error) {
    if (kind === 'image') {
      throw new ExtractionError(
        'This image could not be read. It may be damaged or in an unsupported format.',
        'corrupt',
      );
    }
    const name = error instanceof Error ? error.name : '';
    if (name === 'ImageTooLargeError')
      throw new ExtractionError(imageTooLargeMessage(), 'unsupported');
    if (name === 'PasswordException') {
      throw new ExtractionError(
        'This PDF is password-protected. Remove the password and upload it again.',
        'password-protected',
      );
    }
    throw new ExtractionError(
      'This file is not a readable PDF. It may be damaged or incomplete.',
      'corrupt',
    );
  }
}

/** The text items of the first `maxPages` pages and any XML attachments of a PDF. */
export async function readPdf(bytes: Buffer, maxPages: number): Promise<RawPdf> {
  return rawPdf.parse(await ask({ op: 'read', maxPages }, bytes));
}

/**
 * Starts the worker and runs pdfjs's parsers a few times, so the first document is read at full
 * speed; returns the warm-up PDF as read and its page drawn at `scale`, for warming up the text
 * rules and the OCR engine the same way.
 */
export async function warmUpPdfReader(scale: number): Promise<{ pdf: RawPdf; page: GreyImage }> {
  const warm = z
    .object({ pdf: rawPdf, page: z.unknown() })
    .parse(await ask({ op: 'warmUp', scale }, Buffer.alloc(0)));
  return { pdf: warm.pdf, page: toGreyImage(warm.page) };
}

export interface GreyImage {
  png: Buffer;
  width: number;
  height: number;
}

function toGreyImage(result: unknown): GreyImage {
  const rendered = renderedPage.parse(result);
  return {
    ...rendered,
    png: Buffer.from(rendered.png.buffer, rendered.png.byteOffset, rendered.png.byteLength),
  };
}

/** One page drawn as a grey PNG at `scale` (1 = 72 dpi), for OCR of scanned pages. */
export async function renderPdfPage(
  bytes: Buffer,
  page: number,
  scale: number,
): Promise<GreyImage> {
  return toGreyImage(await ask({ op: 'render', page, scale }, bytes));
}

/** A photo's whole-page image; `photo` names the decoded photo the worker keeps for its regions. */
export interface PreparedPhoto extends GreyImage {
  photo?: number;
}

let nextPhoto = 1;

/** Quarter turns clockwise that draw a photo upright (0: as taken). */
export type QuarterTurns = 0 | 1 | 2 | 3;

/**
 * A photo or scan decoded, turned by `turn` quarter turns, scaled (long side near
 * `targetLongSide`) and turned grey. With `keep`, the worker keeps the decoded photo (a photo
 * over 16 MP halved each way) for cropImage until releasePhoto or the next photo, so its closer
 * readings do not decode it again (a region of a turned photo is asked with the same turn).
 */
export async function prepareImage(
  bytes: Buffer,
  size: { targetLongSide: number; minScale: number; maxScale: number },
  keep = false,
  turn: QuarterTurns = 0,
): Promise<PreparedPhoto> {
  const photo = keep ? nextPhoto++ : undefined;
  const image = toGreyImage(
    await ask({ op: 'prepareImage', ...size, photo, turn }, bytes, 'image'),
  );
  return photo === undefined ? image : { ...image, photo };
}

/** Lets the worker drop the decoded photo it kept for closer readings. */
export async function releasePhoto(photo: number | undefined): Promise<void> {
  if (photo === undefined || !worker) return;
  await ask({ op: 'releasePhoto', photo }, Buffer.alloc(0), 'image');
}

export async function terminateDocumentWorker(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.terminate();
}

const imageRegion = renderedPage.extend({
  x: z.number(),
  y: z.number(),
  regionWidth: z.number(),
  regionHeight: z.number(),
});

/** A picture drawn on a PDF page, as a grey image, with its place on the page as fractions. */
export interface ImageRegion extends GreyImage {
  x: number;
  y: number;
  regionWidth: number;
  regionHeight: number;
}

/** The biggest pictures (up to three) of one page, each drawn alone at `scale`. */
export async function renderImageRegions(
  bytes: Buffer,
  page: number,
  scale: number,
): Promise<ImageRegion[]> {
  const regions = z.array(imageRegion).parse(await ask({ op: 'imageRegions', page, scale }, bytes));
  return regions.map((region) => ({
    ...region,
    png: Buffer.from(region.png.buffer, region.png.byteOffset, region.png.byteLength),
  }));
}

/**
 * A region of a photo (fractions of it) drawn closer than the whole-page reading, for OCR: from
 * the decoded photo the worker kept under `photo` when it still has it, else from `bytes`.
 */
export async function cropImage(
  bytes: Buffer,
  request: {
    region: { x: number; y: number; width: number; height: number };
    factor: number;
    maxWidth: number;
    targetLongSide: number;
    minScale: number;
    maxScale: number;
    photo?: number;
    turn?: QuarterTurns;
  },
): Promise<ImageRegion> {
  const region = imageRegion.parse(await ask({ op: 'cropImage', ...request }, bytes, 'image'));
  return {
    ...region,
    png: Buffer.from(region.png.buffer, region.png.byteOffset, region.png.byteLength),
  };
}
