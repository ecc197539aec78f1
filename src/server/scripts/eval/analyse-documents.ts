/**
 * Developers' analysis of the reader's misses on ONE half of the eval set (default A): for each
 * missed core field, the truth, the answer and the OCR text. Reads through extractDocument with
 * the OCR cache (.cache/ocr), not through the app; a tool for finding rule buckets, not a score.
 *
 * Usage: node --import tsx src/server/scripts/eval/analyse-documents.ts [--split A] [--kind image]
 *        [--field total] [--vendors] [--text]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { extractDocument, shutdownExtraction } from '../../features/documents/extraction';
import { readByOcr } from '../../features/documents/extraction/read-ocr';
import { useOcrCache } from '../../features/documents/extraction/ocr/ocr-cache';
import { prepareImageForOcr } from '../../features/documents/extraction/ocr/prepare-image';
import { coreFields, isRight, predicted, scoredFields, splitOf, truthEntry } from './score';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const folder = '/work/shared/eval/documents';
const split = option('--split') ?? 'A';
if (split !== 'A') throw new Error('develop on half A only');
const kind = option('--kind');
const onlyField = option('--field');
useOcrCache(path.resolve('.cache/ocr'));

const all = z.array(truthEntry).parse(JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')));
const entries = all.filter((entry) => splitOf(entry.file) === split && (!kind || entry.kind === kind));
const knownVendors = args.includes('--vendors')
  ? [...new Set(all.flatMap((entry) => (entry.vendor ? [entry.vendor] : [])))]
  : [];
const counts = new Map<string, [number, number]>();
for (const entry of entries) {
  const bytes = readFileSync(path.join(folder, entry.file));
  const mimeType = entry.file.endsWith('.pdf')
    ? 'application/pdf'
    : entry.file.endsWith('.png')
      ? 'image/png'
      : 'image/jpeg';
  const data = await extractDocument({ bytes, mimeType, knownVendors });
  const misses: string[] = [];
  for (const field of scoredFields(entry).filter((f) => coreFields.includes(f))) {
    const value = predicted(data, field);
    const ok = isRight(entry, field, value);
    const count = counts.get(field) ?? [0, 0];
    counts.set(field, [count[0] + (ok ? 1 : 0), count[1] + 1]);
    if (!ok && (!onlyField || onlyField === field))
      misses.push(`  ${field}: expected ${JSON.stringify(entry[field])} got ${JSON.stringify(value)}`);
  }
  if (misses.length === 0) continue;
  console.log(`=== ${entry.file} (${entry.kind})\n${misses.join('\n')}`);
  if (args.includes('--text') && mimeType !== 'application/pdf') {
    const image = await prepareImageForOcr(bytes);
    const document = await readByOcr([{ ...image, page: 1 }]);
    document.lines.forEach((line, index) =>
      console.log(`  ${String(index).padStart(3)} ${(line.height / document.typicalHeight).toFixed(1)} | ${line.text}`),
    );
  }
}
for (const [field, [ok, total]] of counts) console.log(`${field}: ${ok}/${total}`);
await shutdownExtraction();
