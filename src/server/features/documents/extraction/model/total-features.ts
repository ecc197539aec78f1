import type { Cents } from '../../../../../shared/money';
import { type FieldPreference, normaliseLabel } from '../fields/candidate';
import type { DocumentText } from '../fields/document-text';
import type { AmountCandidate, AmountOccurrence } from '../fields/find-amounts';
import { notTotalPattern } from '../fields/labels';
import { isCashRounding, type Reconciled, type Source } from '../fields/reconcile-totals';
import type { Box } from '../text-line';

/**
 * What the reader found on a document that speaks for or against each amount being its total:
 * the labelled amounts, every printed amount, which sources (payment, breakdown, tax rate, tax
 * summary) add up to which value, and what the vendor's corrections taught.
 */
export interface TotalEvidence {
  /** Total, subtotal and tax amounts found by their labels (with their rule scores). */
  labelled: readonly AmountCandidate[];
  occurrences: readonly AmountOccurrence[];
  reconciled: Reconciled;
  /** Subtotal + service charge + tax + rounding, when the breakdown is printed. */
  fullBreakdown: Cents | null;
  /** Totals printed on a "Rounding" line: the total after rounding. */
  roundedTotals: readonly Cents[];
  /** Where and under what label the vendor's corrected total was. */
  preference: FieldPreference | null;
}

/** One possible total with its features, and where it is printed (its most total-like place). */
export interface TotalOption {
  value: Cents;
  features: number[];
  box: Box | null;
  label: string | null;
  lineIndex: number;
  hasDecimals: boolean;
  currencyMark: string | null;
}

// Words before an amount on its line (or on the line above, when the amount is alone on its line).
const keywords: [string, RegExp][] = [
  ['word total', /t[o0]t[a4s][l1i|]|totaal|summe|montant/iu],
  ['word grand', /grand/iu],
  ['word net', /\bnet+\b|\bnett\b/iu],
  ['word amount', /a[mn][o0]unt|\bamt\b|betrag/iu],
  ['word due', /\bdue\b|payable|to\s+pay|[àa]\s+payer|zu\s+zahlen/iu],
  ['word rounding', /round/iu],
  ['word cash', /cash|tunai|bar\b/iu],
  ['word change', /change|baki|r[üu]ckgeld|rendu/iu],
  ['word paid', /tender|paid|received|payment/iu],
  ['word card', /card|visa|master|debit|credit|amex/iu],
  ['word subtotal', /sub\s*-?\s*t[o0]t|excl|before\s+tax|\bnet\s+amount|netto/iu],
  ['word tax', /\b(?:gst|tax|sst|vat|mwst|tva|btw)\b/iu],
  ['word inclusive', /incl|inclusive|inkl/iu],
  ['word quantity', /\bqty\b|quantity|\bitems?\b|\bpcs\b|\bunits?\b/iu],
  ['word discount', /disc|saving|voucher|coupon/iu],
  ['word price', /price|unit|@|\bx\s*\d/iu],
  ['word balance', /balance/iu],
  ['word service', /service|svc|s\/c/iu],
];

const sources: [string, Source][] = [
  ['source printed total', 'label'],
  ['source misread total', 'misread label'],
  ['source payment', 'payment'],
  ['source tendered', 'tendered'],
  ['source breakdown', 'breakdown'],
  ['source tax rate', 'tax rate'],
  ['source tax summary', 'tax summary'],
];

/** The features of a total option, in the order of the model file's weights. */
export const totalFeatureNames: readonly string[] = [
  'total label',
  'total label score',
  'total label lines',
  'subtotal label',
  'tax label',
  'largest labelled total',
  'best total label',
  'support',
  ...sources.map(([name]) => name),
  'full breakdown',
  'rounded total',
  'last total label',
  'five cents',
  'whole units',
  'cash rounding of a total',
  'rounded for cash below',
  'printed',
  'printed lines',
  'largest amount',
  'second largest amount',
  'share of largest',
  'lowest line',
  'lowest position',
  'right edge',
  'height',
  'currency mark',
  'no decimals',
  'only on non-total lines',
  'nothing before',
  ...keywords.map(([name]) => name),
  'vendor label',
  'vendor place',
  'vendor place near',
];

const cap = (value: number, max: number): number => Math.min(value, max) / max;
const flag = (value: boolean): number => (value ? 1 : 0);

function centreDistance(a: Box, b: Box): number {
  return Math.hypot(
    a.x + a.width / 2 - (b.x + b.width / 2),
    a.y + a.height / 2 - (b.y + b.height / 2),
  );
}

/** The words that stand before an amount: its line's, or the line above's when it has none. */
function labelText(document: DocumentText, occurrence: AmountOccurrence): string {
  if (/\p{L}{2,}/u.test(occurrence.before)) return occurrence.before;
  return document.lines[occurrence.lineIndex - 1]?.text ?? '';
}

/**
 * Every value that could be the total (printed anywhere, or named by a payment or a breakdown)
 * with its features. Values are distinct; an option's place is its best-scored total label, or
 * else its lowest printing.
 */
