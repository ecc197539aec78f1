import { digitLookalikes, letterLookalikes } from '../ocr-lookalikes';
import type { TextLine } from '../text-line';
import { type Candidate, type FieldPreference, valueShape } from './candidate';

/**
 * A vendor's numbering scheme, learnt from a corrected invoice number as its shape ("INV-0042" ->
 * "AAA-9999"): a number read with OCR slips is put back in that shape, and a number the labels did
 * not lead to is looked for by its shape.
 */

// Slips a number may carry and still be the scheme's: at most two, one in four characters.
const maxSlips = 2;
const slipShare = 0.25;

const isSeparator = (char: string): boolean => !/[\p{L}\p{N}]/u.test(char);

/**
 * The text read in the scheme's shape: each letter or digit where the shape has the other kind
 * swapped for the character OCR confuses it with, and the scheme's separators put back where OCR
 * lost them or read another ("BLR WFLD" for "BLR_WFLD"); null when the text cannot take the shape
 * or needs too many swaps. Spaces inside the text are dropped, as the shape has none.
 */
export function readInShape(text: string, shape: string): string | null {
  const chars = [...text.replace(/\s+/gu, '')];
  let next = 0;
  let slips = 0;
  const read: string[] = [];
  for (const kind of shape) {
    const char = chars[next];
    if (kind !== 'A' && kind !== '9') {
      // A separator: read as printed, read as another separator, or lost.
      if (char !== undefined && isSeparator(char)) next += 1;
      read.push(kind);
      continue;
    }
    if (char === undefined) return null;
    next += 1;
    if ((kind === 'A' && /\p{L}/u.test(char)) || (kind === '9' && /\d/u.test(char))) {
      read.push(char);
      continue;
    }
    const swapped = kind === '9' ? digitLookalikes[char] : letterLookalikes[char];
    if (swapped === undefined) return null;
    slips += 1;
    read.push(swapped);
  }
  if (next !== chars.length) return null;
  const characters = shape.replace(/[^A9]/gu, '').length;
  if (slips > maxSlips || slips > characters * slipShare) return null;
  return read.join('');
}

// A shape that few other values on a document share: long enough, with digits, and letters or
// separators besides them. A bare run of digits is only trusted at the learnt place.
const minShapeLength = 5;
const minShapeDigits = 3;
// How near (share of the page) the learnt place a bare run of digits must be read.
const placeReach = 0.08;

function isDistinctive(shape: string): boolean {
  const digits = shape.replace(/[^9]/gu, '').length;
  return shape.length >= minShapeLength && digits >= minShapeDigits && digits < shape.length;
}

function nearPlace(box: Candidate<string>['box'], place: FieldPreference['box']): boolean {
  if (!place || place.page !== box.page) return false;
  const dx = box.x + box.width / 2 - (place.x + place.width / 2);
  const dy = box.y + box.height / 2 - (place.y + place.height / 2);
  return Math.hypot(dx, dy) < placeReach;
}

const edgePunctuation = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * Numbers anywhere on the document written in the vendor's scheme (one word, or up to three
 * words the OCR split it into), each put back in the shape; for a scheme of bare digits, only at
 * the learnt place. Scored low: a labelled number outranks them, and the shape's bonus lifts them
 * above nothing.
 */
export function findShapedNumbers(
  lines: readonly TextLine[],
  preference: FieldPreference | null,
): Candidate<string>[] {
  const shape = preference?.shape;
  if (!shape) return [];
  const distinctive = isDistinctive(shape);
  if (!distinctive && !preference.box) return [];
  const found: Candidate<string>[] = [];
  for (const line of lines) {
    line.words.forEach((word, index) => {
      const spans = [1, 2, 3]
        .map((count) => line.words.slice(index, index + count))
        .filter((span, count) => span.length === count + 1);
      for (const span of spans) {
        const text = span
          .map((part) => part.text)
          .join('')
          .replace(edgePunctuation, '');
        const value = readInShape(text, shape);
        if (!value) continue;
        const last = span[span.length - 1] ?? word;
        const box = {
          page: word.page,
          x: word.x,
          y: Math.min(word.y, last.y),
          width: last.x + last.width - word.x,
          height: Math.max(word.height, last.height),
        };
        if (!distinctive && !nearPlace(box, preference.box)) continue;
        found.push({ value, score: 0.5, box, label: null });
      }
    });
  }
  return found;
}

/** A labelled number put back in the vendor's scheme when OCR slipped on it ("INV-OO42"). */
export function inScheme(
  candidate: Candidate<string>,
  preference: FieldPreference | null,
): Candidate<string> {
  const shape = preference?.shape;
  if (!shape || valueShape(candidate.value) === shape || !isDistinctive(shape)) return candidate;
  const value = readInShape(candidate.value, shape);
  return value ? { ...candidate, value } : candidate;
}
