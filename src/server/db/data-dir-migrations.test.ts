import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { LOCK_FILE } from './data-dir-lock';

const journal = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** The folder as the app opens it: migration 0018 made trigram indexes, which need pg_trgm loaded. */
const openFolder = (dataDir: string) => new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });

/** The migrations a data folder has recorded, and whether the newest one's index is there. */
async function stateOf(dataDir: string): Promise<{ applied: number; newestTable: boolean }> {
  const client = openFolder(dataDir);
  try {
    const { rows } = await client.query<{ applied: number; newest_table: boolean }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
              to_regclass('customer_open_totals') is not null as newest_table`,
    );
    return { applied: rows[0]?.applied ?? 0, newestTable: rows[0]?.newest_table ?? false };
  } finally {
    await client.close();
  }
}

/** Forgets the newest migration's record; with `undo`, also what it created. */
async function forgetNewestMigration(dataDir: string, undo: boolean): Promise<void> {
  const client = openFolder(dataDir);
  try {
    await client.exec(
      `delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    if (undo) {
      // What 0019_customer_open_totals created.
      await client.exec(`
        drop trigger customer_open_totals_insert on invoices;
        drop trigger customer_open_totals_update on invoices;
        drop trigger customer_open_totals_delete on invoices;
        drop function customer_open_totals_apply();
        drop table customer_open_totals;`);
    }
  } finally {
    await client.close();
  }
}

/**
 * A PGlite data folder is created and migrated in a child process (migrate-data-dir.mjs), so the
 * memory that takes does not stay in the server's WebAssembly memory (issue 16).
 */
describe('migrating a PGlite data folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a new folder with every migration applied, and opens it again without migrating', async () => {
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(await stateOf(dataDir)).toEqual({ applied: journal.entries.length, newestTable: true });
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(await stateOf(dataDir)).toEqual({ applied: journal.entries.length, newestTable: true });
  }, 240_000);

  it('applies a migration the folder does not have yet', async () => {
    await forgetNewestMigration(dataDir, true);
    expect(await stateOf(dataDir)).toEqual({
      applied: journal.entries.length - 1,
      newestTable: false,
    });
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(await stateOf(dataDir)).toEqual({ applied: journal.entries.length, newestTable: true });
  }, 240_000);

  it("fails with the migration's error, and releases the folder", async () => {
    // The record is gone but the table is there: applying the migration again fails.
    await forgetNewestMigration(dataDir, false);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      /could not be migrated: .*already exists/u,
    );
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 240_000);
});
