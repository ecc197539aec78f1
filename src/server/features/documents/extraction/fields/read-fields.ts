import type { ExtractedData, LayoutField } from '../../../../../shared/contracts/extracted-data';
import { type Cents, toDecimal } from '../../../../../shared/money';
import { matchKnownVendor } from '../learning/match-known-vendor';
import { matchVendorHints, type VendorHints, withLearntDateOrder } from '../learning/vendor-hints';
import type { Box } from '../text-line';
import { rank } from '../model/ranker';
import { totalModel } from '../model/total-model';
import { vendorModel } from '../model/vendor-model';
import { type TotalEvidence, type TotalOption, totalOptions } from '../model/total-features';
import { type Candidate, type FieldPreference, scoreToConfidence } from './candidate';
import { breakdownOfTotal, chooseTotals, type ChosenTotals } from './choose-totals';
import type { DocumentText } from './document-text';
import {
  type AmountCandidate,
  findAmountCandidates,
  findAmountOccurrences,
  findRoundedTotals,
  findRoundings,
  findUnlabelledAmounts,
} from './find-amounts';
import { findPayments } from './find-payments';
import { fullBreakdown, reconcileTotal, withImpliedRoundings } from './reconcile-totals';
import { type BreakdownExtras, findBreakdownExtras } from './receipt-breakdown';
import { findCurrency } from './find-currency';
import { findDateFields } from './find-dates';
import { findInvoiceNumber } from './find-invoice-number';
import { findLineItems } from './find-line-items';
import { findVendor, type VendorChoice } from './find-vendor';
import { suggestCategory } from './suggest-category';
import { taxSummaryTotal } from './tax-summary';

function layoutField(candidate: Pick<Candidate<unknown>, 'box' | 'label'>): LayoutField {
  const box: Box = candidate.box;
  const round = (value: number): number => Math.round(value * 10_000) / 10_000;
  return {
    page: box.page,
    x: round(box.x),
    y: round(box.y),
    width: round(box.width),
    height: round(box.height),
    label: candidate.label,
  };
}

// How far (cents) a rounded total may be from the total it rounds.
const roundingReach = 10;

/** A total after rounding ("Rounding RM 72.75") outranks the total it rounds, printed above it. */
function withRoundedTotals(
  candidates: AmountCandidate[],
  rounded: readonly AmountCandidate[],
): AmountCandidate[] {
  const added = rounded.flatMap((total) => {
    const before = candidates.filter(
      (c) =>
        c.role === 'total' &&
        c.lineIndex < total.lineIndex &&
        c.value !== total.value &&
        Math.abs(c.value - total.value) <= roundingReach,
    );
    const best = Math.max(...before.map((c) => c.score));
    return before.length > 0 ? [{ ...total, score: best + 2 }] : [];
  });
  return [...candidates, ...added];
}

// The header: where a receipt or invoice prints who issued it.
const headerLines = 10;
const headerDepth = 0.4;

/** The organization's existing vendor the document names, proposed with its match's confidence. */
function withKnownVendor(
  vendor: VendorChoice,
  document: DocumentText,
  knownVendors: readonly string[],
): VendorChoice {
  if (knownVendors.length === 0) return vendor;
  const header = document.lines
    .filter((line) => line.page === 1 && line.y < headerDepth)
    .slice(0, headerLines)
    .map((line) => line.text);
  const match = matchKnownVendor(knownVendors, { name: vendor.name, headerLines: header });
  if (!match) return vendor;
  return { ...vendor, name: match.name, confidence: Math.max(0.5, match.similarity) };
}

/** The labelled amounts, roundings and charges a document prints: what both ways of choosing read. */
function gatherTotalParts(document: DocumentText): {
  rounded: AmountCandidate[];
  candidates: AmountCandidate[];
  roundings: Cents[];
  extras: BreakdownExtras;
} {
  const rounded = findRoundedTotals(document);
  const candidates = withRoundedTotals(findAmountCandidates(document), rounded);
  const extras = findBreakdownExtras(document);
  const roundings = withImpliedRoundings(findRoundings(document), candidates, extras.charges);
  return { rounded, candidates, roundings, extras };
}

/** The evidence the model ranks the total's options by. */
export function gatherTotalEvidence(
  document: DocumentText,
  preference: FieldPreference | null,
): { candidates: AmountCandidate[]; evidence: TotalEvidence } {
  const { rounded, candidates, roundings, extras } = gatherTotalParts(document);
  const reconciled = reconcileTotal(
    candidates,
    roundings,
    findPayments(document),
    extras,
    taxSummaryTotal(document),
  );
  return {
    candidates,
    evidence: {
      labelled: candidates,
      occurrences: findAmountOccurrences(document),
      reconciled,
      fullBreakdown: fullBreakdown(candidates, roundings, extras.charges)?.value ?? null,
      roundedTotals: rounded.map((candidate) => candidate.value),
      preference,
    },
  };
}

