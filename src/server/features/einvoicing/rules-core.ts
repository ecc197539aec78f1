import type { EinvoiceDocument, EinvoiceRuleViolation } from '../../../shared/contracts/einvoicing';
import { sumCents } from '../../../shared/money';
import { percentOf } from '../../../shared/money';

/*
 * EN 16931-1 business rules over the model, in the standard's own words: the mandatory fields
 * (BR-01..BR-16, BR-21..BR-27), the calculation rules (BR-CO-09..BR-CO-18, BR-CO-25, BR-CO-26), the
 * decimals (BR-DEC-*) and the credit transfer account (BR-61). BR-CO-03 (BT-7 and BT-8 mutually
 * exclusive) holds by construction: we write neither.
 */

type Check = (rule: string, ok: boolean, message: string) => void;

export function collector(): { violations: EinvoiceRuleViolation[]; check: Check } {
  const violations: EinvoiceRuleViolation[] = [];
  const seen = new Set<string>();
  const check: Check = (rule, ok, message) => {
    if (ok || seen.has(rule)) return;
    seen.add(rule);
    violations.push({ rule, message });
  };
  return { violations, check };
}

const present = (value: string | null | undefined) => Boolean(value?.trim());

export function checkMandatoryFields(doc: EinvoiceDocument, check: Check): void {
  check('BR-01', present(doc.specificationId), 'An Invoice shall have a Specification identifier (BT-24).');
  check('BR-02', present(doc.number), 'An Invoice shall have an Invoice number (BT-1).');
  check('BR-03', /^\d{4}-\d{2}-\d{2}$/.test(doc.issueDate), 'An Invoice shall have an Invoice issue date (BT-2).');
  check('BR-04', present(doc.typeCode), 'An Invoice shall have an Invoice type code (BT-3).');
  check('BR-05', /^[A-Z]{3}$/.test(doc.currency), 'An Invoice shall have an Invoice currency code (BT-5).');
  check('BR-06', present(doc.seller.name), 'An Invoice shall contain the Seller name (BT-27).');
  check('BR-07', present(doc.buyer.name), 'An Invoice shall contain the Buyer name (BT-44).');
  const postal = (address: EinvoiceDocument['seller']['address']) => present(address.line1) || present(address.city) || present(address.postalCode);
  check('BR-08', postal(doc.seller.address), 'An Invoice shall contain the Seller postal address (BG-5).');
  check('BR-09', /^[A-Z]{2}$/.test(doc.seller.address.countryCode), 'The Seller postal address (BG-5) shall contain a Seller country code (BT-40).');
  check('BR-10', postal(doc.buyer.address), 'An Invoice shall contain the Buyer postal address (BG-8).');
  check('BR-11', /^[A-Z]{2}$/.test(doc.buyer.address.countryCode), 'The Buyer postal address shall contain a Buyer country code (BT-55).');
  const amount = (value: number) => Number.isSafeInteger(value);
  check('BR-12', amount(doc.totals.lineTotal), 'An Invoice shall have the Sum of Invoice line net amount (BT-106).');
  check('BR-13', amount(doc.totals.taxExclusive), 'An Invoice shall have the Invoice total amount without VAT (BT-109).');
  check('BR-14', amount(doc.totals.taxInclusive), 'An Invoice shall have the Invoice total amount with VAT (BT-112).');
  check('BR-15', amount(doc.totals.payable), 'An Invoice shall have the Amount due for payment (BT-115).');
  check('BR-16', doc.lines.length > 0, 'An Invoice shall have at least one Invoice line (BG-25)');
  for (const line of doc.lines) {
    check('BR-21', present(line.id), 'Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).');
    check('BR-22', present(line.quantity), 'Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).');
    check('BR-23', present(line.unitCode), 'An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).');
    check('BR-24', amount(line.lineNet), 'Each Invoice line (BG-25) shall have an Invoice line net amount (BT-131).');
    check('BR-25', present(line.name), 'Each Invoice line (BG-25) shall contain the Item name (BT-153).');
    check('BR-26', present(line.netPrice), 'Each Invoice line (BG-25) shall contain the Item net price (BT-146).');
    check('BR-27', !line.netPrice.trim().startsWith('-'), 'The Item net price (BT-146) shall NOT be negative.');
  }
  check(
    'BR-CO-25',
    doc.totals.payable <= 0 || present(doc.dueDate) || present(doc.paymentTerms),
    'In case the Amount due for payment (BT-115) is positive, either the Payment due date (BT-9) or the Payment terms (BT-20) shall be present.',
  );
  check(
    'BR-CO-26',
    present(doc.seller.companyId) || present(doc.seller.vatId),
    'In order for the buyer to automatically identify a supplier, the Seller identifier (BT-29), the Seller legal registration identifier (BT-30) and/or the Seller VAT identifier (BT-31) shall be present.',
  );
  if (doc.payment) {
    const transfer = ['30', '58'].includes(doc.payment.meansCode);
    check(
      'BR-61',
      !transfer || present(doc.payment.iban) || present(doc.payment.accountNumber),
      'If the Payment means type code (BT-81) means SEPA credit transfer, Local credit transfer or Non-SEPA international credit transfer, the Payment account identifier (BT-84) shall be present.',
    );
  }
}

