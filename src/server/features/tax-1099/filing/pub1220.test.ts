import { describe, expect, it } from 'vitest';
import { type Pub1220Input, type Pub1220Payee, buildPub1220, nameControl } from './pub1220';
import { PUB1220_LAYOUTS, checkPub1220 } from './pub1220-check';

const transmitter = {
  tin: '123456789',
  tcc: '5A1BC',
  name: 'Northwind Bookkeeping LLC',
  address: '100 Main St., Suite 4',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701-1234',
  contactName: 'Ada Lovelace',
  contactPhone: '(512) 555-0100',
  contactEmail: 'ap@northwind.example',
};
const payer = { tin: '123456789', name: 'Northwind Bookkeeping LLC', address: '100 Main St., Suite 4', city: 'Austin', state: 'TX', zipCode: '78701', phone: '512-555-0100' };

const payee = (overrides: Partial<Pub1220Payee>): Pub1220Payee => ({
  formType: 'nec',
  corrected: false,
  tinType: 'ssn',
  tin: '123456789',
  name: 'Jane Q. Doe',
  secondName: null,
  address: '5 Elm Street',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75001',
  accountNumber: 'V1',
  amounts: {},
  ...overrides,
});

const input = (payees: Pub1220Payee[], overrides: Partial<Pub1220Input> = {}): Pub1220Input => ({ year: 2025, test: false, priorYear: false, transmitter, payer, payees, ...overrides });

/** The records of a file (each 750 bytes, CR/LF included). */
const recordsOf = (text: string) => text.match(/[\s\S]{750}/g) ?? [];
/** Positions start..end (1-based, inclusive) of a record, as the publication numbers them. */
const at = (record: string | undefined, start: number, end: number) => (record ?? '').slice(start - 1, end);

const sample = [
  payee({ name: 'Jane Q. Doe', tin: '123456789', amounts: { nec_1: 125_000 } }),
  payee({ name: 'The Acme Plumbing Co', tinType: 'ein', tin: '201234567', amounts: { nec_1: 60_001 } }),
  payee({ formType: 'misc', name: 'Oak Street Properties LLC', tinType: 'ein', tin: '301234567', amounts: { misc_1: 2_400_000, misc_10: 150_000 } }),
  payee({ formType: 'misc', name: 'Dr. Ann Smith', tin: '234567890', amounts: { misc_6: 99_999 } }),
];

