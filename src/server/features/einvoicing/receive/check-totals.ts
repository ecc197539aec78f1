import type { EinvoiceDocument, EinvoiceRuleViolation } from '../../../../shared/contracts/einvoicing';
import { type Cents, percentOf, sumCents, toDecimal } from '../../../../shared/money';
import { normalizeVatRate } from '../../../../shared/vat';

const money = (cents: Cents, currency: string): string => `${currency} ${toDecimal(cents)}`.trim();

/**
 * Recomputes a received e-invoice's totals by EN 16931's calculation rules and names each that
 * does not hold: BR-CO-10 (sum of lines), BR-CO-11/12 (allowances, charges), BR-CO-13 (total without
 * VAT), BR-CO-14 (VAT total = sum of groups), BR-CO-17 (group VAT = base x rate), BR-S-08 and the
 * like (group base = its lines and allowances/charges), BR-CO-15 (total with VAT), BR-CO-16 (payable).
 */
export function checkEinvoiceTotals(doc: EinvoiceDocument): EinvoiceRuleViolation[] {
  const t = doc.totals;
  const c = doc.currency;
  const found: EinvoiceRuleViolation[] = [];
  const expect = (rule: string, what: string, computed: Cents, stated: Cents, from: string): void => {
    if (computed !== stated) found.push({ rule, message: `${what} is ${money(stated, c)} on the invoice, but ${from} gives ${money(computed, c)}.` });
  };
  const allowances = doc.allowancesCharges.filter((entry) => !entry.isCharge);
  const charges = doc.allowancesCharges.filter((entry) => entry.isCharge);
  // Factur-X BASIC WL and MINIMUM carry no lines: the line rules cannot be checked on them.
  const hasLines = doc.lines.length > 0;
  if (hasLines) expect('BR-CO-10', 'The sum of line net amounts (BT-106)', sumCents(doc.lines.map((line) => line.lineNet)), t.lineTotal, 'adding up the lines');
  expect('BR-CO-11', 'The sum of allowances (BT-107)', sumCents(allowances.map((entry) => entry.amount)), t.allowanceTotal, 'adding up the allowances');
  expect('BR-CO-12', 'The sum of charges (BT-108)', sumCents(charges.map((entry) => entry.amount)), t.chargeTotal, 'adding up the charges');
  expect('BR-CO-13', 'The total without VAT (BT-109)', t.lineTotal - t.allowanceTotal + t.chargeTotal, t.taxExclusive, 'lines less allowances plus charges');
  expect('BR-CO-14', 'The VAT total (BT-110)', sumCents(doc.vatBreakdown.map((group) => group.taxAmount)), t.taxTotal, 'adding up the VAT breakdown');
  for (const group of doc.vatBreakdown) {
    const rate = normalizeVatRate(group.rate);
    const label = `the ${group.category} ${rate}% VAT group`;
    expect('BR-CO-17', `The VAT of ${label} (BT-117)`, percentOf(group.taxableAmount, rate), group.taxAmount, `${money(group.taxableAmount, c)} x ${rate}%`);
    const same = (entry: { vatCategory: string; vatRate: string | null }) => entry.vatCategory === group.category && normalizeVatRate(entry.vatRate) === rate;
    const base =
      sumCents(doc.lines.filter((line) => same({ vatCategory: line.vatCategory, vatRate: line.vatRate })).map((line) => line.lineNet)) -
      sumCents(allowances.filter(same).map((entry) => entry.amount)) +
      sumCents(charges.filter(same).map((entry) => entry.amount));
    if (hasLines) expect(`BR-${group.category === 'K' ? 'IC' : group.category}-08`, `The taxable amount of ${label} (BT-116)`, base, group.taxableAmount, 'its lines, allowances and charges');
  }
  expect('BR-CO-15', 'The total with VAT (BT-112)', t.taxExclusive + t.taxTotal, t.taxInclusive, 'the total without VAT plus VAT');
  expect('BR-CO-16', 'The amount due (BT-115)', t.taxInclusive - t.prepaid + t.rounding, t.payable, 'the total with VAT less the prepaid amount plus rounding');
  return found;
}

/** Warnings as stored on the bill (bills.einvoice_warnings): "BR-CO-10: ...". */
export function warningTexts(violations: readonly EinvoiceRuleViolation[]): string[] {
  return violations.map((violation) => `${violation.rule}: ${violation.message}`);
}
