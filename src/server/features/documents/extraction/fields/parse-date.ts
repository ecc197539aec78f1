import { getDaysInMonth } from 'date-fns';
import { letterLookalikes, oneDigitMisread } from '../ocr-lookalikes';
import { ocrEditDistance } from './ocr-distance';

export type DateOrder = 'DMY' | 'MDY';

export interface DateToken {
  iso: string;
  start: number;
  end: number;
  /** False when day and month could be swapped and the locale guess decided. */
  certain: boolean;
}

// Month names and abbreviations in English, German, French, Dutch and Malay (receipts).
const monthNames: Record<string, number> = {};
const monthLists: string[][] = [
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'januari'],
  ['february', 'feb', 'febr', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'februari'],
  ['march', 'mar', 'märz', 'maerz', 'mrz', 'mars', 'maart', 'mac', 'mrt'],
  ['april', 'apr', 'avril', 'avr'],
  ['may', 'mai', 'mei'],
  ['june', 'jun', 'juni', 'juin'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julai'],
  ['august', 'aug', 'août', 'aout', 'augustus', 'ogos'],
  ['september', 'sep', 'sept', 'septembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre'],
  ['november', 'nov', 'novembre'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'dis'],
];
monthLists.forEach((names, index) => {
  for (const name of names) monthNames[name] = index + 1;
});
const monthAlternatives = Object.keys(monthNames)
  .sort((a, b) => b.length - a.length)
  .join('|');

// A date may run into the time printed after it ("25/01/201813:45", "25/01/1813:45",
// "2018-01-2513:45"). A space read beside a separator ("25/01 /2018") is a slip, not a gap.
const isoPattern = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?=\d{1,2}:\d{2}(?!\d))|(?!\d))/g;
const numericPattern =
  /(?<![\d/.-])(\d{1,2}) ?([./-]) ?(\d{1,2}) ?\2 ?(\d{4}(?=\d{1,2}[:.]\d{2}(?!\d))|\d{2}(?=\d{1,2}:\d{2}(?!\d))|(?:\d{4}|\d{2})(?![\d/]))/g;

// A day, month and four-digit year with OCR's slips in the separators: a dot read as a comma
// ("01,02.2019"), read as a space ("26.04 2019 19:33"), or lost between two-digit day and month
// or before the year ("2512.2025", "08.122026"). Each pattern reads day (or month), month (or
// day) and year. A space for a dot only before a time of day: "12.05 2019" alone may be an
// amount and a number.
const fourDigitYear = String.raw`((?:19|20)\d{2})(?!\d)`;
const beforeTime = String.raw`(?=\s+\d{1,2}:\d{2})`;
const slippedSeparatorPatterns = [
  String.raw`(\d{1,2}) ?\. ?(\d{1,2}) ?, ?${fourDigitYear}`,
  String.raw`(\d{1,2}) ?, ?(\d{1,2}) ?\. ?${fourDigitYear}`,
  String.raw`(\d{1,2})\.(\d{1,2}) ${fourDigitYear}${beforeTime}`,
  String.raw`(\d{1,2}) (\d{1,2})\.${fourDigitYear}${beforeTime}`,
  String.raw`(\d{2})[./-](\d{2})${fourDigitYear}`,
  String.raw`(\d{2})(\d{2})[./-]${fourDigitYear}`,
].map((pattern) => new RegExp(String.raw`(?<![\d/.,-])${pattern}`, 'g'));

// Letters OCR reads for digits inside a numeric date: "25/O1/2018", "2S/01/20l8".
const digitSlips: Record<string, string> = {
  O: '0',
  o: '0',
  l: '1',
  I: '1',
  '|': '1',
  S: '5',
  B: '8',
  Z: '2',
};
const slip = String.raw`[\dOolI|SBZ]`;
const slippedDatePattern = new RegExp(
  String.raw`(?<![\p{L}\d])${slip}{1,2} ?[./-] ?${slip}{1,2} ?[./-] ?${slip}{2,4}(?!\p{L})`,
  'gu',
);

/** The two leading numbers of each numeric date in a line (day and month in either order). */
export function numericDateParts(line: string): { first: number; second: number }[] {
  return [...repairDateSlips(line).matchAll(numericPattern)].map((match) => ({
    first: Number(match[1]),
    second: Number(match[3]),
  }));
}

/**
 * The text with the letters of numeric dates read for digits put back as digits, character for
 * character (positions stay): only in a run shaped like a date with four real digits or more.
 */
