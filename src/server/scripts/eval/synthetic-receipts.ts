/**
 * A check beside the eval set, with nothing taken from it: made-up Malaysian, German and
 * French receipts in the layouts the documents issue names (several TOTAL-like lines, rounding,
 * tendered cash and change, tax summaries, service charges, card slips; headings with logo
 * specks, greetings, titles, letter-spaced names, company numbers, branches), as OCR lines with
 * OCR's slips (letters read as digits and digits as letters, a digit read as another, lost
 * decimal points and gaps, amounts on a line of their own, lost and stray lines), tidied as OCR
 * lines are and scored like the eval set. A measurement, not a test: it reads text only (no
 * pictures), so it measures the field rules, not the OCR engine. `--noise` is the mean share of
 * characters slipped.
 *
 * Usage: node --import tsx src/server/scripts/eval/synthetic-receipts.ts [--count 500]
 *        [--seed 1] [--noise 0.03] [--style my|eu|all] [--misses]
 */
import { readFields } from '../../features/documents/extraction/fields/read-fields';
import { buildDocumentText } from '../../features/documents/extraction/fields/document-text';
import { tidyOcrLines } from '../../features/documents/extraction/ocr/tidy-ocr-lines';
import { receiptLines } from '../../features/documents/extraction/test-support/receipt-lines';
import { makeSyntheticReceipts } from '../../features/documents/extraction/model/synthetic-receipts';
import { vendorIsRight } from './score';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const count = Number(option('--count', '500'));
const seed = Number(option('--seed', '1'));
const noise = Number(option('--noise', '0.03'));
// Malaysian receipts (the layouts of the eval set's photos), German and French ones, or both.
const style = option('--style', 'my');
if (style !== 'my' && style !== 'eu' && style !== 'all')
  throw new Error('--style takes my, eu or all');

const tally = { vendor: 0, total: 0, date: 0 };
const misses: string[] = [];
for (const [index, receipt] of makeSyntheticReceipts({ count, seed, noise, style }).entries()) {
  const { rows, level } = receipt;
  // Tidied as the OCR engine's lines are (ocr/ocr-page.ts).
  const data = readFields(buildDocumentText(tidyOcrLines(receiptLines(rows)), 'ocr'));
  const vendorOk = data.vendor.name !== null && vendorIsRight([receipt.vendor], data.vendor.name);
  const totalOk = data.amounts.total === receipt.total;
  const dateOk = data.dates.issueDate === receipt.date;
  tally.vendor += vendorOk ? 1 : 0;
  tally.total += totalOk ? 1 : 0;
  tally.date += dateOk ? 1 : 0;
  if (!vendorOk || !totalOk || !dateOk)
    misses.push(
      [
        `--- #${index} noise ${level.toFixed(3)}`,
        vendorOk
          ? ''
          : `  vendor: expected "${receipt.vendor}" got ${JSON.stringify(data.vendor.name)}`,
        totalOk
          ? ''
          : `  total: expected ${receipt.total} got ${JSON.stringify(data.amounts.total)}`,
        dateOk
          ? ''
          : `  date: expected ${receipt.date} got ${JSON.stringify(data.dates.issueDate)}`,
        ...rows.map((row) => `    | ${row}`),
      ]
        .filter(Boolean)
        .join('\n'),
    );
}
const share = (value: number): string => `${value}/${count} ${((value / count) * 100).toFixed(1)}%`;
if (args.includes('--misses')) console.log(misses.join('\n'));
console.log(`synthetic receipts, seed ${seed}, noise up to ${(noise * 2).toFixed(3)}`);
console.log(
  `vendor ${share(tally.vendor)}  total ${share(tally.total)}  date ${share(tally.date)}`,
);
