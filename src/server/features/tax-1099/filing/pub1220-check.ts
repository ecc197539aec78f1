/**
 * A reader of Publication 1220 files that checks them against the published record layouts (the T,
 * A, B, C, K and F tables of Part C, revisions with 18 amount codes, tax years 2021-2024), written
 * from those tables and not from our writer: record length 750 with CR/LF in 749-750, uppercase, the
 * order T, (A, B..., C, K...)..., F, consecutive sequence numbers, each field's type at its
 * positions, C totals and counts equal to its B records, K totals within its group, and the F and T
 * counts.
 *
 * The tables were cross-checked (2026-11-28) field by field against moov-io/irs
 * (pkg/config/specification.go), sdj0/fire-1099 (fire/entities/*.py, the 18-code revision) and, for
 * the T record, the Naviga "1099 File Format" manual page; the amount codes per type of return
 * against the JD Edwards 1099-MISC amount code table (no code 7 for 1099-MISC since tax year 2020).
 */

type FieldType =
  /** A fixed value, or one of several. */
  | { kind: 'oneOf'; values: readonly string[] }
  /** Digits only, right-justified, zero-filled. */
  | { kind: 'numeric' }
  /** Digits, or all blank. */
  | { kind: 'numericOrBlank' }
  /** Any uppercase text (left-justified). */
  | { kind: 'text'; required?: boolean }
  | { kind: 'blank' }
  /** Five or nine digits, left-justified, or blank. */
  | { kind: 'zip' };

interface Field {
  name: string;
  start: number;
  end: number;
  type: FieldType;
}

const f = (name: string, start: number, end: number, type: FieldType): Field => ({ name, start, end, type });
const blank = (start: number, end: number) => f('Blank', start, end, { kind: 'blank' });
const text = (required = false): FieldType => ({ kind: 'text', required });
const oneOf = (...values: string[]): FieldType => ({ kind: 'oneOf', values });
const numeric: FieldType = { kind: 'numeric' };
const CRLF = f('Blank or CR/LF', 749, 750, oneOf('\r\n', '  '));
const SEQ = f('Record Sequence Number', 500, 507, numeric);

/** The 18 payment amount / control total fields' amount codes. */
const CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'];

const T_LAYOUT: Field[] = [
  f('Record Type', 1, 1, oneOf('T')),
  f('Payment Year', 2, 5, numeric),
  f('Prior Year Data Indicator', 6, 6, oneOf('P', ' ')),
  f("Transmitter's TIN", 7, 15, numeric),
  f('Transmitter Control Code', 16, 20, text(true)),
  blank(21, 27),
  f('Test File Indicator', 28, 28, oneOf('T', ' ')),
  f('Foreign Entity Indicator', 29, 29, oneOf('1', ' ')),
  f('Transmitter Name', 30, 69, text(true)),
  f('Transmitter Name (Continuation)', 70, 109, text()),
  f('Company Name', 110, 149, text(true)),
  f('Company Name (Continuation)', 150, 189, text()),
  f('Company Mailing Address', 190, 229, text(true)),
  f('Company City', 230, 269, text(true)),
  f('Company State', 270, 271, text(true)),
  f('Company ZIP Code', 272, 280, { kind: 'zip' }),
  blank(281, 295),
  f('Total Number of Payees', 296, 303, numeric),
  f('Contact Name', 304, 343, text(true)),
  f('Contact Telephone Number & Extension', 344, 358, text(true)),
  f('Contact Email Address', 359, 408, text()),
  blank(409, 499),
  SEQ,
  blank(508, 517),
  f('Vendor Indicator', 518, 518, oneOf('V', 'I')),
  f('Vendor Name', 519, 558, text()),
  f('Vendor Mailing Address', 559, 598, text()),
  f('Vendor City', 599, 638, text()),
  f('Vendor State', 639, 640, text()),
  f('Vendor ZIP Code', 641, 649, { kind: 'zip' }),
  f('Vendor Contact Name', 650, 689, text()),
  f('Vendor Contact Telephone Number & Extension', 690, 704, text()),
  blank(705, 739),
  f('Vendor Foreign Entity Indicator', 740, 740, oneOf('1', ' ')),
  blank(741, 748),
  CRLF,
];

