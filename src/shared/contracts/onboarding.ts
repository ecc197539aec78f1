import { z } from 'zod';
import { type Cents, parseMoney, toDecimal } from '../money';
import { createBankAccountSchema } from './bank-accounts';
import {
  billingFrequencies,
  clientBusinessTypes,
  clientIndustries,
  clientOnboardingStatuses,
  serviceLevelCatalogue,
  serviceLevels,
} from './practice';

/*
 * The Client Onboarding Workflow (spec practice 2.4, 3.3): one body contract per step, used by
 * PUT /api/practice/clients/{id}/onboarding/steps/{n} and by the step's form. A step is saved as a
 * draft (what was typed, only lengths and enumerations checked) or completed (`complete: true`,
 * every rule of the step checked), which is what activation asks of steps 1 to 4.
 */

export const ONBOARDING_STEP_COUNT = 5;
/** Spec 9: the default auto-approval limit, 1000. */
export const DEFAULT_AUTO_APPROVAL_LIMIT: Cents = 100_000;
export const onboardingStepNumbers = [1, 2, 3, 4, 5] as const;
export type OnboardingStepNumber = (typeof onboardingStepNumbers)[number];
/** What each step is for, under its name (spec 2.4). */
export const onboardingStepDescriptions: Record<OnboardingStepNumber, string> = {
  1: 'Basic company details and contact info',
  2: 'Service level and pricing setup',
  3: 'Required compliance documents',
  4: 'ACH payment configuration',
  5: 'Review and activate the client',
};

/* Spec 3.3's enumerations for the onboarding (payment terms here have no net_60). */
// Spec 3.3 lists net_15, net_30, net_45 and due_on_receipt; net_60 too, since the wizard offers it and step 2 keeps the client's terms.
export const onboardingPaymentTerms = ['net_15', 'net_30', 'net_45', 'net_60', 'due_on_receipt'] as const;
export const invoiceTemplates = ['standard', 'professional', 'modern', 'custom'] as const;
export const paymentMethods = ['ach', 'credit_card', 'wire', 'check'] as const;
/** The bank module's four account types, in the order the onboarding offers them. */
export const onboardingAccountTypes = ['business_checking', 'business_savings', 'checking', 'savings'] as const;

