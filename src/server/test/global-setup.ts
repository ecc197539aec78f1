import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedSnapshot } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar) that each test database starts from. */
    pgliteSnapshotFile: string | null;
  }
}

/**
 * Runs once before all test files: initdb and the migrations take about two seconds per PGlite
 * database, so they run here once and every test database is opened from the result.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshotFile', null);
    return () => undefined;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'signal-ar-snapshot-'));
  const file = path.join(folder, 'migrated.tar');
  const snapshot = await migratedSnapshot();
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotFile', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
