import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'db.lock';

/** Whether a process with this id is running (EPERM: it is, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `<dataDir>/db.lock` for this process (the file holds its pid) or throws a clear error
 * when another running process holds it. A lock whose process is gone (a crash, a kill -9) is
 * stale and taken over. Returns the release, also run when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      } catch {
        // removed meanwhile: try again
      }
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(
          `The embedded database in ${path.join(dataDir, 'db')} is in use by another process (pid ${holder}${holder === process.pid ? ', this one' : ''}). ` +
            'PGlite runs in one process only: stop the other one, or set DATABASE_URL to run several processes on PostgreSQL.',
          { cause: error },
        );
      }
      // Stale (its process is gone) or unreadable: remove it and claim it again.
      try {
        unlinkSync(file);
      } catch {
        // another process removed it first
      }
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      try {
        if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
      } catch {
        // already gone
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`Could not lock ${file}: another process keeps claiming it`);
}
