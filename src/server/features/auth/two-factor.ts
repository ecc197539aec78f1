import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type {
  RecoveryCodes,
  TwoFactorDisableInput,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '../../../shared/contracts/two-factor';
import type { Database } from '../../db/client';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import type { AuthContext } from '../../platform/sessions';
import { findUserWithOrganization } from './auth.queries';
import { assertNotThrottled, recordFailure, throttleKeys } from './sign-in-throttle';
import {
  countUnusedRecoveryCodes,
  encryptTotpSecret,
  findEnabledTwoFactor,
  findTwoFactor,
  newTotpSecret,
  replaceRecoveryCodes,
  totpFor,
  useSecondFactor,
  useTotpCode,
} from './two-factor-codes';

/** Settings > Security: turning two-factor sign-in on (enrolment, then a first code) and off. */

const auditFor = (auth: AuthContext, action: string, details?: Record<string, unknown>) => ({
  organizationId: auth.organizationId,
  userId: auth.userId,
  action,
  entityType: 'user',
  entityId: auth.userId,
  details,
});

const badCode = (field: string, message: string) =>
  new AppError('VALIDATION', message, { [field]: message });

async function loadUser(db: Database, userId: string) {
  const row = await findUserWithOrganization(db, userId);
  if (!row) throw notFound('User');
  return row.user;
}

export async function getTwoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const row = await findEnabledTwoFactor(db, userId);
  return {
    enabled: row !== null,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesRemaining: row ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}

/**
 * Starts (or restarts) enrolment: a new secret, stored encrypted with enabled_at null, and ten
 * new recovery codes. Sign-in ignores the row until a first code confirms it.
 */
export async function startEnrolment(
  db: Database,
  encryptionKey: Buffer,
  auth: AuthContext,
  now: Date,
): Promise<TwoFactorEnrolment> {
  const user = await loadUser(db, auth.userId);
  if (await findEnabledTwoFactor(db, auth.userId)) {
    throw new AppError('CONFLICT', 'Two-factor authentication is already on');
  }
  const secret = newTotpSecret();
  const secretEncrypted = encryptTotpSecret(encryptionKey, secret);
  const recoveryCodes = await db.transaction(async (tx) => {
    await tx
      .insert(userTwoFactor)
      .values({
        userId: auth.userId,
        secretEncrypted,
        enabledAt: null,
        lastUsedStep: null,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: now },
      });
    return replaceRecoveryCodes(tx, auth.userId, now);
  });
  const otpauthUri = totpFor(secret, user.email).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 240,
  });
  return { secret, otpauthUri, qrCodeDataUrl, recoveryCodes };
}

/** The first valid code from the app turns two-factor on; until then nothing changes at sign-in. */
export async function confirmEnrolment(
  db: Database,
  encryptionKey: Buffer,
  auth: AuthContext,
  code: string,
  now: Date,
): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(db, auth.userId);
  if (!row)
    throw new AppError('VALIDATION', 'Start two-factor setup first', {
      code: 'Start two-factor setup first',
    });
  if (row.enabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on');
  await db.transaction(async (tx) => {
    if (!(await useTotpCode(tx, encryptionKey, row, code, now))) {
      throw badCode(
        'code',
        'That code is not right. Check the time on your phone and try the newest code.',
      );
    }
    await tx
      .update(userTwoFactor)
      .set({ enabledAt: now })
      .where(eq(userTwoFactor.userId, auth.userId));
    await writeAudit(tx, auditFor(auth, 'user.two_factor_enabled'));
  });
  return getTwoFactorStatus(db, auth.userId);
}

/**
 * Turning two-factor off takes a current code, a recovery code or the password, so a session
 * left open is not enough. Wrong answers count toward the sign-in throttle.
 */
export async function disableTwoFactor(
  db: Database,
  encryptionKey: Buffer,
  auth: AuthContext,
  input: TwoFactorDisableInput,
  clientAddress: string,
  now: Date,
): Promise<TwoFactorStatus> {
  const user = await loadUser(db, auth.userId);
  const row = await findEnabledTwoFactor(db, auth.userId);
  if (!row) throw new AppError('CONFLICT', 'Two-factor authentication is not on');
  const keys = throttleKeys(user.username, clientAddress);
  await assertNotThrottled(db, keys, now);

  const passwordOk = input.password
    ? await verifyPassword(input.password, user.passwordHash)
    : false;
  const disabled = await db.transaction(async (tx) => {
    const method = passwordOk
      ? 'password'
      : input.code
        ? await useSecondFactor(tx, encryptionKey, row, input.code, now)
        : null;
    if (!method) return false;
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, auth.userId));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, auth.userId));
    await writeAudit(tx, auditFor(auth, 'user.two_factor_disabled', { confirmedWith: method }));
    return true;
  });
  if (!disabled) {
    await recordFailure(db, keys, now);
    throw input.password && !input.code
      ? badCode('password', 'Password is incorrect')
      : badCode('code', 'That code is not right');
  }
  return getTwoFactorStatus(db, auth.userId);
}

/** A current 6-digit code replaces all ten recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Database,
  encryptionKey: Buffer,
  auth: AuthContext,
  code: string,
  now: Date,
): Promise<RecoveryCodes> {
  const row = await findEnabledTwoFactor(db, auth.userId);
  if (!row) throw new AppError('CONFLICT', 'Two-factor authentication is not on');
  const recoveryCodes = await db.transaction(async (tx) => {
    if (!(await useTotpCode(tx, encryptionKey, row, code, now)))
      throw badCode('code', 'That code is not right');
    const codes = await replaceRecoveryCodes(tx, auth.userId, now);
    await writeAudit(tx, auditFor(auth, 'user.two_factor_recovery_codes_regenerated'));
    return codes;
  });
  return { recoveryCodes };
}
