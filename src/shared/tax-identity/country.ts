/**
 * ISO 3166-1 alpha-2 country codes (BT-40, BT-55). The names come from the runtime's Intl data,
 * which knows every assigned code; an unassigned code comes back unnamed and is refused.
 */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
// Codes Intl names that are not countries (EU, UN, pseudo-locales, exceptionally reserved areas).
const notCountries = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);

export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || notCountries.has(code)) return undefined;
  try {
    return regionNames.of(code);
  } catch {
    return undefined;
  }
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Every assigned code, sorted by name, for a country select. */
export const countryCodes: string[] = [...letters]
  .flatMap((first) => [...letters].map((second) => `${first}${second}`))
  .filter((code) => countryName(code) !== undefined)
  .sort((a, b) => (countryName(a) ?? a).localeCompare(countryName(b) ?? b));

export function checkCountryCode(value: string): { ok: boolean; normalized: string; message?: string } {
  const normalized = value.trim().toUpperCase();
  if (countryName(normalized) === undefined) {
    return { ok: false, normalized, message: 'Country must be an ISO 3166 two-letter code, e.g. US, DE or FR' };
  }
  return { ok: true, normalized };
}
