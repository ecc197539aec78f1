import type { VatCategory } from '../../shared/einvoice-codes';
import { EXEMPTION_REASON_REQUIRED, type LineVat, needsExemptionReason } from '../../shared/contracts/line-items';
import type { Cents } from '../../shared/money';
import { computeTotals, type Totals } from '../../shared/totals';
import { normalizeVatRate, vatOfLines } from '../../shared/vat';
import { AppError } from './errors';

/**
 * The three VAT columns every line table carries (issue 36: invoice, credit note, recurring and
 * bill items), written and read the same way everywhere.
 */
export interface LineVatInput {
  taxCategory?: VatCategory | null | undefined;
  taxRate?: string | number | null | undefined;
  unitCode?: string | null | undefined;
}

/** What a line row stores: a category with its rate ("19.00"), or nulls for a lump-sum tax. */
export function lineVatColumns(item: LineVatInput): LineVat {
  return {
    taxCategory: item.taxCategory ?? null,
    taxRate: item.taxCategory ? normalizeVatRate(item.taxRate) : null,
    unitCode: item.unitCode ? item.unitCode : null,
  };
}

/** A stored line's VAT detail for the API (numeric(5,2) already reads "19.00"). */
export function lineVatOf(row: LineVat): LineVat {
  return {
    taxCategory: row.taxCategory ?? null,
    taxRate: row.taxCategory ? normalizeVatRate(row.taxRate) : null,
    unitCode: row.unitCode ?? null,
  };
}

/** For callers that skip the contract: lines of E, AE, K, G or O need the exemption reason (BR-E-10...). */
export function requireExemptionReason(items: readonly LineVatInput[], reason: string | null | undefined): void {
  if (needsExemptionReason(items) && !reason?.trim()) {
    throw new AppError('VALIDATION', EXEMPTION_REASON_REQUIRED, { vatExemptionReason: EXEMPTION_REASON_REQUIRED });
  }
}

/**
 * computeTotals where lines with VAT categories give the tax themselves (VAT by rate, the discount
 * spread over the rates: shared/vat.ts); without categories the lump-sum tax stands as before.
 */
export function totalsWithLineVat(
  items: readonly ({ quantity: string | number; unitPrice: Cents } & LineVatInput)[],
  taxAmount: Cents,
  discountAmount: Cents = 0,
): Totals {
  const lumpSum = computeTotals({ items, taxAmount, discountAmount });
  const vat = vatOfLines(items, lumpSum.itemTotals, lumpSum.discountAmount);
  return vat ? computeTotals({ items, taxAmount: vat.taxTotal, discountAmount }) : lumpSum;
}
