import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/**
 * A user's preferences (spec 2.14, 9); currency and locale stay on users. A user without a row
 * has the defaults: industry and timezone unset, the toggles as the spec lists them. Whether
 * two-factor sign-in is on is not a preference: user_two_factor.enabled_at says so.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  industry: text('industry'),
  timezone: text('timezone'),
  invoiceUpdates: boolean('invoice_updates').notNull().default(true),
  paymentConfirmations: boolean('payment_confirmations').notNull().default(true),
  weeklyReports: boolean('weekly_reports').notNull().default(false),
  securityAlerts: boolean('security_alerts').notNull().default(true),
  loginNotifications: boolean('login_notifications').notNull().default(true),
  updatedAt: updatedAt(),
});
