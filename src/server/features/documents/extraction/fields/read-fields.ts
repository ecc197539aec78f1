import type { ExtractedData, LayoutField } from '../../../../../shared/contracts/extracted-data';
import { toDecimal } from '../../../../../shared/money';
import { matchKnownVendor } from '../learning/match-known-vendor';
import { matchVendorHints, type VendorHints, withLearntDateOrder } from '../learning/vendor-hints';
import type { Box } from '../text-line';
import { type Candidate, scoreToConfidence } from './candidate';
import type { AmountCandidate } from './find-amounts';
import { chooseTotals } from './choose-totals';
import type { DocumentText } from './document-text';
import {
  findAmountCandidates,
  findRoundedTotals,
  findRoundings,
  findUnlabelledAmounts,
} from './find-amounts';
import { findPayments } from './find-payments';
import { fullBreakdown, reconcileTotal, withImpliedRoundings } from './reconcile-totals';
import { findBreakdownExtras } from './receipt-breakdown';
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

/** Reads every field from the lines of a document, using the vendor's learned hints if any. */
export function readFields(
  document: DocumentText,
  hints: readonly VendorHints[] = [],
  knownVendors: readonly string[] = [],
): ExtractedData {
  const text = document.lines.map((line) => line.text).join('\n');
  const vendor = withKnownVendor(findVendor(document), document, knownVendors);
  const hint = matchVendorHints(hints, { name: vendor.name, taxId: vendor.taxId, text });

  let amountCandidates = withRoundedTotals(
    findAmountCandidates(document),
    findRoundedTotals(document),
  );
  const extras = findBreakdownExtras(document);
  const roundings = withImpliedRoundings(findRoundings(document), amountCandidates, extras.charges);
  let totals = chooseTotals(amountCandidates, hint?.total ?? null, roundings);
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
        hint?.total ?? null,
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
  if (!labelledTotal) totalConfidence = Math.min(totalConfidence, 0.35);

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
    .slice(0, 12)
    .map((candidate) => ({ ...layoutField(candidate), value: toDecimal(candidate.value) }));

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
      totalCandidates,
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
