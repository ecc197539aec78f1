import { stringify } from 'csv-stringify/sync';
import type { Form1099Box, Form1099Type } from '../../../../shared/contracts/tax-1099';
import type { FilingParty } from './pub1220';
import { type Cents, toDecimal } from '../../../../shared/money';

/**
 * The IRIS Taxpayer Portal's CSV upload (one template per form type, one row per return). The TIN is
 * whole here: this file goes to the IRS.
 *
 * The header rows are the portal's 1099-NEC and 1099-MISC templates as three independent public
 * exporters write them, checked on 2026-11-28: ACS-John/Dev-5 (Core/Print/1099-NEC.br.brs and
 * 1099-Misc.br.brs, templates of the tax year 2022-2024 forms), a Visual Basic 1099 program's
 * CommonHeader/NECHeader/MiscHeader, and a Next.js app's IRIS_1099NEC_HEADERS; they agree with each
 * other word for word, the template's own spelling kept ("Subtitute" in MISC box 8). The IRS publishes
 * the templates only behind the portal login, so a new year's template is to be compared with this
 * list before the season. What the templates do not have: a corrected indicator (a corrected return
 * is not an upload row; see buildIrisCsv) and a MISC box 13 column (FATCA is the "FATCA Filing
 * Requirements" column). Check boxes take Y or N, names B (business) or I (individual), TIN types EIN
 * or SSN, the phone type D (domestic) or I (international), as those exporters fill them.
 */

const PAYER = [
  'Form Type',
  'Tax Year',
  'Payer TIN Type',
  'Payer Taxpayer ID Number',
  'Payer Name Type',
  'Payer Business or Entity Name Line 1',
  'Payer Business or Entity Name Line 2',
  'Payer First Name',
  'Payer Middle Name',
  'Payer Last Name (Surname)',
  'Payer Suffix',
  'Payer Country',
  'Payer Address Line 1',
  'Payer Address Line 2',
  'Payer City/Town',
  'Payer State/Province/Territory',
  'Payer ZIP/Postal Code',
  'Payer Phone Type',
  'Payer Phone',
  'Payer Email Address',
] as const;
const RECIPIENT = [
  'Recipient TIN Type',
  'Recipient Taxpayer ID Number',
  'Recipient Name Type',
  'Recipient Business or Entity Name Line 1',
  'Recipient Business or Entity Name Line 2',
  'Recipient First Name',
  'Recipient Middle Name',
  'Recipient Last Name (Surname)',
  'Recipient Suffix',
  'Recipient Country',
  'Recipient Address Line 1',
  'Recipient Address Line 2',
  'Recipient City/Town',
  'Recipient State/Province/Territory',
  'Recipient ZIP/Postal Code',
  'Office Code',
  'Form Account Number',
] as const;
const STATES = [
  'Combined Federal/State Filing',
  ...[1, 2].flatMap((n) => [
    `State ${n}`,
    `State ${n} - State Tax Withheld`,
    `State ${n} - State/Payer state number`,
    `State ${n} - State income`,
    `State ${n} - Local income tax withheld`,
    `State ${n} - Special Data Entries`,
  ]),
];

/** Form columns in the template's order, with the box whose cents fill each one, or a Y/N check box (N). */
const BOXES: Record<Form1099Type, { header: string; box?: Form1099Box; flag?: boolean }[]> = {
  nec: [
    { header: '2nd TIN Notice', flag: true },
    { header: 'Box 1 - Nonemployee Compensation', box: 'nec_1' },
    { header: 'Box 2 - Payer made direct sales totaling $5000 or more of consumer products to a recipient for resale', flag: true },
    { header: 'Box 4 - Federal income tax withheld' },
  ],
  misc: [
    { header: 'FATCA Filing Requirements', flag: true },
    { header: '2nd TIN Notice', flag: true },
    { header: 'Box 1 - Rents', box: 'misc_1' },
    { header: 'Box 2 - Royalties', box: 'misc_2' },
    { header: 'Box 3 - Other Income', box: 'misc_3' },
    { header: 'Box 4 - Federal income tax withheld' },
    { header: 'Box 5 - Fishing boat proceeds' },
    { header: 'Box 6 - Medical and health care payments', box: 'misc_6' },
    { header: 'Box 7 - Direct sales of $5000 or more of consumer products to a recipient for resale', flag: true },
    { header: 'Box 8 - Subtitute payments in lieu of dividends or interest' },
    { header: 'Box 9 - Crop insurance proceeds' },
    { header: 'Box 10 - Gross proceeds paid to an attorney', box: 'misc_10' },
    { header: 'Box 11 - Fish purchased for resale' },
    { header: 'Box 12 - Section 409A deferrals' },
    { header: 'Box 14 - Excess golden parachute payments' },
    { header: 'Box 15 - Nonqualified deferred compensation' },
  ],
};

/**
 * Rows per uploaded file: at most 100 records, the header row not counted (IRIS working group notes
 * on Pub. 5719 as quoted by another open-source IRIS exporter; a tutorial says 250, so the smaller
 * bound is kept). A longer list is split into parts, each with the header row.
 */
