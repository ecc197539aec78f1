/**
 * Tax identity validators (issue 36): VAT ids, IBAN and BIC, US routing numbers, Peppol electronic
 * addresses and Leitweg-IDs. Pure functions shared by the contracts, the forms and the e-invoice
 * reader; each answers { ok, normalized, message } with a message a user can act on.
 */
export { checkVatId, compactId, vatIdCheckDigitCountries, vatIdFormats, vatIdShapeOnlyCountries, type VatIdCheck } from './tax-identity/vat-id';
export { checkBic, checkIban, ibanLast4, ibanLengths, type IbanCheck } from './tax-identity/iban';
export { checkLeitwegId, type LeitwegIdCheck } from './tax-identity/leitweg-id';
export { checkElectronicAddress, easSchemeLabel, parseElectronicAddress, type ElectronicAddressCheck } from './tax-identity/electronic-address';
export { easSchemeCodes, easSchemes, isEasScheme, type EasScheme } from './tax-identity/eas-codes';
export { checkCountryCode, countryName, countryCodes } from './tax-identity/country';
// US routing numbers keep their one implementation (issue 32).
export { isValidRoutingNumber, routingNumberProblem } from './aba';