export function repairDateSlips(text: string): string {
  return text.replace(slippedDatePattern, (run) =>
    (run.match(/\d/gu) ?? []).length >= 4
      ? run.replace(/[OolI|SBZ]/gu, (letter) => digitSlips[letter] ?? letter)
      : run,
  );
}
const dayMonthNamePattern = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2})(?:st|nd|rd|th|er|\.)?[\s-]*(${monthAlternatives})\.?[\s.,-]*(\d{4}|\d{2})(?!\d)`,
  'giu',
);
// A day, a three-letter month read with an OCR slip ("DFC", "N0V") and a four-digit year.
const slippedMonthPattern =
  /(?<![\p{L}\d])(\d{1,2})[\s-]+(\p{L}[\p{L}\d]{2}|\d\p{L}{2})\.?[\s.,-]+((?:19|20)\d{2})(?!\d)/gu;
const monthAbbreviations = monthLists.map((names) => (names[0] ?? '').slice(0, 3).toUpperCase());
// One OCR-confusable letter (E for F, C for G, N for M); any other letter makes another word.
const maxMonthSlip = 0.35;

/**
 * The month a three-letter word read with one OCR slip stands for ("DFC" for DEC, "0CT" for
 * OCT), when only one month is that close.
 */
function slippedMonth(word: string): number | null {
  const upper = [...word.toUpperCase()].map((char) => letterLookalikes[char] ?? char).join('');
  const close = monthAbbreviations.flatMap((name, index) =>
    ocrEditDistance(upper, name) <= maxMonthSlip ? [index + 1] : [],
  );
  return close.length === 1 ? (close[0] ?? null) : null;
}

const monthNameDayPattern = new RegExp(
  String.raw`(?<![\p{L}])(${monthAlternatives})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(\d{4})(?!\d)`,
  'giu',
);

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

// Invoices are not dated decades ahead; a year far in the future is a misread digit.
const latestYear = new Date().getFullYear() + 5;

/** "YYYY-MM-DD" for a real calendar date in a plausible range, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > latestYear || month < 1 || month > 12 || day < 1) return null;
  if (day > getDaysInMonth(new Date(year, month - 1, 1))) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date a year-first match ("2018-01-25") reads as, or null. */
function isoOfYearFirst(match: RegExpMatchArray): string | null {
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The date a day-month-year match reads as in `order`, and whether the order was certain. */
function numericReading(
  match: RegExpMatchArray,
  order: DateOrder,
): { iso: string; certain: boolean } | null {
  const first = Number(match[1]);
  const second = Number(match[3]);
  const year = fullYear(match[4] ?? '');
  const dayFirst = isoDate(year, second, first);
  const monthFirst = isoDate(year, first, second);
  const certain = !(dayFirst && monthFirst) || first === second;
  const iso = order === 'MDY' ? (monthFirst ?? dayFirst) : (dayFirst ?? monthFirst);
  return iso ? { iso, certain } : null;
}

const whole = (pattern: RegExp): RegExp => new RegExp(`^(?:${pattern.source})$`, 'u');
const isoWhole = whole(isoPattern);
const numericWhole = whole(numericPattern);

/**
 * The one date a date-shaped run that is no date ("2017-86-27", "04-10-2076") reads as with one
 * digit misread for its lookalike (06, 2016), or null when none or several do.
 */
function misreadDate(
  run: string,
  pattern: RegExp,
  read: (match: RegExpMatchArray) => string | null,
): string | null {
  const readings = new Set<string>();
  for (const reading of oneDigitMisread(run)) {
    const match = pattern.exec(reading);
    const iso = match ? read(match) : null;
    if (iso) readings.add(iso);
  }
  return readings.size === 1 ? ([...readings][0] ?? null) : null;
}

function overlaps(tokens: DateToken[], start: number, end: number): boolean {
  return tokens.some((token) => start < token.end && end > token.start);
}

/**
 * Every date written in a line of text. Numeric dates where day and month could be swapped use
 * `order` (chosen from the document's language and currency); otherwise the unambiguous reading.
 */
export function findDates(line: string, order: DateOrder): DateToken[] {
  const text = repairDateSlips(line);
  const tokens: DateToken[] = [];
  const add = (token: DateToken | null): void => {
    if (token && !overlaps(tokens, token.start, token.end)) tokens.push(token);
  };
  for (const match of text.matchAll(isoPattern)) {
    const iso = isoOfYearFirst(match) ?? misreadDate(match[0], isoWhole, isoOfYearFirst);
    const certain = iso === isoOfYearFirst(match);
    add(iso ? { iso, start: match.index, end: match.index + match[0].length, certain } : null);
  }
  for (const match of text.matchAll(dayMonthNamePattern)) {
    const month = monthNames[(match[2] ?? '').toLowerCase()];
    const iso = month ? isoDate(fullYear(match[3] ?? ''), month, Number(match[1])) : null;
    add(
      iso ? { iso, start: match.index, end: match.index + match[0].length, certain: true } : null,
    );
  }
  for (const match of text.matchAll(slippedMonthPattern)) {
    if (monthNames[(match[2] ?? '').toLowerCase()]) continue;
    const month = slippedMonth(match[2] ?? '');
    const iso = month ? isoDate(Number(match[3]), month, Number(match[1])) : null;
    add(
      iso ? { iso, start: match.index, end: match.index + match[0].length, certain: true } : null,
    );
  }
  for (const match of text.matchAll(monthNameDayPattern)) {
    const month = monthNames[(match[1] ?? '').toLowerCase()];
    const iso = month ? isoDate(Number(match[3]), month, Number(match[2])) : null;
    add(
      iso ? { iso, start: match.index, end: match.index + match[0].length, certain: true } : null,
    );
  }
  for (const match of text.matchAll(numericPattern)) {
    const read = numericReading(match, order);
    const iso =
      read?.iso ??
      misreadDate(match[0], numericWhole, (reading) => numericReading(reading, order)?.iso ?? null);
    const certain = read?.certain ?? false;
    add(iso ? { iso, start: match.index, end: match.index + match[0].length, certain } : null);
  }
  for (const pattern of slippedSeparatorPatterns)
    for (const match of text.matchAll(pattern)) {
      const first = Number(match[1]);
      const second = Number(match[2]);
      const year = Number(match[3]);
      const dayFirst = isoDate(year, second, first);
      const monthFirst = isoDate(year, first, second);
      const certain = !(dayFirst && monthFirst) || first === second;
      const iso = order === 'MDY' ? (monthFirst ?? dayFirst) : (dayFirst ?? monthFirst);
      add(iso ? { iso, start: match.index, end: match.index + match[0].length, certain } : null);
    }
  for (const match of text.matchAll(labelledRunPattern)) {
    const run = match[1] ?? '';
    const start = match.index + match[0].length - run.length;
    const iso = readDigitRun(run, order);
    add(iso ? { iso, start, end: start + run.length, certain: false } : null);
  }
  return tokens.sort((a, b) => a.start - b.start);
}

// A date after its label printed as one run of digits: its separators lost, or read as "1" or
// "7" ("Date: 101032018" for 10/03/2018).
const labelledRunPattern = /\bdate\s*[:.]?\s*(\d{8,10})(?!\d)/giu;
const readSeparator = '17';

/**
 * The one calendar date a run of digits after a date label can be: day, month and a four-digit
 * year (in the document's order), with each lost separator either missing or read as 1 or 7.
 */
function readDigitRun(run: string, order: DateOrder): string | null {
  const readings = new Set<string>();
  const year = run.slice(-4);
  const head = run.slice(0, -4);
  const splits: [string, string][] = [];
  for (let cut = 1; cut < head.length; cut += 1) {
    const first = head.slice(0, cut);
    const rest = head.slice(cut);
    for (const [a, b] of [
      [first, rest],
      [first, rest.slice(0, -1)],
      [first.slice(0, -1), rest],
      [first.slice(0, -1), rest.slice(0, -1)],
    ] as const) {
      const droppedFirst = a !== first;
      const droppedSecond = b !== rest;
      if (droppedFirst && !readSeparator.includes(first.at(-1) ?? '')) continue;
      if (droppedSecond && !readSeparator.includes(rest.at(-1) ?? '')) continue;
      if (a.length === 2 && b.length === 2) splits.push([a, b]);
    }
  }
  for (const [a, b] of splits) {
    const [day, month] = order === 'MDY' ? [b, a] : [a, b];
    const iso = isoDate(Number(year), Number(month), Number(day));
    if (iso && /^(?:19|20)/u.test(year)) readings.add(iso);
  }
  return readings.size === 1 ? ([...readings][0] ?? null) : null;
}
