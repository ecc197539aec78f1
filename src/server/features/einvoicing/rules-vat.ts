import type { EinvoiceDocument } from '../../../shared/contracts/einvoicing';
import type { VatCategory } from '../../../shared/einvoice-codes';
import { percentOf, sumCents } from '../../../shared/money';
import { normalizeVatRate } from '../../../shared/vat';

/*
 * The VAT category rules of EN 16931 (BR-S-01..10, BR-Z-01..10, BR-E-01..10, BR-AE-01..10,
 * BR-IC-01..10 for K "intra-community supply", BR-G-01..10, BR-O-01..11), written once over a table
 * of each category's name and what it demands. L and M (Canary Islands, Ceuta and Melilla) we never
 * write and do not check.
 */

type Check = (rule: string, ok: boolean, message: string) => void;

interface CategoryRules {
  prefix: string;
  name: string;
  /** What the seller (and buyer) identifiers must be, in the rule's words for rule 02 (lines). */
  parties: (doc: EinvoiceDocument) => boolean;
  partiesWords: string;
  /** 'positive' (S), 'zero' (Z, E, AE, K, G), 'none' (O). */
  rate: 'positive' | 'zero' | 'none';
  /** Exemption reason required (true) or forbidden (false). */
  reason: boolean;
}

const has = (value: string | null | undefined) => Boolean(value?.trim());
const sellerTaxId = (doc: EinvoiceDocument) => has(doc.seller.vatId) || has(doc.seller.taxRegistrationId);

const categories: Partial<Record<VatCategory, CategoryRules>> = {
  S: { prefix: 'BR-S', name: 'Standard rated', parties: sellerTaxId, partiesWords: 'shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).', rate: 'positive', reason: false },
  Z: { prefix: 'BR-Z', name: 'Zero rated', parties: sellerTaxId, partiesWords: 'shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).', rate: 'zero', reason: false },
  E: { prefix: 'BR-E', name: 'Exempt from VAT', parties: sellerTaxId, partiesWords: 'shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).', rate: 'zero', reason: true },
  AE: {
    prefix: 'BR-AE',
    name: 'Reverse charge',
    parties: (doc) => sellerTaxId(doc) && (has(doc.buyer.vatId) || has(doc.buyer.companyId)),
    partiesWords: 'shall contain the Seller VAT Identifier (BT-31), the Seller Tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) and/or the Buyer legal registration identifier (BT-47).',
    rate: 'zero',
    reason: true,
  },
  K: { prefix: 'BR-IC', name: 'Intra-community supply', parties: (doc) => has(doc.seller.vatId) && has(doc.buyer.vatId), partiesWords: 'shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48).', rate: 'zero', reason: true },
  G: { prefix: 'BR-G', name: 'Export outside the EU', parties: (doc) => has(doc.seller.vatId), partiesWords: 'shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63).', rate: 'zero', reason: true },
  O: { prefix: 'BR-O', name: 'Not subject to VAT', parties: (doc) => !has(doc.seller.vatId) && !has(doc.buyer.vatId), partiesWords: 'shall not contain the Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) or the Buyer VAT identifier (BT-48).', rate: 'none', reason: true },
};

function rateOk(rule: CategoryRules, rate: string | null): boolean {
  if (rule.rate === 'none') return rate === null;
  if (rate === null) return false;
  const value = Number(normalizeVatRate(rate));
  return rule.rate === 'positive' ? value > 0 : value === 0;
}

const rateWords = (rule: CategoryRules, what: string, bt: string) =>
  rule.rate === 'none' ? `shall not contain ${what} (${bt}).` : rule.rate === 'positive' ? `shall be greater than zero.` : `shall be 0 (zero).`;

