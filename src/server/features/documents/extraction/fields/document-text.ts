import type { TextLine } from '../text-line';
import { type DateOrder, findDates, numericDateParts } from './parse-date';

export type Language = 'en' | 'de' | 'fr' | 'nl' | 'ms';

/** The lines of a document plus what the field rules need to know about its locale. */
export interface DocumentText {
  lines: TextLine[];
  source: 'pdf-text' | 'ocr';
  language: Language;
  dateOrder: DateOrder;
  /** Median line height, to tell headings (bigger) from body text. */
  typicalHeight: number;
}

const stopwords: Record<Language, RegExp> = {
  en: /\b(the|and|invoice|total|amount|date|due|for|your|with|thank|you|please|payment|bill|receipt)\b/giu,
  de: /\b(und|der|die|das|rechnung|betrag|datum|gesamt|mit|für|bitte|zahlbar|steuer|nicht|wir|ihre|vom)\b/giu,
  fr: /\b(le|la|les|et|facture|montant|date|du|des|pour|votre|nous|paiement|à|au|avec|sur)\b/giu,
  nl: /\b(de|het|en|factuur|bedrag|datum|totaal|voor|uw|met|wij|betaling|btw|van|een)\b/giu,
  ms: /\b(terima|kasih|jalan|taman|sdn|bhd|barang|tunai|baki|jumlah|no\.?\s*gst|selangor|kuala|lumpur|johor)\b/giu,
};

export function detectLanguage(text: string): Language {
  let best: Language = 'en';
  let bestCount = 0;
  for (const [language, pattern] of Object.entries(stopwords) as [Language, RegExp][]) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > bestCount * 1.2) {
      best = language;
      bestCount = count;
    }
  }
  return best;
}

const maxDay = 31;

/** Numeric dates that can only be day-first (25/01/2024) or only month-first (01/25/2024). */
export function dateOrderEvidence(lines: readonly TextLine[]): {
  dayFirst: number;
  monthFirst: number;
} {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const line of lines) {
    // The dates as the reader finds them: run into a time, or with letters read for digits.
    // A number above 31 is no day: a misread digit ("03/70/16") tells nothing of the order.
    for (const { first, second } of numericDateParts(line.text)) {
      if (first > 12 && first <= maxDay && second <= 12) dayFirst += 1;
      if (second > 12 && second <= maxDay && first <= 12) monthFirst += 1;
    }
  }
  return { dayFirst, monthFirst };
}

/**
 * Day-first unless the document says otherwise: an unambiguous numeric date elsewhere in it
 * (13/25/2024 can only be month-first) decides; else US cues (dollar amounts with English text).
 */
export function detectDateOrder(lines: readonly TextLine[], language: Language): DateOrder {
  const { dayFirst, monthFirst } = dateOrderEvidence(lines);
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'DMY' : 'MDY';
  if (language !== 'en') return 'DMY';
  const text = lines.map((line) => line.text).join('\n');
  const usCues = (text.match(/\$\s?\d|\bUSD\b|\b[A-Z]{2}\s\d{5}(?:-\d{4})?\b/g) ?? []).length;
  const otherCues = (text.match(/[€£₹]|\b(?:EUR|GBP|INR|MYR|RM|AUD|NZD|GST|VAT)\b/g) ?? []).length;
  return usCues > otherCues ? 'MDY' : 'DMY';
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0.01;
}

export function buildDocumentText(lines: TextLine[], source: DocumentText['source']): DocumentText {
  const language = detectLanguage(lines.map((line) => line.text).join('\n'));
  return {
    lines,
    source,
    language,
    dateOrder: detectDateOrder(lines, language),
    typicalHeight: median(lines.map((line) => line.height)),
  };
}

/** Dates of one line in the document's order. */
export function lineDates(document: DocumentText, line: TextLine) {
  return findDates(line.text, document.dateOrder);
}
