import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../../../shared/contracts/two-factor';
import type { Database } from '../../db/client';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../../platform/encryption';

/** The TOTP and recovery-code primitives that enrolment, sign-in and turning off share. */

export const TOTP_ISSUER = 'Signal AR';
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it rolled over. */
const WINDOW_STEPS = 1;

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, accountName: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: accountName,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export const encryptTotpSecret = (key: Buffer, secretBase32: string) =>
  encryptSecret(key, secretBase32);

/**
 * The time step a 6-digit code belongs to, or null when it matches no step near `now`. Does not
 * check for replay: `claimStep` does that, atomically.
 */
export function matchTotpStep(
  key: Buffer,
  row: TwoFactorRow,
  code: string,
  now: Date,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(decryptSecret(key, row.secretEncrypted), '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Records the step as used unless it (or a later one) already was: each code signs in once, even
 * when two requests race with it (the conditional update lets only one of them through).
 */
export async function claimStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return claimed.length > 0;
}

/** Checks a 6-digit code and uses up its time step; false for a wrong or replayed code. */
export async function useTotpCode(
  db: Database,
  key: Buffer,
  row: TwoFactorRow,
  code: string,
  now: Date,
): Promise<boolean> {
  const step = matchTotpStep(key, row, code, now);
  return step !== null && (await claimStep(db, row.userId, step));
}

// Crockford's base32 alphabet: no i, l, o or u to misread when typing a code from paper.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** "k3m9-x2qa-7fwd-c8tn": 16 characters of 5 random bits, 80 bits in all. */
export function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 16 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/**
 * SHA-256, not a slow password hash: a slow hash protects guessable passwords, while these codes
 * carry 80 random bits, so even a leaked table cannot be searched; a plain digest also lets a
 * code be found by its hash in one indexed query.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

/** Replaces the user's recovery codes with ten new ones; returns them in the clear, once. */
export async function replaceRecoveryCodes(
  tx: Database,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

/** Marks an unused recovery code used; false when it is wrong or was used before. */
export async function useRecoveryCode(
  db: Database,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return rows.length;
}

export async function findTwoFactor(db: Database, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Two-factor is on exactly when enrolment was confirmed: enabled_at is the one source of truth. */
export async function findEnabledTwoFactor(
  db: Database,
  userId: string,
): Promise<TwoFactorRow | null> {
  const row = await findTwoFactor(db, userId);
  return row?.enabledAt ? row : null;
}

/**
 * Checks a second-factor code: 6 digits are a TOTP code, anything else a recovery code. Returns
 * how it was accepted, or null.
 */
export async function useSecondFactor(
  db: Database,
  key: Buffer,
  row: TwoFactorRow,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery_code' | null> {
  const compact = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(compact))
    return (await useTotpCode(db, key, row, compact, now)) ? 'totp' : null;
  return (await useRecoveryCode(db, row.userId, code, now)) ? 'recovery_code' : null;
}
