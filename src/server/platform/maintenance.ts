import { lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseKind } from '../db/client';
import { portalSessions } from '../db/schema';
import { deleteOldRateLimitWindows } from './rate-limit';
import { deleteExpiredSessions, SESSION_MAX_AGE_MS } from './sessions';

const EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/** VACUUM ANALYZE: fresh planner statistics, and a visibility map that allows index-only scans. */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/**
 * Deletes staff sessions past their idle limit or lifetime, and portal sessions past their
 * absolute end (stored in the row; an idle one is refused at once and deleted here by that end,
 * at most 12 hours after it began).
 */
export async function pruneExpiredSessions(db: Database, now: Date, maxAgeMs = SESSION_MAX_AGE_MS): Promise<{ sessions: number; portalSessions: number }> {
  const staff = await deleteExpiredSessions(db, now, maxAgeMs);
  const portal = await db.delete(portalSessions).where(lte(portalSessions.expiresAt, now)).returning({ id: portalSessions.id });
  return { sessions: staff, portalSessions: portal.length };
}

/**
 * Every 6 hours (the first a minute after start): expired sessions and old rate-limit windows are deleted, and the
 * embedded database (PGlite), which has no autovacuum daemon, gets a VACUUM ANALYZE. A PostgreSQL
 * server vacuums itself.
 */
export function startMaintenance(
  db: Database,
  kind: DatabaseKind,
  log: FastifyBaseLogger,
  options: { now: () => Date; sessionMaxAgeMs?: number | undefined },
): () => Promise<void> {
  // The app's clock (FAKE_NOW in the date tests), which wrote the sessions' times: the wall clock
  // would find a session made on a clock hours behind it idle, and delete it.
  const { now } = options;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const started = Date.now();
    let pruned: { sessions: number; portalSessions: number } | undefined;
    running = pruneExpiredSessions(db, now(), options.sessionMaxAgeMs)
      .then((counts) => {
        pruned = counts;
        return deleteOldRateLimitWindows(db, now());
      })
      .then(() => (kind === 'pglite' ? vacuumAnalyze(db) : undefined))
      .then(
        () => log.info({ ms: Date.now() - started, expiredSessionsDeleted: pruned }, 'database maintenance done'),
        (error: unknown) => log.warn({ err: error }, 'database maintenance failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, FIRST_AFTER_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  // Stopping waits for a run in progress, so the pool is never closed under it.
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
