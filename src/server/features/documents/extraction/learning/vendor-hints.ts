import type { ExtractedData, LayoutField } from '../../../../../shared/contracts/extracted-data';
import { parseMoney } from '../../../../../shared/money';
import { type FieldPreference, valueShape } from '../fields/candidate';
import { type DocumentText, dateOrderEvidence } from '../fields/document-text';
import { ocrEditDistance } from '../fields/ocr-distance';
import type { DateOrder } from '../fields/parse-date';
import { matchLegalForm, nameKey } from '../fields/vendor-rules';

/**
 * What the documents service stores per vendor after a user corrects an extraction: how the
 * vendor is recognised, where its total and invoice number sit, and its usual category.
 */
export interface VendorHints {
  vendorName: string;
  /** Normalised name ("amazonwebservicesinc"), the lookup key. */
  vendorKey: string;
  taxId: string | null;
  total: FieldPreference | null;
  invoiceNumber: FieldPreference | null;
  /** Where the vendor prints its issue date (absent in hints stored before it existed). */
  issueDate?: FieldPreference | null;
  category: string | null;
  /**
   * Normalised names the reader gave this vendor's documents before a correction ("gldtown"
   * for Old Town): the next document read the same way is this vendor's. Absent in hints
   * stored before it existed.
   */
  readNames?: string[];
  /**
   * The vendor's day/month order, learnt when a corrected date could be read either way
   * (05/03/2024): its next documents' ambiguous dates are read in that order.
   */
  dateOrder?: DateOrder;
}

// Readings kept per vendor: the latest few, so a vendor with several printers is recognised.
const maxReadNames = 5;
// A reading matches a remembered one with this share of its letters slipped (OCR confusions
// weighed lightly), when both are long enough for a slip not to make another name.
const readSlipShare = 0.15;
const minSlipKeyLength = 8;

/** A name's key without its legal form: "WS Retail Services Pvt. Ltd." -> "wsretailservices". */
function coreKey(name: string): string {
  const form = matchLegalForm(name);
  return nameKey(form && form.index > 0 ? name.slice(0, form.index) : name);
}

/** The OCR cost of reading `key` for the remembered reading, or null when it is too far. */
function readingDistance(key: string, remembered: string): number | null {
  if (key === remembered) return 0;
  if (key.length < minSlipKeyLength || remembered.length < minSlipKeyLength) return null;
  const distance = ocrEditDistance(key.toUpperCase(), remembered.toUpperCase());
  return distance <= remembered.length * readSlipShare ? distance : null;
}

/** The hint one of whose remembered readings is this name, read with the fewest slips. */
function matchReadName(hints: readonly VendorHints[], name: string): VendorHints | null {
  const keys = [...new Set([nameKey(name), coreKey(name)])].filter((key) => key.length >= 3);
  let best: { hint: VendorHints; distance: number } | null = null;
  for (const hint of hints)
    for (const remembered of hint.readNames ?? [])
      for (const key of keys) {
        const distance = readingDistance(key, remembered);
        if (distance !== null && (!best || distance < best.distance)) best = { hint, distance };
      }
  return best?.hint ?? null;
}

export interface ExtractionCorrection {
  vendorName: string;
  total: string | number | null;
  invoiceNumber: string | null;
  issueDate: string | null;
  category: string | null;
}

function preferenceFrom(field: LayoutField | undefined): FieldPreference | null {
  if (!field) return null;
  const { label, page, x, y, width, height } = field;
  return { label, box: { page, x, y, width, height } };
}

const compactNumber = (value: string): string => value.replace(/\s+/g, '').toLowerCase();

/**
 * Where the vendor prints its invoice number, with the shape of the corrected number (its
 * numbering scheme: "INV-0042" -> "AAA-9999"), learnt even when the reader never found it.
 */
function numberPreference(
  place: FieldPreference | null,
  correctedNumber: string | null,
): FieldPreference | null {
  const shape = correctedNumber ? valueShape(correctedNumber) : '';
  if (!/9/u.test(shape)) return place;
  return { label: place?.label ?? null, box: place?.box ?? null, shape };
}

const otherOrder = (order: DateOrder): DateOrder => (order === 'DMY' ? 'MDY' : 'DMY');

/** 2024-03-05 -> 2024-05-03 (day and month swapped), or null when that is no other date. */
function swappedDate(iso: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(iso);
  if (!match) return null;
  const [, year, month, day] = match;
  if (Number(day) > 12 || day === month) return null;
  return `${year}-${day}-${month}`;
}

