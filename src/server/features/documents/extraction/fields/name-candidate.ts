import type { TextLine } from '../text-line';
import { nameKey, ownerLabelPattern } from './vendor-rules';

/**
 * What the reader saw of a name candidate, each 0 or 1 unless said: the facts the vendor's model
 * (model/vendor-features.ts) weighs.
 */
export interface NameSignals {
  /** After a seller label ("Sold by:", "From:"). */
  seller?: number;
  /** Ends in a legal form ("Sdn Bhd", "GmbH"). */
  legalForm?: number;
  /** Beside the issuer's registration or tax id. */
  legalBlock?: number;
  /** A registered business name ("... ENTERPRISE") at the top. */
  registered?: number;
  /** On the line over a registration line or a bare company number. */
  overRegistration?: number;
  overCompanyNumber?: number;
  /** One of the first name-like lines of page one, and which (0 for the first). */
  heading?: number;
  headingRank?: number;
  /** How much taller than the page's typical type, up to 1.5 ("1" is one line height more). */
  height?: number;
  /** Logo letters read as fragments, or a lone short mixed-case word. */
  fragment?: number;
  /** One lower-case word, or nothing but business words ("RESTAURANT"). */
  weakWords?: number;
  /** The whole line of a heading read as cells. */
  wholeLine?: number;
  /** Under the document's title, in the top half. */
  afterTitle?: number;
  /** In the customer's address block. */
  buyer?: number;
  /** After "Owned by" or "Dimiliki oleh": the owner of the business a heading names. */
  owner?: number;
}

export interface NameCandidate {
  name: string;
  /** The hand-written rules' score. */
  score: number;
  lineIndex: number;
  /** A name with a legal form beside the issuer's registration or tax id. */
  legal?: boolean;
  signals: NameSignals;
  /** How many places gave this name (printed twice, or read by two rules). */
  printings: number;
  /** The first word is the registrable part of a printed web or mail domain. */
  domain: boolean;
  /** Other lines that hold the name. */
  mentions: number;
}

/** The name is printed after "Owned by" (or "Dimiliki oleh"), on its line or at the end of the one above. */
export function isOwnerName(lines: readonly TextLine[], index: number, name: string): boolean {
  const text = lines[index]?.text ?? '';
  const label = ownerLabelPattern.exec(text);
  if (label) return nameKey(text.slice(label[0].length)).includes(nameKey(name));
  const above = ownerLabelPattern.exec(lines[index - 1]?.text ?? '');
  return above !== null && above[0].length === (lines[index - 1]?.text.length ?? -1);
}

/** One name read by two rules or printed twice has what either reading saw (the larger value). */
export function mergeSignals(a: NameSignals, b: NameSignals): NameSignals {
  const merged: Record<string, number> = { ...a };
  for (const [key, value] of Object.entries(b))
    merged[key] = Math.max(merged[key] ?? 0, value ?? 0);
  // The heading's rank is its best (smallest) one.
  if (a.headingRank !== undefined && b.headingRank !== undefined)
    merged.headingRank = Math.min(a.headingRank, b.headingRank);
  return merged as NameSignals;
}
