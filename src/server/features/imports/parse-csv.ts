/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted with ", a doubled "" inside quotes
 * is one quote, quoted fields may hold commas and line breaks; records end with CRLF or LF. A
 * byte order mark is dropped. (csv-parse is not a dependency; exceljs's CSV reader converts
 * values to numbers and dates, which an import must not do before the mapping says what a column is.)
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

export function parseCsv(text: string, options: { maxRecords?: number; maxColumns?: number; maxRecordLength?: number } = {}): string[][] {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const maxColumns = options.maxColumns ?? MAX_IMPORT_COLUMNS;
  const maxRecordLength = options.maxRecordLength ?? MAX_IMPORT_RECORD_LENGTH;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  // Where the current record started in `source` and on which line, for the length limit and its message.
  let recordStart = 0;
  let recordLine = 1;
  const pushField = () => {
    if (record.length >= maxColumns) throw new CsvLimitError(tooManyColumnsMessage(maxColumns));
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    pushField();
    afterQuote = false;
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    if (records.length > maxRecords) throw new CsvError('too many records');
  };
  for (let index = 0; index < source.length; index += 1) {
    if (index - recordStart >= maxRecordLength) throw new CsvLimitError(lineTooLongMessage(recordLine, maxRecordLength));
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === ',') {
      pushField();
      afterQuote = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordStart = index + 1;
      recordLine = line;
    } else if (char === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new CsvError(`Line ${line}: unexpected text after a closing quote`);
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvError(`Line ${line}: a quoted field is not closed`);
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
