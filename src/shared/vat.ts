import type { VatCategory } from './einvoice-codes';
import { type Cents, normalizeDecimal, percentOf, shareOfCents, sumCents } from './money';

/**
 * VAT by category and rate, as EN 16931 computes it (issue 36): lines are grouped by category and
 * rate (BG-23); a document-level allowance is spread over the groups in proportion to their line
 * totals, so each group's taxable amount is its lines less its share (BT-116 = sum BT-131 - BT-92);
 * each group's VAT is its taxable amount times its rate, rounded half up to the cent (BR-CO-17);
 * the document's VAT is the sum of the groups' (BR-CO-14). Invoices, credit notes and bills whose
 * lines carry a category use this one rule; the total is still subtotal + tax - discount.
 */
export interface VatLine {
  net: Cents;
  category: VatCategory;
  /** Percent as a decimal string or number; 0 or null for categories without VAT. */
  rate: string | number | null;
}

export interface VatGroup {
  category: VatCategory;
  /** The rate normalised to two decimals ("19.00"); "0.00" for categories without VAT. */
  rate: string;
  /** The sum of the group's line totals (before the allowance share). */
  lineTotal: Cents;
  /** The group's share of the document-level allowance. */
  allowance: Cents;
  taxableAmount: Cents;
  taxAmount: Cents;
}

export interface VatBreakdown {
  groups: VatGroup[];
  taxTotal: Cents;
}

/** A rate as stored (numeric(5,2)): "19" -> "19.00", null -> "0.00". */
export function normalizeVatRate(rate: string | number | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '0.00';
  return normalizeDecimal(typeof rate === 'number' ? String(rate) : rate);
}

/** Categories whose rate must be 0 (BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05, BR-G-05) or absent (BR-O-05). */
export const zeroRateCategories: readonly VatCategory[] = ['Z', 'E', 'AE', 'K', 'G', 'O'];

/** Categories that need an exemption reason on the document (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const exemptionReasonCategories: readonly VatCategory[] = ['E', 'AE', 'K', 'G', 'O'];

export function computeVatBreakdown(lines: readonly VatLine[], documentAllowance: Cents = 0): VatBreakdown {
  const byKey = new Map<string, { category: VatCategory; rate: string; lineTotal: Cents }>();
  for (const line of lines) {
    const rate = normalizeVatRate(line.rate);
    const key = `${line.category}|${rate}`;
    const group = byKey.get(key) ?? { category: line.category, rate, lineTotal: 0 };
    group.lineTotal += line.net;
    byKey.set(key, group);
  }
  const groups = [...byKey.values()];
  const allowances = spreadAllowance(
    groups.map((group) => group.lineTotal),
    documentAllowance,
  );
  const result: VatGroup[] = groups.map((group, index) => {
    const allowance = allowances[index] ?? 0;
    const taxableAmount = group.lineTotal - allowance;
    return { ...group, allowance, taxableAmount, taxAmount: percentOf(taxableAmount, group.rate) };
  });
  return { groups: result, taxTotal: sumCents(result.map((group) => group.taxAmount)) };
}

/**
 * Splits an allowance over groups in proportion to their totals, to the cent, by largest remainder
 * (the shares always add up to the allowance). One group takes it all.
 */
export function spreadAllowance(totals: readonly Cents[], allowance: Cents): Cents[] {
  if (totals.length === 0) return [];
  if (allowance === 0) return totals.map(() => 0);
  const whole = sumCents(totals);
  if (totals.length === 1 || whole <= 0) return totals.map((_, index) => (index === 0 ? allowance : 0));
  const shares = totals.map((total) => shareOfCents(allowance, Math.max(total, 0), whole));
  let rest = allowance - sumCents(shares);
  // Rounding left a cent or two over or under: move them to the largest groups first.
  const order = totals.map((total, index) => ({ total, index })).sort((a, b) => b.total - a.total);
  for (let step = 0; rest !== 0; step += 1) {
    const target = order[step % order.length];
    if (!target) break;
    const move = rest > 0 ? 1 : -1;
    shares[target.index] = (shares[target.index] ?? 0) + move;
    rest -= move;
  }
  return shares;
}

/**
 * The VAT breakdown of a document's lines when they carry categories (their totals computed by
 * computeTotals), or null for a lump-sum tax: the form and the server both take the tax from here.
 */
export function vatOfLines(
  lines: readonly { taxCategory?: VatCategory | null | undefined; taxRate?: string | number | null | undefined }[],
  itemTotals: readonly Cents[],
  documentAllowance: Cents = 0,
): VatBreakdown | null {
  if (!lines.some((line) => line.taxCategory)) return null;
  return computeVatBreakdown(
    lines.map((line, index) => ({ net: itemTotals[index] ?? 0, category: line.taxCategory ?? 'S', rate: line.taxRate ?? null })),
    documentAllowance,
  );
}