describe('Publication 1220 file', () => {
  it('writes 750-byte uppercase records, T, an A-B-C group per type of return, and F, that the layout checker accepts', () => {
    const file = buildPub1220(input(sample));
    const check = checkPub1220(file.text);
    expect(check.errors).toEqual([]);
    expect(check.ok).toBe(true);
    const records = recordsOf(file.text);
    expect(file.text.length).toBe(750 * records.length);
    expect(records.map((r) => r[0]).join('')).toBe('TABBCABBCF');
    expect(records.every((r) => r.endsWith('\r\n'))).toBe(true);
    expect(records.map((r) => Number(at(r, 500, 507)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(file.text).not.toMatch(/[a-z]/);
  });

  it('puts each field where the layout says, worked by hand for one file', () => {
    const [t, aMisc, bRent, , cMisc, aNec, bJane, bAcme, cNec, f] = recordsOf(buildPub1220(input(sample, { test: true })).text);
    // T: year, transmitter TIN, TCC, test indicator, names, payee count, contact.
    expect(at(t, 2, 5)).toBe('2025');
    expect(at(t, 7, 15)).toBe('123456789');
    expect(at(t, 16, 20)).toBe('5A1BC');
    expect(at(t, 28, 28)).toBe('T');
    expect(at(t, 30, 69).trimEnd()).toBe('NORTHWIND BOOKKEEPING LLC');
    expect(at(t, 190, 229).trimEnd()).toBe('100 MAIN ST., SUITE 4');
    expect(at(t, 272, 280)).toBe('787011234');
    expect(at(t, 296, 303)).toBe('00000004');
    expect(at(t, 344, 358).trimEnd()).toBe('5125550100');
    expect(at(t, 518, 518)).toBe('I');
    // A records: MISC first (type "A "), amount codes 1 (rents), 6 (medical), C (attorney).
    expect(at(aMisc, 26, 27)).toBe('A ');
    expect(at(aMisc, 28, 45).trimEnd()).toBe('16C');
    expect(at(aMisc, 12, 20)).toBe('123456789');
    expect(at(aMisc, 133, 133)).toBe('0');
    expect(at(aMisc, 216, 224)).toBe('78701    ');
    expect(at(aNec, 26, 27)).toBe('NE');
    expect(at(aNec, 28, 45).trimEnd()).toBe('1');
    // B: rents $24,000.00 in amount 1 (55-66), attorney $1,500.00 in amount C (the 12th field: 187-198).
    expect(at(bRent, 55, 66)).toBe('000002400000');
    expect(at(bRent, 187, 198)).toBe('000000150000');
    expect(at(bRent, 11, 11)).toBe('1');
    expect(at(bRent, 12, 20)).toBe('301234567');
    expect(at(bRent, 7, 10)).toBe('OAKS');
    // Jane: SSN (type 2), name control from the surname, $1,250.00.
    expect(at(bJane, 11, 11)).toBe('2');
    expect(at(bJane, 7, 10)).toBe('DOE ');
    expect(at(bJane, 55, 66)).toBe('000000125000');
    expect(at(bJane, 288, 327).trimEnd()).toBe('JANE Q DOE');
    expect(at(bJane, 448, 487).trimEnd()).toBe('DALLAS');
    expect(at(bJane, 488, 489)).toBe('TX');
    expect(at(bJane, 490, 498)).toBe('75001    ');
    expect(at(bJane, 6, 6)).toBe(' ');
    expect(at(bAcme, 7, 10)).toBe('ACME');
    // C: payees and totals: NEC 1,250.00 + 600.01 = 1,850.01 in control total 1 (16-33).
    expect(at(cNec, 2, 9)).toBe('00000002');
    expect(at(cNec, 16, 33)).toBe('000000000000185001');
    expect(at(cMisc, 16, 33)).toBe('000000000002400000');
    expect(at(cMisc, 106, 123)).toBe('000000000000099999'); // control total 6: 16 + 5 * 18
    expect(at(cMisc, 214, 231)).toBe('000000000000150000'); // control total C: 16 + 11 * 18
    // F: two A records, four payees.
    expect(at(f, 2, 9)).toBe('00000002');
    expect(at(f, 10, 30)).toBe('0'.repeat(21));
    expect(at(f, 50, 57)).toBe('00000004');
  });

  it('puts the less common fields where the 18-code layout says (checked against moov-io/irs and fire-1099)', () => {
    const clientPayer = { ...payer, tin: '987654321', name: 'Client Bakery Inc', secondName: 'DBA Sweet Things' };
    const [t, a, b, c, f] = recordsOf(buildPub1220(input([payee({ amounts: { nec_1: 70_000 } })], { payer: clientPayer, priorYear: true })).text);
    // T: prior year "P" in 6, blanks 21-27, foreign entity 29 blank; the company name is the one whose
    // address is in 190-229, the transmitter's (not the payer's); contact name 304-343, email 359-408.
    expect(at(t, 6, 6)).toBe('P');
    expect(at(t, 21, 27)).toBe(' '.repeat(7));
    expect(at(t, 29, 29)).toBe(' ');
    expect(at(t, 110, 149).trimEnd()).toBe('NORTHWIND BOOKKEEPING LLC');
    expect(at(t, 230, 269).trimEnd()).toBe('AUSTIN');
    expect(at(t, 270, 271)).toBe('TX');
    expect(at(t, 281, 295)).toBe(' '.repeat(15));
    expect(at(t, 304, 343).trimEnd()).toBe('ADA LOVELACE');
    expect(at(t, 359, 408).trimEnd()).toBe('AP@NORTHWIND.EXAMPLE');
    expect(at(t, 409, 499)).toBe(' '.repeat(91));
    expect(at(t, 519, 748)).toBe(' '.repeat(230)); // vendor fields blank for in-house software ("I" in 518)
    // A: the payer's own TIN (12-20) and names (53-92, 93-132), the 18 amount code positions 28-45,
    // blank 46-51, foreign entity 52, city 174-213, state 214-215, phone 225-239.
    expect(at(a, 6, 6)).toBe(' ');
    expect(at(a, 7, 11)).toBe(' '.repeat(5));
    expect(at(a, 12, 20)).toBe('987654321');
    expect(at(a, 28, 45)).toBe(`1${' '.repeat(17)}`);
    expect(at(a, 46, 52)).toBe(' '.repeat(7));
    expect(at(a, 53, 92).trimEnd()).toBe('CLIENT BAKERY INC');
    expect(at(a, 93, 132).trimEnd()).toBe('DBA SWEET THINGS');
    expect(at(a, 134, 173).trimEnd()).toBe('100 MAIN ST., SUITE 4');
    expect(at(a, 174, 213).trimEnd()).toBe('AUSTIN');
    expect(at(a, 214, 215)).toBe('TX');
    expect(at(a, 225, 239).trimEnd()).toBe('5125550100');
    expect(at(a, 240, 499)).toBe(' '.repeat(260));
    // B: account number 21-40, office code 41-44 and 45-54 blank; 18 amounts of 12 from 55 to 270 (the
    // last, J, at 259-270), blank 271-286, foreign country indicator 287, address 368-407, blank 408-447,
    // 499 blank; the form-specific part: second TIN notice 544, direct sales 547, FATCA 548 all blank.
    expect(at(b, 21, 40)).toBe(`V1${' '.repeat(18)}`);
    expect(at(b, 41, 54)).toBe(' '.repeat(14));
    expect(at(b, 55, 66)).toBe('000000070000');
    expect(at(b, 259, 270)).toBe('000000000000');
    expect(at(b, 271, 287)).toBe(' '.repeat(17));
    expect(at(b, 368, 407).trimEnd()).toBe('5 ELM STREET');
    expect(at(b, 408, 447)).toBe(' '.repeat(40));
    expect(at(b, 499, 499)).toBe(' ');
    expect(at(b, 508, 748)).toBe(' '.repeat(241));
    // C: 18 control totals of 18 from 16 to 339 (J at 322-339), blank 340-499.
    expect(at(c, 10, 15)).toBe(' '.repeat(6));
    expect(at(c, 16, 33)).toBe('000000000000070000');
    expect(at(c, 322, 339)).toBe('0'.repeat(18));
    expect(at(c, 340, 499)).toBe(' '.repeat(160));
    // F: blank 31-49 between the zeros and the payee count; blank 58-499.
    expect(at(f, 31, 49)).toBe(' '.repeat(19));
    expect(at(f, 50, 57)).toBe('00000001');
    expect(at(f, 58, 499)).toBe(' '.repeat(442));
    expect(checkPub1220(recordsOf(buildPub1220(input([payee({ amounts: { nec_1: 70_000 } })], { payer: clientPayer })).text).join('')).errors).toEqual([]);
  });

  it('carries a corrected form with the one-transaction indicator G under its own A record', () => {
    const file = buildPub1220(input([payee({ amounts: { nec_1: 70_000 } }), payee({ corrected: true, name: 'Bo Li', tin: '345678901', amounts: { nec_1: 80_000 } })]));
    const check = checkPub1220(file.text);
    expect(check.errors).toEqual([]);
    expect(check.payers).toEqual([
      expect.objectContaining({ typeOfReturn: 'NE', payees: 1, corrected: 1 }),
      expect.objectContaining({ typeOfReturn: 'NE', payees: 1, corrected: 0 }),
    ]);
    const b = recordsOf(file.text).filter((r) => r[0] === 'B');
    expect(b.map((r) => at(r, 6, 6))).toEqual(['G', ' ']);
  });

  it('derives name controls as the publication describes', () => {
    expect(nameControl('John A. Smith Jr.', 'ssn')).toBe('SMIT');
    expect(nameControl('Al Ng', 'ssn')).toBe('NG');
    expect(nameControl('The Hideaway Cafe', 'ein')).toBe('HIDE');
    expect(nameControl('A & B Supply', 'ein')).toBe('A&BS');
    expect(nameControl('Zoë Müller', 'ssn')).toBe('MULL');
  });
});

describe('Publication 1220 checker', () => {
  const good = buildPub1220(input(sample)).text;
  const records = recordsOf(good);
  const replaceAt = (record: string, start: number, value: string) => record.slice(0, start - 1) + value + record.slice(start - 1 + value.length);
  const withRecord = (index: number, change: (record: string) => string) => records.map((r, i) => (i === index ? change(r) : r)).join('');
  const errorsOf = (text: string) => checkPub1220(text).errors.join('\n');

  it('accepts the good file', () => expect(checkPub1220(good).ok).toBe(true));

  it('catches a record one byte short', () => {
    const broken = records.map((r, i) => (i === 3 ? r.slice(0, 100) + r.slice(101) : r)).join('');
    expect(checkPub1220(broken).ok).toBe(false);
    expect(errorsOf(broken)).toMatch(/not a whole number of 750-byte records/);
  });
  it('catches a missing CR/LF', () => expect(errorsOf(withRecord(2, (r) => `${r.slice(0, 748)}  `))).toMatch(/749-750 are not CR\/LF/));
  it('catches lowercase', () => expect(errorsOf(withRecord(2, (r) => replaceAt(r, 288, 'oak')))).toMatch(/lowercase/));
  it('catches a B record before its A record', () => {
    const swapped = [records[0], records[2], records[1], ...records.slice(3)].join('');
    expect(errorsOf(swapped)).toMatch(/a B record must follow an A record/);
  });
  it('catches a control total that is not the sum of its B records', () => {
    expect(errorsOf(withRecord(4, (r) => replaceAt(r, 16, '000000000002400001')))).toMatch(/control total 1 is 2400001, but its B records sum to 2400000/);
  });
  it('catches a wrong payee count in the C record', () => expect(errorsOf(withRecord(4, (r) => replaceAt(r, 2, '00000003')))).toMatch(/number of payees 3, but the A group has 2/));
  it('catches a wrong A record count in the F record', () => expect(errorsOf(withRecord(9, (r) => replaceAt(r, 2, '00000003')))).toMatch(/number of A records 3, but the file has 2/));
  it('catches a wrong payee total in the T record', () => expect(errorsOf(withRecord(0, (r) => replaceAt(r, 296, '00000005')))).toMatch(/T record counts 5 payees/));
  it('catches a sequence number out of order', () => expect(errorsOf(withRecord(5, (r) => replaceAt(r, 500, '00000009')))).toMatch(/sequence number 9, expected 6/));
  it('catches an amount in a field the A record has no code for', () => expect(errorsOf(withRecord(2, (r) => replaceAt(r, 67, '000000000001')))).toMatch(/payment amount 2 is 1 but the A record has no amount code 2/));
  it('catches an amount code that the type of return does not have', () => expect(errorsOf(withRecord(5, (r) => replaceAt(r, 28, '19')))).toMatch(/amount code 9 is not valid for 1099-NEC/));
  it('catches a non-numeric amount', () => expect(errorsOf(withRecord(6, (r) => replaceAt(r, 55, '0000001250.0')))).toMatch(/55-66 \(Payment Amount 1\).*not numeric/));
  it('catches text in a blank field', () => expect(errorsOf(withRecord(6, (r) => replaceAt(r, 408, 'X')))).toMatch(/408-447 \(Blank\): must be blank/));
  it('catches a missing TIN and TIN type', () => {
    const errors = errorsOf(withRecord(6, (r) => replaceAt(replaceAt(r, 12, '000000000'), 11, ' ')));
    expect(errors).toMatch(/payee TIN is missing/);
    expect(errors).toMatch(/type of TIN is blank/);
  });
  it('catches a file without its F record', () => expect(errorsOf(records.slice(0, -1).join(''))).toMatch(/does not end with an F record/));
  it('catches a bad ZIP code', () => expect(errorsOf(withRecord(6, (r) => replaceAt(r, 490, '7500     ')))).toMatch(/490-498 \(Payee ZIP Code\)/));
  it('catches a payment year that differs from the T record', () => expect(errorsOf(withRecord(6, (r) => replaceAt(r, 2, '2024')))).toMatch(/payment year 2024 differs/));
  it('refuses amount code 7 for 1099-MISC (box 7 is the direct sales check box since tax year 2020)', () =>
    expect(errorsOf(withRecord(1, (r) => replaceAt(r, 28, '167C')))).toMatch(/amount code 7 is not valid for 1099-MISC/));
  it('accepts the 1099-MISC codes of the current form: 4, 5, 8 and A to F', () => {
    const withCodes = withRecord(1, (r) => replaceAt(r, 28, '1234568ABCDEF'));
    expect(errorsOf(withCodes)).not.toMatch(/amount code/);
  });

  /** A K record written by hand from Part C's K layout (combined federal/state filing). */
  const kRecord = (payees: number, total1: number, stateCode: string, sequence: number) =>
    `K${String(payees).padStart(8, '0')}${' '.repeat(6)}${String(total1).padStart(18, '0')}${'0'.repeat(18 * 17)}${' '.repeat(160)}${String(sequence).padStart(8, '0')}${' '.repeat(199)}${' '.repeat(36)}${' '.repeat(4)}${stateCode}\r\n`;
  const renumber = (list: string[]) => list.map((r, i) => replaceAt(r, 500, String(i + 1).padStart(8, '0'))).join('');

  it('accepts K records after a C record, within their group, and refuses them elsewhere or above the C totals', () => {
    expect(kRecord(1, 1, '48', 1)).toHaveLength(750);
    // After the NEC C record (index 8): Jane's $1,250.00 to Texas (code 48).
    const withK = [...records.slice(0, 9), kRecord(1, 125_000, '48', 0), ...records.slice(9)];
    expect(checkPub1220(renumber(withK)).errors).toEqual([]);
    const afterA = [...records.slice(0, 6), kRecord(1, 125_000, '48', 0), ...records.slice(6)];
    expect(checkPub1220(renumber(afterA)).errors.join('\n')).toMatch(/a K record must follow a C record/);
    const tooMuch = [...records.slice(0, 9), kRecord(1, 999_999, '48', 0), ...records.slice(9)];
    expect(checkPub1220(renumber(tooMuch)).errors.join('\n')).toMatch(/control total 1 exceeds the C record's/);
    const twice = [...records.slice(0, 9), kRecord(1, 100, '48', 0), kRecord(1, 100, '48', 0), ...records.slice(9)];
    expect(checkPub1220(renumber(twice)).errors.join('\n')).toMatch(/second K record for combined federal\/state code 48/);
  });

  it("has layout tables that cover positions 1-750 of every record exactly once", () => {
    for (const [type, layout] of Object.entries(PUB1220_LAYOUTS)) {
      let next = 1;
      for (const field of layout) {
        expect({ type, field: field.name, start: field.start }).toEqual({ type, field: field.name, start: next });
        expect(field.end).toBeGreaterThanOrEqual(field.start);
        next = field.end + 1;
      }
      expect({ type, end: next - 1 }).toEqual({ type, end: 750 });
    }
  });
  it('catches a second T record', () => expect(errorsOf([records[0], ...records].join(''))).toMatch(/T record must be the first record/));
});
