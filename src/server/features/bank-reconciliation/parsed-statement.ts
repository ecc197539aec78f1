import { StringDecoder } from 'node:string_decoder';
import { MAX_STATEMENT_LINES } from '../../../shared/contracts/bank-reconciliation';
import { type Cents, parseMoney } from '../../../shared/money';
import type { ParsedStatementLine } from './statement-lines';

/** What every parser (OFX, camt, BAI2, CSV) gives back: the lines and what the file says of itself. */
export interface ParsedStatement {
  /** The account number or IBAN the file names, as given; null when it names none (CSV). */
  account: string | null;
  currency: string | null;
  openingBalance: Cents | null;
  closingBalance: Cents | null;
  lines: ParsedStatementLine[];
}

/** The file's bytes, readable more than once (the format is told from its start, then it is parsed). */
export interface StatementSource {
  fileName: string;
  read: () => AsyncIterable<Buffer>;
}

/** A file that is not what it says it is: the message names the line or element, for the user as it is. */
export class StatementFormatError extends Error {}

/** Over the line limit: refused with 413 before anything is stored. */
export class StatementTooLargeError extends Error {}

export const tooManyLinesMessage = `The file has more than ${MAX_STATEMENT_LINES.toLocaleString('en-US')} lines: split it by date and import the parts`;

/** Adds a line, refusing a file past the limit as soon as it gets there (not after reading it all). */
export function pushLine(lines: ParsedStatementLine[], line: ParsedStatementLine): void {
  if (lines.length >= MAX_STATEMENT_LINES) throw new StatementTooLargeError(tooManyLinesMessage);
  lines.push(line);
}

/** The file's text chunk by chunk, never as one string; a UTF-8 byte order mark is dropped. */
export async function* readText(source: StatementSource, encoding: 'utf8' | 'latin1' = 'utf8'): AsyncGenerator<string> {
  const decoder = new StringDecoder(encoding);
  let first = true;
  for await (const chunk of source.read()) {
    let text = decoder.write(chunk);
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The file's text split into lines (CRLF, LF or CR), with their 1-based numbers. */
export async function* readLines(source: StatementSource): AsyncGenerator<{ text: string; number: number }> {
  let pending = '';
  let number = 0;
  for await (const chunk of readText(source)) {
    pending += chunk;
    const parts = pending.split(/\r\n|\n|\r(?!$)/);
    pending = parts.pop() ?? '';
    for (const text of parts) {
      number += 1;
      yield { text, number };
    }
  }
  if (pending.replace(/\r$/, '') !== '') yield { text: pending.replace(/\r$/, ''), number: number + 1 };
}

/** "1234.56", "-12,50" (a comma as the decimal point), "+5" as cents; null when it is none of those. */
export function parseStatementAmount(text: string): Cents | null {
  let value = text.trim().replace(/\s/g, '');
  if (/^[+-]?\d+,\d{1,2}$/.test(value)) value = value.replace(',', '.');
  if (value.startsWith('+')) value = value.slice(1);
  if (/,/.test(value)) return null;
  return parseMoney(value);
}

/** A real calendar day as "YYYY-MM-DD", or null. */
export function isoDay(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const RETURN_WORDS = /\b(?:RETURN(?:ED)?|RET|RTN|REVERSAL|ACH\s+RETURN)\b/i;
const RETURN_CODE = /\b(R\d{2})\b/;

/**
 * An ACH return reason (R01, R02, ... NACHA Operating Rules, Appendix Four) when the text both
 * says it is a return and carries a code, so an "R10" inside a store name alone is not read as one.
 */
export function returnCodeFromText(...texts: Array<string | null | undefined>): string | null {
  const text = texts.filter(Boolean).join(' ');
  if (!RETURN_WORDS.test(text)) return null;
  return RETURN_CODE.exec(text.toUpperCase())?.[1] ?? null;
}

/** The non-empty parts of a description, each once, joined by a space. */
export function joinText(parts: Array<string | null | undefined>): string {
  const seen: string[] = [];
  for (const part of parts) {
    const text = part?.replace(/\s+/g, ' ').trim();
    if (text && !seen.some((existing) => existing.includes(text))) seen.push(text);
  }
  return seen.join(' ');
}
