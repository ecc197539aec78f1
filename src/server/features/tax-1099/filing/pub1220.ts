import type { Form1099Box, Form1099Type } from '../../../../shared/contracts/tax-1099';
import type { Cents } from '../../../../shared/money';

/**
 * The IRS FIRE file of Publication 1220 (Specifications for Electronic Filing of Forms 1097, 1098,
 * 1099, 3921, 3922, 5498 and W-2G; record layouts of Part C as in the revisions for tax years 2021 to
 * 2024, the ones with 18 amount codes): fixed 750-byte records, T (transmitter), then per payer and
 * type of return an A record, its B records (one per payee) and a C record (end of payer, control
 * totals), then the F record (end of transmission). Positions 749-750 of every record hold CR/LF. No
 * K records: the combined federal/state program is not used (blank in A and B).
 *
 * Positions checked on 2026-11-28 against published, independent implementations of the same
 * layouts (the publication itself could not be fetched here):
 * - T: moov-io/irs pkg/config/specification.go (TRecordLayout), sdj0/fire-1099
 *   fire/entities/transmitter.py, and the Naviga circulation manual's "1099 File Format" page (payment
 *   year 2024), which quotes Part C's T record text for positions 1-229. They agree with every
 *   position below.
 * - A: sdj0/fire-1099 fire/entities/payer.py (18-position amount codes 28-45, blank 46-51, "NE" for
 *   1099-NEC and "A" for 1099-MISC in 26-27); moov-io/irs (ARecordLayout, same positions up to the
 *   amount codes, which it still has at 16; the NEC sub-record there quotes Part C: type of return
 *   "NE" in field positions 26-27, amount code 1 in field position 28).
 * - B: sdj0/fire-1099 fire/entities/payees.py (18 payment amounts 55-270 with codes 1-9, A-H, J,
 *   blank 271-286, foreign country indicator 287, names 288-367, address 368-407, city 448-487, state
 *   488-489, ZIP 490-498, second TIN notice 544, direct sales 547, FATCA 548, special data entries
 *   663-722, state and local tax withheld 723-746, combined federal/state code 747-748); moov-io/irs
 *   (BRecordLayout 1-44 and 368-507 the same; Sub1099MISCLayout 544-750 the same).
 * - C and K: sdj0/fire-1099 fire/entities/end_of_payer.py and state_totals.py (18 control totals
 *   16-339, blank 340-499), moov-io/irs CRecordLayout/KRecordLayout (1-15 and 500-750 the same).
 * - F: moov-io/irs FRecordLayout and sdj0/fire-1099 end_of_transmission.py (A record count 2-9,
 *   zeros 10-30, blank 31-49, total payees 50-57).
 */

/** The payment amount fields of a B record, in order; field n starts at 55 + 12 n. */
export const AMOUNT_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'] as const;
export type AmountCode = (typeof AMOUNT_CODES)[number];

/**
 * Type of return (A record 26-27) per form, and each box's amount code (Part C, A record). 1099-MISC
 * since tax year 2021: 1 rents, 2 royalties, 3 other income, 4 federal income tax withheld, 5 fishing
 * boat proceeds, 6 medical and health care payments, 8 substitute payments, A crop insurance
 * proceeds, B excess golden parachute payments, C gross proceeds paid to an attorney (box 10), D
 * section 409A deferrals, E nonqualified deferred compensation, F fish purchased for resale; there is
 * no code 7 (box 7 is the direct sales check box, B record position 547). 1099-NEC: 1 nonemployee
 * compensation, 4 federal income tax withheld. Sources: the JD Edwards 1099-MISC amount code table
 * (docs.oracle.com, eoayp 1099-misc-1), the fire-1099 and moov-io/irs sources above.
 */
export const TYPE_OF_RETURN: Record<Form1099Type, string> = { nec: 'NE', misc: 'A' };
export const BOX_AMOUNT_CODE: Record<Form1099Box, AmountCode> = {
  nec_1: '1', // 1099-NEC box 1, nonemployee compensation
  misc_1: '1', // rents
  misc_2: '2', // royalties
  misc_3: '3', // other income
  misc_6: '6', // medical and health care payments
  misc_10: 'C', // box 10, gross proceeds paid to an attorney
};

/** A payer, payee or transmitter as a filing file carries it (both formats). */
export interface FilingParty {
  /** Nine digits. */
  tin: string;
  name: string;
  secondName?: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone?: string | null;
}
type Pub1220Party = FilingParty;