interface TotalReading {
  totals: ChosenTotals;
  totalConfidence: number;
  /** The totals considered, most likely first, with where each is printed. */
  totalCandidates: AmountCandidate[];
}

const maxTotalCandidates = 12;
// The most a total is trusted that no total line or agreement of sources names.
const guessedTotalConfidence = 0.35;

/**
 * The total as the trained model ranks it (model/total-model.json, written by
 * `npm run train:documents`), for documents read by OCR; its confidence is the model's
 * probability. Subtotal and tax are the printed ones that add up to it.
 */
function chooseTotalByModel(
  document: DocumentText,
  preference: FieldPreference | null,
): TotalReading {
  const { candidates, evidence } = gatherTotalEvidence(document, preference);
  const options = totalOptions(document, evidence);
  const probabilities = rank(
    totalModel().weights,
    options.map((option) => option.features),
  );
  const ranked = options
    .map((option, index) => ({ option, probability: probabilities[index] ?? 0 }))
    .sort((a, b) => b.probability - a.probability || b.option.value - a.option.value);
  const placed = (option: TotalOption, score: number): AmountCandidate | null => {
    // A value no line prints (a breakdown's sum) is shown where its parts are.
    const box = option.box ?? candidates[0]?.box ?? document.lines[0] ?? null;
    if (!box) return null;
    return {
      role: 'total',
      value: option.value,
      score,
      box,
      label: option.label,
      hasDecimals: option.hasDecimals,
      currencyMark: option.currencyMark,
      lineIndex: option.lineIndex,
    };
  };
  // Arithmetic the model may not outweigh: two or more independent sources (the payment, the
  // breakdown, the tax at its rate) agreeing on a value that more of them name than the model's.
  const agreed = evidence.reconciled.best;
  const [first] = ranked;
  const overruled =
    agreed !== null &&
    first !== undefined &&
    agreed.support > evidence.reconciled.supportOf(first.option.value)
      ? ranked.find(({ option }) => option.value === agreed.value)
      : undefined;
  const best = overruled ?? first;
  const total = best ? placed(best.option, best.probability * 6) : null;
  // The model's probability is among the options it had: an amount no total line or agreement
  // names stays a guess, however few other amounts there were.
  const named =
    total !== null &&
    (candidates.some((c) => c.role === 'total' && c.value === total.value) ||
      evidence.reconciled.supportOf(total.value) >= 2);
  const cap = named ? 0.97 : guessedTotalConfidence;
  const totalCandidates = ranked
    .filter(({ option }) => option.box !== null)
    .slice(0, maxTotalCandidates)
    .flatMap(({ option, probability }) => placed(option, probability * 6) ?? []);
  return {
    totals: breakdownOfTotal(total, candidates),
    totalConfidence:
      !best || !total
        ? 0
        : overruled
          ? 0.9
          : Math.min(cap, Math.round(Math.min(0.97, best.probability) * 100) / 100),
    totalCandidates,
  };
}

