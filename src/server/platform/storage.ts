import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are generated here, never taken from the client, so a file name
 * can neither escape the folder nor overwrite another file. A later S3 store implements the same.
 */
export interface FileStore {
  put(bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes, or null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/xml': 'xml',
};

// yyyy/mm/<uuid>.<ext>: a generated key; anything else is refused before touching the disk.
const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png|xml|bin)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Files on local disk under `root` (DATA_DIR/uploads). */
export function createLocalFileStore(root: string, now: () => Date = () => new Date()): FileStore {
  const resolve = (key: string): string => {
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(bytes, contentType) {
      const date = now();
      const folder = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${folder}/${randomUUID()}.${extensions[contentType] ?? 'bin'}`;
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a crash never leaves a half-written file under a real key.
      const partial = `${target}.partial`;
      await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 });
      await rename(partial, target);
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(resolve(key), { force: true });
    },
  };
}
