/**
 * Taxpayer identification numbers as a W-9 gives them (issue 32): an SSN or ITIN in the SSN boxes,
 * an EIN in the EIN boxes. Only the shape is checked; the IRS TIN Matching program is the only
 * check of a number against a name.
 */
export type TinType = 'ssn' | 'ein';

/**
 * The EIN prefixes (first two digits) the IRS assigns, from "How EINs are assigned and valid EIN
 * prefixes" (irs.gov, Campus and Internet/SB-SE prefixes). Any other prefix is malformed.
 */
const EIN_PREFIXES = new Set(
  [
    '01', '02', '03', '04', '05', '06', '10', '11', '12', '13', '14', '15', '16', '20', '21', '22', '23', '24', '25', '26', '27',
    '30', '31', '32', '33', '34', '35', '36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46', '47', '48', '50', '51',
    '52', '53', '54', '55', '56', '57', '58', '59', '60', '61', '62', '63', '64', '65', '66', '67', '68', '71', '72', '73', '74',
    '75', '76', '77', '80', '81', '82', '83', '84', '85', '86', '87', '88', '90', '91', '92', '93', '94', '95', '98', '99',
  ],
);

/** The nine digits of a TIN typed with or without dashes and spaces, or null when it is not nine digits. */
export function tinDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** Why an SSN or ITIN is malformed, or null (SSA's rules: area not 000, 666 or 9xx; group not 00; serial not 0000). */
function ssnProblem(digits: string): string | null {
  const area = digits.slice(0, 3);
  const group = digits.slice(3, 5);
  const serial = digits.slice(5);
  if (area.startsWith('9')) {
    // An ITIN: 9xx-[50-65, 70-88, 90-92, 94-99]-xxxx (IRS, "Individual Taxpayer Identification Number").
    const g = Number(group);
    const itinGroup = (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || (g >= 94 && g <= 99);
    return itinGroup ? null : 'An SSN cannot begin with 9, and this is not a valid ITIN';
  }
  if (area === '000' || area === '666') return `An SSN cannot begin with ${area}`;
  if (group === '00') return 'An SSN cannot have 00 as its middle two digits';
  if (serial === '0000') return 'An SSN cannot end with 0000';
  return null;
}

/** Why a TIN is malformed for its type, or null when its shape is valid. */
export function tinProblem(type: TinType, value: string): string | null {
  const digits = tinDigits(value);
  if (!digits) return type === 'ssn' ? 'An SSN has 9 digits (123-45-6789)' : 'An EIN has 9 digits (12-3456789)';
  if (/^(\d)\1{8}$/.test(digits)) return 'A TIN cannot be one digit repeated';
  if (type === 'ein') return EIN_PREFIXES.has(digits.slice(0, 2)) ? null : `${digits.slice(0, 2)} is not a prefix the IRS assigns to EINs`;
  return ssnProblem(digits);
}

/** "123-45-6789" or "12-3456789". */
export function formatTin(type: TinType, digits: string): string {
  return type === 'ssn' ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** How every list and response shows a TIN: "•••-••-6789" or "••-•••6789". */
export function maskTin(type: TinType | null, last4: string | null): string | null {
  if (!last4) return null;
  return type === 'ein' ? `••-•••${last4}` : `•••-••-${last4}`;
}

/**
 * The type a Tax ID typed without a choice most likely is (issue 32): "123-45-6789" an SSN,
 * "12-3456789" or nine bare digits an EIN (vendors are businesses unless written as an SSN).
 * Null when it is neither shape.
 */
export function guessTinType(value: string): TinType | null {
  const text = value.trim();
  if (/^\d{3}-\d{2}-\d{4}$/.test(text)) return 'ssn';
  if (/^\d{2}-\d{7}$/.test(text) || /^\d{9}$/.test(text)) return 'ein';
  return null;
}

/** A masked TIN sent back unchanged by a form ("••-•••6789"): it means "keep the stored one". */
export const isMaskedTin = (value: string): boolean => value.includes('•');