/** The hand-written rules for the total, kept for text PDFs (the model learnt from photos). */
function chooseTotalByRules(
  document: DocumentText,
  preference: FieldPreference | null,
): TotalReading {
  const gathered = gatherTotalParts(document);
  let amountCandidates = gathered.candidates;
  const { extras, roundings } = gathered;
  let totals = chooseTotals(amountCandidates, preference, roundings);
  let labelledTotal = true;
  if (!totals.total) {
    // No total line read: a printed breakdown (subtotal, service charge, tax, rounding) adds up
    // to it, before any unlabelled amount is guessed.
    const full = fullBreakdown(amountCandidates, roundings, extras.charges);
    if (full)
      amountCandidates = [
        ...amountCandidates,
        { ...full.subtotal, role: 'total', value: full.value, score: 1.5, label: null },
      ];
  }
  if (!totals.total) {
    amountCandidates = [...amountCandidates, ...findUnlabelledAmounts(document)];
    const largest = amountCandidates
      .filter((candidate) => candidate.role === 'total')
      .sort((a, b) => b.value - a.value || b.score - a.score)[0];
    if (largest)
      totals = chooseTotals(
        [{ ...largest, score: largest.score + 1 }, ...amountCandidates],
        preference,
        roundings,
      );
    labelledTotal = false;
  }
  // Several sources agreeing on another amount (payment, breakdown) outvote a misread total line.
  const reconciled = reconcileTotal(
    amountCandidates,
    roundings,
    findPayments(document),
    extras,
    taxSummaryTotal(document),
  );
  if (
    reconciled.best &&
    reconciled.best.value !== totals.total?.value &&
    reconciled.best.support > reconciled.supportOf(totals.total?.value ?? 0)
  ) {
    const value = reconciled.best.value;
    const printed = amountCandidates.find((c) => c.role === 'total' && c.value === value);
    const base = printed ?? totals.total ?? amountCandidates[0];
    if (base) {
      totals = {
        ...totals,
        total: { ...base, role: 'total', value, score: Math.max(base.score, 4) },
        consistent: true,
      };
      labelledTotal = true;
    }
  }
  const total = totals.total;
  let totalConfidence = total ? scoreToConfidence(total.score + (totals.consistent ? 1 : 0), 6) : 0;
  if (!labelledTotal) totalConfidence = Math.min(totalConfidence, guessedTotalConfidence);

  const seen = new Set<string>();
  const totalCandidates = amountCandidates
    .filter((candidate) => candidate.role === 'total' && candidate.value > 0)
    .sort((a, b) => b.score - a.score)
    .filter((candidate) => {
      const key = `${candidate.value}:${candidate.box.page}:${candidate.box.y.toFixed(3)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, maxTotalCandidates);
  return { totals, totalConfidence, totalCandidates };
}

/** Reads every field from the lines of a document, using the vendor's learned hints if any. */
export function readFields(
  document: DocumentText,
  hints: readonly VendorHints[] = [],
  knownVendors: readonly string[] = [],
): ExtractedData {
  const text = document.lines.map((line) => line.text).join('\n');
  const vendor = withKnownVendor(findVendor(document, vendorModel()), document, knownVendors);
  const hint = matchVendorHints(hints, { name: vendor.name, taxId: vendor.taxId, text });

  const reading =
    document.source === 'ocr'
      ? chooseTotalByModel(document, hint?.total ?? null)
      : chooseTotalByRules(document, hint?.total ?? null);
  const { totals, totalConfidence, totalCandidates } = reading;
  const total = totals.total;

  const currency = findCurrency(document, total?.currencyMark ?? null);
  // Learning hook: the vendor's learnt day/month order for dates that read either way.
  const dated = withLearntDateOrder(document, hint);
  const dates = findDateFields(dated, hint?.issueDate ?? null);
  const number = findInvoiceNumber(document, hint?.invoiceNumber ?? null);
  const category = hint?.category
    ? { category: hint.category, confidence: 0.9 }
    : suggestCategory(text);
  const vendorName = hint ? hint.vendorName : vendor.name;
  const vendorConfidence = hint ? Math.max(0.9, vendor.confidence) : vendor.confidence;

  const fieldConfidence = {
    vendor: vendorConfidence,
    total: totalConfidence,
    subtotal: totals.subtotal
      ? totals.consistent
        ? 0.9
        : scoreToConfidence(totals.subtotal.score, 5)
      : 0,
    tax: totals.tax ? (totals.consistent ? 0.9 : scoreToConfidence(totals.tax.score, 5)) : 0,
    currency: currency.confidence,
    issueDate: dates.issueConfidence,
    dueDate: dates.dueConfidence,
    invoiceNumber: number.confidence,
  };
  // Overall: the fields a user checks first (vendor, total, date), weighted toward the total.
  const confidence =
    Math.round(
      (fieldConfidence.total * 0.4 +
        fieldConfidence.vendor * 0.25 +
        fieldConfidence.issueDate * 0.2 +
        fieldConfidence.invoiceNumber * 0.15) *
        100,
    ) / 100;

  return {
    confidence,
    source: document.source,
    vendor: { name: vendorName, taxId: vendor.taxId, email: vendor.email },
    amounts: {
      total: total ? toDecimal(total.value) : null,
      subtotal: totals.subtotal ? toDecimal(totals.subtotal.value) : null,
      tax: totals.tax ? toDecimal(totals.tax.value) : null,
    },
    currency: currency.code,
    dates: { issueDate: dates.issue?.value ?? null, dueDate: dates.due?.value ?? null },
    documentNumbers: { invoiceNumber: number.chosen?.value ?? null },
    lineItems: findLineItems(document),
    suggestedCategory: category.category,
    fieldConfidence,
    layout: {
      total: total ? layoutField(total) : null,
      invoiceNumber: number.chosen ? layoutField(number.chosen) : null,
      totalCandidates: totalCandidates.map((candidate) => ({
        ...layoutField(candidate),
        value: toDecimal(candidate.value),
      })),
      invoiceNumberCandidates: number.all
        .slice(0, 12)
        .map((candidate) => ({ ...layoutField(candidate), value: candidate.value })),
      issueDateCandidates: dates.issueCandidates
        .slice(0, 12)
        .map((candidate) => ({ ...layoutField(candidate), value: candidate.value })),
      // What a correction learns from besides positions (learning/vendor-hints.ts).
      vendorNames: [
        ...new Set([vendor.name, vendor.issuerRead ?? null].filter((name) => name !== null)),
      ],
      dateOrder: dated.dateOrder,
    },
  };
}
