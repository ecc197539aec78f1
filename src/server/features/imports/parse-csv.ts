/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted with ", a doubled "" inside quotes
 * is one quote, quoted fields may hold commas and line breaks; records end with CRLF or LF. A
 * byte order mark is dropped. (csv-parse is not a dependency; exceljs's CSV reader converts
 * values to numbers and dates, which an import must not do before the mapping says what a column is.)
 * Stops with an error at `maxRecords + 1` records so a huge file is refused without parsing it all.
 */
export class CsvError extends Error {}

export function parseCsv(text: string, options: { maxRecords?: number } = {}): string[][] {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  const endRecord = () => {
    record.push(field);
    field = '';
    afterQuote = false;
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    if (records.length > maxRecords) throw new CsvError('too many records');
  };
  for (let index = 0; index < source.length; index += 1) {
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
      record.push(field);
      field = '';
      afterQuote = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
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
