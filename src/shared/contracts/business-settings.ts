import { z } from 'zod';
import {
  bicField,
  companyIdField,
  countryCodeField,
  electronicAddressField,
  electronicAddressSchemeField,
  ibanField,
  legalNameField,
  refineElectronicAddress,
  vatIdField,
} from './tax-identity';

const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * PUT /api/settings/business: the organization's "Tax identity and e-invoicing" section (issue 36),
 * the seller of every e-invoice it sends (BG-4): names, ids, the postal address with its ISO
 * country code, the Peppol electronic address, and where customers pay: an IBAN (and BIC) or one
 * of the organization's verified US bank accounts.
 */
export const businessIdentityInput = z
  .object({
    legalName: legalNameField,
    vatId: vatIdField,
    companyId: companyIdField,
    /** A tax registration id that is not a VAT id (BT-32), e.g. a US EIN. */
    taxId: optionalText(50, 'Tax ID'),
    address: optionalText(300, 'Address'),
    city: optionalText(100, 'City'),
    state: optionalText(100, 'State or region'),
    zipCode: optionalText(20, 'Postal code'),
    country: countryCodeField,
    electronicAddressScheme: electronicAddressSchemeField,
    electronicAddress: electronicAddressField,
    iban: ibanField,
    bic: bicField,
    paymentBankAccountId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null))
      .pipe(z.uuid('Choose one of your bank accounts').nullish()),
  })
  .superRefine((value, ctx) => {
    refineElectronicAddress(value, ctx);
    if (value.bic && !value.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'Enter the IBAN the BIC belongs to' });
    if (value.iban && value.paymentBankAccountId) {
      ctx.addIssue({ code: 'custom', path: ['paymentBankAccountId'], message: 'Choose an IBAN or a US bank account for payments, not both' });
    }
  });
export type BusinessIdentityInput = z.output<typeof businessIdentityInput>;
export type BusinessIdentityFormValues = z.input<typeof businessIdentityInput>;

/** GET /api/settings/business. */
export const businessIdentitySchema = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  vatId: z.string().nullable(),
  companyId: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  electronicAddressScheme: z.string().nullable(),
  electronicAddress: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  paymentBankAccountId: z.string().nullable(),
  /** The organization's verified bank accounts, the choices for paymentBankAccountId. */
  paymentBankAccounts: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type BusinessIdentity = z.infer<typeof businessIdentitySchema>;
