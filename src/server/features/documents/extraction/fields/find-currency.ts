import type { DocumentText } from './document-text';

const isoCodes = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'INR',
  'MYR',
  'SGD',
  'AUD',
  'CAD',
  'NZD',
  'HKD',
  'JPY',
  'CNY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'TRY',
  'ZAR',
  'BRL',
  'MXN',
  'AED',
  'SAR',
  'THB',
  'IDR',
  'PHP',
];
const codePattern = new RegExp(String.raw`(?<![A-Z])(${isoCodes.join('|')})(?![A-Z])`, 'g');
const symbolCurrencies: [RegExp, string][] = [
  [/€|\beuros?\b/giu, 'EUR'],
  [/£|\bpounds?\s+sterling\b/giu, 'GBP'],
  [/₹|\bRs\.?\s?-?\d|\brupees?\b/gu, 'INR'],
  [/\bRM\s?\d|\(RM\)|\bringgit\b/gu, 'MYR'],
  [/\bFr\.\s?\d|\bCHF\b/gu, 'CHF'],
  [/¥/gu, 'JPY'],
  [/\$|\bdollars?\b/giu, '$'],
];
// Where "$" is not US dollars: a country's own code or name written elsewhere settles it.
const dollarCountries: [RegExp, string][] = [
  [/\bCAD\b|\bCanada\b|\bC\$/u, 'CAD'],
  [/\bAUD\b|\bAustralia\b|\bA\$/u, 'AUD'],
  [/\bNZD\b|\bNew Zealand\b|\bNZ\$/u, 'NZD'],
  [/\bSGD\b|\bSingapore\b|\bS\$/u, 'SGD'],
  [/\bHKD\b|\bHong Kong\b|\bHK\$/u, 'HKD'],
];

const countryCurrencies: [RegExp, string][] = [
  [/\bIndia\b|\bGSTIN\b|\bPAN\s*:/u, 'INR'],
  [/\bMalaysia\b|\bSdn\.?\s*Bhd\b|\bSelangor\b|\bKuala\s+Lumpur\b|\bJohor\b/iu, 'MYR'],
  [
    /\bDeutschland\b|\bGermany\b|\bFrance\b|\bNederland\b|\bÖsterreich\b|\bBelgi(?:um|que|ë)\b|\bEspaña\b|\bItalia\b/u,
    'EUR',
  ],
  [/\bUnited\s+Kingdom\b|\bEngland\b/u, 'GBP'],
  [/\bSchweiz\b|\bSuisse\b|\bSwitzerland\b/u, 'CHF'],
];

export interface CurrencyChoice {
  code: string | null;
  confidence: number;
}

/**
 * The document currency from codes and symbols, counting the one printed beside the total twice;
 * without any, the usual currency of the document's language or region.
 */
export function findCurrency(document: DocumentText, totalMark: string | null): CurrencyChoice {
  // OCR noise often looks like a currency sign; only words the reader was sure of vote.
  const text = document.lines
    .map((line) =>
      line.words
        .filter((word) => (word.confidence ?? 1) >= 0.6)
        .map((word) => word.text.trim())
        .join(' '),
    )
    .join('\n');
  const votes = new Map<string, number>();
  const vote = (code: string, weight: number): void => {
    votes.set(code, (votes.get(code) ?? 0) + weight);
  };
  // A code beside an amount ("EUR 12.00", "12,00 EUR") counts more than one in running text.
  for (const match of text.matchAll(codePattern)) {
    const around = text.slice(Math.max(0, match.index - 2), match.index + match[0].length + 2);
    vote(match[1] ?? '', /\d/.test(around) ? 1.5 : 0.5);
  }
  for (const [pattern, code] of symbolCurrencies) vote(code, (text.match(pattern) ?? []).length);
  if (totalMark) {
    const upper = totalMark.toUpperCase();
    const code = isoCodes.includes(upper)
      ? upper
      : symbolCurrencies.find(([pattern]) =>
          new RegExp(pattern.source, pattern.flags).test(`${totalMark}1`),
        )?.[1];
    if (code) vote(code, 3);
  }
  // The country of the addresses is a weak vote, for documents that print amounts without a mark.
  for (const [pattern, code] of countryCurrencies) if (pattern.test(text)) vote(code, 1);
  const resolveDollar = (code: string): string =>
    code === '$' ? (dollarCountries.find(([pattern]) => pattern.test(text))?.[1] ?? 'USD') : code;
  const ranked = [...votes.entries()].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  const best = ranked[0];
  if (best) {
    const confidence = totalMark ? 0.95 : best[1] >= 2 ? 0.85 : best[1] >= 1 ? 0.65 : 0.45;
    return { code: resolveDollar(best[0]), confidence };
  }
  if (document.language === 'de' || document.language === 'fr' || document.language === 'nl') {
    return { code: 'EUR', confidence: 0.5 };
  }
  return { code: null, confidence: 0 };
}
