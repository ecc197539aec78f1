import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, isStorageKey } from './storage';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('local file store', () => {
  it('stores bytes under a generated key and reads them back', async () => {
    const store = createLocalFileStore(path.join(root, 'uploads'), () => new Date('2026-11-21T10:00:00Z'));
    const bytes = Buffer.from('%PDF-1.7 hello');
    const key = await store.put(bytes, 'application/pdf');
    expect(key).toMatch(/^2026\/11\/[0-9a-f-]{36}\.pdf$/);
    expect(isStorageKey(key)).toBe(true);
    expect(await store.get(key)).toEqual(bytes);
    expect(readdirSync(path.join(root, 'uploads', '2026', '11'))).toEqual([key.split('/')[2]]);
  });

  it('gives every file its own key', async () => {
    const store = createLocalFileStore(root);
    const first = await store.put(Buffer.from('a'), 'image/png');
    const second = await store.put(Buffer.from('b'), 'image/png');
    expect(first).not.toBe(second);
    expect(first.endsWith('.png')).toBe(true);
    expect((await store.get(first))?.toString()).toBe('a');
    expect((await store.get(second))?.toString()).toBe('b');
  });

  it('deletes a file, and a second delete is harmless', async () => {
    const store = createLocalFileStore(root);
    const key = await store.put(Buffer.from('x'), 'image/jpeg');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys that were not generated here (no path traversal)', async () => {
    const store = createLocalFileStore(path.join(root, 'uploads'));
    for (const key of ['../secret', '2026/11/../../x.pdf', '/etc/passwd', 'a.pdf', '2026/11/not-a-uuid.pdf']) {
      expect(isStorageKey(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
    }
  });
});
