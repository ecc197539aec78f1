import { z } from 'zod';
import { einvoiceFormats } from '../einvoice-codes';
import { checkBic, checkCountryCode, checkElectronicAddress, checkIban, checkLeitwegId, checkVatId } from '../tax-identity';

/*
 * The tax identity fields (issue 36) shared by Settings > Business, the customer form and the Add
 * New Client wizard. Each field normalizes what it accepts ("de 136 695 976" -> "DE136695976") and
 * refuses with the validator's message. Absent stays undefined (an update keeps the stored value);
 * blank or null clears.
 */
type Check = (value: string) => { ok: boolean; normalized: string; message?: string };

const checkedId = (check: Check, max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (!value) return null;
      const result = check(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message ?? `Invalid ${label}` });
        return z.NEVER;
      }
      return result.normalized;
    });

const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const vatIdField = checkedId(checkVatId, 30, 'VAT ID');
export const ibanField = checkedId(checkIban, 40, 'IBAN');
export const bicField = checkedId(checkBic, 15, 'BIC');
export const leitwegIdField = checkedId(checkLeitwegId, 46, 'Leitweg-ID');
export const legalNameField = optionalText(200, 'Legal name');
export const companyIdField = optionalText(50, 'Company registration ID');
export const electronicAddressSchemeField = optionalText(4, 'Electronic address scheme');
export const electronicAddressField = optionalText(100, 'Electronic address');

/** An ISO 3166 alpha-2 code, upper-cased; required where the field is. */
export const countryCodeField = z
  .string({ message: 'Country is required' })
  .trim()
  .min(1, 'Country is required')
  .transform((value, ctx) => {
    const result = checkCountryCode(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message ?? 'Invalid country' });
      return z.NEVER;
    }
    return result.normalized;
  });

/** The same, optional: blank means "not given" (the Add New Client wizard falls back to the firm's). */
export const optionalCountryCodeField = z
  .string({ message: 'Country must be a two-letter code' })
  .trim()
  .nullish()
  .transform((value, ctx): string | undefined => {
    if (!value) return undefined;
    const result = checkCountryCode(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message ?? 'Invalid country' });
      return z.NEVER;
    }
    return result.normalized;
  });

interface ElectronicAddressFields {
  electronicAddressScheme?: string | null | undefined;
  electronicAddress?: string | null | undefined;
}

/**
 * Scheme and value go together and the value is checked against its scheme. The stored value is
 * the checked one (a VAT id compacted); the issue lands under the field a person would fix.
 */
export function refineElectronicAddress<T extends ElectronicAddressFields>(value: T, ctx: z.RefinementCtx): void {
  const scheme = value.electronicAddressScheme;
  const address = value.electronicAddress;
  if (!scheme && !address) return;
  if (!scheme) {
    ctx.addIssue({ code: 'custom', path: ['electronicAddressScheme'], message: 'Choose the scheme of the electronic address' });
    return;
  }
  if (!address) {
    ctx.addIssue({ code: 'custom', path: ['electronicAddress'], message: 'Electronic address is required with its scheme' });
    return;
  }
  const result = checkElectronicAddress(scheme, address);
  if (!result.ok) {
    const path = result.message?.startsWith('Unknown electronic address scheme') ? 'electronicAddressScheme' : 'electronicAddress';
    ctx.addIssue({ code: 'custom', path: [path], message: result.message ?? 'Invalid electronic address' });
    return;
  }
  value.electronicAddress = result.value;
}

/** The customer's tax identity and preferred e-invoice format (merged into customerInputSchema). */
export const customerTaxIdentityShape = {
  legalName: legalNameField,
  vatId: vatIdField,
  companyId: companyIdField,
  electronicAddressScheme: electronicAddressSchemeField,
  electronicAddress: electronicAddressField,
  /** BT-10; for XRechnung the buyer's Leitweg-ID, checked then. */
  buyerReference: optionalText(100, 'Buyer reference'),
  einvoiceFormat: z
    .enum(einvoiceFormats, { message: 'Choose PDF, Factur-X, UBL or XRechnung' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : (value ?? 'pdf'))),
};

interface CustomerTaxIdentity extends ElectronicAddressFields {
  buyerReference?: string | null | undefined;
  einvoiceFormat?: string | undefined;
  country?: string | undefined;
}

/**
 * What each format needs of the buyer: XRechnung a Leitweg-ID as buyer reference (BR-DE-15), Peppol
 * UBL an electronic address (PEPPOL-EN16931-R010), and every e-invoice a country code (BT-55).
 */
export function refineCustomerTaxIdentity<T extends CustomerTaxIdentity>(value: T, ctx: z.RefinementCtx): void {
  refineElectronicAddress(value, ctx);
  const format = value.einvoiceFormat ?? 'pdf';
  if (format === 'xrechnung_ubl' || format === 'xrechnung_cii') {
    if (!value.buyerReference) {
      ctx.addIssue({ code: 'custom', path: ['buyerReference'], message: 'XRechnung needs the buyer reference (Leitweg-ID)' });
    } else {
      const check = checkLeitwegId(value.buyerReference);
      if (check.ok) value.buyerReference = check.normalized;
      else ctx.addIssue({ code: 'custom', path: ['buyerReference'], message: check.message ?? 'Invalid Leitweg-ID' });
    }
  }
  if (format === 'ubl' && !value.electronicAddress && !value.electronicAddressScheme) {
    ctx.addIssue({ code: 'custom', path: ['electronicAddress'], message: 'UBL (Peppol) needs the customer’s electronic address' });
  }
  if (format !== 'pdf' && value.country !== undefined) {
    const check = checkCountryCode(value.country);
    if (check.ok) value.country = check.normalized;
    else ctx.addIssue({ code: 'custom', path: ['country'], message: `E-invoices need the country as a two-letter code, e.g. DE or FR` });
  }
}
