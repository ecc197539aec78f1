import type { CsvDateFormat, CsvStatementMapping } from '../../../shared/contracts/bank-reconciliation';
import { parseCsvAmount, parseCsvDate } from './parse-csv-statement';

const HEADERS = {
  date: /^(?:(?:transaction|posting|posted|booking|value)\s*)?date$|^datum$|^fecha$|^buchungstag$/i,
  amount: /^(?:transaction\s*)?amount$|^betrag$|^montant$|^importe$|^value$/i,
  debit: /^(?:debit|debits|withdrawals?|money\s*out|paid\s*out|out)(?:\s*amount)?$|^soll$/i,
  credit: /^(?:credit|credits|deposits?|money\s*in|paid\s*in|in)(?:\s*amount)?$|^haben$/i,
  description: /^(?:description|details|narrative|memo|payee|name|transaction\s*details|verwendungszweck|libell[eé])$/i,
  reference: /^(?:reference|referenz|ref|check\s*(?:number|no)|cheque\s*(?:number|no)|transaction\s*id|id)$/i,
};

const DATE_FORMATS: CsvDateFormat[] = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'];

function find(header: string[], pattern: RegExp): number | null {
  const at = header.findIndex((name) => pattern.test(name.trim()));
  return at === -1 ? null : at;
}

/**
 * A first guess at a CSV's mapping from its header and sample rows: columns by their usual names,
 * the date format that reads every sample date, a decimal comma when the amounts use one.
 */
export function guessCsvMapping(rows: string[][], delimiter: CsvStatementMapping['delimiter']): CsvStatementMapping | null {
  const header = rows[0] ?? [];
  const samples = rows.slice(1);
  const date = find(header, HEADERS.date);
  const description = find(header, HEADERS.description);
  if (date === null || description === null) return null;
  const amount = find(header, HEADERS.amount);
  const debit = find(header, HEADERS.debit);
  const credit = find(header, HEADERS.credit);
  if (amount === null && debit === null && credit === null) return null;
  const dates = samples.map((row) => (row[date] ?? '').trim()).filter(Boolean);
  const dateFormat = DATE_FORMATS.find((format) => dates.every((text) => parseCsvDate(text, format) !== null)) ?? 'YYYY-MM-DD';
  const amounts = samples.flatMap((row) => [amount, debit, credit].map((at) => (at === null ? '' : (row[at] ?? '').trim()))).filter(Boolean);
  const decimalComma = amounts.length > 0 && amounts.every((text) => /,\d{1,2}\)?(?:\s*(?:CR|DR|-))?$/i.test(text) && parseCsvAmount(text, true) !== null);
  return {
    date,
    amount: amount ?? null,
    debit: amount === null ? debit : null,
    credit: amount === null ? credit : null,
    description,
    reference: find(header, HEADERS.reference),
    dateFormat,
    decimalComma,
    delimiter,
    hasHeader: true,
  };
}
