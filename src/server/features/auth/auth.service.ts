import { eq } from 'drizzle-orm';
import type { LoginInput, RegisterInput, User } from '../../../shared/contracts/auth';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { getDummyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession } from '../../platform/sessions';
import {
  clearFailures,
  countRecentFailures,
  findTakenIdentity,
  findUserByUsername,
  recordFailure,
  toUserDto,
} from './auth.queries';
import { FAILURE_WINDOW_MS, MAX_FAILURES } from './sign-in-throttle';
import { type LoginChallenge, createLoginChallenge, findEnabledTwoFactor } from './two-factor-login';
import { queueWelcomeMail } from './welcome-mail';

export { FAILURE_WINDOW_MS, MAX_FAILURES };

export function conflictFor(taken: { username: boolean; email: boolean }): AppError | null {
  if (taken.username) return new AppError('CONFLICT', 'Username already exists', { username: 'Username already exists' });
  if (taken.email) return new AppError('CONFLICT', 'Email already exists', { email: 'Email already exists' });
  return null;
}

/** Creates the user and a new organization with the user as owner, signs them in and queues the welcome mail. */
export async function registerUser(
  db: Database,
  input: RegisterInput,
  now: Date,
): Promise<{ user: User; token: string }> {
  const existing = conflictFor(await findTakenIdentity(db, input.username, input.email));
  if (existing) throw existing;
  const passwordHash = await hashPassword(input.password);
  const organizationName = input.companyName?.trim() || `${input.firstName} ${input.lastName}`;
  try {
    return await db.transaction(async (tx) => {
      const [organization] = await tx.insert(organizations).values({ name: organizationName, ...(input.timeZone ? { timeZone: input.timeZone } : {}) }).returning();
      if (!organization) throw new Error('organization insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: organization.id,
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'owner',
          lastLoginAt: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      const token = await createSession(tx, user, now);
      await queueWelcomeMail(tx, user.id, now);
      return { user: toUserDto(user, organization), token };
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(error, 'users_username_key')) throw conflictFor({ username: true, email: false }) ?? error;
    if (isUniqueViolation(error, 'users_email_key')) throw conflictFor({ username: false, email: true }) ?? error;
    throw error;
  }
}

export async function loginUser(
  db: Database,
  input: LoginInput,
  clientAddress: string,
  now: Date,
  userAgent: string | null = null,
): Promise<{ user: User; token: string; firstSignIn: boolean } | LoginChallenge> {
  const keys = [`user:${input.username.toLowerCase()}`, `ip:${clientAddress}`];
  const failures = await countRecentFailures(db, keys, new Date(now.getTime() - FAILURE_WINDOW_MS));
  if (failures >= MAX_FAILURES) {
    throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Try again in 15 minutes.');
  }
  const row = await findUserByUsername(db, input.username);
  const valid = await verifyPassword(input.password, row?.user.passwordHash ?? (await getDummyHash()));
  if (!row || !valid || !row.user.isActive) {
    await recordFailure(db, keys, now);
    throw new AppError('UNAUTHORIZED', 'Invalid username or password');
  }
  // With two-factor on, the right password only opens a challenge; the failures are cleared
  // only once the code is right too, so a known password cannot reset the count while codes are guessed.
  if (await findEnabledTwoFactor(db, row.user.id)) return createLoginChallenge(db, row.user.id, clientAddress, userAgent, now);
  await clearFailures(db, keys[0] ?? '');
  const [user] = await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, row.user.id)).returning();
  const token = await createSession(db, row.user, now);
  // Registering (or accepting an invitation) signs in too, so only an account nobody ever signed in as has a first sign-in here.
  return { user: toUserDto(user ?? row.user, row.organization), token, firstSignIn: row.user.lastLoginAt === null };
}
