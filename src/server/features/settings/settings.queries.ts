import { and, count, eq, ne, sql } from 'drizzle-orm';
import {
  type UserSettings,
  defaultNotificationSettings,
  defaultSecuritySettings,
  industries,
  timezones,
} from '../../../shared/contracts/settings';
import type { Database } from '../../db/client';
import { organizations, userSettings, userTwoFactor, users } from '../../db/schema';

type SettingsRow = typeof userSettings.$inferSelect;

const asChoice = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

export function toSettingsDto(
  user: { currency: string; locale: string },
  row: SettingsRow | null,
  twoFactorEnabledAt: Date | null,
): UserSettings {
  return {
    currency: user.currency,
    locale: user.locale,
    industry: asChoice(industries, row?.industry ?? null),
    timezone: asChoice(timezones, row?.timezone ?? null),
    notifications: row
      ? {
          invoiceUpdates: row.invoiceUpdates,
          paymentConfirmations: row.paymentConfirmations,
          weeklyReports: row.weeklyReports,
          securityAlerts: row.securityAlerts,
        }
      : { ...defaultNotificationSettings },
    security: {
      // Two-factor is on once enrolment is confirmed; there is no stored toggle for it.
      twoFactorEnabled: twoFactorEnabledAt !== null,
      loginNotifications: row?.loginNotifications ?? defaultSecuritySettings.loginNotifications,
    },
  };
}

export async function findUserSettings(db: Database, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ user: users, settings: userSettings, twoFactorEnabledAt: userTwoFactor.enabledAt })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

/** Inserts the user's settings row or updates the given columns of it. */
export async function upsertUserSettings(
  db: Database,
  userId: string,
  values: Partial<Omit<SettingsRow, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: now } });
}

/** Whether another user already has this username or email, case-insensitively. */
export async function findTakenByOthers(db: Database, userId: string, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        sql`(lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email}))`,
      ),
    );
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function findBilling(db: Database, organizationId: string) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!organization) return null;
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)));
  return { organization, memberCount: members?.n ?? 0 };
}
