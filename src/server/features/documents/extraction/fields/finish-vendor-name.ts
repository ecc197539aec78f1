import type { TextLine } from '../text-line';
import { correctBusinessWords, onlyBusinessWords } from './business-words';
import { correctByRepetition } from './correct-by-repetition';
import type { DocumentText } from './document-text';
import type { NameCandidate } from './name-candidate';
import { letterShare } from './name-cells';
import { repairOcrName, withDomainStart } from './ocr-vendor-name';
import { addressPattern, cleanName, matchLegalForm, notNamePattern } from './vendor-rules';

// The line above may hold the start of the name at most this many line heights up.
const nameAboveReach = 2.2;

/**
 * A company name printed over two lines ("WESTERN EASTERN" over "STATIONERY SDN BHD"): when the
 * name read is only a legal form or common business words before it, the heading line just above
 * is the start of the name.
 */
export function withNameAbove(lines: readonly TextLine[], index: number, name: string): string {
  const form = matchLegalForm(name);
  if (!form) return name;
  const before = name
    .slice(0, form.index)
    .replace(/^(?:co\.?,?\s*)?(?:\(\p{Lu}{1,2}\)\s*)?$/iu, '');
  if (before.trim() !== '' && !onlyBusinessWords(before)) return name;
  const line = lines[index];
  const above = lines[index - 1];
  if (!line || !above || above.page !== line.page) return name;
  if (line.y - above.y > Math.max(line.height, above.height) * nameAboveReach) return name;
  const start = cleanName(above.text).replace(/[.:;,]+$/u, '');
  const words = start.split(' ').filter(Boolean);
  if (
    words.length === 0 ||
    words.length > 5 ||
    !words.every((word) => /^[\p{Lu}\d&]/u.test(word)) ||
    letterShare(start) < 0.7 ||
    notNamePattern.test(start) ||
    addressPattern.test(start) ||
    matchLegalForm(start) !== null
  )
    return name;
  return `${start} ${name}`;
}

/**
 * A candidate's name as the reader gives it: OCR slips mended by the name's other printings and
 * the words of business names, the domain's start, and the start of a name printed over two lines.
 */
export function finishedName(
  document: DocumentText,
  candidate: NameCandidate,
  text = document.lines.map((line) => line.text).join('\n'),
): string {
  const corrected =
    document.source === 'ocr'
      ? correctBusinessWords(correctByRepetition(repairOcrName(candidate.name), text))
      : candidate.name;
  const completed = document.source === 'ocr' ? withDomainStart(corrected, text) : corrected;
  return withNameAbove(document.lines, candidate.lineIndex, completed);
}
