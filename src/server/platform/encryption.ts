import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (vendor and bank account numbers): AES-256-GCM with a random 12-byte IV.
 * Stored as "v1:<iv>:<tag>:<ciphertext>" in base64url, so the format can change without a rewrite.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (64 hex characters)');
}

export function encryptSecret(key: Buffer, plain: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/**
 * The key being rotated away from (ENCRYPTION_KEY_PREVIOUS), tied to the current key's Buffer: every
 * reader already receives the current key, so a value not yet re-encrypted (platform/key-rotation.ts)
 * is read with the previous one without each caller knowing a rotation is under way.
 */
const previousKeys = new WeakMap<Buffer, Buffer>();

/** The current key, marked so that decryption falls back to `previous`. */
export function withPreviousKey(current: Buffer, previous: Buffer | null): Buffer {
  checkKey(current);
  if (previous) {
    checkKey(previous);
    previousKeys.set(current, previous);
  }
  return current;
}

/** The previous key tied to this current key, or null when no rotation is under way. */
export function previousKeyOf(current: Buffer): Buffer | null {
  return previousKeys.get(current) ?? null;
}

/** The plain text; throws if the value was tampered with, or encrypted under neither the key nor its previous one. */
export function decryptSecret(key: Buffer, stored: string): string {
  const previous = previousKeyOf(key);
  if (!previous) return decryptWith(key, stored);
  try {
    return decryptWith(key, stored);
  } catch {
    return decryptWith(previous, stored);
  }
}

/** The plain text under exactly this key (the rotation job asks which key a value is under). */
export function decryptWith(key: Buffer, stored: string): string {
  checkKey(key);
  const [version, iv, tag, ciphertext, ...rest] = stored.split(':');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
    throw new Error('Unrecognised encrypted value');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** The last four characters, the only part of an account number that leaves the server. */
export function lastFour(value: string): string {
  return value.trim().slice(-4);
}

/** "••••1234": how a stored account number is shown. */
export function maskAccountNumber(last4: string | null | undefined): string | null {
  return last4 ? `••••${last4}` : null;
}
