import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseKind } from '../db/client';

const EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/** VACUUM ANALYZE: fresh planner statistics, and a visibility map that allows index-only scans. */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/**
 * The embedded database (PGlite) has no autovacuum daemon, so the server runs one a minute after
 * start and every 6 hours. A PostgreSQL server does this itself.
 */
export function startMaintenance(db: Database, kind: DatabaseKind, log: FastifyBaseLogger): () => void {
  if (kind !== 'pglite') return () => undefined;
  const run = () => {
    const started = Date.now();
    vacuumAnalyze(db).then(
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
