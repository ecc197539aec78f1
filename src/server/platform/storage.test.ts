import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileChunks, storedFiles } from '../db/schema';
import { type TestApp, createTestApp } from '../test/create-test-app';
import {
  FileTooLargeError,
  MAX_STORED_FILE_BYTES,
  STORED_FILE_CHUNK_BYTES,
  StoredFileDamagedError,
  createDatabaseFileStore,
  fileStoreOf,
  isStorageKey,
} from './storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
});
afterAll(() => t.close());

async function fileCount(): Promise<number> {
  const [row] = await t.deps.db.select({ count: sql<number>`count(*)::int` }).from(storedFiles);
  return row?.count ?? -1;
}

describe('database file store', () => {
  it('stores bytes under a generated key and reads them back', async () => {
    const store = fileStoreOf(t.deps);
    const bytes = Buffer.from('%PDF-1.7 hello');
    const key = await store.put(bytes, 'application/pdf');
    expect(key).toMatch(/^2026\/11\/[0-9a-f-]{36}\.pdf$/);
    expect(isStorageKey(key)).toBe(true);
    expect(await store.get(key)).toEqual(bytes);
    const [row] = await t.deps.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(row).toMatchObject({
      contentType: 'application/pdf',
      byteSize: bytes.length,
      chunkCount: 1,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it('gives every file its own key', async () => {
    const store = fileStoreOf(t.deps);
    const first = await store.put(Buffer.from('a'), 'image/png');
    const second = await store.put(Buffer.from('b'), 'image/png');
    expect(first).not.toBe(second);
    expect(first.endsWith('.png')).toBe(true);
    expect((await store.get(first))?.toString()).toBe('a');
    expect((await store.get(second))?.toString()).toBe('b');
  });

  it('keeps a file over 1 MB in 1 MB chunks, in order, and reads it back whole', async () => {
    const store = fileStoreOf(t.deps);
    const bytes = randomBytes(2 * STORED_FILE_CHUNK_BYTES + 12_345);
    const key = await store.put(bytes, 'application/octet-stream');
    expect(key.endsWith('.bin')).toBe(true);
    const chunks = await t.deps.db
      .select({ seq: storedFileChunks.seq, length: sql<number>`octet_length(${storedFileChunks.data})::int` })
      .from(storedFileChunks)
      .where(eq(storedFileChunks.fileKey, key))
      .orderBy(asc(storedFileChunks.seq));
    expect(chunks).toEqual([
      { seq: 0, length: STORED_FILE_CHUNK_BYTES },
      { seq: 1, length: STORED_FILE_CHUNK_BYTES },
      { seq: 2, length: 12_345 },
    ]);
    const read = await store.get(key);
    expect(read?.equals(bytes)).toBe(true);
  });

  it('refuses to hand out bytes that differ from those stored', async () => {
    const store = fileStoreOf(t.deps);
    const changed = await store.put(randomBytes(STORED_FILE_CHUNK_BYTES + 10), 'image/jpeg');
    // A byte changed in the second chunk: same size, another SHA-256.
    await t.deps.db
      .update(storedFileChunks)
      .set({ data: Buffer.from('0123456789') })
      .where(and(eq(storedFileChunks.fileKey, changed), eq(storedFileChunks.seq, 1)));
    await expect(store.get(changed)).rejects.toThrow(StoredFileDamagedError);
    await expect(store.get(changed)).rejects.toThrow('SHA-256 differs');

    const lost = await store.put(randomBytes(STORED_FILE_CHUNK_BYTES + 10), 'image/jpeg');
    await t.deps.db.delete(storedFileChunks).where(and(eq(storedFileChunks.fileKey, lost), eq(storedFileChunks.seq, 1)));
    await expect(store.get(lost)).rejects.toThrow('1 of 2 chunks');

    const shortened = await store.put(Buffer.from('abcdef'), 'image/jpeg');
    await t.deps.db.update(storedFileChunks).set({ data: Buffer.from('abc') }).where(eq(storedFileChunks.fileKey, shortened));
    await expect(store.get(shortened)).rejects.toThrow('3 bytes instead of 6');
  });

  it('refuses a file over 20 MB before writing anything, as a 413', async () => {
    const store = fileStoreOf(t.deps);
    const before = await fileCount();
    const error = await store.put(Buffer.alloc(MAX_STORED_FILE_BYTES + 1), 'application/pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(await fileCount()).toBe(before);
  });

  it('deletes a file with its chunks, and a second delete is harmless', async () => {
    const store = fileStoreOf(t.deps);
    const key = await store.put(randomBytes(STORED_FILE_CHUNK_BYTES * 2), 'image/jpeg');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await t.deps.db.select().from(storedFileChunks).where(eq(storedFileChunks.fileKey, key))).toEqual([]);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('writes with the rows of the transaction it is made on, and not at all when that rolls back', async () => {
    let key = '';
    await expect(
      t.deps.db.transaction(async (tx) => {
        key = await createDatabaseFileStore(tx).put(Buffer.from('kept with its row'), 'application/pdf');
        expect((await createDatabaseFileStore(tx).get(key))?.toString()).toBe('kept with its row');
        throw new Error('the row could not be written');
      }),
    ).rejects.toThrow('the row could not be written');
    expect(isStorageKey(key)).toBe(true);
    expect(await fileStoreOf(t.deps).get(key)).toBeNull();
  });

  it('refuses keys that were not generated here', async () => {
    const store = fileStoreOf(t.deps);
    for (const key of ['../secret', '2026/11/../../x.pdf', '/etc/passwd', 'a.pdf', '2026/11/not-a-uuid.pdf', "2026/11/x.pdf' or 1=1"]) {
      expect(isStorageKey(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
    }
  });
});
