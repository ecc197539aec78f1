import type { Cents } from '../../../shared/money';
import {
  type ParsedStatement,
  StatementFormatError,
  type StatementSource,
  isoDay,
  pushLine,
  readLines,
  returnCodeFromText,
} from './parsed-statement';

/** Where an 88 record joined the one it continues: a comma between fields, a space inside a 16's text. */
const JOIN = '\u2063';

interface LogicalRecord {
  type: string;
  body: string;
  line: number;
}

/**
 * BAI2 (Cash Management Balance Reporting Specification, version 2, BAI 2005). No maintained npm
 * package reads it (docs/decisions/0011), so it is read here: 01 file, 02 group (its as-of date is
 * the day of every line in it), 03 account (number, currency, then type code/amount/count/funds
 * sets: 010 opening ledger, 015 closing ledger), 16 transaction detail (type code, amount in
 * cents without a point, funds type, bank reference, customer reference, free text), 88
 * continuing the record before it, 49/98/99 trailers. Detail type codes 100-399 are credits and
 * 400-699 debits.
 */
export async function parseBai2(source: StatementSource): Promise<ParsedStatement> {
  const statement: ParsedStatement = { account: null, currency: null, openingBalance: null, closingBalance: null, lines: [] };
  let asOf: string | null = null;
  let inAccount = false;
  let sawHeader = false;
  let pending: LogicalRecord | null = null;

  const handle = (record: LogicalRecord) => {
    const where = `Line ${record.line} (record ${record.type})`;
    if (!sawHeader && record.type !== '01') throw new StatementFormatError(`Line ${record.line}: a BAI2 file starts with an 01 file header record, not ${record.type}`);
    switch (record.type) {
      case '01':
        sawHeader = true;
        break;
      case '02': {
        const fields = record.body.split(/[,\u2063]/);
        asOf = baiDay(fields[3] ?? '');
        if (!asOf) throw new StatementFormatError(`${where}: the as-of date "${fields[3] ?? ''}" is not a YYMMDD date`);
        break;
      }
      case '03':
        readAccount(statement, record, where);
        inAccount = true;
        break;
      case '16':
        if (!inAccount || !asOf) throw new StatementFormatError(`${where}: a 16 transaction record comes before its 03 account record`);
        readDetail(statement, record, asOf, where);
        break;
      case '49':
        inAccount = false;
        break;
      case '98':
      case '99':
        break;
      default:
        throw new StatementFormatError(`${where}: "${record.type}" is not a BAI2 record type`);
    }
  };

  for await (const { text, number } of readLines(source)) {
    if (text.trim() === '') continue;
    const type = text.slice(0, 2);
    const rest = text.slice(3);
    if (type === '88') {
      if (!pending) throw new StatementFormatError(`Line ${number}: an 88 continuation record has no record to continue`);
      pending.body = stripEnd(pending.body) + JOIN + rest;
      continue;
    }
    if (pending) handle(pending);
    if (text[2] !== ',' && text.length > 2) throw new StatementFormatError(`Line ${number}: a BAI2 record starts with its two-digit type and a comma`);
    pending = { type, body: rest, line: number };
  }
  if (pending) handle(pending);
  if (!sawHeader) throw new StatementFormatError('The file is empty: a BAI2 file starts with an 01 record');
  if (pending?.type !== '99') throw new StatementFormatError('The file ends without its 99 file trailer record: it may be cut short');
  return statement;
}

/** YYMMDD; BAI2 years are 20YY. */
function baiDay(text: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  return match ? isoDay(2000 + Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Removes the "/" that ends a record (not one inside a 16's text). */
function stripEnd(text: string): string {
  return text.replace(/\/\s*$/, '');
}

function baiAmount(text: string, where: string, signed: boolean): Cents {
  const match = (signed ? /^([+-]?)(\d+)$/ : /^()(\d+)$/).exec(text.trim());
  if (!match) throw new StatementFormatError(`${where}: the amount "${text}" is not a number of cents`);
  const cents = Number(match[2]);
  return match[1] === '-' ? -cents : cents;
}

/** How many fields a funds type adds after it (S: three availability amounts; V: date and time; D: a count then pairs). */
function fundsFields(fields: string[], at: number, where: string): number {
  const fundsType = (fields[at] ?? '').trim().toUpperCase();
  if (fundsType === 'S') return 3;
  if (fundsType === 'V') return 2;
  if (fundsType === 'D') {
    const count = Number(fields[at + 1] ?? 'x');
    if (!Number.isInteger(count)) throw new StatementFormatError(`${where}: the distributed availability count is not a number`);
    return 1 + count * 2;
  }
  if (['', 'Z', '0', '1', '2'].includes(fundsType)) return 0;
  throw new StatementFormatError(`${where}: "${fundsType}" is not a funds type`);
}

function readAccount(statement: ParsedStatement, record: LogicalRecord, where: string): void {
  const fields = stripEnd(record.body).split(/[,\u2063]/);
  const account = (fields[0] ?? '').trim();
  if (!account) throw new StatementFormatError(`${where}: the account number is missing`);
  statement.account ??= account;
  statement.currency ??= (fields[1] ?? '').trim() || null;
  // Then sets of type code, amount, item count, funds type (+ its fields).
  for (let at = 2; at < fields.length; ) {
    const code = (fields[at] ?? '').trim();
    const amount = (fields[at + 1] ?? '').trim();
    if (code === '') break;
    if (amount !== '') {
      if (code === '010') statement.openingBalance = baiAmount(amount, where, true);
      else if (code === '015') statement.closingBalance = baiAmount(amount, where, true);
    }
    at += 4 + fundsFields(fields, at + 3, where);
  }
}

function readDetail(statement: ParsedStatement, record: LogicalRecord, asOf: string, where: string): void {
  // The fixed fields never hold the joiner's space; the text (last) may hold commas of its own.
  const parts = record.body.split(/[,\u2063]/);
  const code = (parts[0] ?? '').trim();
  const typeCode = Number(code);
  if (!/^\d{3}$/.test(code)) throw new StatementFormatError(`${where}: the type code "${code}" is not three digits`);
  const cents = baiAmount(parts[1] ?? '', where, false);
  const fixed = 3 + fundsFields(parts, 2, where);
  const bankRef = (parts[fixed] ?? '').trim();
  const customerRef = (parts[fixed + 1] ?? '').trim();
  // Everything after the customer reference is the text, commas included.
  let consumed = 0;
  let offset = 0;
  while (consumed < fixed + 2 && offset <= record.body.length) {
    const next = record.body.slice(offset).search(/[,\u2063]/);
    if (next === -1) {
      offset = record.body.length;
      break;
    }
    offset += next + 1;
    consumed += 1;
  }
  const text = consumed === fixed + 2 ? stripEnd(record.body.slice(offset)).replaceAll(JOIN, ' ').trim() : '';
  let amountCents: Cents;
  if (typeCode >= 100 && typeCode <= 399) amountCents = cents;
  else if (typeCode >= 400 && typeCode <= 699) amountCents = -cents;
  else throw new StatementFormatError(`${where}: type code ${code} is not a credit (100-399) or debit (400-699) detail`);
  const reference = customerRef && customerRef !== '/' ? stripEnd(customerRef) : null;
  pushLine(statement.lines, {
    postedOn: asOf,
    amountCents,
    description: text || `BAI2 ${code}`,
    reference: reference || null,
    bankRef: bankRef ? stripEnd(bankRef) || null : null,
    returnCode: returnCodeFromText(text),
  });
}
