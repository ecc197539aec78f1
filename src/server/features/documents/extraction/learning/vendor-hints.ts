import type { ExtractedData, LayoutField } from '../../../../../shared/contracts/extracted-data';
import { parseMoney } from '../../../../../shared/money';
import type { FieldPreference } from '../fields/candidate';
import { nameKey } from '../fields/vendor-rules';

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
  category: string | null;
  /**
   * Normalised names the reader gave this vendor's documents before a correction ("gldtown"
   * for Old Town): the next document read the same way is this vendor's. Absent in hints
   * stored before it existed.
   */
  readNames?: string[];
}

// Readings kept per vendor: the latest few, so a vendor with several printers is recognised.
const maxReadNames = 5;

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
  const vendorKey = nameKey(corrected.vendorName);
  const readKey = nameKey(extracted.vendor.name ?? '');
  const readNames = [...(previous?.readNames ?? []).filter((key) => key !== readKey), readKey]
    .filter((key) => key.length >= 3 && key !== vendorKey)
    .slice(-maxReadNames);
  return {
    vendorName: corrected.vendorName.trim(),
    vendorKey,
    readNames,
    taxId: extracted.vendor.taxId ?? previous?.taxId ?? null,
    total: preferenceFrom(totalField) ?? previous?.total ?? null,
    invoiceNumber: preferenceFrom(numberField) ?? previous?.invoiceNumber ?? null,
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
    (key.length >= 3 ? hints.find((hint) => hint.readNames?.includes(key)) : undefined);
  if (byName) return byName;
  const textKey = nameKey(found.text);
  return (
    hints.find((hint) => hint.vendorKey.length >= 4 && textKey.includes(hint.vendorKey)) ?? null
  );
}
