import { z } from 'zod';
import { findCurrency } from '../currencies';
import { firmPlanIds } from './firms';

/** Spec 9: the settings page's options. */
export const industries = ['accounting', 'consulting', 'manufacturing', 'retail', 'technology', 'other'] as const;
export const timezones = ['utc', 'est', 'cst', 'mst', 'pst'] as const;

export const notificationSettingsSchema = z.object({
  invoiceUpdates: z.boolean(),
  paymentConfirmations: z.boolean(),
  weeklyReports: z.boolean(),
  securityAlerts: z.boolean(),
});

export const securitySettingsSchema = z.object({
  /** Read only: true once two-factor enrolment was confirmed (user_two_factor.enabled_at). */
  twoFactorEnabled: z.boolean(),
  loginNotifications: z.boolean(),
});

/** GET /api/user/settings. */
export const userSettingsSchema = z.object({
  currency: z.string(),
  locale: z.string(),
  industry: z.enum(industries).nullable(),
  timezone: z.enum(timezones).nullable(),
  notifications: notificationSettingsSchema,
  security: securitySettingsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Spec 9 defaults: everything on but weekly reports and two-factor authentication. */
export const defaultNotificationSettings: z.infer<typeof notificationSettingsSchema> = {
  invoiceUpdates: true,
  paymentConfirmations: true,
  weeklyReports: false,
  securityAlerts: true,
};
export const defaultSecuritySettings: z.infer<typeof securitySettingsSchema> = {
  twoFactorEnabled: false,
  loginNotifications: true,
};

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** PUT /api/user/currency: a catalogue code; the locale defaults to the catalogue's. */
export const currencyUpdateSchema = z.object({
  currency: z
    .string({ message: 'Currency is required' })
    .trim()
    .toUpperCase()
    .refine((code) => findCurrency(code) !== undefined, 'Unknown currency'),
  locale: z.string().trim().max(35).refine(isLocale, 'Invalid locale').optional(),
});
export type CurrencyUpdateInput = z.infer<typeof currencyUpdateSchema>;

export const currencySettingsSchema = z.object({ currency: z.string(), locale: z.string() });
export type CurrencySettings = z.infer<typeof currencySettingsSchema>;

/** An optional choice: '' and null both mean "not set". */
const optionalChoice = <T extends string>(values: readonly T[], message: string) =>
  z
    .string({ message })
    .nullish()
    .transform((value, ctx): T | null => {
      if (!value) return null;
      const choice = values.find((candidate) => candidate === value);
      if (choice === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return choice;
    });

/** PUT /api/user/profile. The same messages as account creation (spec 5). */
export const profileUpdateSchema = z.object({
  firstName: z.string({ message: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ message: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.string({ message: 'Invalid email address' }).trim().toLowerCase().email('Invalid email address').max(254),
  username: z
    .string({ message: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters'),
  industry: optionalChoice(industries, 'Choose an industry from the list'),
  timezone: optionalChoice(timezones, 'Choose a timezone from the list'),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** PUT /api/user/password. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(200),
    newPassword: z
      .string({ message: 'New password must be at least 8 characters' })
      .min(8, 'New password must be at least 8 characters')
      .max(200, 'New password must be at most 200 characters'),
    confirmPassword: z.string({ message: 'Passwords do not match' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/**
 * PUT /api/user/preferences: any subset of the notification toggles and login notifications.
 * Two-factor is not a toggle: it is turned on by confirming a code (POST /api/user/two-factor/...).
 */
export const preferencesUpdateSchema = z
  .object({
    notifications: notificationSettingsSchema.partial().optional(),
    security: z
      .object({
        loginNotifications: z.boolean().optional(),
        twoFactorEnabled: z
          .never({ message: 'Two-factor authentication is turned on or off with a code in Settings > Security' })
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type PreferencesUpdateInput = z.infer<typeof preferencesUpdateSchema>;

/** GET /api/user/billing: the organization's actual plan. */
export const billingSchema = z.object({
  organizationName: z.string(),
  plan: z.string(),
  status: z.string(),
  maxClients: z.number(),
  memberCount: z.number(),
  hasPaymentMethod: z.boolean(),
  /** Only for an accounting firm (its plan limits its active clients); left out for a business. */
  practice: z
    .object({
      activeClients: z.number(),
      /** Only the firm's owner changes the plan. */
      canChangePlan: z.boolean(),
      /** With a card provider configured a change goes through its checkout, else it is recorded at once. */
      changeThroughCheckout: z.boolean(),
    })
    .optional(),
});
export type Billing = z.infer<typeof billingSchema>;

/** PUT /api/settings/billing/plan: the firm's new plan (starter, professional, enterprise). */
export const planChangeSchema = z.object({
  plan: z.enum(firmPlanIds, { message: 'Choose the starter, professional or enterprise plan' }),
});
export type PlanChangeInput = z.infer<typeof planChangeSchema>;

/** Changed at once, or a checkout page of the card provider to open (the plan changes when it confirms payment). */
export const planChangeResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('changed'), billing: billingSchema }),
  z.object({ status: z.literal('checkout'), checkoutUrl: z.string() }),
]);
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;
