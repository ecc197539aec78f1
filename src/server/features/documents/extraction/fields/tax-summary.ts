import type { Cents } from '../../../../../shared/money';
import { type DocumentText, lineDates } from './document-text';
import { findAmounts } from './parse-amount';

// "GST Summary", "VAT analysis", "Récapitulatif TVA": a table of net and tax per rate.
const headingPattern = /\b(?:summary|analysis|r[ée]capitulatif|zusammenfassung|overzicht)\b/iu;
const taxWordPattern = /\b(?:gst|vat|sst|tax|tva|mwst|ust|btw)\b/iu;
// Lines that end the table: a total row repeats what the rows add up to, a greeting is the footer.
const endPattern = /\b(?:total|totaal|gesamt|summe|thank|terima|merci|danke)\b/iu;
// A summary has one row per tax rate: a few lines at most.
const maxRows = 4;

/**
 * The gross amount a tax summary table adds up to (every row's net plus its tax), or null when the
 * document prints no such table. A row of two amounts is net and tax; a row of three whose first
 * two add up to the third is net, tax and gross; a row of one is a net taxed at zero (its tax
 * printed as "0" or lost). The table repeats the total in other words, so it confirms the total.
 */
export function taxSummaryTotal(document: DocumentText): Cents | null {
  const lines = document.lines;
  const heading = lines.findIndex(
    (line) => headingPattern.test(line.text) && taxWordPattern.test(line.text),
  );
  if (heading < 0) return null;
  let sum = 0;
  let rows = 0;
  let paired = false;
  for (const line of lines.slice(heading + 1, heading + 1 + maxRows)) {
    if (endPattern.test(line.text)) break;
    const dates = lineDates(document, line);
    const amounts = findAmounts(line.text)
      .filter((token) => !dates.some((date) => token.start < date.end && token.end > date.start))
      .filter((token) => token.hasDecimals && token.cents >= 0)
      .map((token) => token.cents);
    const [net, tax, gross] = amounts;
    if (net === undefined) continue;
    if (amounts.length > 3) return null;
    if (gross !== undefined) {
      if (tax === undefined || net + tax !== gross) return null;
      sum += gross;
      paired = true;
    } else if (tax !== undefined) {
      if (tax >= net) return null;
      sum += net + tax;
      paired = true;
    } else sum += net;
    rows += 1;
  }
  // A net and its tax read on one row at least: a lone amount may be anything.
  return rows > 0 && paired ? sum : null;
}
