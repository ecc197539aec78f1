import type { TextLine } from '../text-line';
import { type Candidate, type FieldPreference, pickBest, scoreToConfidence } from './candidate';
import { type DocumentText, lineDates } from './document-text';
import { invoiceNumberLabels } from './labels';
import { findShapedNumbers, inScheme } from './numbering-scheme';
import { addressPattern } from './vendor-rules';
import {
  findLabelMatches,
  horizontalOverlap,
  linesBelow,
  segmentAround,
  spanBox,
} from './line-spans';

const roles = [{ role: 'number', rules: invoiceNumberLabels }];
// Separators between a label and its value: ":", ".", "No", "Nr", "N°", "number".
const afterLabel =
  /^\s*(?:[:.-]\s*|(?:n[°ºo]\.?|no\.?|nr\.?|num(?:ber|[ée]ro)?\.?)\s*)*(#\s?)?([A-Za-z0-9#][\w\-/.#]*)/u;
// Numbers that belong to something else when these words stand just before the label.
const foreignContext =
  /\b(?:gst|vat|tva|tax|ust|mwst|btw|reg|order|customer|account|client|kunden|klant|tel|phone|fax|iban|siret|siren|kvk|id|po|purchase|account|dossier|address|adresse|anschrift|adres)\b[\s.:]*$/iu;

function isPlausibleNumber(value: string): boolean {
  const clean = value.replace(/[.\-/]+$/, '');
  return clean.length >= 3 && clean.length <= 40 && /\d/.test(clean);
}

function valueAfter(
  line: TextLine,
  start: number,
): { value: string; start: number; end: number } | null {
  const match = afterLabel.exec(line.text.slice(start));
  if (!match?.[2]) return null;
  const value = `${match[1] ? '#' : ''}${match[2]}`.replace(/[.:,;]+$/, '');
  const end = start + match[0].length;
  return { value, start: end - (match[2]?.length ?? 0) - (match[1]?.length ?? 0), end };
}

/** Invoice, receipt or document numbers beside (or under) their label. */
export function findInvoiceNumber(
  document: DocumentText,
  preference: FieldPreference | null,
): { chosen: Candidate<string> | null; confidence: number; all: Candidate<string>[] } {
  const candidates: Candidate<string>[] = [];
  const lines = document.lines;
  lines.forEach((line, index) => {
    const labels = findLabelMatches(line.text, roles);
    const dates = lineDates(document, line);
    labels.forEach((label) => {
      if (foreignContext.test(line.text.slice(Math.max(0, label.start - 16), label.start))) return;
      // A bare "No." inside a street address is a house number.
      if (label.weight < 3 && addressPattern.test(line.text)) return;
      let found = valueAfter(line, label.end);
      let foundLine = line;
      const isDate = (value: { start: number; end: number }, target: TextLine): boolean =>
        lineDates(document, target).some(
          (date) => value.start < date.end && value.end > date.start,
        );
      if (
        found &&
        (dates.some((date) => found && found.start < date.end && found.end > date.start) ||
          !isPlausibleNumber(found.value))
      ) {
        found = null;
      }
      let below = false;
      const heading = segmentAround(line, label.start, label.end)
        .text.replace(/[\s:#.°]+$/u, '')
        .toLowerCase();
      const standsAlone = heading === label.text.replace(/[\s:#.°]+$/u, '').toLowerCase();
      if (!found && label.weight >= 3 && standsAlone) {
        // A number under its column heading ("Invoice" heading, number in the row below).
        const labelBox = spanBox(line, label.start, label.end);
        for (const next of linesBelow(lines, index, 2)) {
          let offset = 0;
          for (const word of next.words) {
            const text = word.text.trim();
            const value = { value: text, start: offset, end: offset + text.length };
            offset += text.length + 1;
            if (
              horizontalOverlap(labelBox, word) < 0.3 ||
              !isPlausibleNumber(text) ||
              isDate(value, next)
            )
              continue;
            if (!/^[A-Za-z0-9#][\w\-/.#]*$/u.test(text)) continue;
            found = value;
            foundLine = next;
            below = true;
            break;
          }
          if (found) break;
        }
      }
      if (!found) return;
      let score = label.weight;
      if (/[A-Za-z]/.test(found.value) && /\d/.test(found.value)) score += 0.3;
      if (below) score -= 0.5;
      score += (1 - Math.min(1, index / Math.max(1, lines.length))) * 0.5;
      candidates.push({
        value: found.value,
        score,
        box: spanBox(foundLine, found.start, found.end),
        label: label.text,
      });
    });
  });
  // The same number printed twice (header and page footer) is surer.
  const labelled = candidates.map((candidate) => ({
    ...inScheme(candidate, preference),
    score:
      candidate.score +
      Math.min(1, (candidates.filter((other) => other.value === candidate.value).length - 1) * 0.5),
  }));
  // Learning hook: a number in the vendor's scheme that no label led to.
  const shaped = findShapedNumbers(lines, preference).filter(
    (candidate) => !labelled.some((other) => other.value === candidate.value),
  );
  const rescored = [...labelled, ...shaped];
  const chosen = pickBest(rescored, preference);
  const all = [...rescored].sort((a, b) => b.score - a.score);
  return { chosen, confidence: chosen ? scoreToConfidence(chosen.score, 3.5) : 0, all };
}
