import { isBusinessWord } from '../fields/business-words';
import { ocrEditDistance } from '../fields/ocr-distance';
import type { TextLine } from '../text-line';

const core = (text: string): string => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
const key = (text: string): string => core(text).toUpperCase();

/**
 * How plausible a reading of one word is: a common business word, a word the same reading prints
 * on another line of the header, and a well-formed word (letters only, or digits only).
 */
function plausibility(word: string, lines: readonly TextLine[]): number {
  const upper = key(word);
  const elsewhere = lines.filter((line) => line.words.some((other) => key(other.text) === upper));
  let score = 0;
  if (isBusinessWord(upper)) score += 2;
  if (elsewhere.length >= 2) score += 2;
  if (/^\p{L}+$/u.test(upper) || /^\p{N}+$/u.test(upper)) score += 1;
  return score;
}

/**
 * A name read from one reading of the header (`chosen`), each word replaced by the other
 * reading's spelling of it (`other`: the same length, one character apart) when that spelling is
 * more plausible: "KEDAT" read again as "KEDAI", "Gld Town" where the header also prints "OLD".
 */
export function pickNameWords(
  name: string,
  chosen: readonly TextLine[],
  other: readonly TextLine[],
): string {
  // The other reading's words, those of its lines sharing most words with the name first.
  const nameKeys = new Set(name.split(/\s+/u).map(key));
  const shared = (line: TextLine) =>
    line.words.filter((word) => nameKeys.has(key(word.text))).length;
  const otherWords = [...other]
    .sort((a, b) => shared(b) - shared(a))
    .flatMap((line) => line.words.map((word) => core(word.text)));
  return name
    .split(/(\s+)/u)
    .map((token) => {
      const word = core(token);
      if (word.length < 3 || !/\p{L}/u.test(word)) return token;
      const upper = word.toUpperCase();
      const rival = otherWords.find(
        (text) =>
          text.length === word.length &&
          text.toUpperCase() !== upper &&
          ocrEditDistance(text.toUpperCase(), upper) <= 1,
      );
      if (rival === undefined) return token;
      if (plausibility(rival, other) <= plausibility(word, chosen)) return token;
      return token.replace(word, rival);
    })
    .join('');
}
