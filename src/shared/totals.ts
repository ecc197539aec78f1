import { type Cents, multiplyCents, sumCents } from './money';

/**
 * The one totals rule for invoices and bills (spec 5): item total = quantity x unit price to the
 * cent; subtotal = sum of item totals; total = subtotal + tax - discount (bills have no discount).
 * The form shows these figures and the server stores its own run of the same function.
 */
export interface TotalsInput {
  items: readonly { quantity: number | string; unitPrice: Cents }[];
  taxAmount: Cents;
  discountAmount?: Cents;
}

export interface Totals {
  itemTotals: Cents[];
  subtotal: Cents;
  taxAmount: Cents;
  discountAmount: Cents;
  totalAmount: Cents;
}

export function computeTotals(input: TotalsInput): Totals {
  const itemTotals = input.items.map((item) => multiplyCents(item.unitPrice, item.quantity));
  const subtotal = sumCents(itemTotals);
  const discountAmount = input.discountAmount ?? 0;
  return {
    itemTotals,
    subtotal,
    taxAmount: input.taxAmount,
    discountAmount,
    totalAmount: subtotal + input.taxAmount - discountAmount,
  };
}
