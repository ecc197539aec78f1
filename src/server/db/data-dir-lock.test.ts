import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { LOCK_FILE } from './data-dir-lock';

/** PGlite is single-process: a second process on the same DATA_DIR fails at start with a clear error (issue 15). */
describe('the embedded database lock', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-lock-'));
  const lockFile = path.join(dataDir, LOCK_FILE);
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Another process that opens the database and keeps it open; resolves once it has. */
  function holdInAnotherProcess(): Promise<ChildProcess> {
    const client = path.join(import.meta.dirname, 'client.ts');
    const code = `const { openDatabase } = await import(${JSON.stringify(client)}); await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('open'); setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
      holder.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('open')) resolve(holder);
      });
      holder.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
  }

  it('refuses a second process while the first runs, and takes over the lock once it is gone', async () => {
    child = await holdInAnotherProcess();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(child.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by another process (pid ${child.pid})`);

    // Killed without a chance to clean up: the lock file stays behind with a dead pid.
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(lockFile)).toBe(true);
    const database = await openDatabase({ dataDir });
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);

  it('refuses a second open in the same process and ignores a lock file that names no process', async () => {
    writeFileSync(lockFile, 'not a pid\n');
    const database = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow('this one');
    await database.close();
  }, 60_000);
});
