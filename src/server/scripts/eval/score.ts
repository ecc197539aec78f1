import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ExtractedData } from '../../../shared/contracts/extracted-data';
import { parseMoney } from '../../../shared/money';
import { vendorIsRight } from '../../features/documents/extraction/model/vendor-label';

export { vendorIsRight };

export const fields = [
  'vendor',
  'total',
  'currency',
  'issueDate',
  'dueDate',
  'invoiceNumber',
] as const;
export type Field = (typeof fields)[number];
/** The core fields of the issue's targets: vendor, total, date, number where printed. */
export const coreFields: Field[] = ['vendor', 'total', 'issueDate', 'invoiceNumber'];
export const kinds = ['text-pdf', 'image', 'einvoice-pdf'] as const;

export const truthEntry = z.object({
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
export type TruthEntry = z.infer<typeof truthEntry>;

/** The fixed half of the set a file belongs to, by a hash of its name. */
export function splitOf(file: string): 'A' | 'B' {
  return (createHash('sha256').update(file).digest()[0] ?? 0) % 2 === 0 ? 'A' : 'B';
}

export function predicted(data: ExtractedData, field: Field): string | null {
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

/** The README's rules: totals to the cent, dates as dates, numbers without spaces, punctuation or case. */
export function isRight(entry: TruthEntry, field: Field, value: string | null): boolean {
  const truth = entry[field];
  if (truth === null || truth === undefined) return value === null;
  if (value === null) return false;
  switch (field) {
    case 'vendor':
      return vendorIsRight([String(truth), ...(entry.vendorAliases ?? [])], value);
    case 'total':
      return parseMoney(Number(truth), { round: true }) === parseMoney(value, { round: true });
    case 'invoiceNumber': {
      const compact = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
      return compact(String(truth)) === compact(value);
    }
    default:
      return String(truth) === value;
  }
}

/** Fields scored for an entry: its annotated ones, plus currency wherever the truth names one. */
export function scoredFields(entry: TruthEntry): Field[] {
  return fields.filter(
    (field) => entry.annotated.includes(field) || (field === 'currency' && entry.currency !== null),
  );
}

/** Right and scored counts per field and kind ("total|image", "core|all"). */
export class Tally {
  readonly right = new Map<string, number>();
  readonly scored = new Map<string, number>();
  readonly misses: string[] = [];

  add(entry: TruthEntry, data: ExtractedData | null, only: readonly Field[] = fields): void {
    for (const field of scoredFields(entry).filter((name) => only.includes(name))) {
      const value = data ? predicted(data, field) : null;
      const ok = isRight(entry, field, value);
      const keys = [`${field}|${entry.kind}`, `${field}|all`];
      if (coreFields.includes(field)) keys.push(`core|${entry.kind}`, 'core|all');
      for (const key of keys) {
        this.scored.set(key, (this.scored.get(key) ?? 0) + 1);
        if (ok) this.right.set(key, (this.right.get(key) ?? 0) + 1);
      }
      if (!ok)
        this.misses.push(
          `${entry.file}: ${field} expected ${JSON.stringify(entry[field])} got ${JSON.stringify(value)}`,
        );
    }
  }

  table(): string {
    const columns = [...kinds, 'all'];
    const cell = (key: string): string => {
      const total = this.scored.get(key) ?? 0;
      if (total === 0) return '-'.padStart(18);
      const ok = this.right.get(key) ?? 0;
      return `${ok}/${total} ${((ok / total) * 100).toFixed(1)}%`.padStart(18);
    };
    const rows = [...fields, 'core'].map((field) => {
      const name = field === 'core' ? 'core (vendor+total+date+no)' : field;
      return `${name.padEnd(28)}${columns.map((column) => cell(`${field}|${column}`)).join('')}`;
    });
    return [`${'field'.padEnd(28)}${columns.map((c) => c.padStart(18)).join('')}`, ...rows].join(
      '\n',
    );
  }
}