const A_LAYOUT: Field[] = [
  f('Record Type', 1, 1, oneOf('A')),
  f('Payment Year', 2, 5, numeric),
  f('Combined Federal/State Filer', 6, 6, oneOf('1', ' ')),
  blank(7, 11),
  f("Payer's TIN", 12, 20, numeric),
  f('Payer Name Control', 21, 24, text()),
  f('Last Filing Indicator', 25, 25, oneOf('1', ' ')),
  f('Type of Return', 26, 27, text(true)),
  f('Amount Codes', 28, 45, text(true)),
  blank(46, 51),
  f('Foreign Entity Indicator', 52, 52, oneOf('1', ' ')),
  f('First Payer Name Line', 53, 92, text(true)),
  f('Second Payer Name Line', 93, 132, text()),
  f('Transfer Agent Indicator', 133, 133, oneOf('0', '1')),
  f('Payer Shipping Address', 134, 173, text(true)),
  f('Payer City', 174, 213, text(true)),
  f('Payer State', 214, 215, text(true)),
  f('Payer ZIP Code', 216, 224, { kind: 'zip' }),
  f("Payer's Telephone Number and Extension", 225, 239, text()),
  blank(240, 499),
  SEQ,
  blank(508, 748),
  CRLF,
];

const B_LAYOUT: Field[] = [
  f('Record Type', 1, 1, oneOf('B')),
  f('Payment Year', 2, 5, numeric),
  f('Corrected Return Indicator', 6, 6, oneOf('G', 'C', ' ')),
  f("Payee's Name Control", 7, 10, text()),
  f('Type of TIN', 11, 11, oneOf('1', '2', ' ')),
  f("Payee's TIN", 12, 20, numeric),
  f("Payer's Account Number for Payee", 21, 40, text()),
  f("Payer's Office Code", 41, 44, text()),
  blank(45, 54),
  ...CODES.map((code, i) => f(`Payment Amount ${code}`, 55 + 12 * i, 66 + 12 * i, numeric)),
  blank(271, 286),
  f('Foreign Country Indicator', 287, 287, oneOf('1', ' ')),
  f('First Payee Name Line', 288, 327, text(true)),
  f('Second Payee Name Line', 328, 367, text()),
  f('Payee Mailing Address', 368, 407, text(true)),
  blank(408, 447),
  f('Payee City', 448, 487, text(true)),
  f('Payee State', 488, 489, text(true)),
  f('Payee ZIP Code', 490, 498, { kind: 'zip' }),
  blank(499, 499),
  SEQ,
  blank(508, 543),
  // Positions 544-750 of 1099-MISC; 1099-NEC has the same fields at the same positions (second TIN
  // notice 544, direct sales indicator 547 since tax year 2021, state and local tax 723-746). Its FATCA
  // position 548 is in fire-1099's layout and not in moov-io/irs's newer 1099-NEC sub-record, so a
  // "1" or a blank is accepted there for both.
  f('Second TIN Notice', 544, 544, oneOf('2', ' ')),
  blank(545, 546),
  f('Direct Sales Indicator', 547, 547, oneOf('1', ' ')),
  f('FATCA Filing Requirement Indicator', 548, 548, oneOf('1', ' ')),
  blank(549, 662),
  f('Special Data Entries', 663, 722, text()),
  f('State Income Tax Withheld', 723, 734, { kind: 'numericOrBlank' }),
  f('Local Income Tax Withheld', 735, 746, { kind: 'numericOrBlank' }),
  f('Combined Federal/State Code', 747, 748, { kind: 'numericOrBlank' }),
  CRLF,
];

const C_LAYOUT: Field[] = [
  f('Record Type', 1, 1, oneOf('C')),
  f('Number of Payees', 2, 9, numeric),
  blank(10, 15),
  ...CODES.map((code, i) => f(`Control Total ${code}`, 16 + 18 * i, 33 + 18 * i, numeric)),
  blank(340, 499),
  SEQ,
  blank(508, 748),
  CRLF,
];

