import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { User } from '../../../shared/contracts/auth';
import type { LoginChallenge, TwoFactorLoginInput } from '../../../shared/contracts/two-factor';
import type { Database } from '../../db/client';
import { loginChallenges, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { createSession } from '../../platform/sessions';
import { clearFailures, findUserWithOrganization, toUserDto } from './auth.queries';
import { assertNotThrottled, recordFailure, throttleKeys } from './sign-in-throttle';
import {
  countUnusedRecoveryCodes,
  findEnabledTwoFactor,
  useSecondFactor,
} from './two-factor-codes';

export { findEnabledTwoFactor };
export type { LoginChallenge };

/** A sign-in waits this long for its code; after that the password must be given again. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const expired = () => new AppError('UNAUTHORIZED', 'This sign-in has expired. Sign in again.');

/** The password was right and two-factor is on: no session yet, a challenge for the code. */
export async function createLoginChallenge(
  db: Database,
  userId: string,
  clientAddress: string,
  userAgent: string | null,
  now: Date,
): Promise<LoginChallenge> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  // Nothing else sweeps the table: each new challenge clears the user's expired ones.
  await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), lte(loginChallenges.expiresAt, now)));
  await db.insert(loginChallenges).values({
    id: hashToken(token),
    userId,
    clientAddress,
    userAgent: userAgent?.slice(0, 500) ?? null,
    expiresAt,
    createdAt: now,
  });
  return { twoFactorRequired: true, challengeToken: token, expiresAt: expiresAt.toISOString() };
}

/**
 * The second step: a 6-digit code (each time step once) or an unused recovery code turns the
 * challenge into a session. Wrong codes count toward the same throttle as wrong passwords, and
 * a throttled account is refused before its code is even looked at.
 */
export async function completeTwoFactorLogin(
  db: Database,
  encryptionKey: Buffer,
  input: TwoFactorLoginInput,
  clientAddress: string,
  now: Date,
): Promise<{ user: User; token: string; firstSignIn: boolean }> {
  const id = hashToken(input.challengeToken);
  const [challenge] = await db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.id, id))
    .limit(1);
  if (!challenge) throw expired();
  if (challenge.expiresAt.getTime() <= now.getTime()) {
    await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    throw expired();
  }
  const row = await findUserWithOrganization(db, challenge.userId);
  const twoFactor = row?.user.isActive ? await findEnabledTwoFactor(db, challenge.userId) : null;
  if (!row || !twoFactor) throw expired();

  const keys = throttleKeys(row.user.username, clientAddress);
  await assertNotThrottled(db, keys, now);

  const signedIn = await db.transaction(async (tx) => {
    const method = await useSecondFactor(tx, encryptionKey, twoFactor, input.code, now);
    if (!method) return null;
    // Single use: a second request with the same challenge finds nothing.
    const deleted = await tx
      .delete(loginChallenges)
      .where(eq(loginChallenges.id, id))
      .returning({ id: loginChallenges.id });
    if (deleted.length === 0) throw expired();
    if (method === 'recovery_code') {
      await writeAudit(tx, {
        organizationId: row.user.organizationId,
        userId: row.user.id,
        action: 'user.two_factor_recovery_code_used',
        entityType: 'user',
        entityId: row.user.id,
        details: { remaining: await countUnusedRecoveryCodes(tx, row.user.id) },
      });
    }
    await clearFailures(tx, keys[0]);
    const [user] = await tx
      .update(users)
      .set({ lastLoginAt: now })
      .where(eq(users.id, row.user.id))
      .returning();
    const token = await createSession(tx, row.user, now);
    return { user: toUserDto(user ?? row.user, row.organization), token, firstSignIn: row.user.lastLoginAt === null };
  });
  if (signedIn) return signedIn;
  await recordFailure(db, keys, now);
  throw new AppError('UNAUTHORIZED', 'Invalid authentication code', {
    code: 'Invalid authentication code',
  });
}
