import { stringify } from 'csv-stringify/sync';
import type { Form1099Box, Form1099Type } from '../../../../shared/contracts/tax-1099';
import type { FilingParty } from './pub1220';
import { type Cents, toDecimal } from '../../../../shared/money';

/**
 * The IRIS Taxpayer Portal's CSV upload (one template per form type, one row per return). The
 * headers are those of the portal's 1099-NEC and 1099-MISC templates as we know them (tax year 2024
 * templates: payer block, recipient block, form indicators, boxes, two state blocks); the portal
 * matches by column order, so a change in a new year's template is made here only. The TIN is whole
 * here: this file goes to the IRS.
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
  'Corrected',
  '2nd TIN Notice',
] as const;
const STATES = [1, 2].flatMap((n) => [`State ${n}`, `State ${n} - Payer State Number`, `State ${n} - State Tax Withheld`, `State ${n} - State Income`]);

/** Box columns per form, with the box whose cents fill each one (none: left blank). */
const BOXES: Record<Form1099Type, { header: string; box?: Form1099Box; flag?: boolean }[]> = {
  nec: [
    { header: 'Box 1 - Nonemployee Compensation', box: 'nec_1' },
    { header: 'Box 2 - Direct Sales Indicator', flag: true },
    { header: 'Box 4 - Federal Income Tax Withheld' },
  ],
  misc: [
    { header: 'Box 1 - Rents', box: 'misc_1' },
    { header: 'Box 2 - Royalties', box: 'misc_2' },
    { header: 'Box 3 - Other Income', box: 'misc_3' },
    { header: 'Box 4 - Federal Income Tax Withheld' },
    { header: 'Box 5 - Fishing Boat Proceeds' },
    { header: 'Box 6 - Medical and Health Care Payments', box: 'misc_6' },
    { header: 'Box 7 - Direct Sales Indicator', flag: true },
    { header: 'Box 8 - Substitute Payments in Lieu of Dividends or Interest' },
    { header: 'Box 9 - Crop Insurance Proceeds' },
    { header: 'Box 10 - Gross Proceeds Paid to an Attorney', box: 'misc_10' },
    { header: 'Box 11 - Fish Purchased for Resale' },
    { header: 'Box 12 - Section 409A Deferrals' },
    { header: 'Box 13 - FATCA Filing Requirement', flag: true },
    { header: 'Box 14 - Excess Golden Parachute Payments' },
    { header: 'Box 15 - Nonqualified Deferred Compensation' },
  ],
};

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
  'Corrected',
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

/** One CSV of one form type: the header row, then one row per return; CRLF line ends. */
export function buildIrisCsv(input: { year: number; formType: Form1099Type; payer: IrisParty; rows: readonly IrisRow[] }): string {
  const headers = irisHeaders(input.formType);
  const payer = {
    ...partyColumns(input.payer, 'Payer'),
    'Payer Phone Type': input.payer.phone ? 'Domestic' : '',
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
      Corrected: row.corrected ? 'Y' : 'N',
    };
    for (const column of BOXES[input.formType]) {
      if (column.flag) values[column.header] = 'N';
      else if (column.box && row.amounts[column.box]) values[column.header] = toDecimal(row.amounts[column.box] ?? 0);
    }
    return headers.map((header) => values[header] ?? '');
  });
  return stringify([headers, ...records], { record_delimiter: 'windows' });
}