const F_LAYOUT: Field[] = [
  f('Record Type', 1, 1, oneOf('F')),
  f('Number of "A" Records', 2, 9, numeric),
  f('Zero', 10, 30, oneOf('0'.repeat(21))),
  blank(31, 49),
  f('Total Number of Payees', 50, 57, { kind: 'numericOrBlank' }),
  blank(58, 499),
  SEQ,
  blank(508, 748),
  CRLF,
];

/** State Totals "K" record (combined federal/state filing only): one per state after a C record. */
const K_LAYOUT: Field[] = [
  f('Record Type', 1, 1, oneOf('K')),
  f('Number of Payees', 2, 9, numeric),
  blank(10, 15),
  ...CODES.map((code, i) => f(`Control Total ${code}`, 16 + 18 * i, 33 + 18 * i, numeric)),
  blank(340, 499),
  SEQ,
  blank(508, 706),
  f('State Income Tax Withheld Total', 707, 724, { kind: 'numericOrBlank' }),
  f('Local Income Tax Withheld Total', 725, 742, { kind: 'numericOrBlank' }),
  blank(743, 746),
  f('Combined Federal/State Code', 747, 748, numeric),
  CRLF,
];

/** The record layouts by record type (exported for the layout's own tests). */
export const PUB1220_LAYOUTS: Record<string, readonly { name: string; start: number; end: number }[]> = { T: T_LAYOUT, A: A_LAYOUT, B: B_LAYOUT, C: C_LAYOUT, K: K_LAYOUT, F: F_LAYOUT };
const LAYOUTS: Record<string, Field[]> = { T: T_LAYOUT, A: A_LAYOUT, B: B_LAYOUT, C: C_LAYOUT, K: K_LAYOUT, F: F_LAYOUT };

/**
 * Type of return and the amount codes each allows (Part C, A record). 1099-MISC: 1 rents, 2
 * royalties, 3 other income, 4 federal income tax withheld, 5 fishing boat proceeds, 6 medical and
 * health care, 8 substitute payments, A crop insurance, B excess golden parachute, C gross proceeds
 * to an attorney, D section 409A deferrals, E nonqualified deferred compensation, F fish purchased
 * for resale. 1099-NEC: 1 nonemployee compensation, 4 federal income tax withheld.
 */
const RETURN_TYPES: Record<string, { form: string; codes: string }> = {
  NE: { form: '1099-NEC', codes: '14' },
  A: { form: '1099-MISC', codes: '1234568ABCDEF' },
};

export interface Pub1220Check {
  ok: boolean;
  errors: string[];
  records: { type: string; sequence: number }[];
  /** Per A group: type of return, payee count and totals per amount code (cents). */
  payers: { typeOfReturn: string; payees: number; corrected: number; totals: Record<string, number> }[];
}

const get = (line: string, start: number, end: number) => line.slice(start - 1, end);

