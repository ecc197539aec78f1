import { z } from 'zod';
import { recurringFrequencies } from './practice';

/** The reminder days used when an organization has no automation settings row (spec practice 3.1). */
export const defaultReminderDays = [7, 14, 30] as const;

/**
 * PUT /api/automation-settings: the active workspace's payment reminders and recurring-invoice
 * defaults. Days are after the due date, 1..365, each at most once, at most 10.
 */
export const automationSettingsSchema = z.object({
  sendReminders: z.boolean({ message: 'Reminders must be on or off' }),
  reminderDays: z
    .array(
      z
        .number({ message: 'Reminder days must be numbers' })
        .int('Reminder days must be whole numbers')
        .min(1, 'Reminder days must be at least 1')
        .max(365, 'Reminder days must be at most 365'),
      { message: 'Reminder days must be a list of days' },
    )
    .max(10, 'At most 10 reminder days')
    .refine((days) => new Set(days).size === days.length, 'Each reminder day may appear only once'),
  autoRecurring: z.boolean({ message: 'Recurring invoices must be on or off' }),
  recurringFrequency: z.enum(recurringFrequencies, { message: 'Choose a recurring frequency' }).nullable(),
});
export type AutomationSettingsInput = z.input<typeof automationSettingsSchema>;
export type AutomationSettings = z.output<typeof automationSettingsSchema>;

export const reminderStatuses = ['pending', 'sent', 'failed'] as const;

/** GET /api/invoices/{id}/reminders: newest first. */
export interface InvoiceReminder {
  id: string;
  invoiceId: string;
  daysOverdue: number;
  /** The organization's day it was due to go out (due date + daysOverdue). */
  reminderDate: string;
  toEmail: string;
  status: (typeof reminderStatuses)[number];
  sentAt: string | null;
  failureReason: string | null;
  createdAt: string;
}

/** POST /api/invoice-reminders/run */
export interface ReminderRunResult {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * The reminder days typed as text ("7, 14, 30") in Settings > Notifications, checked with the API's
 * own rule; a message about one day is shown under the one field.
 */
export const reminderDaysFormSchema = z.object({
  reminderDays: z.string().transform((text, ctx) => {
    const days = text
      .split(/[\s,]+/)
      .filter((part) => part !== '')
      .map(Number);
    const result = automationSettingsSchema.shape.reminderDays.safeParse(days);
    if (result.success) return result.data;
    ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid reminder days' });
    return z.NEVER;
  }),
});
