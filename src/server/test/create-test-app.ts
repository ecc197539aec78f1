import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app';
import type { AppConfig } from '../config';
import { type OpenDatabase, openDatabase } from '../db/client';
import { createMailer } from '../platform/mail';
import { testConfig } from './test-config';
import type { AppDeps } from '../platform/deps';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** The test's own DATA_DIR (the mail outbox; files are in the database). */
  dataDir: string;
  /** Moves the app's clock: `clock.advance(13 * 3600_000)`. */
  clock: { now: Date; advance: (ms: number) => void; set: (date: Date) => void };
  close: () => Promise<void>;
}

let snapshotBlob: Blob | undefined;

/** The migrated snapshot from the global setup, read once per test worker. */
function testSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (file) snapshotBlob ??= new Blob([readFileSync(file)]);
  return snapshotBlob;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * database created on that PostgreSQL server and dropped afterwards.
 */
export async function createTestApp(
  options: { now?: Date; config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: OpenDatabase;
  let dropDatabase = async (): Promise<void> => {};
  if (adminUrl) {
    const name = `signal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The pool's connections finish closing just after pool.end() resolves: wait for them
        // rather than terminating them (a terminated client raises an unhandled error).
        for (let attempt = 0; attempt < 50; attempt += 1) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    };
  } else {
    const snapshot = testSnapshot();
    database = await openDatabase({ dataDir: null, ...(snapshot ? { snapshot } : {}) });
  }
  const clock = {
    now: options.now ?? new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    set(date: Date) {
      clock.now = date;
    },
  };
  const config = testConfig(dataDir, options.config);
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    mail: createMailer({
      smtpUrl: undefined,
      from: config.mailFrom,
      outboxDir: path.join(dataDir, 'outbox'),
    }),
    now: () => clock.now,
    startWorkers: false,
  };
  const app = await createApp(deps);
  await app.ready();
  return {
    app,
    deps,
    dataDir,
    clock,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
