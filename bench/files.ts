import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { type FileStore, createDatabaseFileStore } from '../src/server/platform/storage';
import { withScratchDatabase } from './scratch-database';

const MB = 1024 * 1024;

/** The local-disk store the app had before issue 33 (write, then rename), kept here only to compare. */
function createLocalDiskStore(root: string): FileStore {
  return {
    async put(bytes) {
      const key = `${randomUUID()}.bin`;
      const target = path.join(root, key);
      await mkdir(root, { recursive: true });
      await writeFile(`${target}.partial`, bytes, { flag: 'wx', mode: 0o600 });
      await rename(`${target}.partial`, target);
      return key;
    },
    get: (key) => readFile(path.join(root, key)),
    delete: (key) => rm(path.join(root, key), { force: true }),
  };
}

/** Upload and read-back throughput of `count` files of `size` bytes, checking every byte read. */
async function measure(store: FileStore, size: number, count: number): Promise<{ upload: number; read: number }> {
  const files = Array.from({ length: count }, () => randomBytes(size));
  // One file first, not counted: connections opened, code warm.
  await store.delete(await store.put(randomBytes(size), 'application/pdf'));
  let started = performance.now();
  const keys: string[] = [];
  for (const bytes of files) keys.push(await store.put(bytes, 'application/pdf'));
  const uploadSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  for (const [index, key] of keys.entries()) {
    const bytes = await store.get(key);
    if (!bytes?.equals(files[index] ?? Buffer.alloc(0))) throw new Error(`file ${key} did not read back`);
  }
  const readSeconds = (performance.now() - started) / 1000;
  for (const key of keys) await store.delete(key);
  const total = (size * count) / MB;
  return { upload: total / uploadSeconds, read: total / readSeconds };
}

const withPostgres = <T>(run: (url: string) => Promise<T>) => withScratchDatabase('bench_files', run);

/**
 * npm run bench -- --only files: the database file store (platform/storage.ts) on PostgreSQL and
 * on PGlite (a DATA_DIR on disk, as the app runs it), beside the old local-disk store, in one run:
 * MB/s to upload and to read back 1 MB and 10 MB files, one at a time (as requests store them).
 */
export async function benchFiles(): Promise<void> {
  const sizes = [
    { label: '1 MB', size: MB, count: 20 },
    { label: '10 MB', size: 10 * MB, count: 4 },
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'signal-ar-bench-files-'));
  const rowsOut: string[] = [];
  const report = async (store: string, files: FileStore) => {
    for (const { label, size, count } of sizes) {
      const { upload, read } = await measure(files, size, count);
      rowsOut.push(`${store.padEnd(28)} ${label.padStart(6)} ${String(count).padStart(6)} ${upload.toFixed(1).padStart(10)} ${read.toFixed(1).padStart(10)}`);
    }
  };
  try {
    await report('local disk (before issue 33)', createLocalDiskStore(path.join(dir, 'uploads')));
    await withPostgres(async (url) => {
      const database = await openDatabase({ databaseUrl: url, dataDir: null });
      try {
        await report('PostgreSQL (stored_files)', createDatabaseFileStore(database.db));
      } finally {
        await database.close();
      }
    });
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    try {
      await report('PGlite (stored_files)', createDatabaseFileStore(database.db));
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nFile store throughput, one file at a time\n${'store'.padEnd(28)} ${'file'.padStart(6)} ${'files'.padStart(6)} ${'upload MB/s'.padStart(10)} ${'read MB/s'.padStart(10)}`);
  for (const line of rowsOut) console.log(line);
}
