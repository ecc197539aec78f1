import { z } from 'zod';
import { type Cents, parseMoney } from '../money';
import { optionalDateInput, pageQuery } from './common';
import { customerTaxIdentityShape, refineCustomerTaxIdentity } from './tax-identity';

/*
 * Optional fields: absent stays undefined (an update keeps the stored value), blank or null
 * clears the field.
 */
const optionalText = (max: number, label = 'Value') =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const optionalMoney = (label: string) =>
  z
    .union([z.number(), z.string()], { message: `${label} must be a number` })
    .nullish()
    .transform((value, ctx): Cents | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || value === '') return null;
      const cents = parseMoney(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number with at most 2 decimals` });
        return z.NEVER;
      }
      if (cents < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
        return z.NEVER;
      }
      return cents;
    });


/**
 * Add/Edit customer (spec 3 Customer, 7.2 POST /api/customers). The form sends the spec's fields;
 * the rest of the Customer entity is optional and kept when given.
 */
export const customerInputSchema = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Invalid email address')),
  phone: optionalText(50, 'Phone'),
  address: optionalText(300, 'Address'),
  city: optionalText(100, 'City'),
  state: optionalText(100, 'State'),
  zipCode: optionalText(20, 'ZIP code'),
  country: z
    .string()
    .trim()
    .max(100, 'Country must be at most 100 characters')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || 'US')),
  website: optionalText(300, 'Website'),
  taxId: optionalText(50, 'Tax ID'),
  businessType: optionalText(100),
  industry: optionalText(100),
  annualRevenue: optionalMoney('Annual revenue'),
  employeeCount: z.number().int('Employee count must be a whole number').min(0).max(10_000_000).nullish(),
  primaryContactName: optionalText(200),
  primaryContactEmail: optionalText(254),
  primaryContactPhone: optionalText(50),
  billingContactName: optionalText(200),
  billingContactEmail: optionalText(254),
  billingContactPhone: optionalText(50),
  serviceLevel: optionalText(50),
  monthlyFee: optionalMoney('Monthly fee'),
  billingFrequency: optionalText(50),
  paymentTerms: optionalText(50, 'Payment terms'),
  relationshipStartDate: optionalDateInput('Relationship start date'),
  nextBillingDate: optionalDateInput('Next billing date'),
  hasPortalAccess: z.boolean().optional(),
  portalPermissions: z.array(z.string().max(100)).max(50).optional(),
  autoApprovalLimit: optionalMoney('Auto-approval limit'),
  invoiceTemplate: optionalText(50),
  preferredPaymentMethods: z.array(z.enum(['ach', 'wire', 'check', 'card', 'stripe'])).max(5).optional(),
  onboardingStatus: optionalText(50),
  riskLevel: z.enum(['low', 'medium', 'high']).optional(),
  creditLimit: optionalMoney('Credit limit'),
  isActive: z.boolean().optional(),
  /** Tax identity and preferred e-invoice format (issue 36). */
  ...customerTaxIdentityShape,
}).superRefine(refineCustomerTaxIdentity);
export type CustomerInput = z.output<typeof customerInputSchema>;
export type CustomerFormValues = z.input<typeof customerInputSchema>;

/** GET /api/customers?search=&limit=&offset=&includeInactive=true */
export const customerListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

/** A customer as the API returns it; amounts are decimal strings. */
export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  website: string | null;
  taxId: string | null;
  businessType: string | null;
  industry: string | null;
  annualRevenue: string | null;
  employeeCount: number | null;
  primaryContactName: string | null;
  primaryContactEmail: string | null;
  primaryContactPhone: string | null;
  billingContactName: string | null;
  billingContactEmail: string | null;
  billingContactPhone: string | null;
  serviceLevel: string;
  monthlyFee: string | null;
  billingFrequency: string;
  paymentTerms: string;
  relationshipStartDate: string | null;
  nextBillingDate: string | null;
  hasPortalAccess: boolean;
  portalPermissions: string[];
  autoApprovalLimit: string;
  invoiceTemplate: string;
  preferredPaymentMethods: string[];
  onboardingStatus: string;
  riskLevel: string;
  creditLimit: string | null;
  currentBalance: string;
  /** Credit notes and overpayments not yet applied or refunded (customer-balance.ts), so a list needs no balance call per customer. */
  unappliedCredit: string;
  isActive: boolean;
  legalName: string | null;
  vatId: string | null;
  companyId: string | null;
  electronicAddressScheme: string | null;
  electronicAddress: string | null;
  buyerReference: string | null;
  /** One of einvoiceFormats: how "Send" delivers this customer's invoices. */
  einvoiceFormat: string;
  createdAt: string;
  updatedAt: string;
}
