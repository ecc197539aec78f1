import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Cents } from '../../../shared/money';
import { previousKeyOf } from '../../platform/encryption';

/** Two deposits of 1 to 99 cents, drawn with the CSPRNG (a guessable pair would verify anything). */
export function drawMicroDeposits(): [Cents, Cents] {
  return [randomInt(1, 100), randomInt(1, 100)];
}

/**
 * HMAC-SHA256 under the encryption key over the account id and the pair, smaller first: the order
 * the user types them in does not matter, and a hash copied to another account does not verify it.
 */
export function hashMicroDeposits(
  key: Buffer,
  accountId: string,
  first: Cents,
  second: Cents,
): string {
  const [low, high] = first <= second ? [first, second] : [second, first];
  return createHmac('sha256', key)
    .update(`micro-deposits:${accountId}:${low}:${high}`)
    .digest('hex');
}

export function microDepositsMatch(
  key: Buffer,
  accountId: string,
  stored: string,
  first: Cents,
  second: Cents,
): boolean {
  const expected = Buffer.from(stored, 'hex');
  // Deposits sent before a key rotation were hashed under the previous key (a hash cannot be re-encrypted).
  const previous = previousKeyOf(key);
  return [key, ...(previous ? [previous] : [])].some((candidate) => {
    const actual = Buffer.from(hashMicroDeposits(candidate, accountId, first, second), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}