function checkField(line: string, field: Field, where: string): string | null {
  const value = get(line, field.start, field.end);
  const label = `${where} positions ${field.start}-${field.end} (${field.name})`;
  switch (field.type.kind) {
    case 'oneOf': {
      const width = field.end - field.start + 1;
      const ok = field.type.values.some((v) => v.padEnd(width, ' ') === value);
      return ok ? null : `${label}: "${value}" is not one of ${field.type.values.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    case 'numeric':
      return /^\d+$/.test(value) ? null : `${label}: "${value}" is not numeric (right-justified, zero-filled)`;
    case 'numericOrBlank':
      return /^\d+$/.test(value) || /^ +$/.test(value) ? null : `${label}: "${value}" is neither numeric nor blank`;
    case 'blank':
      return /^ *$/.test(value) ? null : `${label}: must be blank, has "${value.trim()}"`;
    case 'zip':
      return /^(\d{5} {4}|\d{9}| {9})$/.test(value) ? null : `${label}: "${value}" is not a 5 or 9 digit ZIP code, left-justified`;
    case 'text':
      if (/^ /.test(value) && value.trim() !== '') return `${label}: must be left-justified`;
      if (field.type.required && value.trim() === '') return `${label}: required`;
      return null;
  }
}

/** Parses and checks a whole file; every problem found is listed (the check does not stop at the first). */
export function checkPub1220(file: string): Pub1220Check {
  const errors: string[] = [];
  const records: Pub1220Check['records'] = [];
  const payers: Pub1220Check['payers'] = [];
  if (file.length % 750 !== 0) errors.push(`The file is ${file.length} bytes, not a whole number of 750-byte records`);
  if (/[^\x20-\x7e\r\n]/.test(file)) errors.push('The file has characters outside printable ASCII');
  const lines: string[] = [];
  for (let at = 0; at < file.length; at += 750) lines.push(file.slice(at, at + 750));

  type State = 'start' | 'afterT' | 'inPayer' | 'afterC' | 'afterK' | 'afterF';
  let state = 'start' as State;
  let year = '';
  let totalB = 0;
  let aCount = 0;
  let tPayees = 0;
  let group: { typeOfReturn: string; codes: string; payees: number; corrected: number; totals: Record<string, number> } | null = null;
  /** The last closed A group, which K records after its C record total by state. */
  let closed: { payees: number; totals: Record<string, number>; kPayees: number; kTotals: Record<string, number>; states: Set<string> } | null = null;

  lines.forEach((line, index) => {
    const where = `Record ${index + 1}`;
    if (line.length !== 750) {
      errors.push(`${where}: ${line.length} bytes, not 750`);
      return;
    }
    if (!line.endsWith('\r\n')) errors.push(`${where}: positions 749-750 are not CR/LF`);
    if (/[a-z]/.test(line.slice(0, 748))) errors.push(`${where}: lowercase letters (every alpha character must be uppercase)`);
    const type = line[0] ?? '';
    const layout = LAYOUTS[type];
    if (!layout) {
      errors.push(`${where}: unknown record type "${type}"`);
      return;
    }
    for (const field of layout) {
      const problem = checkField(line, field, `${where} (${type})`);
      if (problem) errors.push(problem);
    }
    const sequence = Number(get(line, 500, 507));
    records.push({ type, sequence });
    if (sequence !== index + 1) errors.push(`${where}: sequence number ${sequence}, expected ${index + 1}`);
    if (type !== 'C' && type !== 'K' && type !== 'F') {
      const recordYear = get(line, 2, 5);
      if (type === 'T') year = recordYear;
      else if (recordYear !== year) errors.push(`${where}: payment year ${recordYear} differs from the T record's ${year}`);
    }

    switch (type) {
      case 'T':
        if (state !== 'start') errors.push(`${where}: a T record must be the first record, and only once`);
        tPayees = Number(get(line, 296, 303));
        state = 'afterT';
        break;
      case 'A': {
        if (state !== 'afterT' && state !== 'afterC' && state !== 'afterK') errors.push(`${where}: an A record must follow the T record, a C record or a K record`);
        aCount += 1;
        const typeOfReturn = get(line, 26, 27).trim();
        const codes = get(line, 28, 45).trim();
        const allowed = RETURN_TYPES[typeOfReturn];
        if (!allowed) errors.push(`${where}: type of return "${typeOfReturn}" is not 1099-NEC (NE) or 1099-MISC (A)`);
        else {
          for (const code of codes) if (!allowed.codes.includes(code)) errors.push(`${where}: amount code ${code} is not valid for ${allowed.form}`);
          const sorted = [...codes].sort((a, b) => CODES.indexOf(a) - CODES.indexOf(b)).join('');
          if (sorted !== codes || new Set(codes).size !== codes.length) errors.push(`${where}: amount codes "${codes}" are not in ascending order, each once`);
        }
        if (/ /.test(codes)) errors.push(`${where}: amount codes must be left-justified without blanks between them`);
        group = { typeOfReturn, codes, payees: 0, corrected: 0, totals: Object.fromEntries(CODES.map((c) => [c, 0])) };
        state = 'inPayer';
        break;
      }
      case 'B': {
        if (state !== 'inPayer' || !group) {
          errors.push(`${where}: a B record must follow an A record or another B record`);
          break;
        }
        totalB += 1;
        group.payees += 1;
        if (get(line, 6, 6) !== ' ') group.corrected += 1;
        const tinType = get(line, 11, 11);
        const tin = get(line, 12, 20);
        if (/^0{9}$/.test(tin)) errors.push(`${where}: the payee TIN is missing (zeros)`);
        if (tinType === ' ') errors.push(`${where}: the type of TIN is blank (1 EIN, 2 SSN)`);
        const nameControl = get(line, 7, 10);
        if (!/^[A-Z0-9&-]*\s*$/.test(nameControl)) errors.push(`${where}: name control "${nameControl}" has characters other than letters, digits, & and -`);
        CODES.forEach((code, i) => {
          const amount = Number(get(line, 55 + 12 * i, 66 + 12 * i));
          if (Number.isNaN(amount) || !group) return;
          if (amount !== 0 && !group.codes.includes(code)) errors.push(`${where}: payment amount ${code} is ${amount} but the A record has no amount code ${code}`);
          group.totals[code] = (group.totals[code] ?? 0) + amount;
        });
        if (!/^[A-Z]{2}$/.test(get(line, 488, 489))) errors.push(`${where}: payee state "${get(line, 488, 489)}" is not a two-letter code`);
        break;
      }
      case 'C': {
        if (state !== 'inPayer' || !group) {
          errors.push(`${where}: a C record must follow the B records of an A record`);
          break;
        }
        const payees = Number(get(line, 2, 9));
        if (payees !== group.payees) errors.push(`${where}: number of payees ${payees}, but the A group has ${group.payees} B records`);
        if (group.payees === 0) errors.push(`${where}: an A record without B records`);
        CODES.forEach((code, i) => {
          const total = Number(get(line, 16 + 18 * i, 33 + 18 * i));
          if (group && total !== group.totals[code]) errors.push(`${where}: control total ${code} is ${total}, but its B records sum to ${group.totals[code]}`);
        });
        payers.push({ typeOfReturn: group.typeOfReturn, payees: group.payees, corrected: group.corrected, totals: group.totals });
        closed = { payees: group.payees, totals: group.totals, kPayees: 0, kTotals: Object.fromEntries(CODES.map((c) => [c, 0])), states: new Set() };
        group = null;
        state = 'afterC';
        break;
      }
      case 'K': {
        if ((state !== 'afterC' && state !== 'afterK') || !closed) {
          errors.push(`${where}: a K record must follow a C record or another K record`);
          break;
        }
        const code = get(line, 747, 748);
        if (closed.states.has(code)) errors.push(`${where}: a second K record for combined federal/state code ${code}`);
        closed.states.add(code);
        closed.kPayees += Number(get(line, 2, 9));
        if (closed.kPayees > closed.payees) errors.push(`${where}: the K records count ${closed.kPayees} payees, more than the ${closed.payees} of their A group`);
        CODES.forEach((c, i) => {
          if (!closed) return;
          closed.kTotals[c] = (closed.kTotals[c] ?? 0) + Number(get(line, 16 + 18 * i, 33 + 18 * i));
          if ((closed.kTotals[c] ?? 0) > (closed.totals[c] ?? 0)) errors.push(`${where}: the K records' control total ${c} exceeds the C record's`);
        });
        state = 'afterK';
        break;
      }
      case 'F': {
        if (state !== 'afterC' && state !== 'afterK') errors.push(`${where}: the F record must follow a C record or a K record`);
        const aRecords = Number(get(line, 2, 9));
        if (aRecords !== aCount) errors.push(`${where}: number of A records ${aRecords}, but the file has ${aCount}`);
        const payees = get(line, 50, 57);
        if (payees.trim() !== '' && Number(payees) !== totalB) errors.push(`${where}: total number of payees ${Number(payees)}, but the file has ${totalB} B records`);
        state = 'afterF';
        break;
      }
    }
  });
  if (lines.length > 0 && (state as State) !== 'afterF') errors.push('The file does not end with an F record');
  if (lines.length > 0 && records[records.length - 1]?.type !== 'F') errors.push('The last record is not the F record');
  if (lines.length === 0) errors.push('The file is empty');
  if (tPayees !== totalB) errors.push(`The T record counts ${tPayees} payees, the file has ${totalB} B records`);
  return { ok: errors.length === 0, errors, records, payers };
}
