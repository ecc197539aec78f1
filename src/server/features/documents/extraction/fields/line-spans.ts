import { type Box, type TextLine, unionBox, type Word } from '../text-line';
import { type LabelRule, labelRegex } from './labels';

/** A labelled match inside one line's text. */
export interface LabelMatch {
  start: number;
  end: number;
  weight: number;
  text: string;
  role: string;
}

/** The words holding characters [start, end) of a line's text. */
export function wordsIn(line: TextLine, start: number, end: number): Word[] {
  const words: Word[] = [];
  let offset = 0;
  for (const word of line.words) {
    const text = word.text.trim();
    const wordStart = offset;
    const wordEnd = offset + text.length;
    if (wordEnd > start && wordStart < end) words.push(word);
    offset = wordEnd + 1;
  }
  return words;
}

/** The box covering characters [start, end) of a line, from the words that hold them. */
export function spanBox(line: TextLine, start: number, end: number): Box {
  const boxes: Box[] = wordsIn(line, start, end);
  return boxes.length > 0
    ? unionBox(boxes)
    : { page: line.page, x: line.x, y: line.y, width: line.width, height: line.height };
}

const compiled = new Map<string, RegExp>();

function regexFor(pattern: string, suffix: string): RegExp {
  const key = `${pattern}\u0000${suffix}`;
  let regex = compiled.get(key);
  if (!regex) {
    regex = labelRegex(`(?:${pattern})${suffix}`);
    compiled.set(key, regex);
  }
  return regex;
}

/** Label matches of several roles in a line; where matches overlap the longest one wins. */
export function findLabelMatches(
  text: string,
  roles: { role: string; rules: LabelRule[]; suffix?: string }[],
): LabelMatch[] {
  const found: LabelMatch[] = [];
  for (const { role, rules, suffix = '' } of roles) {
    for (const rule of rules) {
      const regex = regexFor(rule.pattern, suffix);
      regex.lastIndex = 0;
      for (const match of text.matchAll(regex)) {
        found.push({
          start: match.index,
          end: match.index + match[0].length,
          weight: rule.weight,
          text: match[0],
          role,
        });
      }
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || b.weight - a.weight);
  const kept: LabelMatch[] = [];
  for (const match of found) {
    if (!kept.some((other) => match.start < other.end && match.end > other.start)) kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Horizontal overlap of two boxes as a share of the narrower one. */
export function horizontalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const narrower = Math.max(1e-6, Math.min(a.width, b.width));
  return Math.max(0, overlap) / narrower;
}

/**
 * Lines just below a label (same page, within a few line heights), for values printed under a
 * column heading rather than beside the label.
 */
export function linesBelow(lines: readonly TextLine[], index: number, maxLines = 3): TextLine[] {
  const line = lines[index];
  if (!line) return [];
  const below: TextLine[] = [];
  for (let next = index + 1; next < lines.length && below.length < maxLines; next += 1) {
    const candidate = lines[next];
    if (!candidate || candidate.page !== line.page) break;
    if (candidate.y - (line.y + line.height) > line.height * 4) break;
    below.push(candidate);
  }
  return below;
}

/**
 * The run of words around characters [start, end) that are not separated by a wide gap: one
 * cell of a table row, or one label-value pair.
 */
export function segmentAround(
  line: TextLine,
  start: number,
  end: number,
): { text: string; box: Box } {
  const offsets: { start: number; end: number }[] = [];
  let offset = 0;
  for (const word of line.words) {
    const length = word.text.trim().length;
    offsets.push({ start: offset, end: offset + length });
    offset += length + 1;
  }
  const hits = line.words
    .map((_, index) => index)
    .filter((index) => {
      const span = offsets[index];
      return span !== undefined && span.end > start && span.start < end;
    });
  let first = hits[0] ?? 0;
  let last = hits.at(-1) ?? 0;
  const gapBefore = (index: number): number => {
    const previous = line.words[index - 1];
    const current = line.words[index];
    if (!previous || !current) return Infinity;
    return (
      (current.x - (previous.x + previous.width)) /
      Math.max(1e-6, Math.min(previous.height, current.height))
    );
  };
  // Words closer than about one character height belong to the same cell.
  while (first > 0 && gapBefore(first) < 1.2) first -= 1;
  while (last < line.words.length - 1 && gapBefore(last + 1) < 1.2) last += 1;
  const words = line.words.slice(first, last + 1);
  return { text: words.map((word) => word.text.trim()).join(' '), box: unionBox(words) };
}
