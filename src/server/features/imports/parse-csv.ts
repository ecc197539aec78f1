import { CsvError as ParserError, parse } from 'csv-parse/sync';

/**
 * A CSV import read with csv-parse (the sibling of the csv-stringify that writes our CSVs,
 * docs/decisions/0008): fields separated by commas, semicolons (what Excel saves where the comma is
 * the decimal point) or tabs, detected from the header line outside quotes; quoted with ", a
 * doubled "" inside quotes is one quote, quoted fields may hold separators and line breaks; records
 * end with CRLF or LF; a byte order mark is dropped; blank lines are skipped. Every value stays text
 * (exceljs's CSV reader converts values to numbers and dates, which an import must not do before
 * the mapping says what a column is).
 * Stops with an error at `maxRecords + 1` records so a huge file is refused without parsing it all,
 * and as soon as a record has more than `maxColumns` fields or more than `maxRecordLength` characters
 * (a line of millions of commas is refused after `maxColumns` of them, not after building an array of millions).
 */
export class CsvError extends Error {}

/** Over a limit (columns or line length): the message is for the user as it is. */
export class CsvLimitError extends CsvError {}

export const MAX_IMPORT_COLUMNS = 500;
/** One record's characters (all its fields together; a quoted field with line breaks counts whole). */
export const MAX_IMPORT_RECORD_LENGTH = 100_000;

export const tooManyColumnsMessage = (max: number) => `The file has more than ${max} columns: remove the columns you do not import and upload it again`;
export const lineTooLongMessage = (line: number, max: number) =>
  `Line ${line} is longer than ${max.toLocaleString('en-US')} characters: check the file is a CSV of one record per line`;

export type CsvDelimiter = ',' | ';' | '\t';

/**
 * The separator of the header line: whichever of comma, semicolon and tab occurs most often
 * outside quotes before the first line break (a comma when none does, or on a tie).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  return (Object.keys(counts) as CsvDelimiter[]).reduce((best, candidate) => (counts[candidate] > counts[best] ? candidate : best), ',');
}

/**
 * The limits, checked in one pass over the text before csv-parse builds any field: a record of
 * more than `maxColumns` fields or `maxRecordLength` characters is refused at the first one too
 * many, with the line it starts on. (csv-parse's own max_record_size does not count separators, so
 * a line of millions of commas would otherwise become an array of millions first; a cast function
 * could stop it, but costs csv-parse an info object per field, ten times the parse.) Each quote
 * toggles quoting: a doubled quote toggles twice; malformed quoting is csv-parse's to report.
 */
function checkLimits(source: string, delimiter: CsvDelimiter, maxColumns: number, maxRecordLength: number): void {
  let quoted = false;
  let fields = 1;
  let recordStart = 0;
  let recordLine = 1;
  let line = 1;
  for (let index = 0; index < source.length; index += 1) {
    if (index - recordStart >= maxRecordLength) throw new CsvLimitError(lineTooLongMessage(recordLine, maxRecordLength));
    const char = source[index];
    if (char === '"') quoted = !quoted;
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      line += 1;
      if (!quoted) {
        fields = 1;
        recordStart = index + 1;
        recordLine = line;
      }
    } else if (char === delimiter && !quoted) {
      fields += 1;
      if (fields > maxColumns) throw new CsvLimitError(tooManyColumnsMessage(maxColumns));
    }
  }
}

/** csv-parse's error as ours, with the line it names. */
function readError(error: ParserError): CsvError {
  const line = (error as ParserError & { lines?: number }).lines;
  const at = line ? `Line ${line}: ` : '';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new CsvError(`${at}a quoted field is not closed`);
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return new CsvError(`${at}unexpected text after a closing quote`);
  // csv-parse names this code without its CSV_ prefix.
  if (error.code === 'INVALID_OPENING_QUOTE') {
    return new CsvError(`${at}a quote inside a field that does not start with one: quote the whole field and double the quotes inside it`);
  }
  return new CsvError(`${at}${error.message.replace(/^[^:]*: /, '')}`);
}

export function parseCsv(text: string, options: { maxRecords?: number; maxColumns?: number; maxRecordLength?: number } = {}): string[][] {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const maxColumns = options.maxColumns ?? MAX_IMPORT_COLUMNS;
  const maxRecordLength = options.maxRecordLength ?? MAX_IMPORT_RECORD_LENGTH;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(source);
  checkLimits(source, delimiter, maxColumns, maxRecordLength);
  let records: string[][];
  try {
    records = parse(source, {
      delimiter,
      // Any of the three in one file (csv-parse otherwise keeps to the first one it meets).
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      ...(Number.isFinite(maxRecords) ? { to: maxRecords + 1 } : {}),
    }) as string[][];
  } catch (error) {
    if (error instanceof ParserError) throw readError(error);
    throw error;
  }
  if (records.length > maxRecords) throw new CsvError('too many records');
  return records;
}
