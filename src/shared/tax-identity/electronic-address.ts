import { belgianEnterpriseNumberValid, gs1Valid, luhnValid, norwegianOrgNumberValid, weightedSum, digitsOf } from './check-digits';
import { type EasScheme, easSchemes, isEasScheme, vatIdSchemes } from './eas-codes';
import { checkLeitwegId } from './leitweg-id';
import { checkVatId, compactId } from './vat-id';

/**
 * Electronic addresses (BT-34 seller, BT-49 buyer): a Peppol participant id, scheme and value,
 * written "0208:0123456789". Values are checked where the scheme's rule is public.
 */
export interface ElectronicAddressCheck {
  ok: boolean;
  scheme: string;
  value: string;
  message?: string;
}

/** Australian Business Number: first digit minus 1, weights 10,1,3,...,19, the sum a multiple of 89. */
function abnValid(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const digits = digitsOf(value);
  digits[0] = (digits[0] ?? 0) - 1;
  return weightedSum(digits, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) % 89 === 0;
}

type ValueRule = { test: (value: string) => boolean; expects: string } | ((value: string) => string | null);

const valueRules: Partial<Record<EasScheme, ValueRule>> = {
  '0002': { test: (v) => /^\d{9}$/.test(v) && luhnValid(v), expects: 'a 9-digit SIREN with a valid check digit' },
  '0007': { test: (v) => /^\d{10}$/.test(v) && luhnValid(v), expects: 'a 10-digit Swedish organisation number with a valid check digit' },
  '0009': { test: (v) => /^\d{14}$/.test(v) && luhnValid(v), expects: 'a 14-digit SIRET with a valid check digit' },
  '0060': { test: (v) => /^\d{9}$/.test(v), expects: 'a 9-digit DUNS number' },
  '0088': { test: (v) => /^\d{13}$/.test(v) && gs1Valid(v), expects: 'a 13-digit GLN with a valid GS1 check digit' },
  '0106': { test: (v) => /^\d{8}$/.test(v), expects: 'an 8-digit KvK number' },
  '0151': { test: abnValid, expects: 'an 11-digit ABN with valid check digits' },
  '0192': { test: norwegianOrgNumberValid, expects: 'a 9-digit Norwegian organisation number with a valid check digit' },
  '0208': { test: belgianEnterpriseNumberValid, expects: 'a 10-digit Belgian enterprise number with valid check digits' },
  '9959': { test: (v) => /^\d{9}$/.test(v), expects: 'a 9-digit EIN' },
  '0204': (v) => checkLeitwegId(v).message ?? null,
};

function valueProblem(scheme: EasScheme, value: string): string | null {
  const country = vatIdSchemes[scheme];
  if (country) {
    const withPrefix = /^[A-Z]{2}/.test(value) ? value : `${country}${value}`;
    const check = checkVatId(withPrefix);
    if (!check.ok) return check.message ?? 'Invalid VAT ID';
    if (check.country !== country) return `Scheme ${scheme} takes a ${country} VAT ID`;
    return null;
  }
  const rule = valueRules[scheme];
  if (!rule) return null;
  if (typeof rule === 'function') return rule(value);
  return rule.test(value) ? null : `Electronic address ${scheme}:${value} must be ${rule.expects}`;
}

/** Checks a scheme and value given apart (the forms' two fields). */
export function checkElectronicAddress(scheme: string, rawValue: string): ElectronicAddressCheck {
  const code = scheme.trim();
  // Leitweg-IDs keep their hyphens; every other value is compacted.
  const value = code === '0204' ? rawValue.trim().toUpperCase() : compactId(rawValue);
  if (!isEasScheme(code)) return { ok: false, scheme: code, value, message: `Unknown electronic address scheme ${code || '(none)'}: choose one of the Peppol EAS codes` };
  if (!value) return { ok: false, scheme: code, value, message: 'Electronic address is required with its scheme' };
  if (value.length > 100) return { ok: false, scheme: code, value, message: 'Electronic address must be at most 100 characters' };
  const problem = valueProblem(code, value);
  return problem ? { ok: false, scheme: code, value, message: problem } : { ok: true, scheme: code, value };
}

/** Parses "0208:0123456789" (an "iso6523-actorid-upis::" prefix is allowed, as Peppol writes it). */
export function parseElectronicAddress(text: string): ElectronicAddressCheck {
  const trimmed = text.trim().replace(/^iso6523-actorid-upis::/i, '');
  const colon = trimmed.indexOf(':');
  if (colon < 0) return { ok: false, scheme: '', value: trimmed, message: 'Electronic address must be written scheme:value, e.g. 0208:0123456789' };
  return checkElectronicAddress(trimmed.slice(0, colon), trimmed.slice(colon + 1));
}

export const easSchemeLabel = (code: string): string => (isEasScheme(code) ? `${code} – ${easSchemes[code]}` : code);
