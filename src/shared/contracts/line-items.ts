import { z } from 'zod';
import { computeTotals, type Totals } from '../totals';
import { moneyInput, quantityInput } from './common';

/** One invoice or bill line (spec 5). Amounts arrive as decimals and leave this schema as cents. */
export const lineItemSchema = z.object({
  description: z
    .string({ message: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(500, 'Description must be at most 500 characters'),
  quantity: quantityInput,
  unitPrice: moneyInput('Unit price', { required: 'Unit price is required' }),
  totalPrice: moneyInput('Total price', { required: 'Total price is required' }),
});
export type LineItemInput = z.infer<typeof lineItemSchema>;

export const lineItemsSchema = z
  .array(lineItemSchema, { message: 'At least one item is required' })
  .min(1, 'At least one item is required')
  .max(500, 'At most 500 items');

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
  if (claim.totalAmount !== totals.totalAmount) {
    ctx.addIssue({
      code: 'custom',
      path: ['totalAmount'],
      message: claim.discountAmount === undefined ? 'Total must equal subtotal plus tax' : 'Total must equal subtotal plus tax minus discount',
    });
  }
  return totals;
}
