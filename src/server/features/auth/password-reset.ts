import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_RESET_INVALID } from '../../../shared/contracts/password-reset';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { deleteUserSessions } from '../../platform/sessions';
import { clearFailures } from './auth.queries';

/** A reset link works once, within an hour. */
export const RESET_LINK_VALID_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => new AppError('BAD_REQUEST', PASSWORD_RESET_INVALID, { token: PASSWORD_RESET_INVALID });

type ResetUser = Pick<typeof users.$inferSelect, 'id' | 'organizationId' | 'username' | 'email'>;

async function findActiveUserByEmail(db: Database, email: string): Promise<ResetUser | null> {
  const [row] = await db
    .select({ id: users.id, organizationId: users.organizationId, username: users.username, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Mails a reset link when an active account has this email, and otherwise does nothing. Either
 * way the caller answers the same, after the same one lookup: the token and the mail are made
 * after the answer, so neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail' | 'now'>,
  email: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const user = await findActiveUserByEmail(deps.db, email);
  if (!user) return;
  void mailResetLink(deps, user).catch((error: unknown) => log.error({ err: error, userId: user.id }, 'password reset mail failed'));
}

async function mailResetLink(deps: Pick<AppDeps, 'db' | 'config' | 'mail' | 'now'>, user: ResetUser): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MS),
    createdAt: now,
  });
  await deps.mail.send({
    to: user.email,
    subject: 'Reset your Signal AR password',
    text: [
      `Someone asked to reset the password of your Signal AR account (username: ${user.username}).`,
      '',
      'To choose a new password, open this link within 1 hour. It works once:',
      `${deps.config.appUrl}/auth/reset-password?token=${token}`,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Sets the new password from a valid link, in one transaction: the link is used up with every other
 * unused link of the user, every session of the user ends, their failed sign-ins are cleared, and
 * an audit row is written. The user then signs in with the new password (and a second factor, if
 * they have one), so a mailbox alone never opens a session.
 */
export async function resetPassword(db: Database, input: { token: string; password: string }, now: Date): Promise<void> {
  const tokenHash = hashToken(input.token);
  const [found] = await db
    .select({ tokenId: passwordResetTokens.id, user: { id: users.id, organizationId: users.organizationId, username: users.username } })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now), eq(users.isActive, true)))
    .limit(1);
  if (!found) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const { user } = found;
  await db.transaction(async (tx) => {
    // Claimed with the same conditions, so two uses of one link racing each other: one wins.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, found.tokenId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ id: passwordResetTokens.id });
    if (!claimed) throw invalidLink();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await deleteUserSessions(tx, user.id);
    await clearFailures(tx, `user:${user.username.toLowerCase()}`);
    await writeAudit(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: user.id,
    });
  });
}
