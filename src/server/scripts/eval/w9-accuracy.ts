import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readW9, type W9Reading } from '../../features/documents/extraction/w9/read-w9';

/**
 * The W-9 section of the documents eval (issue 32): every W-9 of the set read as an upload is,
 * each field compared exactly (after folding spaces and case) with its true value, per kind of
 * W-9 (fillable PDF, printed and scanned, photographed) and overall.
 */
export const w9SetFolder = path.join(import.meta.dirname, '../../features/documents/test-data/w9');

export interface W9Truth {
  file: string;
  kind: 'fillable' | 'scanned' | 'photographed';
  legalName: string;
  businessName: string | null;
  taxClassification: string;
  llcTaxClassification: string | null;
  exemptPayeeCode: string | null;
  fatcaExemptionCode: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  tinType: 'ssn' | 'ein';
  tin: string;
}

const fold = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The fields scored, each a comparison of the reading with the truth. */
export const w9Fields: { name: string; right: (read: W9Reading, truth: W9Truth) => boolean }[] = [
  { name: 'legal name', right: (read, truth) => fold(read.legalName) === fold(truth.legalName) },
  { name: 'business name', right: (read, truth) => fold(read.businessName) === fold(truth.businessName) },
  { name: 'classification', right: (read, truth) => read.taxClassification === truth.taxClassification },
  { name: 'LLC letter', right: (read, truth) => (read.llcTaxClassification ?? null) === (truth.llcTaxClassification ?? null) },
  { name: 'exempt codes', right: (read, truth) => fold(read.exemptPayeeCode) === fold(truth.exemptPayeeCode) && fold(read.fatcaExemptionCode) === fold(truth.fatcaExemptionCode) },
  { name: 'address', right: (read, truth) => fold(read.address) === fold(truth.address) },
  { name: 'city/state/zip', right: (read, truth) => fold(read.city) === fold(truth.city) && read.state === truth.state && read.zipCode === truth.zipCode },
  { name: 'TIN type', right: (read, truth) => read.tinType === truth.tinType },
  { name: 'TIN', right: (read, truth) => read.tin === truth.tin },
];

export function readW9Truth(folder = w9SetFolder): W9Truth[] {
  return JSON.parse(readFileSync(path.join(folder, 'labels.json'), 'utf8')) as W9Truth[];
}

export function mimeTypeOf(file: string): 'application/pdf' | 'image/jpeg' | 'image/png' {
  if (file.endsWith('.pdf')) return 'application/pdf';
  return file.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** Reads the set and prints per-field accuracy per kind and overall; `misses` prints each wrong field. */
export async function measureW9(options: { folder?: string; misses?: boolean } = {}): Promise<void> {
  const folder = options.folder ?? w9SetFolder;
  const truths = readW9Truth(folder);
  const kinds = ['fillable', 'scanned', 'photographed'] as const;
  const right = new Map<string, number>();
  const counts = new Map<string, number>();
  const seconds: number[] = [];
  for (const truth of truths) {
    const start = performance.now();
    let read: W9Reading | null = null;
    try {
      read = await readW9({ bytes: readFileSync(path.join(folder, truth.file)), mimeType: mimeTypeOf(truth.file) });
    } catch (error) {
      console.log(`  ${truth.file}: not read (${error instanceof Error ? error.message : String(error)})`);
    }
    seconds.push((performance.now() - start) / 1000);
    counts.set(truth.kind, (counts.get(truth.kind) ?? 0) + 1);
    for (const field of w9Fields) {
      const ok = read !== null && field.right(read, truth);
      if (ok) for (const key of [`${truth.kind}:${field.name}`, `all:${field.name}`]) right.set(key, (right.get(key) ?? 0) + 1);
      if (!ok && options.misses && read) {
        console.log(`  miss ${truth.file} ${field.name}: ${JSON.stringify(pickField(read, field.name))}`);
      }
    }
  }
  const total = truths.length;
  const header = ['field', ...kinds.map((kind) => `${kind} (${counts.get(kind) ?? 0})`), `all (${total})`];
  const percent = (hits: number, of: number) => (of === 0 ? '-' : `${((100 * hits) / of).toFixed(0)}%`);
  const rows = w9Fields.map((field) => [
    field.name,
    ...kinds.map((kind) => percent(right.get(`${kind}:${field.name}`) ?? 0, counts.get(kind) ?? 0)),
    percent(right.get(`all:${field.name}`) ?? 0, total),
  ]);
  const fieldCount = w9Fields.length;
  const overall = [
    'all fields',
    ...kinds.map((kind) => percent(w9Fields.reduce((sum, field) => sum + (right.get(`${kind}:${field.name}`) ?? 0), 0), (counts.get(kind) ?? 0) * fieldCount)),
    percent(w9Fields.reduce((sum, field) => sum + (right.get(`all:${field.name}`) ?? 0), 0), total * fieldCount),
  ];
  console.log(`\nW-9s: ${total} from ${folder} (median ${(seconds.sort((a, b) => a - b)[Math.floor(seconds.length / 2)] ?? 0).toFixed(2)} s each)`);
  for (const row of [header, ...rows, overall]) console.log(`  ${row[0]?.padEnd(16)}${row.slice(1).map((cell) => cell.padStart(18)).join('')}`);
}

function pickField(read: W9Reading, name: string): unknown {
  switch (name) {
    case 'legal name':
      return read.legalName;
    case 'business name':
      return read.businessName;
    case 'classification':
      return read.taxClassification;
    case 'LLC letter':
      return read.llcTaxClassification;
    case 'exempt codes':
      return [read.exemptPayeeCode, read.fatcaExemptionCode];
    case 'address':
      return read.address;
    case 'city/state/zip':
      return [read.city, read.state, read.zipCode];
    case 'TIN type':
      return read.tinType;
    default:
      return read.tin ? `…${read.tin.slice(-4)} (${read.tin.length} digits)` : null;
  }
}
