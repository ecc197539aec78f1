/**
 * Measures document extraction against a folder with truth.json (see the folder's README):
 * share of right fields per document kind, seconds per document and peak memory.
 * Usage: npm run eval:documents -- [folder] [--misses] [--times]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ExtractedData } from '../../shared/contracts/extracted-data';
import { parseMoney } from '../../shared/money';
import {
  extractDocument,
  shutdownExtraction,
  warmUpExtraction,
  type ExtractableMimeType,
} from '../features/documents/extraction';

const fields = ['vendor', 'total', 'currency', 'issueDate', 'dueDate', 'invoiceNumber'] as const;
type Field = (typeof fields)[number];
const combinedFields: Field[] = ['vendor', 'total', 'issueDate', 'invoiceNumber'];
const kinds = ['text-pdf', 'image', 'einvoice-pdf'] as const;

const truthEntry = z.object({
  file: z.string(),
  vendor: z.string().nullable(),
  vendorAliases: z.array(z.string()).nullable().optional(),
  total: z.number().nullable(),
  currency: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  kind: z.string(),
  annotated: z.array(z.string()),
});
type TruthEntry = z.infer<typeof truthEntry>;

const punctuationFree = (value: string): string =>
  value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function predicted(data: ExtractedData, field: Field): string | null {
  switch (field) {
    case 'vendor':
      return data.vendor.name;
    case 'total':
      return data.amounts.total;
    case 'currency':
      return data.currency;
    case 'issueDate':
      return data.dates.issueDate;
    case 'dueDate':
      return data.dates.dueDate;
    case 'invoiceNumber':
      return data.documentNumbers.invoiceNumber;
  }
}

/** The README's rules: names ignore case and punctuation, totals to the cent, numbers ignore spaces and case. */
function isRight(entry: TruthEntry, field: Field, value: string | null): boolean {
  const truth = entry[field];
  if (truth === null || truth === undefined) return value === null;
  if (value === null) return false;
  switch (field) {
    case 'vendor':
      return [String(truth), ...(entry.vendorAliases ?? [])].some(
        (name) => punctuationFree(name) === punctuationFree(value),
      );
    case 'total':
      return parseMoney(Number(truth), { round: true }) === parseMoney(value, { round: true });
    case 'invoiceNumber':
      return (
        String(truth).replace(/\s+/g, '').toLowerCase() === value.replace(/\s+/g, '').toLowerCase()
      );
    default:
      return String(truth) === value;
  }
}

function mimeTypeOf(file: string): ExtractableMimeType {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.pdf') return 'application/pdf';
  if (extension === '.png') return 'image/png';
  return 'image/jpeg';
}

/** Fields scored for an entry: its annotated ones, plus currency wherever the truth names one. */
function scoredFields(entry: TruthEntry): Field[] {
  return fields.filter(
    (field) => entry.annotated.includes(field) || (field === 'currency' && entry.currency !== null),
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const showMisses = args.includes('--misses');
  const showTimes = args.includes('--times');
  const folder = args.find((arg) => !arg.startsWith('--')) ?? '/work/shared/eval/documents';
  const entries = z
    .array(truthEntry)
    .parse(JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')));

  const right = new Map<string, number>();
  const scored = new Map<string, number>();
  const seconds = new Map<string, number[]>();
  // CPU seconds (all threads of the process) show the cost without other load on the machine.
  const cpuSeconds = new Map<string, number[]>();
  const warmStart = performance.now();
  await warmUpExtraction();
  const warmUpSeconds = (performance.now() - warmStart) / 1000;
  const misses: string[] = [];
  const count = (map: Map<string, number>, key: string): void => {
    map.set(key, (map.get(key) ?? 0) + 1);
  };

  for (const entry of entries) {
    const bytes = readFileSync(path.join(folder, entry.file));
    // With --times, the highest resident memory while this document is read, sampled.
    let peakRss = process.memoryUsage().rss;
    const sampler = showTimes
      ? setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10)
      : undefined;
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    let data: ExtractedData | null = null;
    try {
      data = await extractDocument({ bytes, mimeType: mimeTypeOf(entry.file) });
    } catch (error) {
      misses.push(
        `${entry.file}: extraction failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    seconds.set(entry.kind, [
      ...(seconds.get(entry.kind) ?? []),
      (performance.now() - started) / 1000,
    ]);
    const cpu = process.cpuUsage(cpuStart);
    clearInterval(sampler);
    if (showTimes) {
      const wall = (performance.now() - started) / 1000;
      console.log(
        `${entry.file}: ${wall.toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, ` +
          `peak rss ${(peakRss / 1048576).toFixed(0)} MB`,
      );
    }
    cpuSeconds.set(entry.kind, [
      ...(cpuSeconds.get(entry.kind) ?? []),
      (cpu.user + cpu.system) / 1e6,
    ]);
    for (const field of scoredFields(entry)) {
      const value = data ? predicted(data, field) : null;
      const ok = isRight(entry, field, value);
      for (const key of [`${field}|${entry.kind}`, `${field}|all`]) {
        count(scored, key);
        if (ok) count(right, key);
      }
      if (combinedFields.includes(field)) {
        for (const key of [`combined|${entry.kind}`, 'combined|all']) {
          count(scored, key);
          if (ok) count(right, key);
        }
      }
      if (!ok)
        misses.push(
          `${entry.file}: ${field} expected ${JSON.stringify(entry[field])} got ${JSON.stringify(value)}`,
        );
    }
  }
  await shutdownExtraction();

  const columns = [...kinds, 'all'];
  const cell = (key: string): string => {
    const total = scored.get(key) ?? 0;
    if (total === 0) return '-'.padStart(16);
    const ok = right.get(key) ?? 0;
    return `${ok}/${total} ${((ok / total) * 100).toFixed(1)}%`.padStart(16);
  };
  const header = `${'field'.padEnd(28)}${columns.map((column) => column.padStart(16)).join('')}`;
  const rows = [...fields, 'combined'].map((field) => {
    const name = field === 'combined' ? 'vendor+total+date+number' : field;
    return `${name.padEnd(28)}${columns.map((column) => cell(`${field}|${column}`)).join('')}`;
  });
  const timeRow = (
    label: string,
    pick: (values: number[]) => number,
    source: Map<string, number[]> = seconds,
  ): string =>
    `${label.padEnd(28)}${columns
      .map((column) => {
        const values = column === 'all' ? [...source.values()].flat() : (source.get(column) ?? []);
        return (values.length ? `${pick(values).toFixed(2)} s` : '-').padStart(16);
      })
      .join('')}`;
  console.log(`Document extraction on ${entries.length} documents from ${folder}`);
  console.log(header);
  console.log(rows.join('\n'));
  console.log(
    timeRow('seconds/doc mean', (values) => values.reduce((a, b) => a + b, 0) / values.length),
  );
  console.log(timeRow('seconds/doc max', (values) => Math.max(...values)));
  console.log(
    timeRow(
      'cpu seconds/doc mean',
      (values) => values.reduce((a, b) => a + b, 0) / values.length,
      cpuSeconds,
    ),
  );
  console.log(timeRow('cpu seconds/doc max', (values) => Math.max(...values), cpuSeconds));
  console.log(
    `worker warm-up ${warmUpSeconds.toFixed(2)} s (before the first document, not in the times above)`,
  );
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  if (showMisses && misses.length > 0) console.log(`\nmisses:\n${misses.join('\n')}`);
}

await main();
