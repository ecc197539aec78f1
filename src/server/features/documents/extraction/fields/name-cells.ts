import type { TextLine, Word } from '../text-line';
import { isBusinessWord } from './business-words';

export function averageConfidence(words: readonly Word[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, word) => sum + (word.confidence ?? 1), 0) / words.length;
}

/**
 * An OCR word too unsure to keep at the edge of a name: a logo fragment or a smudge. A word the
 * engine doubted but spelled exactly as a common business word ("SYARIKAT" in a bold heading) is
 * kept: a smudge does not spell one.
 */
function isUnsure(word: Word | undefined): boolean {
  if (!word || (word.confidence ?? 1) >= 0.6) return false;
  const letters = word.text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return letters.length < 5 || !isBusinessWord(letters);
}

/** Drops unsure OCR words at either end of a run (logo fragments, smudges). */
export function trimUnsure(words: readonly Word[]): Word[] {
  let start = 0;
  let end = words.length;
  while (start < end && isUnsure(words[start])) start += 1;
  while (end > start && isUnsure(words[end - 1])) end -= 1;
  return words.slice(start, end);
}

/** Splits a line at wide gaps into cells of words. */
export function lineCells(line: TextLine): Word[][] {
  const cells: Word[][] = [];
  let current: Word[] = [];
  for (const word of line.words) {
    const previous = current.at(-1);
    if (
      previous &&
      (word.x - (previous.x + previous.width)) /
        Math.max(1e-6, Math.min(previous.height, word.height)) >
        2
    ) {
      cells.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) cells.push(current);
  return cells;
}

export function letterShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters / Math.max(1, text.replace(/\s/g, '').length);
}

// A heading printed letter by letter ("S U R I A") is read as one-letter words; this many or more
// in a row, each within this many letter heights of the last, are one word. (Fewer may be initials.)
const minSpacedLetters = 4;
const maxLetterGap = 1.5;

/**
 * Joins a run of single capitals read from a letter-spaced heading into the word it spells. A
 * shorter run (2 or 3 capitals) is a spaced word too beside one such word, spaced the same way
 * ("H U P   S E N G" is HUP SENG); alone it may be initials ("K L M TRADING").
 */
export function joinSpacedLetters(words: readonly Word[]): Word[] {
  const runs: Word[][] = [];
  let run: Word[] = [];
  const flush = (): void => {
    if (run.length > 0) runs.push(run);
    run = [];
  };
  for (const word of words) {
    const previous = run.at(-1);
    const letter = /^\p{Lu}$/u.test(word.text.trim());
    const near =
      previous !== undefined &&
      /^\p{Lu}$/u.test(previous.text.trim()) &&
      word.x - (previous.x + previous.width) <=
        maxLetterGap * Math.max(previous.height, word.height);
    if (!letter || !near) flush();
    run.push(word);
    if (!letter) flush();
  }
  flush();
  const isSpaced = (letters: Word[], least: number): boolean =>
    letters.length >= least && letters.every((word) => /^\p{Lu}$/u.test(word.text.trim()));
  const spacedLine = runs.some((letters) => isSpaced(letters, minSpacedLetters));
  return runs.flatMap((letters) => {
    const first = letters[0];
    const last = letters.at(-1);
    if (!first || !last || !isSpaced(letters, spacedLine ? 2 : minSpacedLetters)) return letters;
    return [
      {
        ...first,
        text: letters.map((word) => word.text.trim()).join(''),
        width: last.x + last.width - first.x,
        height: Math.max(...letters.map((word) => word.height)),
        confidence: averageConfidence(letters),
      },
    ];
  });
}

/** A line's text with its letter-spaced words joined ("S U R I A  BAKERY" -> "SURIA BAKERY"). */
export function joinedLineText(line: TextLine): string {
  const words = joinSpacedLetters(line.words);
  if (words.length === line.words.length) return line.text;
  return words.map((word) => word.text.trim()).join(' ');
}

/** The first cell of a line without unsure words at its ends: the name a header line starts with. */
export function leadingCellText(line: TextLine): string {
  return trimUnsure(lineCells(line)[0] ?? [])
    .map((word) => word.text.trim())
    .join(' ');
}