export function totalOptions(document: DocumentText, evidence: TotalEvidence): TotalOption[] {
  const values = new Set<Cents>();
  for (const candidate of evidence.labelled) if (candidate.value > 0) values.add(candidate.value);
  for (const occurrence of evidence.occurrences) values.add(occurrence.value);
  // A value no line prints is an option when sources agree on it or a breakdown adds up to it;
  // one reading alone (a total line's lost decimal point, a digit slip) is not.
  for (const value of evidence.reconciled.values) {
    const from = evidence.reconciled.sourcesOf(value);
    if (
      evidence.reconciled.supportOf(value) >= 2 ||
      from.has('breakdown') ||
      from.has('tax summary')
    )
      values.add(value);
  }
  if (evidence.fullBreakdown !== null && evidence.fullBreakdown > 0)
    values.add(evidence.fullBreakdown);
  for (const value of evidence.roundedTotals) values.add(value);

  const decimalValues = [
    ...new Set(evidence.occurrences.filter((o) => o.hasDecimals).map((o) => o.value)),
  ].sort((a, b) => b - a);
  const largest = decimalValues[0] ?? 0;
  const second = decimalValues[1] ?? 0;
  const labelledTotals = evidence.labelled.filter((c) => c.role === 'total' && c.value > 0);
  const largestLabelled = Math.max(
    0,
    ...labelledTotals.filter((c) => c.hasDecimals && c.score > 1).map((c) => c.value),
  );
  const bestLabelScore = Math.max(-Infinity, ...labelledTotals.map((c) => c.score));
  const decimalTotals = labelledTotals.filter((c) => c.hasDecimals).map((c) => c.value);
  const lastTotalLine = Math.max(-1, ...labelledTotals.map((c) => c.lineIndex));
  const lineCount = Math.max(1, document.lines.length);
  const preference = evidence.preference;
  const preferredLabel = preference?.label ? normaliseLabel(preference.label) : null;

  return [...values]
    .sort((a, b) => a - b)
    .map((value) => {
      const totals = labelledTotals.filter((c) => c.value === value);
      const printed = evidence.occurrences.filter((o) => o.value === value);
      const sourcesOf = evidence.reconciled.sourcesOf(value);
      const labels = printed.map((o) => labelText(document, o));
      const bestTotal = [...totals].sort((a, b) => b.score - a.score)[0];
      const lowest = [...printed].sort((a, b) => b.lineIndex - a.lineIndex)[0];
      const boxes = [...totals.map((c) => c.box), ...printed.map((o) => o.box)];
      const labelMatches =
        preferredLabel !== null &&
        totals.some((c) => c.label && normaliseLabel(c.label) === preferredLabel);
      const placeDistance = preference?.box
        ? Math.min(
            Infinity,
            ...boxes
              .filter((box) => box.page === preference.box?.page)
              .map((box) => centreDistance(box, preference.box as Box)),
          )
        : Infinity;
      const features = [
        flag(totals.length > 0),
        bestTotal ? Math.max(-1, Math.min(bestTotal.score, 6)) / 6 : 0,
        cap(Math.max(0, new Set(totals.map((c) => c.lineIndex)).size - 1), 2),
        flag(evidence.labelled.some((c) => c.role === 'subtotal' && c.value === value)),
        flag(evidence.labelled.some((c) => c.role === 'tax' && c.value === value)),
        flag(value === largestLabelled),
        flag(bestTotal !== undefined && bestTotal.score === bestLabelScore),
        cap(evidence.reconciled.supportOf(value), 4),
        ...sources.map(([, source]) => flag(sourcesOf.has(source))),
        flag(value === evidence.fullBreakdown),
        flag(evidence.roundedTotals.includes(value)),
        flag(bestTotal !== undefined && totals.some((c) => c.lineIndex === lastTotalLine)),
        flag(value % 5 === 0),
        flag(value % 100 === 0),
        flag(decimalTotals.some((other) => isCashRounding(other, value))),
        flag([...values].some((other) => isCashRounding(value, other))),
        flag(printed.length > 0),
        cap(Math.max(0, new Set(printed.map((o) => o.lineIndex)).size - 1), 3),
        flag(value === largest),
        flag(value === second),
        largest > 0 ? Math.min(1, value / largest) : 0,
        lowest ? lowest.lineIndex / lineCount : 0,
        lowest ? Math.min(1, lowest.box.y + lowest.box.height) : 0,
        Math.min(1, Math.max(0, ...boxes.map((box) => box.x + box.width))),
        cap(Math.max(0, ...boxes.map((box) => box.height / (document.typicalHeight || 0.01))), 3),
        flag(printed.some((o) => o.currencyMark !== null)),
        flag(printed.length > 0 && printed.every((o) => !o.hasDecimals)),
        flag(
          printed.length > 0 &&
            printed.every((o) => notTotalPattern.test(document.lines[o.lineIndex]?.text ?? '')),
        ),
        flag(printed.some((o) => !/\p{L}/u.test(o.before))),
        ...keywords.map(([, pattern]) => flag(labels.some((text) => pattern.test(text)))),
        flag(labelMatches),
        flag(placeDistance < 0.1),
        flag(placeDistance < 0.04),
      ];
      const place = bestTotal ?? lowest;
      return {
        value,
        features,
        box: place?.box ?? null,
        label: bestTotal?.label ?? null,
        lineIndex: place?.lineIndex ?? -1,
        hasDecimals: bestTotal?.hasDecimals ?? lowest?.hasDecimals ?? true,
        currencyMark: bestTotal?.currencyMark ?? lowest?.currencyMark ?? null,
      };
    });
}