export const clientDocumentTypes = ['w9Form', 'bankStatement', 'businessLicense', 'operatingAgreement'] as const;
export type ClientDocumentType = (typeof clientDocumentTypes)[number];
/** The four compliance documents: W-9 and bank statement are required before activation. */
export const clientDocumentCatalogue: Record<ClientDocumentType, { label: string; required: boolean; missing: string }> = {
  w9Form: { label: 'W-9 Form', required: true, missing: 'Upload the W-9 form' },
  bankStatement: { label: 'Bank Statement', required: true, missing: 'Upload a recent bank statement' },
  businessLicense: { label: 'Business License', required: false, missing: 'Upload the business license' },
  operatingAgreement: { label: 'Operating Agreement', required: false, missing: 'Upload the operating agreement' },
};
export const clientDocumentTypeSchema = z.enum(clientDocumentTypes, {
  message: 'Document type must be w9Form, bankStatement, businessLicense or operatingAgreement',
});
/** The text field sent with the file in POST .../onboarding/steps/3/documents. */
export const clientDocumentFieldsSchema = z.object({ documentType: clientDocumentTypeSchema });

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');
/** An enumeration whose '' means "not chosen yet" in a draft. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(['', ...values], { message }).default('');

/** A money field of a draft: '' or null is "not typed yet", anything else must be an amount. */
const draftMoney = (label: string) =>
  z
    .union([z.number(), z.string()], { message: `${label} must be a number` })
    .nullish()
    .transform((value, ctx): Cents | null => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const cents = parseMoney(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number with at most 2 decimals` });
        return z.NEVER;
      }
      if (cents < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
        return z.NEVER;
      }
      if (cents >= 1e12 * 100) {
        ctx.addIssue({ code: 'custom', message: `${label} is too large` });
        return z.NEVER;
      }
      return cents;
    });

const isEmail = (value: string) => z.email().safeParse(value).success;
const EIN = /^\d{2}-?\d{7}$/;

type Check = { path: (string | number)[]; message: string };
/** Adds the checks that failed as issues at their paths. */
function report(ctx: z.RefinementCtx, checks: (Check | false)[]): void {
  for (const check of checks) if (check) ctx.addIssue({ code: 'custom', path: check.path, message: check.message });
}

/* Step 1: Business Information (spec 3.3 businessInfo and primaryContact; messages of the Add New Client wizard). */
export const businessInfoSchema = z.object({
  name: text(200, 'Business name'),
  email: text(254, 'Business email'),
  phone: text(50, 'Phone'),
  address: text(500, 'Address'),
  city: text(100, 'City'),
  state: text(100, 'State'),
  zipCode: text(20, 'ZIP code'),
  taxId: text(20, 'Tax ID'),
  businessType: choice(clientBusinessTypes, 'Choose a business type'),
  industry: choice(clientIndustries, 'Industry is required'),
});
export const primaryContactSchema = z.object({
  name: text(200, 'Contact name'),
  email: text(254, 'Contact email'),
  phone: text(50, 'Contact phone'),
  title: text(100, 'Contact title'),
});
export const businessInfoStepSchema = z
  .object({ businessInfo: businessInfoSchema, primaryContact: primaryContactSchema, complete: z.boolean().default(false) })
  .superRefine((value, ctx) => {
    const { businessInfo: info, primaryContact: contact } = value;
    report(ctx, [
      // A draft keeps what was typed; only a typed tax ID must already look like one.
      info.taxId !== '' && !EIN.test(info.taxId) && { path: ['businessInfo', 'taxId'], message: 'Tax ID must be an EIN (XX-XXXXXXX)' },
    ]);
    if (!value.complete) return;
    report(ctx, [
      info.name.length < 2 && { path: ['businessInfo', 'name'], message: 'Business name is required' },
      !isEmail(info.email) && { path: ['businessInfo', 'email'], message: 'Valid email is required' },
      info.businessType === '' && { path: ['businessInfo', 'businessType'], message: 'Choose a business type' },
      info.industry === '' && { path: ['businessInfo', 'industry'], message: 'Industry is required' },
      contact.name.length < 2 && { path: ['primaryContact', 'name'], message: 'Contact name is required' },
      !isEmail(contact.email) && { path: ['primaryContact', 'email'], message: 'Valid contact email is required' },
    ]);
  });
export type BusinessInfoStepInput = z.input<typeof businessInfoStepSchema>;
export type BusinessInfoStep = z.output<typeof businessInfoStepSchema>;

/* Step 2: Service Configuration (spec 3.3 serviceSettings with its defaults). */
export const serviceSettingsSchema = z.object({
  serviceLevel: z.enum(serviceLevels, { message: 'Choose a service level' }).default('standard'),
  monthlyFee: draftMoney('Monthly fee'),
  billingFrequency: z.enum(billingFrequencies, { message: 'Choose a billing frequency' }).default('monthly'),
  autoApprovalLimit: draftMoney('Auto-approval limit'),
  invoiceTemplate: z.enum(invoiceTemplates, { message: 'Choose an invoice template' }).default('standard'),
  paymentTerms: z.enum(onboardingPaymentTerms, { message: 'Choose payment terms' }).default('net_30'),
  preferredPaymentMethods: z
    .array(z.enum(paymentMethods, { message: 'Payment methods are ach, credit_card, wire and check' }))
    .max(paymentMethods.length)
    .default(['ach', 'credit_card'])
    .transform((methods) => [...new Set(methods)]),
});
export const serviceSettingsStepSchema = z
  .object({ serviceSettings: serviceSettingsSchema, complete: z.boolean().default(false) })
  .superRefine((value, ctx) => {
    if (!value.complete) return;
    const settings = value.serviceSettings;
    report(ctx, [
      settings.monthlyFee === null && { path: ['serviceSettings', 'monthlyFee'], message: 'Monthly fee is required' },
      settings.autoApprovalLimit === null && { path: ['serviceSettings', 'autoApprovalLimit'], message: 'Auto-approval limit is required' },
      settings.preferredPaymentMethods.length === 0 && { path: ['serviceSettings', 'preferredPaymentMethods'], message: 'Choose at least one payment method' },
    ]);
  });
export type ServiceSettingsStepInput = z.input<typeof serviceSettingsStepSchema>;
export type ServiceSettingsStep = z.output<typeof serviceSettingsStepSchema>;

/* Step 3: Document Upload. The files go up one by one; the step completes once the required ones are in. */
export const documentsStepSchema = z.object({ complete: z.boolean().default(false) });
export type DocumentsStep = z.output<typeof documentsStepSchema>;

/*
 * Step 4: Banking Setup. The account number is never stored with the step: given, it creates the
 * client workspace's bank account (the bank module's rules and messages) and only its last four
 * digits stay in the step.
 */
const bank = createBankAccountSchema.shape;
export const bankingInfoSchema = z.object({
  bankName: text(100, 'Bank name'),
  accountType: z.enum(onboardingAccountTypes, { message: 'Choose an account type' }).default('business_checking'),
  routingNumber: text(20, 'Routing number'),
  accountNumber: z.string().max(40, 'Account number must be at most 17 digits').optional(),
});
export const bankingInfoStepSchema = z
  .object({ bankingInfo: bankingInfoSchema, complete: z.boolean().default(false) })
  .superRefine((value, ctx) => {
    const info = value.bankingInfo;
    const hasAccountNumber = (info.accountNumber ?? '').trim() !== '';
    if (!value.complete && !hasAccountNumber) return;
    const issue = (schema: z.ZodType, input: unknown, field: string): Check | false => {
      const parsed = schema.safeParse(input);
      return !parsed.success && { path: ['bankingInfo', field], message: parsed.error.issues[0]?.message ?? 'Invalid value' };
    };
    report(ctx, [
      info.bankName === '' && { path: ['bankingInfo', 'bankName'], message: 'Bank name is required' },
      issue(bank.routingNumber, info.routingNumber, 'routingNumber'),
      hasAccountNumber && issue(bank.accountNumber, info.accountNumber, 'accountNumber'),
    ]);
  });
export type BankingInfoStepInput = z.input<typeof bankingInfoStepSchema>;
export type BankingInfoStep = z.output<typeof bankingInfoStepSchema>;

/** The monthly price of a service level, which choosing the level puts in the monthly fee. */
export const serviceLevelPrice = (level: (typeof serviceLevels)[number]): Cents => serviceLevelCatalogue[level].price;

/* The answer of GET /api/practice/clients/{id}/onboarding. */
export const onboardingStepSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  type: z.string(),
  isRequired: z.boolean(),
  status: z.enum(clientOnboardingStatuses),
  /** What was saved in the step, laid over the step's defaults (money as decimal text). */
  data: z.record(z.string(), z.unknown()),
  completedAt: z.string().nullable(),
});
export const onboardingDocumentSchema = z.object({
  documentType: clientDocumentTypeSchema,
  /** The document in the client workspace's Documents. */
  documentId: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  uploadedAt: z.string(),
});
export type OnboardingDocument = z.infer<typeof onboardingDocumentSchema>;
export const onboardingBankAccountSchema = z.object({
  id: z.string(),
  bankName: z.string().nullable(),
  accountType: z.string(),
  accountLast4: z.string(),
  routingNumber: z.string(),
  verificationStatus: z.string(),
  isVerified: z.boolean(),
  needsMicroDeposits: z.boolean(),
});
export const onboardingSchema = z.object({
  client: z.object({ id: z.string(), name: z.string(), email: z.string(), organizationId: z.string().nullable(), onboardingStatus: z.enum(clientOnboardingStatuses) }),
  workflow: z.object({
    id: z.string(),
    currentStep: z.number().int(),
    totalSteps: z.number().int(),
    status: z.enum(clientOnboardingStatuses),
    completionPercentage: z.number().int(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  }),
  steps: z.array(onboardingStepSchema),
  documents: z.object(
    Object.fromEntries(clientDocumentTypes.map((type) => [type, onboardingDocumentSchema.nullable()])) as Record<ClientDocumentType, z.ZodNullable<typeof onboardingDocumentSchema>>,
  ),
  bankAccount: onboardingBankAccountSchema.nullable(),
  /** What activation still needs, one message per item (the same as the 409 of /complete). */
  missing: z.record(z.string(), z.string()),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** The clients still onboarding (pending or in progress), to pick one to continue. */
export const onboardingClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  onboardingStatus: z.enum(clientOnboardingStatuses),
  currentStep: z.number().int(),
  completionPercentage: z.number().int(),
  startedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OnboardingClient = z.infer<typeof onboardingClientSchema>;

/**
 * A saved step's data as its form's values: each field the form knows, from what was saved when
 * it has the field's kind, else the default. Used by the API's answer and by the forms.
 */
export function stepValues<T extends Record<string, unknown>>(defaults: T, saved: unknown): T {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return { ...defaults };
  const stored = saved as Record<string, unknown>;
  const values: Record<string, unknown> = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = stored[key];
    const sameKind = Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback && value !== null;
    if (sameKind) values[key] = value;
  }
  return values as T;
}

/** What step 4 keeps: never the account number, only its last four digits and the account's id. */
export type StoredBankingInfo = {
  bankName: string;
  accountType: (typeof onboardingAccountTypes)[number];
  routingNumber: string;
  accountLast4: string;
  bankAccountId: string;
};

/** The steps' values before anything is saved (spec 3.3's defaults). */
export const onboardingDefaults: {
  businessInfo: Required<z.input<typeof businessInfoSchema>>;
  primaryContact: Required<z.input<typeof primaryContactSchema>>;
  serviceSettings: Required<z.input<typeof serviceSettingsSchema>>;
  bankingInfo: StoredBankingInfo;
} = {
  businessInfo: { name: '', email: '', phone: '', address: '', city: '', state: '', zipCode: '', taxId: '', businessType: '', industry: '' },
  primaryContact: { name: '', email: '', phone: '', title: '' },
  serviceSettings: {
    serviceLevel: 'standard',
    monthlyFee: toDecimal(serviceLevelCatalogue.standard.price),
    billingFrequency: 'monthly',
    autoApprovalLimit: toDecimal(DEFAULT_AUTO_APPROVAL_LIMIT),
    invoiceTemplate: 'standard',
    paymentTerms: 'net_30',
    preferredPaymentMethods: ['ach', 'credit_card'],
  },
  bankingInfo: { bankName: '', accountType: 'business_checking', routingNumber: '', accountLast4: '', bankAccountId: '' },
};