/**
 * The day/month order a correction teaches: the order the document was read in when the
 * reader's date was right, the other one when the reader swapped day and month; nothing when the
 * corrected date reads the same both ways or the reader found another date.
 */
function learnDateOrder(extracted: ExtractedData, correctedDate: string | null): DateOrder | null {
  const order = extracted.layout?.dateOrder;
  if (!order || !correctedDate) return null;
  const read = extracted.dates.issueDate;
  if (!read) return null;
  const swapped = swappedDate(correctedDate);
  if (!swapped) return null;
  if (read === correctedDate) return order;
  if (read === swapped) return otherOrder(order);
  return null;
}

/**
 * The document read in the vendor's learnt day/month order, unless the document itself shows
 * its order (a date such as 25/01/2024 that only one order can read).
 */
export function withLearntDateOrder(
  document: DocumentText,
  hint: VendorHints | null,
): DocumentText {
  if (!hint?.dateOrder || hint.dateOrder === document.dateOrder) return document;
  const { dayFirst, monthFirst } = dateOrderEvidence(document.lines);
  if (dayFirst !== monthFirst) return document;
  return { ...document, dateOrder: hint.dateOrder };
}

/**
 * Turns a user's correction into hints for the vendor: the position and label of the value the
 * user confirmed (found among the values the extractor considered), and the chosen category.
 * `previous` keeps what an earlier correction taught when this one teaches nothing new.
 */
export function learnFromCorrection(
  extracted: ExtractedData,
  corrected: ExtractionCorrection,
  previous: VendorHints | null = null,
): VendorHints {
  const layout = extracted.layout;
  const totalCents = corrected.total === null ? null : parseMoney(corrected.total, { round: true });
  const totalField =
    totalCents === null
      ? undefined
      : layout?.totalCandidates.find((candidate) => parseMoney(candidate.value) === totalCents);
  const numberField = corrected.invoiceNumber
    ? layout?.invoiceNumberCandidates.find(
        (candidate) =>
          compactNumber(candidate.value) === compactNumber(corrected.invoiceNumber ?? ''),
      )
    : undefined;
  const dateField = corrected.issueDate
    ? layout?.issueDateCandidates?.find((candidate) => candidate.value === corrected.issueDate)
    : undefined;
  const issueDate = preferenceFrom(dateField) ?? previous?.issueDate ?? null;
  const vendorKey = nameKey(corrected.vendorName);
  // Every name the document was read under: the one chosen and the issuer as printed (a
  // marketplace's invoice names its seller; the next one may be read by the seller alone).
  const correctedCore = coreKey(corrected.vendorName);
  const readKeys = [extracted.vendor.name ?? '', ...(extracted.layout?.vendorNames ?? [])]
    .map(coreKey)
    .filter((key) => key.length >= 3 && key !== vendorKey && key !== correctedCore);
  const readNames = [
    ...(previous?.readNames ?? []).filter((key) => !readKeys.includes(key)),
    ...new Set(readKeys),
  ].slice(-maxReadNames);
  const dateOrder = learnDateOrder(extracted, corrected.issueDate) ?? previous?.dateOrder;
  return {
    vendorName: corrected.vendorName.trim(),
    vendorKey,
    readNames,
    ...(dateOrder ? { dateOrder } : {}),
    taxId: extracted.vendor.taxId ?? previous?.taxId ?? null,
    total: preferenceFrom(totalField) ?? previous?.total ?? null,
    invoiceNumber: numberPreference(
      preferenceFrom(numberField) ?? previous?.invoiceNumber ?? null,
      corrected.invoiceNumber,
    ),
    ...(issueDate ? { issueDate } : {}),
    category: corrected.category ?? previous?.category ?? null,
  };
}

/**
 * The stored hints that belong to this document: same tax id, same vendor name, or the vendor's
 * name printed somewhere in the text.
 */
export function matchVendorHints(
  hints: readonly VendorHints[],
  found: { name: string | null; taxId: string | null; text: string },
): VendorHints | null {
  const taxId = found.taxId ? compactNumber(found.taxId) : null;
  const byTaxId = taxId
    ? hints.find((hint) => hint.taxId && compactNumber(hint.taxId) === taxId)
    : undefined;
  if (byTaxId) return byTaxId;
  const key = found.name ? nameKey(found.name) : '';
  const byName =
    hints.find((hint) => hint.vendorKey !== '' && hint.vendorKey === key) ??
    (found.name ? matchReadName(hints, found.name) : null);
  if (byName) return byName;
  const textKey = nameKey(found.text);
  return (
    hints.find((hint) => hint.vendorKey.length >= 4 && textKey.includes(hint.vendorKey)) ?? null
  );
}
