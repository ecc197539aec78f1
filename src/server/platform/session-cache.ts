import type { AuthContext } from './sessions';

/** How long a looked-up session is trusted without asking the database again (config.sessionCacheMs). */
export const SESSION_CACHE_MS = 3000;
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthContext;
  /** Real time (monotonic) after which the entry is stale. */
  expiresAt: number;
  /** The app's clock when the database said yes: a moved clock (tests, FAKE_NOW) also ends the entry. */
  checkedAt: number;
}

/**
 * A short-lived, in-process cache of session lookups keyed by the session id (the token's SHA-256):
 * a burst of requests from one page costs one database lookup instead of one each.
 *
 * Exactness: every write request (anything but GET/HEAD/OPTIONS) empties the cache when it starts
 * and again when it ends, in this process: sign-out, password change, role change, removal, 2FA,
 * workspace switch and grant changes are all write requests, so the next request in this process
 * sees them. A lookup that began before such a write does not store its answer (generation check).
 * Another process (several web processes on one PostgreSQL) sees them within `ttlMs`, which is
 * why it is kept to a few seconds. `ttlMs` 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached context, if fresh by both the real clock and the app's clock. */
  get(sessionId: string, appNow: number): AuthContext | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    const pastLifetime = entry.auth.endsAt !== undefined && appNow >= entry.auth.endsAt;
    if (performance.now() > entry.expiresAt || appNow < entry.checkedAt || appNow - entry.checkedAt > this.ttlMs || pastLifetime) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.auth;
  }

  /** Call before the database lookup; pass the result to `set`. */
  begin(): number {
    return this.generation;
  }

  set(sessionId: string, auth: AuthContext, appNow: number, startedAt: number): void {
    if (!this.enabled || startedAt !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { auth, expiresAt: performance.now() + this.ttlMs, checkedAt: appNow });
  }

  /** Forget everything (any write in this process may have changed a session, user, role or grant). */
  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
