import { z } from 'zod';
import { timeZoneInput } from './common';

/** Firm registration (practice spec 3.5, messages from spec 5, plans from spec 9 "Registration"). */

export const firmSpecializations = [
  'Tax Preparation',
  'Audit & Assurance',
  'Bookkeeping',
  'Financial Consulting',
  'Payroll Services',
  'Business Advisory',
  'Forensic Accounting',
  'Estate Planning',
] as const;
export type FirmSpecialization = (typeof firmSpecializations)[number];

export const ownerCertifications = [
  { id: 'CPA', name: 'Certified Public Accountant' },
  { id: 'CMA', name: 'Certified Management Accountant' },
  { id: 'CIA', name: 'Certified Internal Auditor' },
  { id: 'EA', name: 'Enrolled Agent' },
  { id: 'ChFC', name: 'Chartered Financial Consultant' },
  { id: 'PFS', name: 'Personal Financial Specialist' },
] as const;
export const certificationIds = ['CPA', 'CMA', 'CIA', 'EA', 'ChFC', 'PFS'] as const;
export type CertificationId = (typeof certificationIds)[number];

export const firmPlanIds = ['starter', 'professional', 'enterprise'] as const;
export type FirmPlanId = (typeof firmPlanIds)[number];

export interface FirmPlan {
  id: FirmPlanId;
  name: string;
  monthlyPriceCents: number;
  maxClients: number;
  features: string[];
}

export const firmPlans: readonly FirmPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPriceCents: 4900,
    maxClients: 10,
    features: ['Basic invoicing', 'Document processing', 'Email support'],
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPriceCents: 14900,
    maxClients: 50,
    features: ['Advanced automation', 'Integration support', 'Priority support', 'Custom branding'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceCents: 39900,
    maxClients: 200,
    features: ['Full customization', 'Dedicated support', 'Advanced analytics', 'API access'],
  },
];

export const defaultFirmPlan: FirmPlanId = 'professional';

export function findFirmPlan(id: FirmPlanId): FirmPlan {
  const plan = firmPlans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown firm plan ${id}`);
  return plan;
}

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).optional();
const emailMessage = 'Please enter a valid email address';

export const firmRegistrationSchema = z
  .object({
    // Step 1: the firm
    firmName: z
      .string({ message: 'Firm name must be at least 2 characters' })
      .trim()
      .min(2, 'Firm name must be at least 2 characters')
      .max(200, 'Firm name must be at most 200 characters'),
    firmEmail: z
      .string({ message: emailMessage })
      .trim()
      .toLowerCase()
      .email(emailMessage)
      .max(254),
    firmPhone: optionalText(40),
    firmAddress: optionalText(200),
    firmCity: optionalText(100),
    firmState: optionalText(100),
    firmZipCode: optionalText(20),
    website: z
      .union([
        z.literal(''),
        z.url({ protocol: /^https?$/, message: 'Please enter a valid URL (https://…)' }),
      ])
      .optional(),
    taxId: optionalText(40),
    licenseNumber: optionalText(60),
    specializations: z
      .array(z.enum(firmSpecializations))
      .max(firmSpecializations.length)
      .default([]),
    // Step 2: the owner, who becomes the firm's first user
    ownerFirstName: z
      .string({ message: 'First name must be at least 2 characters' })
      .trim()
      .min(2, 'First name must be at least 2 characters')
      .max(100),
    ownerLastName: z
      .string({ message: 'Last name must be at least 2 characters' })
      .trim()
      .min(2, 'Last name must be at least 2 characters')
      .max(100),
    ownerEmail: z
      .string({ message: emailMessage })
      .trim()
      .toLowerCase()
      .email(emailMessage)
      .max(254),
    ownerUsername: z
      .string({ message: 'Username must be at least 3 characters' })
      .trim()
      .min(3, 'Username must be at least 3 characters')
      .max(50, 'Username must be at most 50 characters'),
    ownerPassword: z
      .string({ message: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string({ message: "Passwords don't match" }),
    ownerPhone: optionalText(40),
    jobTitle: optionalText(100),
    ownerLicenseNumber: optionalText(60),
    certifications: z.array(z.enum(certificationIds)).max(certificationIds.length).default([]),
    // Step 3 and 4
    subscriptionPlan: z
      .enum(firmPlanIds, { message: 'Please choose a plan' })
      .default(defaultFirmPlan),
    agreeToTerms: z
      .boolean({ message: 'You must agree to the terms and conditions' })
      .refine((agreed) => agreed, 'You must agree to the terms and conditions'),
    /** The firm's time zone: the client sends the browser's. */
    timeZone: timeZoneInput,
  })
  .refine((form) => form.ownerPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // Checked even while other steps are still invalid, so step 2 can show it before Next.
    when: (payload) => {
      const value = payload.value as { ownerPassword?: unknown; confirmPassword?: unknown };
      return typeof value.ownerPassword === 'string' && typeof value.confirmPassword === 'string';
    },
  });

export type FirmRegistrationInput = z.input<typeof firmRegistrationSchema>;
export type FirmRegistration = z.output<typeof firmRegistrationSchema>;

/** Which fields each wizard step owns: the step is checked before Next. */
export const firmRegistrationSteps = [
  {
    title: 'Firm Info',
    fields: [
      'firmName',
      'firmEmail',
      'firmPhone',
      'firmAddress',
      'firmCity',
      'firmState',
      'firmZipCode',
      'website',
      'taxId',
      'licenseNumber',
      'specializations',
    ],
  },
  {
    title: 'Owner Info',
    fields: [
      'ownerFirstName',
      'ownerLastName',
      'ownerEmail',
      'ownerPhone',
      'jobTitle',
      'ownerLicenseNumber',
      'certifications',
      'ownerUsername',
      'ownerPassword',
      'confirmPassword',
    ],
  },
  { title: 'Plan', fields: ['subscriptionPlan'] },
  { title: 'Review', fields: ['agreeToTerms'] },
] as const satisfies readonly { title: string; fields: readonly (keyof FirmRegistrationInput)[] }[];

/** What the API answers after registering: the new firm and its owner, never the password. */
export interface FirmRegistrationResult {
  firm: {
    id: string;
    name: string;
    email: string;
    subscriptionPlan: FirmPlanId;
    maxClients: number;
  };
  owner: { id: string; username: string; email: string };
}
