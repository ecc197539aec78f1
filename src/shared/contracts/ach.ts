import { z } from 'zod';
import { routingNumberProblem } from '../aba';

export const achLineEndings = ['crlf', 'lf'] as const;
export type AchLineEnding = (typeof achLineEndings)[number];
export const achLineEndingLabels: Record<AchLineEnding, string> = {
  crlf: 'CRLF (Windows)',
  lf: 'LF (Unix)',
};

/** When an exported ACH payment counts as completed. */
export const achSettlementModes = ['bank_confirmation', 'settlement_days'] as const;
export type AchSettlementMode = (typeof achSettlementModes)[number];
export const achSettlementModeLabels: Record<AchSettlementMode, string> = {
  bank_confirmation: 'When the bank statement shows it',
  settlement_days: 'After the settlement days',
};
export const MAX_SETTLEMENT_DAYS = 5;

export const achPrenoteStatuses = ['pending', 'sent', 'verified'] as const;
export type AchPrenoteStatus = (typeof achPrenoteStatuses)[number];

/** The profile fields an export needs, with the label a refusal names them by. */
export const achProfileRequiredLabels = {
  immediateDestination: 'immediate destination',
  immediateOrigin: 'immediate origin',
  companyId: 'company ID',
  companyName: 'company name',
  entryDescription: 'entry description',
} as const;
export type AchProfileRequiredField = keyof typeof achProfileRequiredLabels;

/** Digits, letters and spaces as the bank assigned them: exactly 10 characters. */
const BANK_ASSIGNED = /^[A-Za-z0-9 ]{10}$/;

const bankAssigned = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .refine((value) => value.trim().length > 0, `${label} is required`)
    .refine(
      (value) => BANK_ASSIGNED.test(value),
      `${label} must be exactly 10 characters (digits, letters, spaces) as your bank assigned it`,
    )
    .transform((value) => value.toUpperCase());

const optionalName = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** PUT /api/bank-accounts/{id}/ach-profile: the values the bank gave at ACH onboarding. */
export const achProfileUpdateSchema = z.object({
  immediateDestination: z
    .string({ message: 'Immediate destination is required' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = routingNumberProblem(value);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message:
            problem === 'Invalid routing number'
              ? "Immediate destination is not a valid routing number (check digit)"
              : "Immediate destination must be your bank's 9-digit ACH routing number",
        });
    }),
  immediateDestinationName: optionalName('Immediate destination name', 23),
  immediateOrigin: bankAssigned('Immediate origin'),
  immediateOriginName: optionalName('Immediate origin name', 23),
  companyId: bankAssigned('Company ID'),
  companyName: z
    .string({ message: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(16, 'Company name must be at most 16 characters'),
  entryDescription: z
    .string({ message: 'Entry description is required' })
    .trim()
    .min(1, 'Entry description is required')
    .max(10, 'Entry description must be at most 10 characters'),
  balanced: z.boolean({ message: 'Choose balanced or unbalanced files' }),
  lineEnding: z.enum(achLineEndings, { message: 'Choose CRLF or LF line endings' }),
  settlementMode: z.enum(achSettlementModes, { message: 'Choose when ACH payments count as completed' }),
  settlementDays: z
    .number({ message: 'Settlement days must be a number' })
    .int('Settlement days must be a whole number')
    .min(0, 'Settlement days must be between 0 and 5')
    .max(MAX_SETTLEMENT_DAYS, 'Settlement days must be between 0 and 5'),
});
export type AchProfileUpdateInput = z.input<typeof achProfileUpdateSchema>;
/** Every value of the ACH settings form, in its order: the form's fields and what a save audits. */
export const achProfileFields = achProfileUpdateSchema.keyof().options;
export type AchProfileUpdate = z.output<typeof achProfileUpdateSchema>;

/** GET /api/bank-accounts/{id}/ach-profile: what is stored, and what an export still needs. */
export const achProfileSchema = z.object({
  bankAccountId: z.string(),
  accountName: z.string(),
  accountLast4: z.string(),
  /** The account's own routing number: a default for the immediate destination, not the same thing. */
  accountRoutingNumber: z.string(),
  immediateDestination: z.string().nullable(),
  immediateDestinationName: z.string().nullable(),
  immediateOrigin: z.string().nullable(),
  immediateOriginName: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  entryDescription: z.string(),
  balanced: z.boolean(),
  lineEnding: z.enum(achLineEndings),
  settlementMode: z.enum(achSettlementModes),
  settlementDays: z.number().int(),
  /** Human labels of what an export still needs ("immediate destination", "company ID"). */
  missing: z.array(z.string()),
  complete: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AchProfile = z.infer<typeof achProfileSchema>;

/** PUT /api/vendors/{id}/ach-settings. */
export const vendorAchSettingsUpdateSchema = z.object({
  remittanceAddenda: z.boolean({ message: 'Choose whether to send remittance details' }),
  /** Ask for a prenote (zero-dollar test entry) to the vendor's current account. */
  prenote: z.boolean({ message: 'Choose whether to send a prenote' }),
});
export type VendorAchSettingsUpdate = z.infer<typeof vendorAchSettingsUpdateSchema>;

/** GET /api/vendors/{id}/ach-settings; prenoteStatus is read-only (null: none wanted). */
export const vendorAchSettingsSchema = z.object({
  vendorId: z.string(),
  remittanceAddenda: z.boolean(),
  prenote: z.boolean(),
  prenoteStatus: z.enum(achPrenoteStatuses).nullable(),
  prenoteSentOn: z.string().nullable(),
  /** Last four digits of the account the prenote tests or tested. */
  prenoteAccountLast4: z.string().nullable(),
});
export type VendorAchSettings = z.infer<typeof vendorAchSettingsSchema>;

/** GET /api/payment-runs/{id}/ach-exports: every NACHA file made for the run, newest first. */
export const achExportSchema = z.object({
  id: z.string(),
  fileDate: z.string(),
  fileIdModifier: z.string(),
  exportedByName: z.string().nullable(),
  isRepeat: z.boolean(),
  entryCount: z.number().int(),
  prenoteCount: z.number().int(),
  totalAmount: z.string(),
  createdAt: z.string(),
});
export type AchExport = z.infer<typeof achExportSchema>;

/** GET /api/payment-runs/{id}/nacha?confirmRepeat=true makes a second file after the warning. */
export const nachaExportQuery = z.object({
  confirmRepeat: z
    .enum(['true', 'false'], { message: 'confirmRepeat must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** GET /api/bank-accounts/{id}/ach-prenotes/pending: the vendors a prenote file would test now. */
export const pendingPrenotesSchema = z.object({
  count: z.number().int(),
  vendors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PendingPrenotes = z.infer<typeof pendingPrenotesSchema>;
