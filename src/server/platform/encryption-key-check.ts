import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { installationSettings } from '../db/schema';
import { previousKeyOf } from './encryption';

export const KEY_FINGERPRINT_SETTING = 'encryption_key_fingerprint';

/** HMAC-SHA256 of a fixed constant under the key: tells two keys apart without revealing either. */
export function encryptionKeyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('signal-ar:encryption-key-fingerprint:v1').digest('hex');
}

/** The fingerprint every process of this installation agreed on, or null before the first start. */
export async function storedKeyFingerprint(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.name, KEY_FINGERPRINT_SETTING));
  return row?.value ?? null;
}

/**
 * A start step, before anything reads or writes an encrypted value: the first process stores its
 * key's fingerprint (insert that does nothing if another process got there first, then read back,
 * so two processes starting at once agree on one), and a process whose key has another fingerprint
 * is refused with one line instead of writing values nobody else can read. During a rotation
 * (ENCRYPTION_KEY_PREVIOUS set) the previous key's fingerprint is accepted too.
 */
export async function checkEncryptionKey(db: Database, key: Buffer, now: Date): Promise<{ rotating: boolean }> {
  const current = encryptionKeyFingerprint(key);
  await db.insert(installationSettings).values({ name: KEY_FINGERPRINT_SETTING, value: current, updatedAt: now }).onConflictDoNothing();
  const stored = await storedKeyFingerprint(db);
  const previous = previousKeyOf(key);
  const accepted = [current, ...(previous ? [encryptionKeyFingerprint(previous)] : [])];
  if (!stored || !accepted.includes(stored)) {
    throw new Error(
      previous
        ? 'Neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS is the key this database was encrypted with: set the key the other processes use'
        : 'ENCRYPTION_KEY is not the key this database was encrypted with: set the key the other processes use (to change keys, see "Rotating the encryption key" in the README)',
    );
  }
  return { rotating: previous !== null };
}