export const IRIS_MAX_ROWS_PER_FILE = 100;

/** The rows of one form type split into upload files of at most IRIS_MAX_ROWS_PER_FILE rows. */
export function splitIrisRows<T>(rows: readonly T[], max = IRIS_MAX_ROWS_PER_FILE): T[][] {
  const parts: T[][] = [];
  for (let at = 0; at < rows.length; at += max) parts.push(rows.slice(at, at + max));
  return parts;
}

export const IRIS_FORM_NAMES: Record<Form1099Type, string> = { nec: '1099-NEC', misc: '1099-MISC' };

/** The template's header row for a form type, in its order. */
export function irisHeaders(formType: Form1099Type): string[] {
  return [...PAYER, ...RECIPIENT, ...BOXES[formType].map((b) => b.header), ...STATES];
}

/** The columns a row must fill (the template's required fields). */
export const IRIS_REQUIRED = [
  'Form Type',
  'Tax Year',
  'Payer TIN Type',
  'Payer Taxpayer ID Number',
  'Payer Name Type',
  'Payer Country',
  'Payer Address Line 1',
  'Payer City/Town',
  'Payer State/Province/Territory',
  'Payer ZIP/Postal Code',
  'Recipient TIN Type',
  'Recipient Taxpayer ID Number',
  'Recipient Name Type',
  'Recipient Country',
  'Recipient Address Line 1',
  'Recipient City/Town',
  'Recipient State/Province/Territory',
  'Recipient ZIP/Postal Code',
] as const;

export interface IrisParty extends FilingParty {
  tinType: 'ssn' | 'ein' | null;
  email?: string | null;
}

export interface IrisRow extends IrisParty {
  corrected: boolean;
  accountNumber: string;
  amounts: Partial<Record<Form1099Box, Cents>>;
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/**
 * A person paid under an SSN is split into first, middle and last names; an entity (EIN) goes on the
 * business name lines.
 */
function nameColumns(party: IrisParty, prefix: 'Payer' | 'Recipient'): Record<string, string> {
  if (party.tinType === 'ssn' && !party.secondName) {
    const words = party.name.trim().split(/\s+/);
    const last = words.length > 1 ? (words.pop() ?? '') : (words[0] ?? '');
    const first = words.length >= 1 && last !== words[0] ? (words.shift() ?? '') : '';
    return {
      [`${prefix} Name Type`]: 'I',
      [`${prefix} First Name`]: first,
      [`${prefix} Middle Name`]: words.join(' '),
      [`${prefix} Last Name (Surname)`]: last,
    };
  }
  return {
    [`${prefix} Name Type`]: 'B',
    [`${prefix} Business or Entity Name Line 1`]: party.name.slice(0, 75),
    [`${prefix} Business or Entity Name Line 2`]: (party.secondName ?? '').slice(0, 75),
  };
}

function partyColumns(party: IrisParty, prefix: 'Payer' | 'Recipient'): Record<string, string> {
  return {
    [`${prefix} TIN Type`]: party.tinType === 'ssn' ? 'SSN' : 'EIN',
    [`${prefix} Taxpayer ID Number`]: digits(party.tin),
    ...nameColumns(party, prefix),
    [`${prefix} Country`]: 'US',
    [`${prefix} Address Line 1`]: party.address,
    [`${prefix} City/Town`]: party.city,
    [`${prefix} State/Province/Territory`]: party.state.toUpperCase(),
    [`${prefix} ZIP/Postal Code`]: digits(party.zipCode),
  };
}

/**
 * One CSV of one form type: the header row, then one row per return; CRLF line ends. A corrected
 * return has no place in the template (no corrected indicator: as a row it would file a second
 * original), so it is refused here; corrections go in the Publication 1220 file or are made on the
 * filed return in the portal.
 */
export function buildIrisCsv(input: { year: number; formType: Form1099Type; payer: IrisParty; rows: readonly IrisRow[] }): string {
  if (input.rows.some((row) => row.corrected)) throw new Error('The IRIS CSV template has no corrected indicator: a corrected return cannot be a row');
  const headers = irisHeaders(input.formType);
  const payer = {
    ...partyColumns(input.payer, 'Payer'),
    'Payer Phone Type': input.payer.phone ? 'D' : '',
    'Payer Phone': digits(input.payer.phone),
    'Payer Email Address': input.payer.email ?? '',
  };
  const records = input.rows.map((row) => {
    const values: Record<string, string> = {
      'Form Type': IRIS_FORM_NAMES[input.formType],
      'Tax Year': String(input.year),
      ...payer,
      ...partyColumns(row, 'Recipient'),
      'Form Account Number': row.accountNumber,
    };
    for (const column of BOXES[input.formType]) {
      if (column.flag) values[column.header] = 'N';
      else if (column.box && row.amounts[column.box]) values[column.header] = toDecimal(row.amounts[column.box] ?? 0);
    }
    return headers.map((header) => values[header] ?? '');
  });
  return stringify([headers, ...records], { record_delimiter: 'windows' });
}
