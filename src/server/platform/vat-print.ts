import { type VatCategory } from '../../shared/einvoice-codes';
import type { LineVat } from '../../shared/contracts/line-items';
import { type Cents, centsFromDecimal } from '../../shared/money';
import { vatOfLines } from '../../shared/vat';

/**
 * What the invoice and credit note PDFs print of VAT by line (issue 36): each line's rate after its
 * description, and one totals row per category and rate ("VAT 19% on 90.00").
 */
export function lineWithRate(description: string, line: LineVat): string {
  if (!line.taxCategory) return description;
  return `${description}\nVAT ${line.taxCategory} ${Number(line.taxRate ?? 0)}%`;
}

export function vatTotalsRows(
  items: readonly (LineVat & { totalPrice: string })[],
  allowance: Cents,
  money: (cents: Cents) => string,
  /** The document's currency: the minor unit of the amounts (default USD). */
  currency?: string,
): [label: string, value: string, strong: boolean][] {
  const breakdown = vatOfLines(items, items.map((item) => centsFromDecimal(item.totalPrice, currency)), allowance);
  if (!breakdown) return [];
  return breakdown.groups.map((group) => [`VAT ${categoryShort(group.category)}${Number(group.rate)}% on ${money(group.taxableAmount)}`, money(group.taxAmount), false]);
}

const categoryShort = (category: VatCategory) => (category === 'S' ? '' : `${category} `);
