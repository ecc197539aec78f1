import { z } from 'zod';
import type { Cents } from '../money';
import { pageQuery } from './common';
import { customerTaxIdentityShape, optionalCountryCodeField, refineCustomerTaxIdentity } from './tax-identity';

/* The practice side's enumerations and constants (spec practice-and-public 3.1, 3.3, 9). */
export const clientIndustries = ['technology', 'healthcare', 'restaurant', 'construction', 'retail', 'nonprofit', 'professional_services', 'other'] as const;
export const clientBusinessTypes = ['sole_proprietorship', 'partnership', 'llc', 'corporation', 'nonprofit'] as const;
export const clientPaymentTerms = ['net_15', 'net_30', 'net_45', 'net_60', 'due_on_receipt'] as const;
export const clientCurrencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export const recurringFrequencies = ['weekly', 'monthly', 'quarterly', 'annually'] as const;
/** "none" plus four accounting packages, by their lower-case provider keys. */
export const accountingSoftwareChoices = ['none', 'quickbooks', 'xero', 'sage', 'freshbooks'] as const;
export const presetClientTags = ['high-value', 'recurring', 'tech', 'healthcare', 'restaurant', 'construction', 'nonprofit', 'local', 'enterprise', 'startup'] as const;

export const serviceLevels = ['basic', 'standard', 'premium', 'enterprise'] as const;
export type ServiceLevel = (typeof serviceLevels)[number];
/** Monthly price of each service level, in cents, and its description. */
export const serviceLevelCatalogue: Record<ServiceLevel, { price: Cents; description: string }> = {
  basic: { price: 19900, description: 'Essential AR management' },
  standard: { price: 29900, description: 'Full automation + approval workflows' },
  premium: { price: 49900, description: 'Advanced features + integrations' },
  enterprise: { price: 99900, description: 'Custom workflows + dedicated support' },
};
export const billingFrequencies = ['monthly', 'quarterly', 'annually'] as const;
export type BillingFrequency = (typeof billingFrequencies)[number];
/** Discount on the billed fee by billing frequency, in percent (quarterly 5%, annual 10%). */
export const billingDiscountPercent: Record<BillingFrequency, number> = { monthly: 0, quarterly: 5, annually: 10 };
export const clientOnboardingStatuses = ['pending', 'in_progress', 'completed'] as const;
export type ClientOnboardingStatus = (typeof clientOnboardingStatuses)[number];

const emailField = (message: string) => z.string({ message }).trim().max(254, 'Email must be at most 254 characters').pipe(z.email(message));
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
const tagField = z.string().trim().min(1, 'A tag cannot be empty').max(40, 'A tag must be at most 40 characters');

/**
 * The Add New Client wizard's record (spec 3.1, rules of section 5): the form's resolver and the
 * body of POST /api/practice/clients. Defaults are the spec's.
 */
export const newClientSchema = z.object({
  businessName: z.string({ message: 'Business name is required' }).trim().min(2, 'Business name is required').max(200, 'Business name must be at most 200 characters'),
  businessEmail: emailField('Valid email is required'),
  businessPhone: optionalText(50, 'Business phone'),
  businessAddress: optionalText(500, 'Business address'),
  industry: z.enum(clientIndustries, { message: 'Industry is required' }),
  businessType: z.enum(clientBusinessTypes, { message: 'Choose a business type' }).default('llc'),
  contactName: z.string({ message: 'Contact name is required' }).trim().min(2, 'Contact name is required').max(200, 'Contact name must be at most 200 characters'),
  contactEmail: emailField('Valid contact email is required'),
  contactTitle: optionalText(100, 'Contact title'),
  invoicePrefix: z
    .string()
    .trim()
    .max(12, 'Invoice prefix must be at most 12 characters')
    .regex(/^[A-Za-z0-9-]*$/, 'Invoice prefix may hold letters, digits and dashes')
    .default('INV'),
  invoiceStartNumber: z.coerce
    .number({ message: 'Starting invoice number must be a number' })
    .int('Starting invoice number must be a whole number')
    .min(1, 'Starting invoice number must be at least 1')
    .max(999_999_999, 'Starting invoice number must be at most 999999999')
    .default(1000),
  paymentTerms: z.enum(clientPaymentTerms, { message: 'Choose payment terms' }).default('net_30'),
  currency: z.enum(clientCurrencies, { message: 'Choose a currency' }).default('USD'),
  sendReminders: z.boolean().default(true),
  reminderDays: z
    .array(z.number().int().min(1, 'Reminder days must be at least 1').max(365, 'Reminder days must be at most 365'))
    .max(10, 'At most 10 reminder days')
    .default([7, 14, 30]),
  autoRecurring: z.boolean().default(false),
  recurringFrequency: z.enum(recurringFrequencies, { message: 'Choose a recurring frequency' }).nullish(),
  accountingSoftware: z.enum(accountingSoftwareChoices, { message: 'Choose accounting software' }).default('none'),
  tags: z.array(tagField).max(20, 'At most 20 tags').default([]),
  notes: optionalText(2000, 'Notes'),
  /** The client's country (ISO alpha-2), tax identity and e-invoice preference (issue 36); country defaults to the firm's. */
  country: optionalCountryCodeField,
  ...customerTaxIdentityShape,
}).superRefine(refineCustomerTaxIdentity);
export type NewClientInput = z.input<typeof newClientSchema>;
export type NewClient = z.output<typeof newClientSchema>;

/** A practice client as the dashboard lists it (spec 3.4) with the workspace it opens. */
export const practiceClientSchema = z.object({
  id: z.string(),
  /** The client's own organization: PUT /api/session/workspace with it to work inside. */
  organizationId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  industry: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  serviceLevel: z.string(),
  /** Decimal text, the firm's monthly fee before any billing-frequency discount. */
  monthlyFee: z.string().nullable(),
  billingFrequency: z.string(),
  onboardingStatus: z.enum(clientOnboardingStatuses),
  onboardingProgress: z.object({ status: z.enum(clientOnboardingStatuses), currentStep: z.number().int(), completionPercentage: z.number().int() }),
  accountingSoftware: z.string(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type PracticeClient = z.infer<typeof practiceClientSchema>;

export const practiceClientFilters = ['all', 'onboarding', 'completed', 'active'] as const;
export const practiceClientListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  filter: z.enum(practiceClientFilters, { message: 'Filter must be all, onboarding, completed or active' }).default('all'),
});
export type PracticeClientListQuery = z.infer<typeof practiceClientListQuery>;
