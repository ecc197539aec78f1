import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { organizations, users } from '../src/server/db/schema';
import { toCsvRows } from '../src/server/platform/csv';
import { fileStoreOf } from '../src/server/platform/storage';
import { runImportCommitJobs } from '../src/server/features/imports/commit-import-job';
import { commitImport, createImport } from '../src/server/features/imports/imports.service';
import { withScratchDatabase } from './scratch-database';

/**
 * A customers file of `rows` rows, previewed, committed (request: checks and queues) and written by
 * the import.commit job, as a user's import runs: rows per second of the job, and of the whole.
 */
export async function benchImportCommit(options: { db: 'postgres' | 'pglite'; rows: number }): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'signal-ar-bench-imports-'));
  try {
    if (options.db === 'postgres') await withScratchDatabase(`bench_imports_${randomBytes(4).toString('hex')}`, (url) => importOnce(options.rows, dir, url));
    else await importOnce(options.rows, dir, undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function importOnce(rows: number, dir: string, databaseUrl: string | undefined): Promise<void> {
  const db = databaseUrl ? 'postgres' : 'pglite';
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dir });
  try {
    const [organization] = await database.db.insert(organizations).values({ name: 'Bench Imports' }).returning();
    if (!organization) throw new Error('no organization');
    const [user] = await database.db
      .insert(users)
      .values({ organizationId: organization.id, username: 'bench-imports', email: 'imports@bench.example', passwordHash: 'x', firstName: 'Bench', lastName: 'Mark', role: 'owner' })
      .returning();
    if (!user) throw new Error('no user');
    const actor = { organizationId: organization.id, userId: user.id };
    const now = () => new Date();
    const deps = { db: database.db, dbKind: database.kind, store: fileStoreOf({ db: database.db, now }), encryptionKey: randomBytes(32), now };
    const lines = [['Name', 'Email', 'Phone', 'City'], ...Array.from({ length: rows }, (_, index) => [`Customer ${index + 1}`, `customer.${index + 1}@bench.example`, '555-0100', 'Portland'])];
    const bytes = Buffer.from(toCsvRows(lines, { purpose: 'spreadsheet' }));

    const started = performance.now();
    const preview = await createImport(deps, actor, { bytes, fileName: 'customers.csv', fields: { entity: 'customers', template: 'generic', mapping: undefined } });
    const previewed = performance.now();
    await commitImport(deps, actor, preview.id);
    const queued = performance.now();
    const ran = await runImportCommitJobs(deps);
    const finished = performance.now();
    if (ran !== 1) throw new Error(`the import job did not run (${ran})`);
    const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
    console.log(`\nImport of ${rows.toLocaleString('en-US')} customers as a job (${db}, ${(bytes.length / 1e6).toFixed(1)} MB CSV)`);
    console.table([
      { step: 'upload and preview (request)', seconds: seconds(previewed - started) },
      { step: 'commit: check and queue (request)', seconds: seconds(queued - previewed) },
      { step: 'import.commit job', seconds: seconds(finished - queued), 'rows/s': Math.round(rows / ((finished - queued) / 1000)) },
      { step: 'whole', seconds: seconds(finished - started), 'rows/s': Math.round(rows / ((finished - started) / 1000)) },
    ]);
  } finally {
    await database.close();
  }
}
