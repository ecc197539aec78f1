import { lettersToDigits, mod97 } from './check-digits';
import { compactId } from './vat-id';

/**
 * IBAN lengths by country, from SWIFT's IBAN registry (ISO 13616). A country missing here has no
 * IBAN in the registry and its "IBAN" is refused.
 */
export const ibanLengths: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18,
  FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23,
  IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27,
  MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27,
  SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

export interface IbanCheck {
  ok: boolean;
  /** Upper case without spaces, e.g. "DE89370400440532013000". */
  normalized: string;
  message?: string;
}

export function checkIban(value: string): IbanCheck {
  const normalized = compactId(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(normalized)) {
    return { ok: false, normalized, message: 'IBAN must start with a country code and 2 check digits, e.g. DE89 3704 0044 0532 0130 00' };
  }
  const country = normalized.slice(0, 2);
  const length = ibanLengths[country];
  if (length === undefined) return { ok: false, normalized, message: `IBAN ${normalized}: ${country} has no IBANs` };
  if (normalized.length !== length) {
    return { ok: false, normalized, message: `IBAN ${normalized} must have ${length} characters for ${country} (it has ${normalized.length})` };
  }
  // ISO 13616: the country and check digits moved to the end, letters as numbers, the whole mod 97 is 1.
  if (mod97(lettersToDigits(normalized.slice(4) + normalized.slice(0, 4))) !== 1) {
    return { ok: false, normalized, message: `IBAN ${normalized} fails its check digits` };
  }
  return { ok: true, normalized };
}

/** The last four characters, the only part of an IBAN shown once stored (like account numbers). */
export const ibanLast4 = (iban: string): string => compactId(iban).slice(-4);

/** ISO 9362 BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function checkBic(value: string): IbanCheck {
  const normalized = compactId(value);
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(normalized)) {
    return { ok: false, normalized, message: `BIC ${normalized} must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3)` };
  }
  return { ok: true, normalized };
}
