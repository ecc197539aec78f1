import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { lockDataDir } from './data-dir-lock';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers (and for a transaction, which is a database too). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's options: its shared buffers come out of the server's own memory (PostgreSQL's default,
 * 128 MB, fills up as the books are read); 16 MB holds the hot pages of one business's books, and
 * the rest is read from the operating system's file cache, outside the process.
 */
const pgliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  // pg_trgm (contrib, loaded into the WebAssembly build) for the lists' trigram search indexes
  // (migration 0018): the same migration runs on both databases. migrate-data-dir.mjs loads it too.
  extensions: { pg_trgm },
};

/** Whether the migrations folder holds a migration that `client` has not applied yet. */
async function hasPendingMigrations(client: PGlite): Promise<boolean> {
  const newest = Math.max(
    ...readMigrationFiles({ migrationsFolder }).map((file) => file.folderMillis),
  );
  const { rows } = await client.query<{ applied: string | null }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is not null
       then (select max(created_at)::text from drizzle.__drizzle_migrations) end as applied`,
  );
  return Number(rows[0]?.applied ?? 0) < newest;
}

/**
 * Creates and migrates a PGlite data folder in a child process (see migrate-data-dir.mjs): the
 * memory PostgreSQL's bootstrap and the migrations take leaves with the child instead of staying
 * in the server's WebAssembly memory, which never shrinks.
 */
function migrateInChildProcess(dir: string): Promise<void> {
  const script = fileURLToPath(new URL('./migrate-data-dir.mjs', import.meta.url));
  const args = [script, dir, migrationsFolder, JSON.stringify(pgliteOptions.startParams)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error)
        reject(
          new Error(`The database in ${dir} could not be migrated: ${stderr || error.message}`),
        );
      else resolve();
    });
  });
}

/** Opens the PGlite data folder `dir`, created and migrated first when it needs it. */
async function openDataDir(dir: string): Promise<PGlite> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await migrateInChildProcess(dir);
  const client = new PGlite(dir, pgliteOptions);
  const pending = await hasPendingMigrations(client).catch(async (error: unknown) => {
    await client.close().catch(() => undefined);
    throw error;
  });
  if (!pending) return client;
  await client.close();
  await migrateInChildProcess(dir);
  return new PGlite(dir, pgliteOptions);
}

/**
 * PostgreSQL through node-postgres when a URL is given, otherwise embedded PGlite in
 * `<dataDir>/db` (or in memory with `dataDir: null`, for tests). Migrations run before use.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** In memory only: start from this data directory (see `migratedSnapshot`) instead of initdb. */
  snapshot?: Blob;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    // Two processes starting together must not both run migrations.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(724310)');
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(724310)').catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  let unlock: () => void = () => undefined;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    // PGlite is one process: a second one on the same files would corrupt them, so it is refused.
    unlock = lockDataDir(options.dataDir);
    try {
      client = await openDataDir(dir);
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = new PGlite(
      options.snapshot ? { ...pgliteOptions, loadDataDir: options.snapshot } : pgliteOptions,
    );
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * An in-memory PGlite data directory with every migration applied, as a tar: opening a database
 * from it skips initdb and the migrations (tests open one per file).
 */
export async function migratedSnapshot(): Promise<Blob> {
  const client = new PGlite(pgliteOptions);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
