import { describe, expect, it } from 'vitest';
import {
  checkBic,
  checkCountryCode,
  checkElectronicAddress,
  checkIban,
  checkLeitwegId,
  countryCodes,
  easSchemeCodes,
  easSchemeLabel,
  ibanLast4,
  isValidRoutingNumber,
  parseElectronicAddress,
} from './tax-identity';

describe('checkIban', () => {
  // The registry's example IBANs (SWIFT IBAN registry) of several countries.
  it.each(['DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'BE68539007547034', 'NO9386011117947', 'CH9300762011623852957', 'at61 1904 3002 3457 3201'])(
    'accepts %s',
    (value) => expect(checkIban(value).ok).toBe(true),
  );

  it('normalizes and keeps only the last four for display', () => {
    expect(checkIban(' de89-3704 0044 0532 0130 00')).toEqual({ ok: true, normalized: 'DE89370400440532013000' });
    expect(ibanLast4('DE89 3704 0044 0532 0130 00')).toBe('3000');
  });

  it('refuses a changed digit, a wrong length, an unknown country and a bad shape', () => {
    expect(checkIban('DE89370400440532013001')).toMatchObject({ ok: false, message: 'IBAN DE89370400440532013001 fails its check digits' });
    expect(checkIban('DE8937040044053201300')).toMatchObject({ ok: false, message: 'IBAN DE8937040044053201300 must have 22 characters for DE (it has 21)' });
    expect(checkIban('US12345678901234').message).toBe('IBAN US12345678901234: US has no IBANs');
    expect(checkIban('12345').ok).toBe(false);
  });
});

describe('checkBic', () => {
  it('accepts 8 and 11 characters and refuses other shapes', () => {
    expect(checkBic('deutdeff')).toEqual({ ok: true, normalized: 'DEUTDEFF' });
    expect(checkBic('COBADEFFXXX').ok).toBe(true);
    expect(checkBic('DEUTDEFF5').ok).toBe(false);
    expect(checkBic('DEU1DEFF').ok).toBe(false);
    expect(checkBic('DEUTD3FF').message).toContain('must be 8 or 11 characters');
  });
});

describe('US routing numbers', () => {
  it('reuses the ABA checksum', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
  });
});

describe('checkLeitwegId', () => {
  // KoSIT's examples: with and without a fine part, and the test id of the XRechnung test suite.
  it.each(['04011000-1234512345-06', '991-33333TEST-33', '992-90009-96', '04011000-12345abcxyz-86'])('accepts %s', (value) => {
    expect(checkLeitwegId(value).ok).toBe(true);
  });

  it('refuses a changed digit and a bad shape with the reason', () => {
    expect(checkLeitwegId('04011000-1234512346-06')).toMatchObject({ ok: false, message: 'Leitweg-ID 04011000-1234512346-06 fails its check digits' });
    expect(checkLeitwegId('04011000-1234512345').message).toContain('must look like 04011000-1234512345-06');
    expect(checkLeitwegId('1-ABC-12').ok).toBe(false);
  });
});

describe('electronic addresses', () => {
  it('parses scheme:value, with or without the Peppol identifier prefix', () => {
    expect(parseElectronicAddress('0208:0403170701')).toEqual({ ok: true, scheme: '0208', value: '0403170701' });
    expect(parseElectronicAddress('iso6523-actorid-upis::0088:4000001000005')).toMatchObject({ ok: true, scheme: '0088' });
    expect(parseElectronicAddress('0208 0403170701').message).toBe('Electronic address must be written scheme:value, e.g. 0208:0123456789');
  });

  it.each([
    ['0208', '0403170701'],
    ['0088', '4000001000005'],
    ['0192', '974760673'],
    ['0007', '5560436064'],
    ['9930', 'DE136695976'],
    ['9930', '136695976'],
    ['0060', '123456789'],
    ['0204', '04011000-1234512345-06'],
    ['0151', '51824753556'],
    ['0009', '73282932000074'],
    ['9925', 'BE0403170701'],
  ])('accepts %s:%s', (scheme, value) => expect(checkElectronicAddress(scheme, value).ok).toBe(true));

  it.each([
    ['0208', '0403170702', 'Electronic address 0208:0403170702 must be a 10-digit Belgian enterprise number with valid check digits'],
    ['0088', '4000001000006', 'Electronic address 0088:4000001000006 must be a 13-digit GLN with a valid GS1 check digit'],
    ['0192', '974760674', 'Electronic address 0192:974760674 must be a 9-digit Norwegian organisation number with a valid check digit'],
    ['0007', '5560436065', 'Electronic address 0007:5560436065 must be a 10-digit Swedish organisation number with a valid check digit'],
    ['9930', 'DE136695977', 'VAT ID DE136695977 fails its check digit'],
    ['9930', 'FR40303265045', 'Scheme 9930 takes a DE VAT ID'],
    ['0060', '12345678', 'Electronic address 0060:12345678 must be a 9-digit DUNS number'],
    ['0204', '04011000-1234512346-06', 'Leitweg-ID 04011000-1234512346-06 fails its check digits'],
    ['1234', '42', 'Unknown electronic address scheme 1234: choose one of the Peppol EAS codes'],
    ['0208', '', 'Electronic address is required with its scheme'],
  ])('refuses %s:%s', (scheme, value, message) => expect(checkElectronicAddress(scheme, value)).toMatchObject({ ok: false, message }));

  it('exports the scheme list with labels', () => {
    expect(easSchemeCodes).toEqual(expect.arrayContaining(['0002', '0007', '0088', '0208', '0204', '9930', '9959']));
    expect(easSchemeLabel('0208')).toBe('0208 – Enterprise number (Belgium)');
  });
});

describe('checkCountryCode', () => {
  it('accepts assigned ISO codes and refuses others', () => {
    expect(checkCountryCode(' de ')).toEqual({ ok: true, normalized: 'DE' });
    expect(checkCountryCode('XK').ok).toBe(true);
    expect(checkCountryCode('QQ')).toMatchObject({ ok: false, message: 'Country must be an ISO 3166 two-letter code, e.g. US, DE or FR' });
    expect(checkCountryCode('EU').ok).toBe(false);
    expect(checkCountryCode('United States').ok).toBe(false);
    expect(countryCodes.length).toBeGreaterThan(240);
    expect(countryCodes).toContain('US');
  });
});
