import { z } from 'zod';
import { moneyInput, roles } from './common';
import { billingFrequencies, practiceClientSchema, serviceLevels } from './practice';

/*
 * The Practice Dashboard's contracts (spec practice 2.5, 3.4, 7): a client's details page, its
 * service level, status, messages and access grants, the onboarding stats and the CSV export.
 * The list itself answers practiceClientSchema rows (contracts/practice.ts).
 */

export const grantableRoles = ['accountant', 'approver', 'viewer', 'admin'] as const;
export type GrantableRole = (typeof grantableRoles)[number];

/** A firm member who may open the client's workspace: owners and admins by their firm role, others by a grant. */
export const clientAccessEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  firmRole: z.enum(roles),
  /** Their role inside the client's workspace. */
  role: z.enum(roles),
  /** firm: an owner or admin of the firm (every client); grant: given this client explicitly. */
  source: z.enum(['firm', 'grant']),
  grantedAt: z.string().nullable(),
});
export type ClientAccessEntry = z.infer<typeof clientAccessEntrySchema>;

/** PUT /api/practice/clients/{id}/access/{userId}. */
export const clientAccessGrantSchema = z.object({
  role: z.enum(grantableRoles, { message: 'Choose a role: accountant, approver, viewer or admin' }),
});
export type ClientAccessGrant = z.infer<typeof clientAccessGrantSchema>;
export const clientAccessParams = z.object({ id: z.string(), userId: z.string() });

/** A practice client with everything its details page shows. Amounts are decimal strings. */
export const practiceClientDetailsSchema = practiceClientSchema.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  website: z.string().nullable(),
  businessType: z.string().nullable(),
  contactPhone: z.string().nullable(),
  paymentTerms: z.string(),
  relationshipStartDate: z.string().nullable(),
  activatedAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  fees: z.object({
    monthlyFee: z.string(),
    discountPercent: z.number(),
    /** One bill at the billing frequency, after the discount. */
    billedFee: z.string(),
    /** The fee per month after the discount (what monthly recurring revenue counts). */
    monthlyEquivalent: z.string(),
  }),
  /** What the client owes the firm: the firm's sent and overdue invoices to it, less payments. */
  openBalance: z.string(),
  openInvoices: z.number().int(),
  access: z.array(clientAccessEntrySchema),
});
export type PracticeClientDetails = z.infer<typeof practiceClientDetailsSchema>;

/** PUT /api/practice/clients/{id}/service-level (spec 7); partial like every PUT. */
export const serviceLevelUpdateSchema = z.object({
  serviceLevel: z.enum(serviceLevels, { message: 'Choose a service level: basic, standard, premium or enterprise' }),
  monthlyFee: moneyInput('Monthly fee'),
  billingFrequency: z.enum(billingFrequencies, { message: 'Choose a billing frequency: monthly, quarterly or annually' }).default('monthly'),
});

/** PUT /api/practice/clients/{id}/status: deactivate or reactivate a client. */
export const clientStatusSchema = z.object({ isActive: z.boolean({ message: 'isActive must be true or false' }) });

/** POST /api/practice/clients/{id}/message (Send Message). */
export const clientMessageSchema = z.object({
  subject: z
    .string({ message: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters')
    .regex(/^[^\r\n]*$/, 'Subject must be on one line'),
  message: z.string({ message: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
});
export type ClientMessageInput = z.infer<typeof clientMessageSchema>;

/** The header that makes Send Message safe to retry: a UUID the client picks once per message. */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string({ message: 'Send an Idempotency-Key header: a UUID, the same on every retry of one message' })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The Idempotency-Key header must be a UUID'),
});

export const clientMessageResultSchema = z.object({
  id: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  /** null while the message waits in the mail queue. */
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientMessageResult = z.infer<typeof clientMessageResultSchema>;

/** GET /api/practice/clients/export: the whole portfolio, or the selected clients (comma-separated ids). */
export const clientExportQuery = z.object({
  ids: z
    .string()
    .trim()
    .max(200 * 37, 'At most 200 clients at a time')
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))] : undefined))
    .refine((ids) => ids === undefined || ids.length <= 200, 'At most 200 clients at a time'),
});

/**
 * GET /api/onboarding/stats (spec 2.5 and 3.4), over the clients the member may see, on the
 * firm's calendar. Amounts are decimal strings; a trend is null when there is no earlier figure.
 */
export const onboardingStatsSchema = z.object({
  /** The firm's today, the day the figures are for. */
  asOf: z.string(),
  /** Clients not deactivated, whatever their onboarding status. */
  totalClients: z.number().int(),
  totalClientsTrend: z.string().nullable(),
  /** Clients whose onboarding is in progress, and their average days in it so far. */
  activeOnboarding: z.number().int(),
  averageOnboardingDays: z.number().nullable(),
  /** Active clients' fees per month after the billing-frequency discount. */
  monthlyRecurring: z.string(),
  monthlyRecurringTrend: z.string().nullable(),
  /** Percent of the clients active 12 months ago that are active today; null when there were none. */
  retentionRate: z.number().nullable(),
  retentionBase: z.number().int(),
  /** Monthly recurring per active client, rounded to a whole unit. */
  averageClientValue: z.string(),
  averageClientValueTrend: z.string().nullable(),
  /** Monthly fees of the clients that became active in the last 30 days. */
  newRevenue30Days: z.string(),
  newRevenueTrend: z.string().nullable(),
  activeClients: z.number().int(),
  onboardingInProgress: z.number().int(),
  completedThisMonth: z.number().int(),
  completedThisMonthTrend: z.string().nullable(),
  /** Average days from start to completion over every completed onboarding; null when none. */
  averageOnboardingTime: z.number().nullable(),
  /** Monthly fees of the clients that completed onboarding this month. */
  revenueFromNewClients: z.string(),
});
export type OnboardingStats = z.infer<typeof onboardingStatsSchema>;