const vatPrefix = /^(?:[A-Z]{2})[A-Z0-9+*.]{2,}$/;

export function checkCalculations(doc: EinvoiceDocument, check: Check): void {
  const { totals } = doc;
  for (const vatId of [doc.seller.vatId, doc.buyer.vatId]) {
    check(
      'BR-CO-09',
      vatId === null || vatPrefix.test(vatId),
      'The Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix ‘EL’.',
    );
  }
  const allowances = doc.allowancesCharges.filter((entry) => !entry.isCharge).map((entry) => entry.amount);
  const charges = doc.allowancesCharges.filter((entry) => entry.isCharge).map((entry) => entry.amount);
  check('BR-CO-10', totals.lineTotal === sumCents(doc.lines.map((line) => line.lineNet)), 'Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).');
  check('BR-CO-11', totals.allowanceTotal === sumCents(allowances), 'Sum of allowances on document level (BT-107) = Σ Document level allowance amount (BT-92).');
  check('BR-CO-12', totals.chargeTotal === sumCents(charges), 'Sum of charges on document level (BT-108) = Σ Document level charge amount (BT-99).');
  check(
    'BR-CO-13',
    totals.taxExclusive === totals.lineTotal - totals.allowanceTotal + totals.chargeTotal,
    'Invoice total amount without VAT (BT-109) = Σ Invoice line net amount (BT-131) - Sum of allowances on document level (BT-107) + Sum of charges on document level (BT-108).',
  );
  check('BR-CO-14', totals.taxTotal === sumCents(doc.vatBreakdown.map((group) => group.taxAmount)), 'Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).');
  check('BR-CO-15', totals.taxInclusive === totals.taxExclusive + totals.taxTotal, 'Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).');
  check(
    'BR-CO-16',
    totals.payable === totals.taxInclusive - totals.prepaid + totals.rounding,
    'Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) -Paid amount (BT-113) +Rounding amount (BT-114).',
  );
  for (const group of doc.vatBreakdown) {
    check(
      'BR-CO-17',
      group.taxAmount === percentOf(group.taxableAmount, group.rate ?? '0'),
      'VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) x (VAT category rate (BT-119) / 100), rounded to two decimals.',
    );
  }
  check('BR-CO-18', doc.vatBreakdown.length > 0, 'An Invoice shall at least have one VAT breakdown group (BG-23).');
}

/** Amounts are whole minor units, so the written text has the currency's two decimals at most. */
export function checkDecimals(doc: EinvoiceDocument, check: Check): void {
  const whole = (value: number) => Number.isSafeInteger(value);
  for (const entry of doc.allowancesCharges) {
    check(entry.isCharge ? 'BR-DEC-05' : 'BR-DEC-01', whole(entry.amount), `The allowed maximum number of decimals for the Document level ${entry.isCharge ? 'charge' : 'allowance'} amount (${entry.isCharge ? 'BT-99' : 'BT-92'}) is 2.`);
  }
  const totals: [string, number, string][] = [
    ['BR-DEC-09', doc.totals.lineTotal, 'Sum of Invoice line net amount (BT-106)'],
    ['BR-DEC-10', doc.totals.allowanceTotal, 'Sum of allowanced on document level (BT-107)'],
    ['BR-DEC-11', doc.totals.chargeTotal, 'Sum of charges on document level (BT-108)'],
    ['BR-DEC-12', doc.totals.taxExclusive, 'Invoice total amount without VAT (BT-109)'],
    ['BR-DEC-13', doc.totals.taxTotal, 'Invoice total VAT amount (BT-110)'],
    ['BR-DEC-14', doc.totals.taxInclusive, 'Invoice total amount with VAT (BT-112)'],
    ['BR-DEC-16', doc.totals.prepaid, 'Paid amount (BT-113)'],
    ['BR-DEC-17', doc.totals.rounding, 'Rounding amount (BT-114)'],
    ['BR-DEC-18', doc.totals.payable, 'Amount due for payment (BT-115)'],
  ];
  for (const [rule, value, name] of totals) check(rule, whole(value), `The allowed maximum number of decimals for the ${name} is 2.`);
  for (const group of doc.vatBreakdown) {
    check('BR-DEC-19', whole(group.taxableAmount), 'The allowed maximum number of decimals for the VAT category taxable amount (BT-116) is 2.');
    check('BR-DEC-20', whole(group.taxAmount), 'The allowed maximum number of decimals for the VAT category tax amount (BT-117) is 2.');
  }
  for (const line of doc.lines) check('BR-DEC-23', whole(line.lineNet), 'The allowed maximum number of decimals for the Invoice line net amount (BT-131) is 2.');
}
