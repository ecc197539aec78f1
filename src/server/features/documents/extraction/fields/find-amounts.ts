import type { Cents } from '../../../../../shared/money';
import type { Box, TextLine } from '../text-line';
import type { Candidate } from './candidate';
import { type DocumentText, lineDates } from './document-text';
import {
  type AmountRole,
  notTotalPattern,
  notTotalWords,
  subtotalLabels,
  taxLabels,
  totalLabels,
} from './labels';
import { findLabelMatches, horizontalOverlap, linesBelow, spanBox, wordsIn } from './line-spans';
import { type AmountToken, findAmounts, parseAmountText } from './parse-amount';

export interface AmountCandidate extends Candidate<Cents> {
  role: AmountRole;
  hasDecimals: boolean;
  currencyMark: string | null;
  lineIndex: number;
  /**
   * The amount the label's text reads as with its decimal mark read as a space ("TOTAL RM 88 17"
   * for 88.17), which counts only where another source agrees with it.
   */
  spacedReading?: Cents;
}

// After a label, an amount behind a currency mark whose decimal mark OCR read as a space.
const spacedAmountPattern = /^[\s:.=|]*(?:R[MHN]|[$€£])\s?(\d{1,4}) (\d{2})[\s|]*$/u;

/** The amount "RM 88 17" after a label stands for (88.17), or null. */
function spacedReadingOf(text: string): Cents | null {
  const match = spacedAmountPattern.exec(text);
  if (!match) return null;
  return parseAmountText(`${match[1] ?? ''}.${match[2] ?? ''}`)?.cents ?? null;
}

// "Total (RM)", "Total incl. VAT", "Total with GST": the suffix belongs to the total label.
const currencySuffix = String.raw`(?:\s*\((?:[A-Z]{2,3}|RM|[$€£₹])\))?`;
const inclusiveSuffix = String.raw`(?:\s*(?:incl\w*\.?|inc\.?|inkl\.?|with|including|after\s+\w+)\s*(?:gst|vat|tax|sst|mwst|btw|tva)?)?`;
// "Total (GST Incl)", "TOTAL (INCL. VAT)": the tax note in brackets, its closing bracket as OCR
// may read it ("INCLI", "INCL|") or lost.
const taxWord = String.raw`(?:gst|vat|tax|sst|mwst|btw|tva)`;
const bracketedTaxNote = String.raw`(?:\s*[({\[]\s*(?:${taxWord}\s*(?:incl\w*|inc)\.?|(?:incl\w*|inc)\.?\s*(?:of\s+)?${taxWord})\s*(?:[)\]}]|[Il1|](?![\p{L}\d]))?)?`;
const roles = [
  {
    role: 'total',
    rules: totalLabels,
    suffix: `${currencySuffix}${bracketedTaxNote}${inclusiveSuffix}${currencySuffix}`,
  },
  { role: 'subtotal', rules: subtotalLabels, suffix: currencySuffix },
  { role: 'tax', rules: taxLabels, suffix: currencySuffix },
  { role: 'other', rules: [{ pattern: notTotalWords, weight: 0 }] },
];

/**
 * Amounts of a line that are not part of a date written in it. A currency sign the OCR was
 * unsure of is dropped: smudges are often read as "¥" or "£".
 */
function moneyOf(document: DocumentText, line: TextLine): AmountToken[] {
  const dates = lineDates(document, line);
  return findAmounts(line.text)
    .filter((amount) => !dates.some((date) => amount.start < date.end && amount.end > date.start))
    .map((amount) => {
      const unsure = wordsIn(line, amount.start, amount.end).some(
        (word) => (word.confidence ?? 1) < 0.6,
      );
      return unsure && amount.currencyMark ? { ...amount, currencyMark: null } : amount;
    });
}

/** The value for a label: the last amount after it (rightmost column), decimals first. */
function chooseAmount(amounts: AmountToken[]): AmountToken | null {
  const withDecimals = amounts.filter((amount) => amount.hasDecimals);
  return withDecimals.at(-1) ?? amounts.at(-1) ?? null;
}

/** The amount of a line that holds nothing else but a currency mark: "RM 24.40", "$ 9.99". */
function amountAlone(document: DocumentText, line: TextLine): AmountToken | null {
  const amounts = moneyOf(document, line);
  const [only] = amounts;
  if (amounts.length !== 1 || !only || !only.hasDecimals) return null;
  const rest = `${line.text.slice(0, only.start)} ${line.text.slice(only.end)}`;
  return /^[\s:|=*]*(?:[A-Z]{2,3}|[$€£])?[\s:|=*]*$/u.test(rest) ? only : null;
}

