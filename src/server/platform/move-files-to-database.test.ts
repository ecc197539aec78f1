import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedFileChunks, storedFiles } from '../db/schema';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { FILES_MOVED_MARKER, moveFilesToDatabase } from './move-files-to-database';
import { STORED_FILE_CHUNK_BYTES, fileStoreOf } from './storage';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Writes a file as the local-disk store did: DATA_DIR/<folder>/<yyyy>/<mm>/<uuid>.<ext>. */
function writeOldFile(folder: string, extension: string, bytes: Buffer): { key: string; bytes: Buffer } {
  const key = `2025/0${1 + (bytes.length % 9)}/${randomUUID()}.${extension}`;
  const file = path.join(t.dataDir, folder, ...key.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return { key, bytes };
}

function writeOldFiles(): { key: string; bytes: Buffer }[] {
  return [
    writeOldFile('uploads', 'pdf', Buffer.from('%PDF-1.7 invoice')),
    writeOldFile('uploads', 'png', randomBytes(300)),
    writeOldFile('uploads', 'bin', randomBytes(STORED_FILE_CHUNK_BYTES + 77)),
    writeOldFile('integration-exports', 'bin', Buffer.from('!TRNS\tDATE\n')),
    writeOldFile('integration-exports', 'bin', Buffer.from('*ContactName,InvoiceNumber\n')),
  ];
}

async function counts(): Promise<{ files: number; chunks: number }> {
  const [row] = await t.deps.db
    .select({
      files: sql<number>`(select count(*)::int from ${storedFiles})`,
      chunks: sql<number>`(select count(*)::int from ${storedFileChunks})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { files: -1, chunks: -1 };
}

describe('moving the files of DATA_DIR into the database', () => {
  it('copies every file under its own key, with its content type, and marks the folder done', async () => {
    const files = writeOldFiles();
    // What a crash of the old store left half-written, and anything else, stays where it is.
    mkdirSync(path.join(t.dataDir, 'uploads', '2025', '01'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'uploads', '2025', '01', `${randomUUID()}.pdf.partial`), 'half');

    const result = await moveFilesToDatabase(t.deps.db, t.dataDir);
    expect(result).toEqual({ walked: true, moved: 5, alreadyThere: 0, ignored: 1 });
    const store = fileStoreOf(t.deps);
    for (const file of files) expect((await store.get(file.key))?.equals(file.bytes)).toBe(true);
    const types = await t.deps.db.select({ key: storedFiles.key, contentType: storedFiles.contentType }).from(storedFiles);
    expect(types.find((row) => row.key === files[0]?.key)?.contentType).toBe('application/pdf');
    expect(types.find((row) => row.key === files[1]?.key)?.contentType).toBe('image/png');
    expect(await counts()).toEqual({ files: 5, chunks: 6 });
    expect(existsSync(path.join(t.dataDir, FILES_MOVED_MARKER))).toBe(true);
  });

  it('resumes a move interrupted after some files and ends with every file once', async () => {
    const files = writeOldFiles();
    let seen = 0;
    const interrupted = moveFilesToDatabase(t.deps.db, t.dataDir, {
      afterFile: () => {
        seen += 1;
        if (seen === 2) throw new Error('the process stopped');
      },
    });
    await expect(interrupted).rejects.toThrow('the process stopped');
    expect((await counts()).files).toBe(2);
    expect(existsSync(path.join(t.dataDir, FILES_MOVED_MARKER))).toBe(false);

    const resumed = await moveFilesToDatabase(t.deps.db, t.dataDir);
    expect(resumed).toEqual({ walked: true, moved: 3, alreadyThere: 2, ignored: 0 });
    expect(await counts()).toEqual({ files: 5, chunks: 6 });
    const store = fileStoreOf(t.deps);
    for (const file of files) expect((await store.get(file.key))?.equals(file.bytes)).toBe(true);
  });

  it('does nothing on a later start', async () => {
    writeOldFiles();
    await moveFilesToDatabase(t.deps.db, t.dataDir);
    const late = writeOldFile('uploads', 'pdf', Buffer.from('%PDF-1.7 written after the move'));

    expect(await moveFilesToDatabase(t.deps.db, t.dataDir)).toEqual({ walked: false, moved: 0, alreadyThere: 0, ignored: 0 });
    expect(await fileStoreOf(t.deps).get(late.key)).toBeNull();
    expect(await counts()).toEqual({ files: 5, chunks: 6 });
  });

  it('marks a DATA_DIR without old folders as done', async () => {
    expect(await moveFilesToDatabase(t.deps.db, t.dataDir)).toEqual({ walked: true, moved: 0, alreadyThere: 0, ignored: 0 });
    expect(existsSync(path.join(t.dataDir, FILES_MOVED_MARKER))).toBe(true);
  });
});
