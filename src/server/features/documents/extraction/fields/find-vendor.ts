import type { TextLine } from '../text-line';
import { scoreToConfidence } from './candidate';
import type { DocumentText } from './document-text';
import { horizontalOverlap } from './line-spans';
import {
  buyerLabelPattern,
  documentTitleWords,
  legalFormOnlyPattern,
  legalFormPattern,
  notNamePattern,
  registrationLinePattern,
  sellerLabelPattern,
} from './vendor-rules';

interface NameCandidate {
  name: string;
  score: number;
  lineIndex: number;
}

export interface VendorChoice {
  name: string | null;
  confidence: number;
  taxId: string | null;
  email: string | null;
}

/** Normalised form for comparing names: lower case, letters and digits only. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, '');
}

/** Tidies a name read from a line: labels, registration numbers and stray punctuation go. */
export function cleanName(raw: string): string {
  return raw
    .replace(sellerLabelPattern, '')
    .replace(documentTitleWords, '')
    .replace(/\s*\(?\b\d{3,}[\d-]*[A-Z]?\)?\s*$/u, '')
    .replace(/\s*\([^)]*$/u, '')
    .replace(/^[^\p{L}\d]+/u, '')
    .replace(/[\s,:;|\-–]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function letterShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters / Math.max(1, text.replace(/\s/g, '').length);
}

/** Indexes of lines in the customer's address block (label line and the lines under it). */
function buyerLines(lines: readonly TextLine[]): Set<number> {
  const marked = new Set<number>();
  lines.forEach((line, index) => {
    const match = buyerLabelPattern.exec(line.text);
    if (!match) return;
    marked.add(index);
    const labelWord = line.words.find((word) => buyerLabelPattern.test(word.text)) ?? line;
    const column = { ...labelWord, width: Math.max(labelWord.width, 0.25) };
    for (let next = index + 1; next < Math.min(lines.length, index + 7); next += 1) {
      const candidate = lines[next];
      if (!candidate || candidate.page !== line.page) break;
      if (candidate.words.some((word) => horizontalOverlap(column, word) > 0.5)) marked.add(next);
    }
  });
  return marked;
}

/** The part of a line up to and including its legal form ("Coolblue B.V. Weena 664" -> "Coolblue B.V."). */
function nameWithLegalForm(text: string): string | null {
  const match = legalFormPattern.exec(text);
  if (!match) return null;
  const before = text.slice(0, match.index + match[0].length);
  // Keep only the last few words before the legal form: a sentence may precede the name.
  const words = cleanName(before).split(' ');
  const name = words.slice(Math.max(0, words.length - 6)).join(' ');
  return name.replace(/^(?:by|from|of|par|von|door|at)\s+/iu, '');
}

export function findVendor(document: DocumentText): VendorChoice {
  const lines = document.lines;
  const buyers = buyerLines(lines);
  const candidates: NameCandidate[] = [];
  const firstPage = lines.filter((line) => line.page === 1);
  const add = (name: string, score: number, lineIndex: number): void => {
    const clean = cleanName(name);
    if (clean.length < 2 || letterShare(clean) < 0.6 || !/\p{L}{2}/u.test(clean)) return;
    candidates.push({ name: clean, score: buyers.has(lineIndex) ? score - 4 : score, lineIndex });
  };

  lines.forEach((line, index) => {
    const seller = sellerLabelPattern.exec(line.text);
    if (seller) add(line.text.slice(seller.index + seller[0].length), 3.5, index);
    const withForm = nameWithLegalForm(line.text);
    const top = line.page === 1 && line.y < 0.25;
    if (withForm) add(withForm, 2.5 + (top ? 1 : 0) + (registrationLinePattern.test(line.text) ? 0.5 : 0), index);
    if (registrationLinePattern.test(line.text) && index > 0) {
      const above = lines[index - 1];
      if (above && !notNamePattern.test(above.text) && above.text.length <= 40) add(above.text, 2.5, index - 1);
    }
  });

  // The heading block: the first name-like lines of page one, bigger type preferred.
  let taken = 0;
  for (const line of firstPage) {
    if (taken >= 4 || line.y > 0.4) break;
    const index = lines.indexOf(line);
    const words = line.words.filter((word) => (word.confidence ?? 1) >= 0.5);
    const text = cleanName(words.map((word) => word.text).join(' '));
    if (text.length < 3 || letterShare(text) < 0.7 || notNamePattern.test(text)) continue;
    let name = text;
    const next = lines[index + 1];
    if (next && legalFormOnlyPattern.test(next.text)) name = `${text} ${next.text.trim()}`;
    const heightRatio = line.height / Math.max(1e-6, document.typicalHeight);
    add(name, 2 + (taken === 0 ? 1 : 0) + Math.min(1.5, Math.max(0, heightRatio - 1)) - taken * 0.3, index);
    taken += 1;
  }

  // Names printed more than once, or matching the e-mail / web domain, are more likely the vendor.
  const text = lines.map((line) => line.text).join('\n');
  const domains = [...text.matchAll(/(?:@|www\.|https?:\/\/(?:www\.)?)([a-z0-9-]+)\./giu)].map((m) => (m[1] ?? '').toLowerCase());
  const totals = new Map<string, NameCandidate>();
  for (const candidate of candidates) {
    const key = nameKey(candidate.name);
    if (key.length < 2) continue;
    const existing = totals.get(key);
    if (existing) existing.score += Math.min(1.5, candidate.score * 0.4);
    else totals.set(key, { ...candidate });
  }
  for (const [key, candidate] of totals) {
    const firstWord = nameKey(candidate.name.split(' ')[0] ?? '');
    if (firstWord.length >= 3 && domains.some((domain) => domain.includes(firstWord) || key.startsWith(domain))) {
      candidate.score += 1;
    }
    const mentions = lines.filter((line, index) => index !== candidate.lineIndex && nameKey(line.text).includes(key)).length;
    candidate.score += Math.min(1, mentions * 0.5);
  }
  const best = [...totals.values()].sort((a, b) => b.score - a.score)[0] ?? null;
  return {
    name: best?.name ?? null,
    confidence: best ? scoreToConfidence(best.score, 5) : 0,
    taxId: findTaxId(text),
    email: /[\w.+-]+@[\w-]+\.[\w.-]+/u.exec(text)?.[0] ?? null,
  };
}

/** A VAT / GST / tax registration number printed on the document, if any. */
export function findTaxId(text: string): string | null {
  const match =
    /\b(?:VAT|TVA|USt-?Id(?:Nr)?\.?|UID|BTW|GST|Tax\s*ID|TIN|ABN|Steuer-?Nr\.?|N°\s*TVA)[\w\s.:/#°-]{0,25}?[:\s#]\s*([A-Z]{2}\s?[\dA-Z][\dA-Z\s.-]{6,16}[\dA-Z]|\d[\d\s./-]{6,18}\d)/iu.exec(text);
  return match?.[1]?.replace(/\s+/g, '') ?? null;
}
