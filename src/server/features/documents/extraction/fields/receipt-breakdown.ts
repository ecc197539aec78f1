import type { Cents } from '../../../../../shared/money';
import { type DocumentText, lineDates } from './document-text';
import { findAmounts } from './parse-amount';

/** Parts of a receipt's breakdown besides subtotal and tax: service charges and tax rates. */
export interface BreakdownExtras {
  /** Service charges added to the subtotal before tax ("SERVICE CHARGE 10% 29.50"). */
  charges: Cents[];
  /** Tax rates printed beside a tax ("GST 6%", "Inclusive of 6% GST"), in percent. */
  rates: number[];
}

const chargePattern =
  /\b(?:service\s*charge|serv(?:ice)?\.?\s*ch(?:ar)?ge?|svc\.?\s*ch(?:ar)?ge?|s\/c(?:harge)?)\b/iu;
const taxWordPattern = /\b(?:gst|vat|sst|tax|tva|mwst|btw|ppn)\b/iu;
const ratePattern = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/gu;
// Tax rates anyone prints: above this a "%" is a discount or an OCR slip.
const maxRate = 30;

/** Service charges and tax rates printed on a document's lines. */
export function findBreakdownExtras(document: DocumentText): BreakdownExtras {
  const charges: Cents[] = [];
  const rates = new Set<number>();
  for (const line of document.lines) {
    if (chargePattern.test(line.text)) {
      const dates = lineDates(document, line);
      const amount = findAmounts(line.text)
        .filter((token) => !dates.some((date) => token.start < date.end && token.end > date.start))
        .filter((token) => token.hasDecimals && token.cents > 0)
        .at(-1);
      if (amount) charges.push(amount.cents);
      continue;
    }
    if (!taxWordPattern.test(line.text)) continue;
    for (const match of line.text.matchAll(ratePattern)) {
      const rate = Number((match[1] ?? '').replace(',', '.'));
      if (rate > 0 && rate <= maxRate) rates.add(rate);
    }
  }
  return { charges, rates: [...rates] };
}

// A printed tax is rounded to the cent: the total it implies is known to within this many cents.
const taxRoundingCents = 0.5;
// Below this a tax fits too many totals to tell the total from the net amount beside it.
const minTaxCents = 100;

/**
 * True when a tax printed at a rate belongs to this total: tax = total x rate / (100 + rate)
 * for a price including tax, and the same for one where tax was added (total = net + tax).
 */
export function taxFitsTotal(total: Cents, tax: Cents, rate: number, rounding: Cents = 0): boolean {
  if (tax < minTaxCents || rate <= 0 || total <= tax) return false;
  const implied = ((total - rounding) * rate) / (100 + rate);
  return Math.abs(implied - tax) <= taxRoundingCents;
}
