import { describe, expect, it } from 'vitest';
import { checkVatId, vatIdCheckDigitCountries, vatIdShapeOnlyCountries } from './vat-id';

// Published VAT ids of real companies (as listed in python-stdnum's test data, checked in VIES).
const valid = [
  'ATU13585627', 'BE 0403.170.701', 'BE0428759497', 'BE413562567', 'DE 136 695 976', 'DE118619592', 'DE812847601',
  'DK 13 58 56 28', 'DK 25 76 63 69', 'ESA13585625', 'ES B-58378431', 'ES 54362315K', 'ES X5277343Q', 'ES Q-2818015-F',
  'FI 20774740', 'FI 2094606-3', 'FR 40 303 265 045', 'FR 19552143273', 'FR K 7399859412', 'FR26000040583',
  'IE 6433435F', 'IE6433435OA', 'IE8D79739I', 'IE 9Y71814N', 'IT00743110157', 'IT 12920760159', 'LU 150 274 42',
  'LU 19979983', 'NL 004495445B01', 'NL 806753742B01', 'NL001452330B47', 'PL 8567346215', 'PL 584-030-44-72',
  'PT 501 964 843', 'PT 502448911', 'SE 556043606401', 'SE-556 792 355 101', 'EL 094012834', 'GR 094501040',
  'HU 10672101', 'SI 50223054', 'EE 100931558', 'SK 2022193459', 'HR 33392005961', 'GB 980780684', 'CHE-116.281.710 MWST',
  'NO 974760673 MVA',
];
// The same numbers with one digit changed.
const mangled = [
  'ATU13585628', 'BE0403170702', 'DE136695977', 'DK13585629', 'ESA13585626', 'ES 54362415K', 'FI20774741',
  'FR40303265046', 'FR41303265045', 'IE6433436F', 'IE8D79729I', 'IT00743110158', 'LU15027443', 'NL004495446B01',
  'PL8567346216', 'PT501964844', 'SE556043606501', 'EL094013834', 'HU10672102', 'SI50223055', 'EE100931559',
  'SK2022193458', 'HR33392005962', 'GB980780685', 'CHE116281711', 'NO974760674',
];

describe('checkVatId', () => {
  it.each(valid)('accepts %s', (value) => {
    const result = checkVatId(value);
    expect(result.message).toBeUndefined();
    expect(result.ok).toBe(true);
  });

  it.each(mangled)('refuses %s with its check digit changed', (value) => {
    const result = checkVatId(value);
    expect(result).toMatchObject({ ok: false, message: `VAT ID ${result.normalized} fails its check digit` });
  });

  it('normalizes spaces, dots, dashes and case, Greece to EL and 9-digit Belgian ids', () => {
    expect(checkVatId(' de 136.695-976 ')).toEqual({ ok: true, normalized: 'DE136695976', country: 'DE' });
    expect(checkVatId('GR094012834')).toMatchObject({ ok: true, normalized: 'EL094012834', country: 'EL' });
    expect(checkVatId('BE 413562567')).toMatchObject({ ok: true, normalized: 'BE0413562567' });
  });

  it('says which shape a state expects', () => {
    expect(checkVatId('DE12345')).toEqual({
      ok: false,
      normalized: 'DE12345',
      country: 'DE',
      message: 'VAT ID DE12345 does not have the shape of a German VAT ID (DE + 9 digits)',
    });
    expect(checkVatId('NL123456789').message).toContain('NL + 9 digits, B and 2 digits');
  });

  it('refuses an id without a known country prefix', () => {
    expect(checkVatId('123456789')).toMatchObject({ ok: false, country: null, message: 'VAT ID must start with its country code, e.g. DE, FR or NL' });
    expect(checkVatId('US123456789').ok).toBe(false);
  });

  it('checks shape only for the states without a public algorithm here, and accepts them by shape', () => {
    expect(vatIdShapeOnlyCountries).toEqual(['BG', 'CY', 'CZ', 'LT', 'LV', 'MT', 'RO']);
    expect(vatIdCheckDigitCountries).toEqual(expect.arrayContaining(['DE', 'FR', 'BE', 'NL', 'IT', 'ES', 'AT', 'PL', 'DK', 'FI', 'SE', 'PT', 'LU', 'IE']));
    expect(checkVatId('CZ 25123891').ok).toBe(true);
    expect(checkVatId('CY 10259033P').ok).toBe(true);
    expect(checkVatId('CZ 2512389').ok).toBe(false);
  });
});
