import { vatCheckDigits } from './vat-id-checks';

/**
 * VAT identification numbers (BT-31, BT-48): the prefix and the shape per state (the 27 EU states
 * with Greece as EL, Northern Ireland as XI, and GB, CH and NO), then the check digits where the
 * state's algorithm is public (vat-id-checks.ts). Shapes follow the EU's VIES format list.
 */
interface VatFormat {
  name: string;
  pattern: RegExp;
  /** The shape in words, for the message. */
  shape: string;
}

export const vatIdFormats: Record<string, VatFormat> = {
  AT: { name: 'Austrian', pattern: /^U\d{8}$/, shape: 'ATU + 8 digits' },
  BE: { name: 'Belgian', pattern: /^[01]\d{9}$/, shape: 'BE + 10 digits starting with 0 or 1' },
  BG: { name: 'Bulgarian', pattern: /^\d{9,10}$/, shape: 'BG + 9 or 10 digits' },
  CY: { name: 'Cypriot', pattern: /^[0-59]\d{7}[A-Z]$/, shape: 'CY + 8 digits and a letter' },
  CZ: { name: 'Czech', pattern: /^\d{8,10}$/, shape: 'CZ + 8 to 10 digits' },
  DE: { name: 'German', pattern: /^[1-9]\d{8}$/, shape: 'DE + 9 digits' },
  DK: { name: 'Danish', pattern: /^[1-9]\d{7}$/, shape: 'DK + 8 digits' },
  EE: { name: 'Estonian', pattern: /^10\d{7}$/, shape: 'EE + 9 digits starting with 10' },
  EL: { name: 'Greek', pattern: /^\d{9}$/, shape: 'EL + 9 digits' },
  ES: { name: 'Spanish', pattern: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, shape: 'ES + 9 characters, the first or last a letter' },
  FI: { name: 'Finnish', pattern: /^\d{8}$/, shape: 'FI + 8 digits' },
  FR: { name: 'French', pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, shape: 'FR + 2 characters and the 9-digit SIREN' },
  HR: { name: 'Croatian', pattern: /^\d{11}$/, shape: 'HR + 11 digits' },
  HU: { name: 'Hungarian', pattern: /^\d{8}$/, shape: 'HU + 8 digits' },
  IE: { name: 'Irish', pattern: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, shape: 'IE + 7 digits and 1 or 2 letters' },
  IT: { name: 'Italian', pattern: /^\d{11}$/, shape: 'IT + 11 digits' },
  LT: { name: 'Lithuanian', pattern: /^(?:\d{9}|\d{12})$/, shape: 'LT + 9 or 12 digits' },
  LU: { name: 'Luxembourg', pattern: /^\d{8}$/, shape: 'LU + 8 digits' },
  LV: { name: 'Latvian', pattern: /^\d{11}$/, shape: 'LV + 11 digits' },
  MT: { name: 'Maltese', pattern: /^[1-9]\d{7}$/, shape: 'MT + 8 digits' },
  NL: { name: 'Dutch', pattern: /^\d{9}B\d{2}$/, shape: 'NL + 9 digits, B and 2 digits' },
  PL: { name: 'Polish', pattern: /^\d{10}$/, shape: 'PL + 10 digits' },
  PT: { name: 'Portuguese', pattern: /^\d{9}$/, shape: 'PT + 9 digits' },
  RO: { name: 'Romanian', pattern: /^[1-9]\d{1,9}$/, shape: 'RO + 2 to 10 digits' },
  SE: { name: 'Swedish', pattern: /^\d{10}01$/, shape: 'SE + 10 digits and 01' },
  SI: { name: 'Slovenian', pattern: /^[1-9]\d{7}$/, shape: 'SI + 8 digits' },
  SK: { name: 'Slovak', pattern: /^[1-9]\d{9}$/, shape: 'SK + 10 digits' },
  XI: { name: 'Northern Ireland', pattern: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, shape: 'XI + 9 or 12 digits' },
  GB: { name: 'UK', pattern: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, shape: 'GB + 9 or 12 digits' },
  CH: { name: 'Swiss', pattern: /^E\d{9}(?:MWST|TVA|IVA|TPV)?$/, shape: 'CHE + 9 digits (and MWST, TVA or IVA)' },
  NO: { name: 'Norwegian', pattern: /^\d{9}(?:MVA)?$/, shape: 'NO + 9 digits (and MVA)' },
};

/** The prefixes whose check digits are verified; every other prefix above is checked by shape only. */
export const vatIdCheckDigitCountries = Object.keys(vatIdFormats).filter((code) => vatCheckDigits[code] !== undefined).sort();
export const vatIdShapeOnlyCountries = Object.keys(vatIdFormats).filter((code) => vatCheckDigits[code] === undefined).sort();

export interface VatIdCheck {
  ok: boolean;
  /** Upper case without spaces, dots or dashes, e.g. "DE123456788" (Greece as EL, Belgian 9 digits padded). */
  normalized: string;
  /** The VAT prefix (EL for Greece, XI for Northern Ireland), or null when there is none we know. */
  country: string | null;
  message?: string;
}

/** Removes what people type between the characters of an id. */
export const compactId = (value: string): string => value.toUpperCase().replace(/[\s.\-/:,]/g, '');

export function checkVatId(value: string): VatIdCheck {
  let normalized = compactId(value);
  if (normalized.startsWith('GR')) normalized = `EL${normalized.slice(2)}`;
  const country = normalized.slice(0, 2);
  const format = vatIdFormats[country];
  if (!format) {
    return { ok: false, normalized, country: null, message: 'VAT ID must start with its country code, e.g. DE, FR or NL' };
  }
  let number = normalized.slice(2);
  if (country === 'BE' && /^\d{9}$/.test(number)) number = `0${number}`;
  normalized = `${country}${number}`;
  if (!format.pattern.test(number)) {
    return { ok: false, normalized, country, message: `VAT ID ${normalized} does not have the shape of a ${format.name} VAT ID (${format.shape})` };
  }
  const check = vatCheckDigits[country];
  if (check && !check(number)) {
    return { ok: false, normalized, country, message: `VAT ID ${normalized} fails its check digit` };
  }
  return { ok: true, normalized, country };
}
