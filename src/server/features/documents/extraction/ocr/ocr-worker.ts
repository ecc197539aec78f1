import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PSM, Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
const languages = ['eng', 'deu', 'fra'] as const;

/**
 * tesseract.js reads every language from one folder, but each language ships in its own npm
 * package; link the packaged files into one folder so nothing is ever fetched from the network.
 */
export function prepareLanguageFolder(): string {
  const folder = path.join(os.tmpdir(), 'signal-ar-tessdata');
  mkdirSync(folder, { recursive: true });
  for (const language of languages) {
    const packageRoot = path.dirname(
      require.resolve(`@tesseract.js-data/${language}/package.json`),
    );
    const source = path.join(packageRoot, '4.0.0_best_int', `${language}.traineddata.gz`);
    const target = path.join(folder, `${language}.traineddata.gz`);
    if (existsSync(target)) continue;
    // Missing, or a link into an install that is gone (another checkout, a reinstalled
    // node_modules): make the link under a name of this process's and rename it over the target,
    // which replaces a dangling link atomically and never writes through one. Where links cannot
    // be made, the same with a copy.
    const temporary = `${target}.${process.pid}`;
    rmSync(temporary, { force: true });
    try {
      symlinkSync(source, temporary);
    } catch {
      copyFileSync(source, temporary);
    }
    renameSync(temporary, target);
  }
  return folder;
}

/**
 * One uniform block of text: receipts and invoices read better this way than with automatic
 * page segmentation, which splits right-aligned amounts and logos into separate blocks.
 */
async function configure(
  worker: Worker,
  layout: OcrLayout = 'block',
  threshold: OcrThreshold = 'global',
): Promise<void> {
  // tesseract reads an unsure line again inverted (tessedit_do_invert, on by default): turned off,
  // the slowest photos read about a fifth faster, but white print on a black band (a letterhead,
  // a total box) is lost (read-ocr.test.ts).
  await worker.setParameters({
    tessedit_pageseg_mode: layoutModes[layout],
    preserve_interword_spaces: '0',
    // tesseract's thresholding_method, not in tesseract.js's parameter type.
    ...({ thresholding_method: thresholdModes[threshold] } as object),
  });
}

/**
 * How tesseract splits the image: 'block' (psm 6) for whole pages; 'columns' (psm 4, lines of
 * varying size) for a second reading of a region whose first reading was weak.
 */
export type OcrLayout = 'block' | 'columns';

/**
 * How tesseract turns the grey page into black and white: 'global' (one Otsu threshold for the
 * page, the default) or 'tiled' (Otsu per tile, for a page whose faint print one threshold loses
 * next to something much darker: handwriting, a shadow, a dark edge).
 */
export type OcrThreshold = 'global' | 'tiled';
const thresholdModes: Record<OcrThreshold, string> = { global: '0', tiled: '1' };

// tesseract.js enum values (OEM.LSTM_ONLY, PSM.SINGLE_BLOCK), kept here so the engine loads lazily.
const lstmOnly = 1;
const layoutModes: Record<OcrLayout, PSM> = { block: '6' as PSM, columns: '4' as PSM };

let warmWorker: Promise<Worker> | null = null;
let activeLanguages = '';
let activeLayout: OcrLayout = 'block';
let activeThreshold: OcrThreshold = 'global';
// One OCR job at a time: a page is CPU-bound and several at once only add memory.
let queue: Promise<unknown> = Promise.resolve();
// The engine is let go after this long without a job: its WebAssembly heap grows with the largest
// page read and each language loaded, and never shrinks (measured: 54 MB warmed, about 100 MB after
// a few photos, returned on release). Starting again costs the first photo after a quiet spell
// about 1.2 s more CPU (4.4 s against 3.2 s for the same photo read warm), so the engine waits five
// minutes: a batch of uploads, or someone's next receipt in the same sitting, reads warm.
const idleMs = 5 * 60_000;
let idleTimer: NodeJS.Timeout | null = null;
let jobs = 0;

/** Stops the engine once no job has come for `idleMs` (the timer does not keep the process up). */
function releaseWhenIdle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    // Queued behind any job, and skipped when one came meanwhile.
    queue = queue.then(() => (jobs === 0 ? stopWorker() : undefined));
  }, idleMs);
  idleTimer.unref();
}

async function stopWorker(): Promise<void> {
  const worker = warmWorker;
  warmWorker = null;
  if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
}

async function startWorker(): Promise<Worker> {
  // English only at first; German and French load on the first document that needs them.
  // Loaded on first use: a server that only sees PDFs never pays for the OCR engine.
  const { createWorker } = await import('tesseract.js');
  const worker = await createWorker(['eng'], lstmOnly, {
    langPath: prepareLanguageFolder(),
    cacheMethod: 'none',
    gzip: true,
  });
  await configure(worker);
  activeLanguages = 'eng';
  activeLayout = 'block';
  activeThreshold = 'global';
  return worker;
}

export type OcrLanguages = 'eng' | 'deu+eng' | 'fra+eng' | 'eng+deu+fra';

/**
 * Runs `job` with the warm worker set to `languages`, after any job already running has
 * finished. Languages stay loaded once used; switching only re-initialises the engine.
 */
export function withOcrWorker<T>(
  languages: OcrLanguages,
  job: (worker: Worker) => Promise<T>,
  layout: OcrLayout = 'block',
  threshold: OcrThreshold = 'global',
): Promise<T> {
  jobs += 1;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const run = queue.then(async () => {
    warmWorker ??= startWorker();
    try {
      const worker = await warmWorker;
      if (activeLanguages !== languages) {
        await worker.reinitialize(languages, lstmOnly);
        await configure(worker, layout, threshold);
        activeLanguages = languages;
        activeLayout = layout;
        activeThreshold = threshold;
      } else if (activeLayout !== layout || activeThreshold !== threshold) {
        await configure(worker, layout, threshold);
        activeLayout = layout;
        activeThreshold = threshold;
      }
      return await job(worker);
    } catch (error) {
      // A worker that failed may be in a bad state; start a fresh one for the next job.
      const broken = warmWorker;
      warmWorker = null;
      await broken.then((worker) => worker.terminate()).catch(() => undefined);
      throw error;
    } finally {
      jobs -= 1;
      if (jobs === 0) releaseWhenIdle();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

export async function terminateOcrWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  await queue;
  await stopWorker();
}

/** Starts the OCR worker without running a job. */
export async function warmUpOcr(): Promise<void> {
  await withOcrWorker('eng', async () => undefined);
}
