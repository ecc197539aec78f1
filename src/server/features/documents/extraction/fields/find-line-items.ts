import type { ExtractedLineItem } from '../../../../../shared/contracts/extracted-data';
import { type Cents, multiplyCents, toDecimal } from '../../../../../shared/money';
import type { DocumentText } from './document-text';
import { lineDates } from './document-text';
import { notTotalPattern, subtotalLabels, taxLabels, totalLabels } from './labels';
import { findAmounts } from './parse-amount';

const headerPattern =
  /\b(?:description|désignation|designation|item|article|artikel|product|produkt|produit|omschrijving|bezeichnung|leistung|title|desc)\b/iu;
const amountHeaderPattern =
  /\b(?:amount|total|price|prix|preis|montant|betrag|bedrag|prijs|qty|quantity|menge|aantal|nombre|qté)\b/iu;
const summaryPattern = new RegExp(
  [...totalLabels, ...subtotalLabels, ...taxLabels].map((rule) => `(?:${rule.pattern})`).join('|'),
  'iu',
);

/**
 * Table rows between the column heading and the first total line: a description followed by
 * numbers, the last being the line total. Quantity and unit price are read when their product
 * matches the line total.
 */
export function findLineItems(document: DocumentText): ExtractedLineItem[] {
  const lines = document.lines;
  const headerIndex = lines.findIndex(
    (line) => headerPattern.test(line.text) && amountHeaderPattern.test(line.text),
  );
  if (headerIndex < 0) return [];
  const items: ExtractedLineItem[] = [];
  for (let index = headerIndex + 1; index < lines.length && items.length < 100; index += 1) {
    const line = lines[index];
    if (!line) break;
    if (summaryPattern.test(line.text) || notTotalPattern.test(line.text)) break;
    const dates = lineDates(document, line);
    const amounts = findAmounts(line.text).filter(
      (amount) => !dates.some((date) => amount.start < date.end && amount.end > date.start),
    );
    const last = amounts.at(-1);
    if (!last || !last.hasDecimals) continue;
    const firstNumber = amounts[0];
    const description = line.text
      .slice(0, firstNumber ? firstNumber.start : line.text.length)
      .replace(/[\s:|]+$/u, '')
      .trim();
    if (!/\p{L}{3}/u.test(description)) continue;
    const total: Cents = last.cents;
    let quantity: string | null = null;
    let unitPrice: string | null = null;
    const others = amounts.slice(0, -1);
    for (const q of others.filter(
      (amount) => !amount.hasDecimals && amount.cents > 0 && amount.cents <= 1_000_000,
    )) {
      const count = q.cents / 100;
      const unit = others.find(
        (amount) =>
          amount !== q && amount.hasDecimals && multiplyCents(amount.cents, count) === total,
      );
      if (unit) {
        quantity = String(count);
        unitPrice = toDecimal(unit.cents);
        break;
      }
    }
    items.push({ description, quantity, unitPrice, totalPrice: toDecimal(total) });
  }
  return items;
}
