import type { EinvoiceDocument, EinvoiceLine } from '../../../../shared/contracts/einvoicing';
import { DEFAULT_UNIT_CODE, type VatCategory, vatCategoryLabels } from '../../../../shared/einvoice-codes';
import { type Cents, multiplyCents, parseMoney, toDecimal } from '../../../../shared/money';
import { normalizeVatRate } from '../../../../shared/vat';

export interface ReceivedBillLine {
  description: string;
  quantity: string;
  unitPrice: Cents;
  totalPrice: Cents;
  taxCategory: VatCategory;
  taxRate: string;
  unitCode: string;
}

// bill_items.quantity is numeric(12,4): more decimals would be rounded by the database.
const QUANTITY_SHAPE = /^-?\d{1,8}(\.\d{1,4})?$/;

function lineDescription(line: EinvoiceLine): string {
  const text = line.description && line.description !== line.name ? `${line.name} - ${line.description}` : line.name || line.description || `Line ${line.id}`;
  return text.slice(0, 500);
}

/**
 * A bill line that pays exactly the e-invoice's line net (BT-131). When the net price has more than
 * two decimals, or quantity x price does not give BT-131 to the cent, the line is kept as quantity 1
 * at the line net, and "12 x 0.125" stays in its description so nothing of the original is lost.
 */
export function billLineFrom(line: EinvoiceLine): ReceivedBillLine {
  const price = parseMoney(line.netPrice);
  const base = { taxCategory: line.vatCategory, taxRate: normalizeVatRate(line.vatRate), unitCode: line.unitCode || DEFAULT_UNIT_CODE };
  const exact = price !== null && QUANTITY_SHAPE.test(line.quantity) && multiplyCents(price, line.quantity) === line.lineNet;
  if (exact) {
    return { ...base, description: lineDescription(line), quantity: line.quantity, unitPrice: price, totalPrice: line.lineNet };
  }
  const detail = `${line.quantity} ${line.unitCode} x ${line.netPrice}`;
  return { ...base, description: `${lineDescription(line)} (${detail})`.slice(0, 500), quantity: '1', unitPrice: line.lineNet, totalPrice: line.lineNet };
}

/**
 * The bill's lines: the invoice lines, then each document-level charge (BG-21) as a line of its own.
 * A profile without lines (Factur-X BASIC WL, MINIMUM) gives one line per VAT group at its taxable
 * amount (allowances and charges are already in it), so the bill still has its VAT by rate.
 */
export function billLinesFrom(doc: EinvoiceDocument): ReceivedBillLine[] {
  if (doc.lines.length === 0) return linesFromVatGroups(doc);
  const charges = doc.allowancesCharges
    .filter((entry) => entry.isCharge)
    .map((charge) => ({
      description: `Charge: ${charge.reason ?? charge.reasonCode ?? 'document charge'}`.slice(0, 500),
      quantity: '1',
      unitPrice: charge.amount,
      totalPrice: charge.amount,
      taxCategory: charge.vatCategory,
      taxRate: normalizeVatRate(charge.vatRate),
      unitCode: DEFAULT_UNIT_CODE,
    }));
  return [...doc.lines.map(billLineFrom), ...charges];
}

function linesFromVatGroups(doc: EinvoiceDocument): ReceivedBillLine[] {
  const groups = doc.vatBreakdown.length > 0 ? doc.vatBreakdown : [{ category: 'O' as const, rate: null, taxableAmount: doc.totals.taxExclusive }];
  return groups.map((group) => ({
    description: `Invoice ${doc.number}: ${vatCategoryLabels[group.category]} ${normalizeVatRate(group.rate)}% (the e-invoice has no lines)`.slice(0, 500),
    quantity: '1',
    unitPrice: group.taxableAmount,
    totalPrice: group.taxableAmount,
    taxCategory: group.category,
    taxRate: normalizeVatRate(group.rate),
    unitCode: DEFAULT_UNIT_CODE,
  }));
}

/** The bill's discount: BT-107, except when the lines are the VAT groups' taxable amounts (allowances already in them). */
export function billDiscountFrom(doc: EinvoiceDocument): Cents {
  return doc.lines.length === 0 ? 0 : doc.totals.allowanceTotal;
}

export const toBillItemRow = (billId: string, line: ReceivedBillLine, position: number) => ({
  billId,
  position,
  description: line.description,
  quantity: line.quantity,
  unitPrice: toDecimal(line.unitPrice),
  totalPrice: toDecimal(line.totalPrice),
  taxCategory: line.taxCategory,
  taxRate: line.taxRate,
  unitCode: line.unitCode,
});
