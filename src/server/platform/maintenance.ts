import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseKind } from '../db/client';
import { deleteOldRateLimitWindows } from './rate-limit';

const EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/** VACUUM ANALYZE: fresh planner statistics, and a visibility map that allows index-only scans. */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/**
 * Every 6 hours (the first a minute after start): old rate-limit windows are deleted, and the
 * embedded database (PGlite), which has no autovacuum daemon, gets a VACUUM ANALYZE. A PostgreSQL
 * server vacuums itself.
 */
export function startMaintenance(db: Database, kind: DatabaseKind, log: FastifyBaseLogger): () => void {
  const run = () => {
    const started = Date.now();
    deleteOldRateLimitWindows(db, new Date())
      .then(() => (kind === 'pglite' ? vacuumAnalyze(db) : undefined))
      .then(
        () => log.info({ ms: Date.now() - started }, 'database maintenance done'),
        (error: unknown) => log.warn({ err: error }, 'database maintenance failed'),
      );
  };
  const first = setTimeout(run, FIRST_AFTER_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
