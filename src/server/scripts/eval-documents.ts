/**
 * Measures document extraction through the product's upload path (in-process app, in-memory
 * database) against a folder with truth.json, scored as the folder's README says: each field per
 * document kind, time per document and peak memory.
 *
 * Usage: npm run eval:documents -- [folder] [--split A|B] [--vendors] [--learning]
 *        [--ocr-cache] [--misses] [--times] [--w9-only]
 *   --w9-only     only the W-9 section (the W-9 set in features/documents/test-data/w9)
 *   --w9-folder D the W-9 section reads the set in D instead (a held-out set, see make-w9-set.ts)
 *   --split A|B   only one fixed half of the set (by a hash of the file name)
 *   --vendors     the set's vendor names are the organization's vendors before reading
 *   --learning    for each vendor with two documents or more: correct the first one through
 *                 create-transaction (the product's correction path), then score the next one
 *   --ocr-cache   reuse OCR output from .cache/ocr (developers only: fast runs of the field rules)
 *   --side-by-side  the photos' vendor, total and date on the training pool (what the models were
 *                 fitted on), the development set (what they were chosen on) and the synthetic
 *                 receipts, in one table; no other section
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { extractedData, type ExtractedData } from '../../shared/contracts/extracted-data';
import { parseMoney, toDecimal } from '../../shared/money';
import { shutdownExtraction, warmUpExtraction } from '../features/documents/extraction';
import { measureW9 } from './eval/w9-accuracy';
import { useOcrCache } from '../features/documents/extraction/ocr/ocr-cache';
import { addVendor, type EvalApp, startEvalApp, uploadAndRead } from './eval/eval-app';
import { coreFields, kinds, splitOf, Tally, type TruthEntry, truthEntry } from './eval/score';
import { vendorKey } from '../features/documents/extraction/model/train-total';

interface Options {
  folder: string;
  split: 'A' | 'B' | null;
  vendors: boolean;
  learning: boolean;
  showMisses: boolean;
  showTimes: boolean;
  w9Only: boolean;
  w9Folder: string | undefined;
  sideBySide: boolean;
}

function parseOptions(args: string[]): Options {
  const splitIndex = args.indexOf('--split');
  const split = splitIndex >= 0 ? args[splitIndex + 1] : undefined;
  if (splitIndex >= 0 && split !== 'A' && split !== 'B') throw new Error('--split takes A or B');
  if (args.includes('--ocr-cache')) useOcrCache(path.resolve('.cache/ocr'));
  return {
    folder:
      args.find(
        (arg, index) =>
          !arg.startsWith('--') &&
          args[index - 1] !== '--split' &&
          args[index - 1] !== '--w9-folder',
      ) ?? developmentFolder,
    split: split === 'A' || split === 'B' ? split : null,
    vendors: args.includes('--vendors'),
    learning: args.includes('--learning'),
    showMisses: args.includes('--misses'),
    showTimes: args.includes('--times'),
    w9Only: args.includes('--w9-only'),
    w9Folder: args.includes('--w9-folder') ? args[args.indexOf('--w9-folder') + 1] : undefined,
    sideBySide: args.includes('--side-by-side'),
  };
}

/** A set keeps its files beside truth.json or, as the training pool does, in `docs/`. */
const documentPath = (folder: string, file: string): string => {
  const inDocs = path.join(folder, 'docs', file);
  return existsSync(inDocs) ? inDocs : path.join(folder, file);
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function read(
  evalApp: EvalApp,
  folder: string,
  entry: TruthEntry,
): Promise<{ data: ExtractedData | null; error: string | null }> {
  const bytes = readFileSync(documentPath(folder, entry.file));
  const document = await uploadAndRead(evalApp, { fileName: entry.file, bytes });
  if (document.ocrStatus !== 'completed')
    return { data: null, error: `${document.ocrStatus}: ${document.processingError ?? ''}` };
  return { data: extractedData.parse(document.extractedData), error: null };
}

/** Reads every entry once; per-kind seconds, CPU seconds and peak memory while reading. */
async function measure(evalApp: EvalApp, options: Options, entries: TruthEntry[]): Promise<Tally> {
  const tally = new Tally();
  // Without --split, each fixed half is scored too, from the same readings.
  const halves = { A: new Tally(), B: new Tally() };
  const seconds = new Map<string, number[]>();
  const cpuSeconds = new Map<string, number[]>();
  const failures: string[] = [];
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  for (const entry of entries) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const { data, error } = await read(evalApp, options.folder, entry);
    const wall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    seconds.set(entry.kind, [...(seconds.get(entry.kind) ?? []), wall]);
    cpuSeconds.set(entry.kind, [
      ...(cpuSeconds.get(entry.kind) ?? []),
      (cpu.user + cpu.system) / 1e6,
    ]);
    if (options.showTimes)
      console.log(
        `${entry.file}: ${wall.toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
      );
    if (error) failures.push(`${entry.file}: ${error}`);
    tally.add(entry, data);
    halves[splitOf(entry.file)].add(entry, data);
  }
  clearInterval(sampler);
  if (!options.split) {
    for (const [half, halfTally] of Object.entries(halves))
      console.log(`half ${half}\n${halfTally.table()}\n`);
    console.log('whole set');
  }
  console.log(tally.table());
  const timeRow = (label: string, source: Map<string, number[]>, pick: (v: number[]) => number) =>
    `${label.padEnd(28)}${[...kinds, 'all']
      .map((kind) => {
        const values = kind === 'all' ? [...source.values()].flat() : (source.get(kind) ?? []);
        return (values.length ? `${pick(values).toFixed(2)} s` : '-').padStart(18);
      })
      .join('')}`;
  console.log(timeRow('seconds/doc median', seconds, median));
  console.log(timeRow('seconds/doc max', seconds, (values) => Math.max(...values)));
  console.log(timeRow('cpu seconds/doc median', cpuSeconds, median));
  console.log(timeRow('cpu seconds/doc max', cpuSeconds, (values) => Math.max(...values)));
  console.log(
    `peak RSS while reading ${(peakRss / 1048576).toFixed(0)} MB (app, database and engines ` +
      `${(rssBefore / 1048576).toFixed(0)} MB before the first document)`,
  );
  if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
  if (options.showMisses && tally.misses.length > 0)
    console.log(`\nmisses:\n${tally.misses.join('\n')}`);
  return tally;
}

const trainingFolder = '/work/shared/eval/training';
const developmentFolder = '/work/shared/eval/documents';

const entriesOf = (folder: string): TruthEntry[] =>
  z.array(truthEntry).parse(JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')));

/**
 * The photos' vendor, total and issue date on the three sets side by side: the training pool,
 * the development set (photos only) and the synthetic receipts (their own script, as text).
 */
async function measureSideBySide(evalApp: EvalApp, options: Options): Promise<void> {
  const rows: string[] = [];
  const cell = (tally: Tally, field: string) => {
    const scored = tally.scored.get(`${field}|image`) ?? 0;
    const right = tally.right.get(`${field}|image`) ?? 0;
    return `${right}/${scored} ${scored ? ((100 * right) / scored).toFixed(1) : '-'}%`.padStart(18);
  };
  for (const [name, folder] of [
    ['training pool (fitted on)', trainingFolder],
    ['development (chosen on)', developmentFolder],
  ] as const) {
    const photos = entriesOf(folder).filter((entry) => entry.kind === 'image');
    const tally = await measure(evalApp, { ...options, folder, showMisses: false }, photos);
    rows.push(
      `${name.padEnd(28)}${['vendor', 'total', 'issueDate'].map((field) => cell(tally, field)).join('')}`,
    );
  }
  const synthetic = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'eval', 'synthetic-receipts.ts'),
      '--style',
      'all',
    ],
    { encoding: 'utf8' },
  );
  const figures = [...synthetic.matchAll(/(\d+\/\d+ [\d.]+%)/gu)].map((match) =>
    (match[1] ?? '').padStart(18),
  );
  rows.push(`${'synthetic (made here, text)'.padEnd(28)}${figures.join('')}`);
  console.log(
    `\nPhotos, side by side\n${'set'.padEnd(28)}${['vendor', 'total', 'issue date'].map((c) => c.padStart(18)).join('')}`,
  );
  console.log(rows.join('\n'));
}

/**
 * For each vendor with at least two documents: its first document is read and corrected by the
 * user creating a bill from it (create-transaction, which keeps what the correction taught),
 * then its second document is read and scored on the core fields.
 */
async function measureLearning(evalApp: EvalApp, options: Options, entries: TruthEntry[]) {
  const groups = new Map<string, TruthEntry[]>();
  for (const entry of entries) {
    if (!entry.vendor || !entry.annotated.includes('vendor') || entry.total === null) continue;
    const key = vendorKey(entry.vendor);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const tally = new Tally();
  const halves = { A: new Tally(), B: new Tally() };
  let vendors = 0;
  for (const group of groups.values()) {
    const [first, second] = group;
    if (!first || !second || first.total === null || !first.vendor) continue;
    vendors += 1;
    const bytes = readFileSync(documentPath(options.folder, first.file));
    const document = await uploadAndRead(evalApp, { fileName: first.file, bytes });
    if (document.ocrStatus !== 'completed') continue;
    const amount = toDecimal(parseMoney(first.total, { round: true }) ?? 0);
    const issueDate = first.issueDate ?? undefined;
    const response = await evalApp.request({
      method: 'POST',
      url: `/api/documents/${document.id}/create-transaction`,
      payload: {
        transactionType: 'bill',
        customizations: {
          vendorName: first.vendor,
          amount,
          number: first.invoiceNumber ?? undefined,
          issueDate,
          dueDate: first.dueDate ?? issueDate ?? '2030-01-01',
          description: 'Corrected from the document',
        },
      },
    });
    if (response.statusCode !== 201) {
      console.log(`${first.file}: correction refused ${response.statusCode}: ${response.body}`);
      continue;
    }
    const { data } = await read(evalApp, options.folder, second);
    tally.add(second, data, coreFields);
    halves[splitOf(second.file)].add(second, data, coreFields);
  }
  if (!options.split)
    for (const [half, halfTally] of Object.entries(halves))
      console.log(`half ${half} (by the second document)\n${halfTally.table()}\n`);
  console.log(`Second documents of ${vendors} vendors, after one correction of the first:`);
  console.log(tally.table());
  if (options.showMisses && tally.misses.length > 0)
    console.log(`\nmisses:\n${tally.misses.join('\n')}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.w9Only) {
    try {
      await measureW9({ folder: options.w9Folder, misses: options.showMisses });
    } finally {
      await shutdownExtraction();
    }
    return;
  }
  const all = entriesOf(options.folder);
  const entries = options.split
    ? all.filter((entry) => splitOf(entry.file) === options.split)
    : all;
  const evalApp = await startEvalApp();
  const warmStart = performance.now();
  // The engines warm, as a server reading a stream of uploads has them.
  await warmUpExtraction({ ocr: true });
  console.log(
    `Document extraction on ${entries.length} documents from ${options.folder}` +
      `${options.split ? `, half ${options.split}` : ''}` +
      `${options.vendors ? ', with the vendors loaded' : ', no vendors known'}` +
      ` (warm-up ${((performance.now() - warmStart) / 1000).toFixed(2)} s, not counted)`,
  );
  try {
    if (options.vendors) {
      const names = [...new Set(all.flatMap((entry) => (entry.vendor ? [entry.vendor] : [])))];
      for (const [index, name] of names.entries()) await addVendor(evalApp, name, index);
    }
    if (options.sideBySide) {
      await measureSideBySide(evalApp, options);
      return;
    }
    if (options.learning) await measureLearning(evalApp, options, entries);
    else await measure(evalApp, options, entries);
    await measureW9({ folder: options.w9Folder, misses: options.showMisses });
  } finally {
    await evalApp.close();
    await shutdownExtraction();
  }
}

await main();
