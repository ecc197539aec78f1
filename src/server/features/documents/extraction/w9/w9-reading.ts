import type { ExtractedW9, TaxClassification } from '../../../../../shared/contracts/tax-1099';

/** What the W-9 reader found, the TIN still in clear: the job encrypts it before anything is stored. */
export type W9Reading = Omit<ExtractedW9, 'tinEncrypted' | 'tinLast4' | 'tinProblem'> & { tin: string | null };

/** W-9 line 3a's seven boxes in the form's order (c1_1[0] to c1_1[6] on the IRS fillable form). */
export const classificationOrder: readonly TaxClassification[] = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other'];

/** "Tucson, AZ 85701" as line 6 gives it: city, state and ZIP, or the whole line as the city. */
export function splitCityLine(line: string | null): { city: string | null; state: string | null; zipCode: string | null } {
  const text = (line ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return { city: null, state: null, zipCode: null };
  const match = /^(.*?)[,.\s]+([A-Z]{2})[,.\s]+(\d{5}(?:-\d{4})?)$/.exec(text);
  if (!match) return { city: text, state: null, zipCode: null };
  return { city: match[1]?.trim() || null, state: match[2] ?? null, zipCode: match[3] ?? null };
}

export function cleanText(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}