export interface Pub1220Transmitter extends Pub1220Party {
  tcc: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

export interface Pub1220Payee extends Pub1220Party {
  formType: Form1099Type;
  /** A one-transaction correction (corrected return indicator "G"). */
  corrected: boolean;
  tinType: 'ssn' | 'ein' | null;
  /** The payer's account number for the payee, up to 20 characters (helps match corrections). */
  accountNumber: string;
  amounts: Partial<Record<Form1099Box, Cents>>;
}

export interface Pub1220Input {
  year: number;
  test: boolean;
  /** "P": reporting a year before the current filing season's. */
  priorYear: boolean;
  transmitter: Pub1220Transmitter;
  payer: Pub1220Party;
  payees: readonly Pub1220Payee[];
}

export interface Pub1220File {
  text: string;
  records: number;
  aRecords: number;
  bRecords: number;
}

const RECORD_LENGTH = 750;

/** Uppercase ASCII with only the characters the publication allows in the field, cut to length. */
function clean(value: string | null | undefined, allowed: RegExp): string {
  return (value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(allowed, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
/** Names: letters, digits, blank, ampersand and hyphen. */
const nameText = (value: string | null | undefined) => clean(value, /[^A-Z0-9 &-]/g);
/** Addresses and other text: also slash, number sign, period, comma and apostrophe. */
const plainText = (value: string | null | undefined) => clean(value, /[^A-Z0-9 &/#.,'-]/g);
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** A record under construction: fields written at their 1-based positions into a blank line. */
class Record750 {
  private readonly chars: string[] = Array.from({ length: RECORD_LENGTH - 2 }, () => ' ');
  /** Left-justified, blank-filled, cut to the field. */
  text(start: number, end: number, value: string): this {
    const width = end - start + 1;
    const padded = value.slice(0, width).padEnd(width, ' ');
    for (let i = 0; i < width; i += 1) this.chars[start - 1 + i] = padded[i] ?? ' ';
    return this;
  }
  /** Right-justified, zero-filled. */
  number(start: number, end: number, value: number | string): this {
    const width = end - start + 1;
    const text = String(value);
    if (!/^\d+$/.test(text) || text.length > width) throw new Error(`Value ${text} does not fit positions ${start}-${end}`);
    return this.text(start, end, text.padStart(width, '0'));
  }
  toString(): string {
    return `${this.chars.join('')}\r\n`;
  }
}

/** ZIP: five or nine digits, left-justified (positions beyond blank). */
function zip(value: string): string {
  const d = digits(value);
  return d.length >= 9 ? d.slice(0, 9) : d.slice(0, 5);
}

/**
 * The payee name control: for a person (SSN) the first four letters of the surname, for an entity
 * (EIN) the first four characters of its name without a leading "The" (Publication 1220, B record
 * positions 7-10; blank is allowed when it cannot be determined).
 */
export function nameControl(name: string, tinType: 'ssn' | 'ein' | null): string {
  const words = clean(name, /[^A-Z0-9 &-]/g).split(' ').filter(Boolean);
  if (words.length === 0) return '';
  if (tinType === 'ssn') {
    const suffixes = new Set(['JR', 'SR', 'II', 'III', 'IV', 'MD', 'PHD', 'ESQ']);
    const surname = [...words].reverse().find((w) => !suffixes.has(w)) ?? words[words.length - 1] ?? '';
    return surname.replace(/[^A-Z-]/g, '').slice(0, 4);
  }
  const rest = words[0] === 'THE' && words.length > 1 ? words.slice(1) : words;
  return rest.join('').replace(/[^A-Z0-9&-]/g, '').slice(0, 4);
}

function tRecord(input: Pub1220Input, totalPayees: number, sequence: number): string {
  const t = input.transmitter;
  return new Record750()
    .text(1, 1, 'T')
    .number(2, 5, input.year)
    .text(6, 6, input.priorYear ? 'P' : '')
    .text(7, 15, digits(t.tin))
    .text(16, 20, clean(t.tcc, /[^A-Z0-9]/g))
    .text(28, 28, input.test ? 'T' : '')
    .text(29, 29, '')
    .text(30, 69, nameText(t.name))
    .text(70, 109, nameText(t.secondName))
    // Company name: the one "associated with the address in field positions 190-229", the transmitter's.
    .text(110, 149, nameText(t.name))
    .text(150, 189, nameText(t.secondName))
    .text(190, 229, plainText(t.address))
    .text(230, 269, plainText(t.city))
    .text(270, 271, clean(t.state, /[^A-Z]/g))
    .text(272, 280, zip(t.zipCode))
    .number(296, 303, totalPayees)
    .text(304, 343, nameText(t.contactName))
    .text(344, 358, digits(t.contactPhone))
    .text(359, 408, t.contactEmail.toUpperCase())
    .number(500, 507, sequence)
    // Vendor indicator: "I", the software was written in-house; the vendor fields stay blank.
    .text(518, 518, 'I')
    .toString();
}

function aRecord(input: Pub1220Input, formType: Form1099Type, codes: AmountCode[], sequence: number): string {
  const p = input.payer;
  return new Record750()
    .text(1, 1, 'A')
    .number(2, 5, input.year)
    .text(6, 6, '') // combined federal/state filing: not used
    .text(12, 20, digits(p.tin))
    .text(21, 24, '') // payer name control: optional
    .text(25, 25, '')
    .text(26, 27, TYPE_OF_RETURN[formType])
    .text(28, 45, codes.join(''))
    .text(52, 52, '')
    .text(53, 92, nameText(p.name))
    .text(93, 132, nameText(p.secondName))
    .text(133, 133, '0') // transfer agent indicator: the second name line is not a transfer agent
    .text(134, 173, plainText(p.address))
    .text(174, 213, plainText(p.city))
    .text(214, 215, clean(p.state, /[^A-Z]/g))
    .text(216, 224, zip(p.zipCode))
    .text(225, 239, digits(p.phone))
    .number(500, 507, sequence)
    .toString();
}

function bRecord(input: Pub1220Input, payee: Pub1220Payee, sequence: number): string {
  const record = new Record750()
    .text(1, 1, 'B')
    .number(2, 5, input.year)
    .text(6, 6, payee.corrected ? 'G' : '')
    .text(7, 10, nameControl(payee.name, payee.tinType))
    .text(11, 11, payee.tinType === 'ein' ? '1' : payee.tinType === 'ssn' ? '2' : '')
    .number(12, 20, digits(payee.tin))
    .text(21, 40, clean(payee.accountNumber, /[^A-Z0-9]/g))
    .text(41, 44, '');
  for (let i = 0; i < AMOUNT_CODES.length; i += 1) record.number(55 + 12 * i, 66 + 12 * i, 0);
  for (const [box, cents] of Object.entries(payee.amounts) as [Form1099Box, Cents][]) {
    const index = AMOUNT_CODES.indexOf(BOX_AMOUNT_CODE[box]);
    record.number(55 + 12 * index, 66 + 12 * index, cents);
  }
  return record
    .text(287, 287, '') // foreign country indicator
    .text(288, 327, nameText(payee.name))
    .text(328, 367, nameText(payee.secondName))
    .text(368, 407, plainText(payee.address))
    .text(448, 487, plainText(payee.city))
    .text(488, 489, clean(payee.state, /[^A-Z]/g))
    .text(490, 498, zip(payee.zipCode))
    .number(500, 507, sequence)
    .text(544, 544, '') // second TIN notice
    .text(547, 547, '') // direct sales indicator
    .text(548, 548, '') // FATCA filing requirement
    .text(747, 748, '') // combined federal/state code: not used
    .toString();
}

function cRecord(payees: readonly Pub1220Payee[], sequence: number): string {
  const record = new Record750().text(1, 1, 'C').number(2, 9, payees.length);
  for (let i = 0; i < AMOUNT_CODES.length; i += 1) {
    const code = AMOUNT_CODES[i];
    const total = payees.reduce(
      (sum, payee) => sum + (Object.entries(payee.amounts) as [Form1099Box, Cents][]).filter(([box]) => BOX_AMOUNT_CODE[box] === code).reduce((s, [, c]) => s + c, 0),
      0,
    );
    record.number(16 + 18 * i, 33 + 18 * i, total);
  }
  return record.number(500, 507, sequence).toString();
}

function fRecord(aRecords: number, totalPayees: number, sequence: number): string {
  return new Record750()
    .text(1, 1, 'F')
    .number(2, 9, aRecords)
    .number(10, 30, 0)
    .number(50, 57, totalPayees)
    .number(500, 507, sequence)
    .toString();
}

/** The amount codes a group of B records uses, in the publication's order (digits, then letters). */
function codesOf(payees: readonly Pub1220Payee[]): AmountCode[] {
  const used = new Set<AmountCode>();
  for (const payee of payees) for (const [box, cents] of Object.entries(payee.amounts) as [Form1099Box, Cents][]) if (cents > 0) used.add(BOX_AMOUNT_CODE[box]);
  return AMOUNT_CODES.filter((code) => used.has(code));
}

/**
 * The file: one A record per type of return, originals and corrections in separate A groups (the
 * publication asks for a separate A record for corrected returns).
 */
export function buildPub1220(input: Pub1220Input): Pub1220File {
  if (input.payees.length === 0) throw new Error('A Publication 1220 file needs at least one payee');
  const groups = new Map<string, Pub1220Payee[]>();
  for (const payee of input.payees) {
    const key = `${payee.formType}:${payee.corrected ? 'G' : 'O'}`;
    groups.set(key, [...(groups.get(key) ?? []), payee]);
  }
  const keys = [...groups.keys()].sort();
  let sequence = 1;
  const records: string[] = [tRecord(input, input.payees.length, sequence)];
  for (const key of keys) {
    const payees = groups.get(key) ?? [];
    const formType = key.split(':')[0] as Form1099Type;
    records.push(aRecord(input, formType, codesOf(payees), (sequence += 1)));
    for (const payee of payees) records.push(bRecord(input, payee, (sequence += 1)));
    records.push(cRecord(payees, (sequence += 1)));
  }
  records.push(fRecord(keys.length, input.payees.length, sequence + 1));
  return { text: records.join(''), records: records.length, aRecords: keys.length, bRecords: input.payees.length };
}
