import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, decryptWith, encryptSecret, lastFour, maskAccountNumber, previousKeyOf, withPreviousKey } from './encryption';

const key = randomBytes(32);

describe('secret encryption', () => {
  it('round-trips a value and never stores it in the clear', () => {
    const stored = encryptSecret(key, '000123456789');
    expect(stored.startsWith('v1:')).toBe(true);
    expect(stored).not.toContain('123456789');
    expect(decryptSecret(key, stored)).toBe('000123456789');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('refuses a tampered value and a different key', () => {
    const stored = encryptSecret(key, '987654321');
    const parts = stored.split(':');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join(':');
    expect(() => decryptSecret(key, tampered)).toThrow();
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
    expect(() => decryptSecret(key, 'plain-text')).toThrow('Unrecognised encrypted value');
  });

  it('refuses a key of the wrong length', () => {
    expect(() => encryptSecret(randomBytes(16), 'x')).toThrow('32 bytes');
  });

  it('keeps only the last four digits for display', () => {
    expect(lastFour('000123456789')).toBe('6789');
    expect(lastFour('12')).toBe('12');
    expect(maskAccountNumber('6789')).toBe('••••6789');
    expect(maskAccountNumber(null)).toBeNull();
  });
});

describe('a key with its previous one (rotation)', () => {
  it('reads values under the previous key, writes under the current one only', () => {
    const previous = randomBytes(32);
    const current = withPreviousKey(randomBytes(32), previous);
    const old = encryptSecret(previous, '000123456789');
    expect(decryptSecret(current, old)).toBe('000123456789');
    const fresh = encryptSecret(current, '000123456789');
    expect(decryptWith(current, fresh)).toBe('000123456789');
    expect(() => decryptWith(previous, fresh)).toThrow();
  });

  it('does not lend the previous key to another Buffer holding the same bytes', () => {
    const previous = randomBytes(32);
    const current = withPreviousKey(randomBytes(32), previous);
    const old = encryptSecret(previous, 'secret');
    expect(() => decryptSecret(Buffer.from(current), old)).toThrow();
    expect(previousKeyOf(Buffer.from(current))).toBeNull();
  });

  it('still refuses a value under a third key', () => {
    const current = withPreviousKey(randomBytes(32), randomBytes(32));
    expect(() => decryptSecret(current, encryptSecret(randomBytes(32), 'secret'))).toThrow();
  });
});
