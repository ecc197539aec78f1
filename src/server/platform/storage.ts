import { createHash, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import type { AppDeps } from './deps';
import { AppError } from './errors';

/**
 * Where uploaded and generated files live. Keys are generated here, never taken from the client,
 * so a file name can neither reach another file nor overwrite one.
 *
 * An S3 (or other object store) implementation would: generate the key the same way
 * (`newStorageKey`), refuse files over MAX_STORED_FILE_BYTES before sending anything, PUT the
 * bytes with their content type and SHA-256 (S3's x-amz-checksum-sha256) so a damaged upload is
 * refused by the store, GET them back (null on NoSuchKey), and DELETE (a missing object is not an
 * error). Nothing else in the app sees where the bytes are (docs/decisions/0020).
 */
export interface FileStore {
  /** Stores the bytes under a new key; throws FileTooLargeError, before writing, over MAX_STORED_FILE_BYTES. */
  put(bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes, or null when no file has that key; throws StoredFileDamagedError when they do not match what was stored. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** The largest file kept (issue 33); uploads have their own, smaller limits (documents 10 MB). */
export const MAX_STORED_FILE_BYTES = 20 * 1024 * 1024;
/** Bytes per stored_file_chunks row: no single 20 MB parameter or row to build in memory. */
export const STORED_FILE_CHUNK_BYTES = 1024 * 1024;

/** Refused before anything is written; the error handler answers 413. */
export class FileTooLargeError extends AppError {
  constructor(readonly byteSize: number) {
    const message = `The file is ${(byteSize / 1024 / 1024).toFixed(1)} MB; files are kept up to ${MAX_STORED_FILE_BYTES / 1024 / 1024} MB`;
    super('PAYLOAD_TOO_LARGE', message, { file: message });
    this.name = 'FileTooLargeError';
  }
}

/** The bytes read back are not the bytes stored (a lost or changed chunk): never handed out. */
export class StoredFileDamagedError extends Error {
  constructor(key: string, what: string) {
    super(`Stored file ${key} is damaged: ${what}`);
    this.name = 'StoredFileDamagedError';
  }
}

const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/xml': 'xml',
};

/** The content type a key's extension stands for (files moved in from disk kept only their key). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return Object.entries(extensions).find(([, ext]) => ext === extension)?.[0] ?? 'application/octet-stream';
}

// yyyy/mm/<uuid>.<ext>: a generated key; anything else is refused before touching the store.
const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png|xml|bin)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newStorageKey(date: Date, contentType: string): string {
  const folder = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${folder}/${randomUUID()}.${extensions[contentType] ?? 'bin'}`;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes one file's row and chunks inside `tx`. With `ifAbsent`, a key already stored is left as
 * it is and false is returned (the move from disk, which two starting processes may run at once).
 */
export async function insertStoredFile(
  tx: Database,
  file: { key: string; bytes: Buffer; contentType: string },
  options: { ifAbsent: boolean } = { ifAbsent: false },
): Promise<boolean> {
  const chunkCount = Math.ceil(file.bytes.length / STORED_FILE_CHUNK_BYTES);
  const insert = tx
    .insert(storedFiles)
    .values({ key: file.key, contentType: file.contentType, byteSize: file.bytes.length, sha256: sha256(file.bytes), chunkCount });
  const inserted = options.ifAbsent ? await insert.onConflictDoNothing().returning({ key: storedFiles.key }) : await insert.returning({ key: storedFiles.key });
  if (inserted.length === 0) return false;
  // One chunk a statement: each parameter stays at 1 MB however large the file. The bytes travel
  // as base64 text: PGlite turns a binary parameter into text byte by byte (2 s a megabyte), and on
  // PostgreSQL base64 costs little next to node-postgres's hex parsing of a bytea result.
  for (let seq = 0; seq < chunkCount; seq += 1) {
    const data = file.bytes.subarray(seq * STORED_FILE_CHUNK_BYTES, (seq + 1) * STORED_FILE_CHUNK_BYTES).toString('base64');
    await tx.insert(storedFileChunks).values({ fileKey: file.key, seq, data: sql`decode(${data}, 'base64')` });
  }
  return true;
}

/**
 * Files in the database (stored_files + stored_file_chunks), so every process on every machine
 * reads the same files. `db` may be a transaction: the file is then written with the caller's rows.
 */
export function createDatabaseFileStore(db: Database, now: () => Date = () => new Date()): FileStore {
  return {
    async put(bytes, contentType) {
      if (bytes.length > MAX_STORED_FILE_BYTES) throw new FileTooLargeError(bytes.length);
      const key = newStorageKey(now(), contentType);
      // One transaction: a file is there whole or not at all.
      await db.transaction((tx) => insertStoredFile(tx, { key, bytes, contentType }));
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, key));
      if (!file) return null;
      const chunks = await db
        .select({ seq: storedFileChunks.seq, base64: sql<string>`encode(${storedFileChunks.data}, 'base64')` })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.fileKey, key))
        .orderBy(asc(storedFileChunks.seq));
      if (chunks.length !== file.chunkCount || chunks.some((chunk, index) => chunk.seq !== index)) {
        throw new StoredFileDamagedError(key, `${chunks.length} of ${file.chunkCount} chunks`);
      }
      // PostgreSQL breaks base64 lines at 76 characters; Buffer.from skips the line breaks.
      const bytes = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.base64, 'base64')));
      if (bytes.length !== file.byteSize) throw new StoredFileDamagedError(key, `${bytes.length} bytes instead of ${file.byteSize}`);
      if (sha256(bytes) !== file.sha256) throw new StoredFileDamagedError(key, 'SHA-256 differs');
      return bytes;
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      // The chunks go with the row (on delete cascade).
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

/** The app's one file store, made from its deps: routes, jobs and tests share it. */
export function fileStoreOf(deps: Pick<AppDeps, 'db' | 'now'>): FileStore {
  return createDatabaseFileStore(deps.db, deps.now);
}
