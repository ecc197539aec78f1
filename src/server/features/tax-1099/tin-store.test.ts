import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readTin, storeTin } from './tin-store';

describe('a stored TIN', () => {
  const key = randomBytes(32);

  it('is encrypted, read back whole, and keeps only its last four in the clear', () => {
    const stored = storeTin(key, 'ssn', '123-45-6789');
    expect(stored.tinEncrypted).not.toContain('6789');
    expect(stored.tinLast4).toBe('6789');
    expect(readTin(key, stored.tinEncrypted)).toBe('123456789');
  });

  it('has one fingerprint however it is typed, and another for the same digits as another type', () => {
    expect(storeTin(key, 'ein', '12-3456789').tinFingerprint).toBe(storeTin(key, 'ein', '123456789').tinFingerprint);
    // SSN 123-45-6789 and EIN 12-3456789 are two taxpayers: never one payee paid under two names.
    expect(storeTin(key, 'ssn', '123456789').tinFingerprint).not.toBe(storeTin(key, 'ein', '123456789').tinFingerprint);
    // Another key, another fingerprint: the fingerprint cannot be matched without the key.
    expect(storeTin(randomBytes(32), 'ein', '123456789').tinFingerprint).not.toBe(storeTin(key, 'ein', '123456789').tinFingerprint);
  });
});
