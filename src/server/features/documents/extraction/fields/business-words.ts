import { ocrEditDistance } from './ocr-distance';

/**
 * Words that business names on receipts and invoices are made of (English and Malay), for
 * correcting an OCR slip in a vendor name: "ENTERFRISE" is ENTERPRISE, "SToTIONERY" STATIONERY.
 */
const businessWords = [
  'ENTERPRISE',
  'ENTERPRISES',
  'TRADING',
  'STATIONERY',
  'RESTAURANT',
  'RESTORAN',
  'MARKETING',
  'HARDWARE',
  'SUPERMARKET',
  'HYPERMARKET',
  'PHARMACY',
  'BAKERY',
  'BAKERIES',
  'BOOKSTORE',
  'ELECTRICAL',
  'ELECTRONICS',
  'SERVICES',
  'INTERNATIONAL',
  'INDUSTRIES',
  'HOLDINGS',
  'MANAGEMENT',
  'CORPORATION',
  'COMPANY',
  'SUPPLIES',
  'SUPPLY',
  'PERNIAGAAN',
  'SYARIKAT',
  'MINIMARKET',
  'CONSTRUCTION',
  'ENGINEERING',
  'TELECOMMUNICATIONS',
  'TRANSPORT',
  'PRINTING',
  'FURNITURE',
  // Malay shop words: a shop (kedai), retail (runcit), wholesale (borong), a supermarket
  // (pasaraya), a pharmacy (farmasi), a clinic (klinik), a workshop (bengkel).
  'KEDAI',
  'RUNCIT',
  'BORONG',
  'PASARAYA',
  'FARMASI',
  'KLINIK',
  'BENGKEL',
];

// Up to two lookalike characters ("F" for "P", "o" for "A"), never another letter: "STATIONERS"
// is a word of its own, not a slip for STATIONERY.
const maxDistance = 0.75;

/** The vendor name with words one OCR slip from a common business word spelled right. */
export function correctBusinessWords(name: string): string {
  return name.replace(/\p{L}[\p{L}\d]{5,}/gu, (word) => {
    const upper = word.toUpperCase();
    // A word spelled right, or the plural of one ("RESTAURANTS"), is not a slip.
    if (businessWords.includes(upper) || businessWords.includes(upper.replace(/S$/u, '')))
      return word;
    let best: { word: string; distance: number } | null = null;
    for (const candidate of businessWords) {
      if (Math.abs(candidate.length - upper.length) > 1) continue;
      const distance = ocrEditDistance(upper, candidate);
      if (distance <= maxDistance && (!best || distance < best.distance))
        best = { word: candidate, distance };
    }
    if (!best) return word;
    const lowerShare = (word.match(/\p{Ll}/gu)?.length ?? 0) / word.length;
    if (lowerShare <= 0.3) return best.word;
    return `${best.word.charAt(0)}${best.word.slice(1).toLowerCase()}`;
  });
}

/** True when the word (any case) is a common business word or the plural of one. */
export function isBusinessWord(word: string): boolean {
  const upper = word.toUpperCase();
  return businessWords.includes(upper) || businessWords.includes(upper.replace(/S$/u, ''));
}

/** True when every word is a common business word: "STATIONERY", "TRADING ENTERPRISE". */
export function onlyBusinessWords(text: string): boolean {
  const words = text.toUpperCase().match(/\p{L}+/gu) ?? [];
  return (
    words.length > 0 &&
    words.every(
      (word) => businessWords.includes(word.replace(/S$/u, '')) || businessWords.includes(word),
    )
  );
}