/** Every labelled total, subtotal and tax amount of the document, with a base score. */
export function findAmountCandidates(document: DocumentText): AmountCandidate[] {
  const candidates: AmountCandidate[] = [];
  const lines = document.lines;
  let inSummary = false;
  lines.forEach((line, lineIndex) => {
    // A tax summary table after the total repeats net and tax per rate; its "Total" is not the total.
    if (/\b(?:summary|analysis|r[ée]capitulatif|zusammenfassung)\b/iu.test(line.text))
      inSummary = true;
    const labels = findLabelMatches(line.text, roles);
    const amounts = moneyOf(document, line);
    labels.forEach((label, labelIndex) => {
      if (label.role === 'other') return;
      const role = label.role as AmountRole;
      const spanEnd = labels[labelIndex + 1]?.start ?? line.text.length;
      let chosen = chooseAmount(
        amounts.filter((amount) => amount.start >= label.end && amount.end <= spanEnd),
      );
      const spacedReading =
        chosen && !chosen.hasDecimals ? spacedReadingOf(line.text.slice(label.end, spanEnd)) : null;
      let chosenLine = line;
      let chosenIndex = lineIndex;
      let below = false;
      if (!chosen && labelIndex === labels.length - 1) {
        // Column heading: take the amount printed under the label.
        const labelBox = spanBox(line, label.start, label.end);
        for (const [offset, next] of linesBelow(lines, lineIndex).entries()) {
          // A column's values are bare: a line with a label of its own ("CASH 50.00") is a row.
          if (findLabelMatches(next.text, roles).length > 0) continue;
          const under = moneyOf(document, next).find(
            (amount) =>
              amount.hasDecimals &&
              horizontalOverlap(labelBox, spanBox(next, amount.start, amount.end)) > 0.3,
          );
          if (under) {
            chosen = under;
            chosenLine = next;
            chosenIndex = lineIndex + offset + 1;
            below = true;
            break;
          }
        }
        // A total or tax label ending its line with the amount alone on the next line ("Total
        // Amount" over "RM 24.40", "GST 6%" over "1.26"): receipts wrap the amount wherever it
        // is printed across.
        const next = linesBelow(lines, lineIndex, 1)[0];
        const alone = next ? amountAlone(document, next) : null;
        if (!chosen && (role === 'total' || role === 'tax') && next && alone) {
          chosen = alone;
          chosenLine = next;
          chosenIndex = lineIndex + 1;
          below = true;
        }
      }
      if (!chosen) return;
      let score = label.weight;
      score += chosen.hasDecimals ? 1 : -1.5;
      if (chosen.currencyMark) score += 0.5;
      if (below) score -= 0.5;
      if (inSummary && role === 'total') score -= 1.5;
      if (chosen.cents < 0) score -= 2;
      candidates.push({
        role,
        value: chosen.cents,
        score,
        box: spanBox(chosenLine, chosen.start, chosen.end),
        label: label.text,
        hasDecimals: chosen.hasDecimals,
        currencyMark: chosen.currencyMark,
        lineIndex: chosenIndex,
        ...(spacedReading === null ? {} : { spacedReading }),
      });
    });
  });
  return candidates;
}

/** One amount printed on a line, with the text of the line before it. */
export interface AmountOccurrence {
  value: Cents;
  lineIndex: number;
  box: Box;
  hasDecimals: boolean;
  currencyMark: string | null;
  /** The line's text before the amount: its label, when it has one. */
  before: string;
}

/** Every positive amount printed anywhere (not in a date), for the model to rank. */
export function findAmountOccurrences(document: DocumentText): AmountOccurrence[] {
  return document.lines.flatMap((line, lineIndex) =>
    moneyOf(document, line)
      .filter((amount) => amount.cents > 0)
      .map((amount) => ({
        value: amount.cents,
        lineIndex,
        box: spanBox(line, amount.start, amount.end),
        hasDecimals: amount.hasDecimals,
        currencyMark: amount.currencyMark,
        before: line.text.slice(0, amount.start),
      })),
  );
}

/** Currency-marked decimal amounts anywhere, for documents without a recognisable total label. */
export function findUnlabelledAmounts(document: DocumentText): AmountCandidate[] {
  return document.lines.flatMap((line, lineIndex) =>
    moneyOf(document, line)
      .filter(
        (amount) => amount.hasDecimals && amount.cents > 0 && !notTotalPattern.test(line.text),
      )
      .map((amount) => ({
        role: 'total' as const,
        value: amount.cents,
        score: amount.currencyMark ? 0.5 : 0,
        box: spanBox(line, amount.start, amount.end),
        label: null,
        hasDecimals: true,
        currencyMark: amount.currencyMark,
        lineIndex,
      })),
  );
}

const roundingPattern = /\b(?:rounding|round(?:ing)?\s*(?:off|adj\w*)|rundung|arrondi)\b/iu;
// A rounding adjustment is a few cents; an amount this large on a "Rounding" line is the total
// after rounding ("Rounding RM 72.75" under "Rounding Adjustment 0.01").
const maxAdjustment = 10;

/** Rounding adjustments printed on receipts ("Rounding -0.02"), which change the final total. */
export function findRoundings(document: DocumentText): Cents[] {
  return roundingLineAmounts(document)
    .map((amount) => amount.cents)
    .filter((cents) => cents !== 0 && Math.abs(cents) < maxAdjustment);
}

/** Totals after rounding printed on a line labelled only "Rounding". */
export function findRoundedTotals(document: DocumentText): AmountCandidate[] {
  return roundingLineAmounts(document)
    .filter((amount) => amount.cents >= 100)
    .map((amount) => ({
      role: 'total' as const,
      value: amount.cents,
      score: 0,
      box: amount.box,
      label: amount.label,
      hasDecimals: true,
      currencyMark: amount.currencyMark,
      lineIndex: amount.lineIndex,
    }));
}

function roundingLineAmounts(document: DocumentText) {
  return document.lines.flatMap((line, lineIndex) => {
    const label = roundingPattern.exec(line.text);
    if (!label) return [];
    const amount = moneyOf(document, line)
      .filter((token) => token.hasDecimals)
      .at(-1);
    if (!amount) return [];
    return [
      {
        cents: amount.cents,
        box: spanBox(line, amount.start, amount.end),
        label: label[0],
        currencyMark: amount.currencyMark,
        lineIndex,
      },
    ];
  });
}
