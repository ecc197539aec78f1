import { existsSync } from 'node:fs';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import { contentTypeOfKey, insertStoredFile, isStorageKey } from './storage';

/** The folders of DATA_DIR where files lived before they moved into the database (issue 33). */
export const LEGACY_FILE_FOLDERS = ['uploads', 'integration-exports'] as const;
/** Written into DATA_DIR once every file of its folders is in the database. */
export const FILES_MOVED_MARKER = 'files-moved-to-database.json';

export interface FileMove {
  /** False when the marker said an earlier start had already moved this DATA_DIR's files. */
  walked: boolean;
  moved: number;
  /** Already in the database (a walk interrupted earlier, or another process starting at the same time). */
  alreadyThere: number;
  /** Files under the folders that are not the store's (a `.partial` left by a crash, anything else). */
  ignored: number;
}

async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Copies the files the local-disk store kept under DATA_DIR into the database, under the same keys,
 * so the rows naming them keep working. Each file is inserted only if its key is not there yet, so
 * a start that stops half-way resumes where it left off; the marker, written when the walk is
 * complete, lets later starts skip it. The marker is in DATA_DIR, not in the database: each machine
 * moves its own folder. The files on disk are left for the operator to remove.
 */
export async function moveFilesToDatabase(
  db: Database,
  dataDir: string,
  options: { afterFile?: (key: string) => void | Promise<void> } = {},
): Promise<FileMove> {
  const marker = path.join(dataDir, FILES_MOVED_MARKER);
  const result: FileMove = { walked: false, moved: 0, alreadyThere: 0, ignored: 0 };
  if (existsSync(marker)) return result;
  result.walked = true;
  for (const folder of LEGACY_FILE_FOLDERS) {
    const root = path.join(dataDir, folder);
    for (const key of await filesUnder(root)) {
      if (!isStorageKey(key)) {
        result.ignored += 1;
        continue;
      }
      const bytes = await readFile(path.join(root, ...key.split('/')));
      // Old files are kept whatever their size: the 20 MB limit is for new files, and these are already named by rows.
      const inserted = await db.transaction((tx) => insertStoredFile(tx, { key, bytes, contentType: contentTypeOfKey(key) }, { ifAbsent: true }));
      if (inserted) result.moved += 1;
      else result.alreadyThere += 1;
      await options.afterFile?.(key);
    }
  }
  const partial = `${marker}.partial`;
  await writeFile(partial, `${JSON.stringify({ movedAt: new Date().toISOString(), ...result })}\n`);
  await rename(partial, marker);
  return result;
}
