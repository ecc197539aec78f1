import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { countRecentFailures, recordFailure } from './auth.queries';

/** 10 failed sign-ins for one username or one address within 15 minutes: 429 until they age out. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The two counters a sign-in attempt is throttled on: the account and the client address. */
export function throttleKeys(username: string, clientAddress: string): [string, string] {
  return [`user:${username.toLowerCase()}`, `ip:${clientAddress}`];
}

export function throttled(): AppError {
  return new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Try again in 15 minutes.');
}

/** 429 once either counter has reached the limit, before any password or code is checked. */
export async function assertNotThrottled(db: Database, keys: string[], now: Date): Promise<void> {
  const failures = await countRecentFailures(db, keys, new Date(now.getTime() - FAILURE_WINDOW_MS));
  if (failures >= MAX_FAILURES) throw throttled();
}

export { recordFailure };
