import { z } from 'zod';
import { computeTotals, type Totals } from '../totals';
import { type VatCategory, vatCategories } from '../einvoice-codes';
import { computeVatBreakdown, exemptionReasonCategories, zeroRateCategories } from '../vat';
import { moneyInput, quantityInput } from './common';

/** A VAT rate in percent, 0 to 100 with at most two decimals ("19", "5.5"); leaves as "19.00". */
export const vatRateInput = z
  .union([z.number(), z.string().trim()])
  .transform((value, ctx): string | null => {
    const text = typeof value === 'number' ? String(value) : value;
    if (text === '') return null;
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) {
      ctx.addIssue({ code: 'custom', message: 'VAT rate must be a percentage from 0 to 100 with at most 2 decimals' });
      return z.NEVER;
    }
    const [int = '0', frac = ''] = text.split('.');
    return `${Number(int)}.${(frac + '00').slice(0, 2)}`;
  });

/**
 * One invoice or bill line (spec 5). Amounts arrive as decimals and leave this schema as minor units
 * of `currency` (default USD: cents).
 */
export function lineItemSchemaFor(currency?: string) {
  return z.object({
    description: z
      .string({ message: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(500, 'Description must be at most 500 characters'),
    quantity: quantityInput,
    unitPrice: moneyInput('Unit price', { required: 'Unit price is required', currency }),
    totalPrice: moneyInput('Total price', { required: 'Total price is required', currency }),
    /**
     * EN 16931 VAT of the line (issue 36). Leave both out for a lump-sum tax as before; when any line
     * has a category, every line needs one and the tax must equal the VAT by rate (shared/vat.ts).
     */
    taxCategory: z.enum(vatCategories, { message: 'VAT category must be S, Z, E, AE, K, G, O, L or M' }).nullish(),
    taxRate: vatRateInput.nullish(),
    /** UN/ECE Rec 20 unit code (BT-130): "C62" one, "HUR" hour, "KGM" kilogram, "DAY" day... */
    unitCode: z
      .union([z.literal(''), z.string().trim().regex(/^[A-Z0-9]{1,3}$/, 'Unit must be a UN/ECE Recommendation 20 code such as C62, HUR or KGM')])
      .nullish(),
  });
}

export const lineItemSchema = lineItemSchemaFor();
export type LineItemInput = z.infer<typeof lineItemSchema>;

/** A stored line's VAT detail as the API returns it (issue 36); all null for a lump-sum tax. */
export interface LineVat {
  taxCategory: VatCategory | null;
  /** Percent with two decimals ("19.00"). */
  taxRate: string | null;
  unitCode: string | null;
}

/** The VAT exemption reason (BT-120): text, '' or null for none. */
export const vatExemptionReasonInput = z
  .string()
  .trim()
  .max(500, 'VAT exemption reason must be at most 500 characters')
  .nullish()
  .transform((value) => value || null);

export const EXEMPTION_REASON_REQUIRED = 'Give the VAT exemption reason: lines are exempt, reverse charge, intra-community, export or not subject to VAT';

/** Whether lines of categories E, AE, K, G or O need the document's exemption reason (BR-E-10, BR-AE-10...). */
export function needsExemptionReason(items: readonly { taxCategory?: VatCategory | null | undefined }[]): boolean {
  return items.some((item) => item.taxCategory && exemptionReasonCategories.includes(item.taxCategory));
}

/** Refuses lines that need an exemption reason on a document without one, naming vatExemptionReason. */
export function checkExemptionReason(
  value: { items: readonly { taxCategory?: VatCategory | null | undefined }[]; vatExemptionReason?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (needsExemptionReason(value.items) && !value.vatExemptionReason) {
    ctx.addIssue({ code: 'custom', path: ['vatExemptionReason'], message: EXEMPTION_REASON_REQUIRED });
  }
}

export function lineItemsSchemaFor(currency?: string) {
  return z
    .array(lineItemSchemaFor(currency), { message: 'At least one item is required' })
    .min(1, 'At least one item is required')
    .max(500, 'At most 500 items');
}

export const lineItemsSchema = lineItemsSchemaFor();

interface TotalsClaim {
  items: LineItemInput[];
  subtotal: number;
  taxAmount: number;
  discountAmount?: number;
  totalAmount: number;
}

/**
 * The server computes every total itself; a request whose figures disagree is refused, naming the
 * field (spec: item total = quantity x unit price; subtotal = sum; total = subtotal + tax - discount).
 * Use inside .superRefine() of an invoice or bill schema.
 */
export function checkClaimedTotals(claim: TotalsClaim, ctx: z.RefinementCtx): Totals {
  const totals = computeTotals({
    items: claim.items.map((item) => ({ quantity: item.quantity, unitPrice: item.unitPrice })),
    taxAmount: claim.taxAmount,
    discountAmount: claim.discountAmount ?? 0,
  });
  totals.itemTotals.forEach((total, index) => {
    if (claim.items[index]?.totalPrice !== total) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'totalPrice'], message: 'Total price must equal quantity times unit price' });
    }
  });
  if (claim.subtotal !== totals.subtotal) {
    ctx.addIssue({ code: 'custom', path: ['subtotal'], message: 'Subtotal must equal the sum of the item totals' });
  }
  if ((claim.discountAmount ?? 0) > totals.subtotal) {
    ctx.addIssue({ code: 'custom', path: ['discountAmount'], message: 'Discount cannot be larger than the subtotal' });
  }
  checkLineVat(claim, ctx);
  if (claim.totalAmount !== totals.totalAmount) {
    ctx.addIssue({
      code: 'custom',
      path: ['totalAmount'],
      message: claim.discountAmount === undefined ? 'Total must equal subtotal plus tax' : 'Total must equal subtotal plus tax minus discount',
    });
  }
  return totals;
}

/**
 * Lines with VAT detail: all or none carry a category (BR-CO-04 needs one on every line of an
 * e-invoice); a standard rate is above 0 (BR-S-05), the zero and exempt categories have 0; and the
 * tax is the VAT by rate computed from the lines and the discount (BR-CO-14, BR-CO-17).
 */
export function checkLineVat(claim: TotalsClaim, ctx: z.RefinementCtx): void {
  const withCategory = claim.items.filter((item) => item.taxCategory);
  if (withCategory.length === 0) return;
  let valid = true;
  claim.items.forEach((item, index) => {
    if (!item.taxCategory) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'taxCategory'], message: 'Give every line a VAT category, or none' });
      valid = false;
      return;
    }
    const rate = Number(item.taxRate ?? 0);
    if (item.taxCategory === 'S' && !(rate > 0)) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'taxRate'], message: 'A standard-rated line needs a VAT rate above 0 (BR-S-05)' });
      valid = false;
    } else if (zeroRateCategories.includes(item.taxCategory) && rate !== 0) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'taxRate'], message: `VAT rate must be 0 for category ${item.taxCategory}` });
      valid = false;
    }
  });
  if (!valid) return;
  const breakdown = computeVatBreakdown(
    claim.items.map((item) => ({ net: item.totalPrice, category: item.taxCategory ?? 'S', rate: item.taxRate ?? null })),
    claim.discountAmount ?? 0,
  );
  if (claim.taxAmount !== breakdown.taxTotal) {
    ctx.addIssue({ code: 'custom', path: ['taxAmount'], message: 'Tax must equal the VAT of the lines at their rates (BR-CO-14)' });
  }
}