export function checkVatCategories(doc: EinvoiceDocument, check: Check): void {
  const used = new Set<VatCategory>([...doc.lines.map((line) => line.vatCategory), ...doc.allowancesCharges.map((entry) => entry.vatCategory)]);
  for (const category of used) {
    const rule = categories[category];
    if (!rule) continue;
    const { prefix, name } = rule;
    const groups = doc.vatBreakdown.filter((group) => group.category === category);
    check(
      `${prefix}-01`,
      category === 'S' ? groups.length > 0 : groups.length === 1,
      `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "${name}" shall contain in the VAT breakdown (BG-23) ${category === 'S' ? 'at least one' : 'exactly one'} VAT category code (BT-118) equal with "${name}".`,
    );
    const lines = doc.lines.filter((line) => line.vatCategory === category);
    const allowances = doc.allowancesCharges.filter((entry) => entry.vatCategory === category && !entry.isCharge);
    const charges = doc.allowancesCharges.filter((entry) => entry.vatCategory === category && entry.isCharge);
    check(`${prefix}-02`, lines.length === 0 || rule.parties(doc), `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "${name}" ${rule.partiesWords}`);
    check(`${prefix}-03`, allowances.length === 0 || rule.parties(doc), `An Invoice that contains a Document level allowance (BG-20) where the Document level allowance VAT category code (BT-95) is "${name}" ${rule.partiesWords}`);
    check(`${prefix}-04`, charges.length === 0 || rule.parties(doc), `An Invoice that contains a Document level charge (BG-21) where the Document level charge VAT category code (BT-102) is "${name}" ${rule.partiesWords}`);
    for (const line of lines) {
      check(`${prefix}-05`, rateOk(rule, line.vatRate), `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "${name}" the Invoiced item VAT rate (BT-152) ${rateWords(rule, 'an Invoiced item VAT rate', 'BT-152')}`);
    }
    for (const entry of allowances) {
      check(`${prefix}-06`, rateOk(rule, entry.vatRate), `In a Document level allowance (BG-20) where the Document level allowance VAT category code (BT-95) is "${name}" the Document level allowance VAT rate (BT-96) ${rateWords(rule, 'a Document level allowance VAT rate', 'BT-96')}`);
    }
    for (const entry of charges) {
      check(`${prefix}-07`, rateOk(rule, entry.vatRate), `In a Document level charge (BG-21) where the Document level charge VAT category code (BT-102) is "${name}" the Document level charge VAT rate (BT-103) ${rateWords(rule, 'a Document level charge VAT rate', 'BT-103')}`);
    }
    for (const group of groups) {
      const sameRate = (rate: string | null) => category !== 'S' || normalizeVatRate(rate) === normalizeVatRate(group.rate);
      const expected =
        sumCents(lines.filter((line) => sameRate(line.vatRate)).map((line) => line.lineNet)) -
        sumCents(allowances.filter((entry) => sameRate(entry.vatRate)).map((entry) => entry.amount)) +
        sumCents(charges.filter((entry) => sameRate(entry.vatRate)).map((entry) => entry.amount));
      check(
        `${prefix}-08`,
        group.taxableAmount === expected,
        category === 'S'
          ? 'For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is "Standard rated", the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts (BT-131) plus the sum of document level charge amounts (BT-99) minus the sum of document level allowance amounts (BT-92) where the VAT category code (BT-151, BT-102, BT-95) is "Standard rated" and the VAT rate (BT-152, BT-103, BT-96) equals the VAT category rate (BT-119).'
          : `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is "${name}" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amount (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "${name}".`,
      );
      check(
        `${prefix}-09`,
        category === 'S' ? group.taxAmount === percentOf(group.taxableAmount, group.rate ?? '0') : group.taxAmount === 0,
        category === 'S'
          ? 'The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is "Standard rated" shall equal the VAT category taxable amount (BT-116) multiplied by the VAT category rate (BT-119).'
          : `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "${name}" shall equal 0 (zero).`,
      );
      const hasReason = has(group.exemptionReason) || has(group.exemptionReasonCode);
      check(
        `${prefix}-10`,
        rule.reason ? hasReason : !hasReason,
        rule.reason
          ? `A VAT breakdown (BG-23) with VAT Category code (BT-118) "${name}" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).`
          : `A VAT breakdown (BG-23) with VAT Category code (BT-118) "${name}" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).`,
      );
    }
  }
  if (used.has('O')) {
    check('BR-O-11', doc.vatBreakdown.every((group) => group.category === 'O'), 'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain other VAT breakdown groups (BG-23).');
  }
}
