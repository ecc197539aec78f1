import { Readable } from 'node:stream';
import { type Info, parse } from 'csv-parse';
import type { CsvDateFormat, CsvStatementMapping } from '../../../shared/contracts/bank-reconciliation';
import type { Cents } from '../../../shared/money';
import {
  type ParsedStatement,
  StatementFormatError,
  type StatementSource,
  isoDay,
  parseStatementAmount,
  pushLine,
  returnCodeFromText,
} from './parsed-statement';

const MAX_FIELD = 10_000;

function csvParser(delimiter: string, to?: number) {
  return parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: MAX_FIELD * 10,
    info: true,
    ...(to ? { to } : {}),
  });
}

type RecordWithInfo = { record: string[]; info: Info & { lines: number } };

async function* records(source: StatementSource, delimiter: string, to?: number): AsyncGenerator<RecordWithInfo> {
  const parser = Readable.from(source.read()).pipe(csvParser(delimiter, to));
  try {
    for await (const item of parser as AsyncIterable<RecordWithInfo>) yield item;
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new StatementFormatError(`${lines ? `Line ${lines}: ` : ''}${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`);
  } finally {
    parser.destroy();
  }
}

/**
 * A bank's CSV export read through csv-parse (the sibling of csv-stringify, docs/decisions/0008)
 * with the account's mapping: one signed amount column, or debit and credit columns; the day in
 * the mapping's format; a comma as the decimal point when the mapping says so.
 */
export async function parseCsvStatement(source: StatementSource, mapping: CsvStatementMapping): Promise<ParsedStatement> {
  const statement: ParsedStatement = { account: null, currency: null, openingBalance: null, closingBalance: null, lines: [] };
  let first = true;
  for await (const { record, info } of records(source, mapping.delimiter)) {
    if (first && mapping.hasHeader) {
      first = false;
      continue;
    }
    first = false;
    const where = `Line ${info.lines}`;
    const cell = (index: number | null | undefined) => (index == null ? '' : (record[index] ?? '').trim());
    const dateText = cell(mapping.date);
    const postedOn = parseCsvDate(dateText, mapping.dateFormat);
    if (!postedOn) throw new StatementFormatError(`${where}: "${dateText}" is not a date in the format ${mapping.dateFormat}`);
    const amountCents = csvAmount(mapping, cell, where);
    const description = cell(mapping.description);
    pushLine(statement.lines, {
      postedOn,
      amountCents,
      description,
      reference: cell(mapping.reference) || null,
      returnCode: returnCodeFromText(description),
    });
  }
  return statement;
}

function csvAmount(mapping: CsvStatementMapping, cell: (index: number | null | undefined) => string, where: string): Cents {
  const read = (index: number | null | undefined, label: string): Cents | null => {
    const text = cell(index);
    if (text === '') return null;
    const cents = parseCsvAmount(text, mapping.decimalComma);
    if (cents === null) throw new StatementFormatError(`${where}: the ${label} "${text}" is not an amount`);
    return cents;
  };
  if (mapping.amount != null) {
    const amount = read(mapping.amount, 'amount');
    if (amount === null) throw new StatementFormatError(`${where}: the amount is empty`);
    return amount;
  }
  const debit = read(mapping.debit, 'debit');
  const credit = read(mapping.credit, 'credit');
  if (debit === null && credit === null) throw new StatementFormatError(`${where}: both the debit and the credit are empty`);
  // A debit column is money out whether or not the bank writes it with a minus.
  return (credit === null ? 0 : Math.abs(credit)) - (debit === null ? 0 : Math.abs(debit));
}

/** "1,234.56", "1.234,56" (decimalComma), "$12.00", "(12.00)", "12.00-", "12.00 CR"/"DR". */
export function parseCsvAmount(text: string, decimalComma: boolean): Cents | null {
  let value = text.replace(/[\s\u00a0$€£¥]/g, '').replace(/^[A-Z]{3}/, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  const suffix = /(CR|DR|-)$/i.exec(value);
  if (suffix) {
    negative = negative || (suffix[1] ?? '').toUpperCase() !== 'CR';
    value = value.slice(0, -(suffix[1] ?? '').length);
  }
  if (decimalComma) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(/,/g, '');
  const cents = parseStatementAmount(value);
  if (cents === null) return null;
  return negative ? -Math.abs(cents) : cents;
}

export function parseCsvDate(text: string, format: CsvDateFormat): string | null {
  let match: RegExpExecArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
      return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
    case 'YYYYMMDD':
      match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
      return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      return match ? isoDay(Number(match[3]), Number(match[1]), Number(match[2])) : null;
    case 'DD/MM/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      return match ? isoDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
    case 'DD.MM.YYYY':
      match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
      return match ? isoDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
  }
}

/** The first rows of a CSV for the mapping step, split with the delimiter the first line uses most. */
export async function previewCsv(source: StatementSource, head: string): Promise<{ delimiter: ',' | ';' | '\t'; rows: string[][] }> {
  const firstLine = head.replace(/^\ufeff/, '').split(/\r?\n/)[0] ?? '';
  const counts = ([',', ';', '\t'] as const).map((delimiter) => ({ delimiter, count: firstLine.split(delimiter).length - 1 }));
  const delimiter = counts.sort((a, b) => b.count - a.count)[0]?.delimiter ?? ',';
  const rows: string[][] = [];
  for await (const { record } of records(source, delimiter, 11)) rows.push(record);
  return { delimiter, rows };
}
