import { isCalendarDay } from '../../../shared/calendar';
import type { ImportDateFormat } from '../../../shared/contracts/imports';

/**
 * Amounts as spreadsheets write them, made into the plain decimals the contracts parse with
 * money.ts: "$1,234.56" and "1,234.56" read 1234.56; "(12.00)" is accounting notation for -12.00
 * (which the contracts then refuse as negative); anything else is passed on for the contract to refuse.
 */
export function normaliseAmount(value: string): string {
  let text = value.trim().replace(/\s+/g, '');
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1] ?? '';
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  text = text.replace(/^[$€£]/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  if (text === '') return value.trim();
  return negative ? `-${text}` : text;
}

const SLASH_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

/** What a slash date's numbers say about the file's format: a part over 12 can only be the day. */
export function dateEvidence(value: string): 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'ambiguous' | null {
  const match = SLASH_DATE.exec(value.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  if (first > 12 && second <= 12) return 'DD/MM/YYYY';
  if (second > 12 && first <= 12) return 'MM/DD/YYYY';
  if (first === second) return null; // 05/05/2026 reads the same either way
  return first <= 12 && second <= 12 ? 'ambiguous' : null;
}

export type DateReading = { day: string } | { error: string } | { passOn: string };

/**
 * A date cell as the API's date input: ISO days and timestamps pass as they are; slash dates are
 * read in the import's date format (`null`: none chosen and none could be told from the file, so
 * an ambiguous date is reported rather than guessed).
 */
export function readDate(value: string, format: ImportDateFormat | null): DateReading {
  const text = value.trim();
  if (isCalendarDay(text) || ISO_TIMESTAMP.test(text)) return { passOn: text };
  const match = SLASH_DATE.exec(text);
  if (!match) return { passOn: text };
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = match[3] ?? '';
  if (format === null || format === 'YYYY-MM-DD') {
    if (first === second) return toDay(year, first, second, text);
    if (format === 'YYYY-MM-DD') return { error: `Invalid date "${text}": the date format chosen is YYYY-MM-DD` };
    if (first <= 12 && second <= 12) {
      return { error: `Ambiguous date "${text}": choose the file's date format (MM/DD/YYYY or DD/MM/YYYY)` };
    }
    return first > 12 ? toDay(year, second, first, text) : toDay(year, first, second, text);
  }
  return format === 'MM/DD/YYYY' ? toDay(year, first, second, text) : toDay(year, second, first, text);
}

function toDay(year: string, month: number, day: number, text: string): DateReading {
  const candidate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDay(candidate) ? { day: candidate } : { error: `Invalid date "${text}"` };
}
