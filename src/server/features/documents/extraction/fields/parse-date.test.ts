import { describe, expect, it } from 'vitest';
import { buildDocumentText } from './document-text';
import { findDates, repairDateSlips } from './parse-date';
import type { TextLine } from '../text-line';

const isoDates = (text: string, order: 'DMY' | 'MDY' = 'DMY') =>
  findDates(text, order).map((date) => date.iso);

function line(text: string, y: number): TextLine {
  const box = { page: 1, x: 0.1, y, width: 0.5, height: 0.01 };
  return { ...box, text, words: [{ ...box, text }] };
}

describe('reading dates', () => {
  it('reads month names in English, German, French and Dutch', () => {
    expect(isoDates('Invoice Date: August 3 , 2014')).toEqual(['2014-08-03']);
    expect(isoDates('Rechnungsdatum 5. März 2021')).toEqual(['2021-03-05']);
    expect(isoDates('Facture du 02 Juillet 2015')).toEqual(['2015-07-02']);
    expect(isoDates('Factuurdatum: 29 maart 2014')).toEqual(['2014-03-29']);
    expect(isoDates('11-Apr-2018 03:12:06 PM')).toEqual(['2018-04-11']);
    expect(isoDates('1er janvier 2020')).toEqual(['2020-01-01']);
  });

  it('reads a two-digit-year or ISO date run into the time printed after it', () => {
    expect(isoDates('25/01/1813:45')).toEqual(['2018-01-25']);
    expect(isoDates('2018-01-2513:45:02')).toEqual(['2018-01-25']);
  });

  it('learns the order from an unambiguous date run into its time', () => {
    const document = buildDocumentText(
      [line('Date 04/05/2024', 0.1), line('Printed 12/31/202409:15', 0.2)],
      'pdf-text',
    );
    expect(document.dateOrder).toBe('MDY');
  });

  it('reads ISO and two-digit-year dates', () => {
    expect(isoDates('Date 2018-10-31')).toEqual(['2018-10-31']);
    expect(isoDates('Tax Invoice 08/03/18')).toEqual(['2018-03-08']);
    expect(isoDates('DATE: 13-01-18 10:22')).toEqual(['2018-01-13']);
  });

  it('uses the document order only when day and month could be swapped', () => {
    expect(isoDates('03/06/2018', 'DMY')).toEqual(['2018-06-03']);
    expect(isoDates('03/06/2018', 'MDY')).toEqual(['2018-03-06']);
    expect(isoDates('25/06/2018', 'MDY')).toEqual(['2018-06-25']);
    expect(findDates('25/06/2018', 'DMY')[0]?.certain).toBe(true);
    expect(findDates('03/06/2018', 'DMY')[0]?.certain).toBe(false);
  });

  it('rejects impossible dates and phone numbers', () => {
    expect(isoDates('31/02/2020')).toEqual([]);
    expect(isoDates('Tel 03-58919941')).toEqual([]);
    expect(isoDates('39/02/2018')).toEqual([]);
  });

  it('learns month-first order from an unambiguous date elsewhere in the document', () => {
    const document = buildDocumentText(
      [line('Invoice date 04/05/2024', 0.1), line('Due 12/31/2024', 0.2)],
      'pdf-text',
    );
    expect(document.dateOrder).toBe('MDY');
  });

  it('reads day-first for a euro document without other clues', () => {
    const document = buildDocumentText(
      [line('Rechnung vom 04.05.2024', 0.1), line('Summe 12,00 €', 0.2)],
      'pdf-text',
    );
    expect(document.dateOrder).toBe('DMY');
  });
});

describe('a date printed as one run of digits after its label', () => {
  it('reads the separators OCR lost or read as "1" or "7"', () => {
    expect(isoDates('Date: 101032018 5:41.08')).toEqual(['2018-03-10']);
    expect(isoDates('Date: 25712/2019')).toEqual([]);
    expect(isoDates('DATE 24122019')).toEqual(['2019-12-24']);
    expect(isoDates('Date: 2417127019')).toEqual([]);
  });

  it('needs the label and a real calendar date', () => {
    expect(isoDates('Date: 111112018')).toEqual(['2018-11-11']);
    expect(isoDates('Date: 351322018')).toEqual([]);
    expect(isoDates('Ref 101032018')).toEqual([]);
  });
});

describe('a numeric date read with OCR slips', () => {
  it('reads letters read for digits as the digits', () => {
    expect(isoDates('Date: 25/O1/2018')).toEqual(['2018-01-25']);
    expect(isoDates('2S/0l/2018 13:45')).toEqual(['2018-01-25']);
    // Not a two-digit year 20 with the rest lost.
    expect(isoDates('25/01/20l8')).toEqual(['2018-01-25']);
    expect(isoDates('25/O1/2O1813:45')).toEqual(['2018-01-25']);
  });

  it('reads a space beside a separator as no gap', () => {
    expect(isoDates('DATE 25/01 /2018')).toEqual(['2018-01-25']);
    expect(isoDates('25 /01/ 2018')).toEqual(['2018-01-25']);
  });

  it('reads a dot read as a comma or a space, and a lost separator, in a date with a four-digit year', () => {
    expect(isoDates('Datum: 01,02.2019 12:09')).toEqual(['2019-02-01']);
    expect(isoDates('12.06,2024 19:48 Uhr')).toEqual(['2024-06-12']);
    expect(isoDates('Datum: 08.122026 11:00')).toEqual(['2026-12-08']);
    expect(isoDates('Datum: 2512.2025 18:34')).toEqual(['2025-12-25']);
    expect(isoDates('Datum: 26.04 2019 19:33')).toEqual(['2019-04-26']);
    expect(isoDates('26 06.2025 19:37 Uhr')).toEqual(['2025-06-26']);
    expect(isoDates('Kaffee 12.05 2019')).toEqual([]);
    // Amounts and numbers stay what they are.
    expect(isoDates('Summe 12,50 Bar 20.00')).toEqual([]);
    expect(isoDates('Beleg 1.122026')).toEqual([]);
  });

  it('reads a date that is no date as the one date a digit misread for its lookalike makes', () => {
    expect(isoDates('DATE : 2017-86-27 TIME : 17:27')).toEqual(['2017-06-27']);
    expect(isoDates('04-10-2076 17:48')).toEqual(['2016-10-04']);
    expect(isoDates('Date: 10/88/2017')).toEqual(['2017-08-10']);
    // 06/06, 08/06 and 09/06 are all one misread away: which was printed is open.
    expect(isoDates('00/06/2017')).toEqual([]);
    // A real date is read as printed.
    expect(isoDates('13/08/2013')).toEqual(['2013-08-13']);
  });

  it('reads a month name with one OCR slip when only one month is that close', () => {
    expect(isoDates('Date: 19 DFC 2016 20:23:00')).toEqual(['2016-12-19']);
    expect(isoDates('1 N0V 2017')).toEqual(['2017-11-01']);
    // Not a confusable slip, or no year of four digits: a word, not a month.
    expect(isoDates('12 MRR 2017')).toEqual([]);
    expect(isoDates('19 DFC 16')).toEqual([]);
  });

  it('takes no day/month order from a number above 31', () => {
    const document = buildDocumentText([line('Date & Time: 03/70/16 12:42', 0.1)], 'ocr');
    expect(document.dateOrder).toBe('DMY');
  });

  it('leaves runs with few real digits alone, and keeps positions', () => {
    expect(isoDates('SO/IO/20')).toEqual([]);
    expect(repairDateSlips('Date: 25/O1/2018 BOX')).toBe('Date: 25/01/2018 BOX');
  });
});
