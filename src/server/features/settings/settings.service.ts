import { eq } from 'drizzle-orm';
import type { User } from '../../../shared/contracts/auth';
import type {
  Billing,
  CurrencySettings,
  CurrencyUpdateInput,
  PasswordChangeInput,
  PreferencesUpdateInput,
  UserSettings,
} from '../../../shared/contracts/settings';
import { profileUpdateSchema } from '../../../shared/contracts/settings';
import type { PartialBody } from '../../../shared/contracts/common';
import { findCurrency } from '../../../shared/currencies';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/sessions';
import { deleteUserSessions } from '../../platform/sessions';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { mergeUpdate, storedFields } from '../../platform/partial-update';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { findSessionUser, findUserWithOrganization } from '../auth/auth.queries';
import { countActiveClients } from '../practice/practice.queries';
import { findBilling, findTakenByOthers, findUserSettings, toSettingsDto, upsertUserSettings } from './settings.queries';

export async function getSettings(db: Database, userId: string): Promise<UserSettings> {
  const row = await findUserSettings(db, userId);
  if (!row) throw notFound('User');
  return toSettingsDto(row.user, row.settings, row.twoFactorEnabledAt);
}

export async function updateCurrency(db: Database, userId: string, input: CurrencyUpdateInput, now: Date): Promise<CurrencySettings> {
  const currency = findCurrency(input.currency);
  if (!currency) throw new AppError('VALIDATION', 'Unknown currency', { currency: 'Unknown currency' });
  const locale = input.locale ?? currency.locale;
  await db.update(users).set({ currency: currency.code, locale, updatedAt: now }).where(eq(users.id, userId));
  return { currency: currency.code, locale };
}

function conflict(taken: { username: boolean; email: boolean }): AppError | null {
  if (taken.username) return new AppError('CONFLICT', 'Username already exists', { username: 'Username already exists' });
  if (taken.email) return new AppError('CONFLICT', 'Email already exists', { email: 'Email already exists' });
  return null;
}

/** Saves name, email, username (unique across the product) and the industry and timezone choices. */
export async function updateProfile(db: Database, auth: AuthContext, body: PartialBody, now: Date): Promise<User> {
  const { userId } = auth;
  try {
    await db.transaction(async (tx) => {
      const stored = await findUserSettings(tx, userId, { lock: true });
      if (!stored) throw notFound('User');
      const input = mergeUpdate(profileUpdateSchema, { ...storedFields(stored.user, profileUpdateSchema), industry: stored.settings?.industry, timezone: stored.settings?.timezone }, body);
      const taken = conflict(await findTakenByOthers(tx, userId, input.username, input.email));
      if (taken) throw taken;
      await tx
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, email: input.email, username: input.username, updatedAt: now })
        .where(eq(users.id, userId));
      await upsertUserSettings(tx, userId, { industry: input.industry, timezone: input.timezone }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_key')) throw conflict({ username: true, email: false }) ?? error;
    if (isUniqueViolation(error, 'users_email_key')) throw conflict({ username: false, email: true }) ?? error;
    throw error;
  }
  const user = await findSessionUser(db, auth);
  if (!user) throw notFound('User');
  return user;
}

/** Checks the current password, stores the new one and signs the user out of every other session. */
export async function changePassword(db: Database, auth: AuthContext, input: PasswordChangeInput, now: Date): Promise<void> {
  const row = await findUserWithOrganization(db, auth.userId);
  if (!row) throw notFound('User');
  if (!(await verifyPassword(input.currentPassword, row.user.passwordHash))) {
    throw new AppError('VALIDATION', 'Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.userId));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: auth.userId,
    });
  });
  await deleteUserSessions(db, auth.userId, auth.sessionId);
}

export async function updatePreferences(db: Database, userId: string, input: PreferencesUpdateInput, now: Date): Promise<UserSettings> {
  const loginNotifications = input.security?.loginNotifications;
  const values = { ...input.notifications, ...(loginNotifications === undefined ? {} : { loginNotifications }) };
  if (Object.keys(values).length > 0) await upsertUserSettings(db, userId, values, now);
  return getSettings(db, userId);
}

/**
 * The subscription: a firm member sees the firm's (it is the firm that pays, whichever workspace is
 * open), with its active clients against the plan's limit; everyone else their organization's.
 */
export async function getBilling(
  db: Database,
  auth: Pick<AuthContext, 'organizationId' | 'firmId' | 'homeRole'>,
  options: { changeThroughCheckout: boolean } = { changeThroughCheckout: false },
): Promise<Billing> {
  const found = await findBilling(db, auth.firmId ?? auth.organizationId);
  if (!found) throw notFound('Organization');
  const { organization, memberCount } = found;
  const billing: Billing = {
    organizationName: organization.name,
    plan: organization.subscriptionPlan,
    status: organization.subscriptionStatus,
    maxClients: organization.maxClients,
    memberCount,
    hasPaymentMethod: organization.stripeCustomerId !== null,
  };
  if (organization.type !== 'accounting_firm') return billing;
  return {
    ...billing,
    practice: {
      activeClients: await countActiveClients(db, organization.id),
      canChangePlan: auth.homeRole === 'owner' && auth.firmId === organization.id,
      changeThroughCheckout: options.changeThroughCheckout,
    },
  };
}
