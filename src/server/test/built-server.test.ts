import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const root = path.resolve(import.meta.dirname, '../../..');
// Inside the repository (node_modules must resolve from the bundle), beside dist/server.
const outDir = path.join(root, 'dist', `server-test-${process.pid}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signal-ar-built-'));
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});


async function answered(url: string, child: ChildProcess, output: () => string): Promise<Response> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The built server stopped (exit ${child.exitCode}): ${output()}`);
    if (Date.now() > deadline) throw new Error(`The built server did not answer in 45 s: ${output()}`);
    const response = await fetch(url).catch(() => null);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the built server (npm start)', () => {
  it('builds into one bundle that starts without tsx on a new data folder and answers the API', async () => {
    await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.server.config.ts', '--outDir', outDir], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    // Every file the bundle opens beside itself (new URL('./x', import.meta.url)) was copied there.
    const bundle = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    const besideItself = [...bundle.matchAll(/new URL\("\.\/([^"]+)", import\.meta\.url\)/g)].map((match) => match[1] ?? '');
    expect(besideItself).toEqual(expect.arrayContaining(['document-worker.mjs', 'migrate-data-dir.mjs']));
    for (const file of besideItself) expect(existsSync(path.join(outDir, file)), file).toBe(true);
    expect(bundle).not.toMatch(/from "tsx/);

    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: root,
      // No TypeScript loader: what tests and dev inherit through NODE_OPTIONS is dropped.
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const health = await answered(`http://127.0.0.1:${port}/api/health`, server, () => output);
    expect(health.status, output).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    // The migrations ran from the bundle's folder: a sign-up writes the tables they create.
    const registered = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'built', email: 'built@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  }, 90_000);
});
