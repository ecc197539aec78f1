/**
 * Measures the SERVER's memory while it reads documents: starts the real server (src/server/main.ts,
 * as `npm start` runs it, with MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=131072,
 * --max-semi-space-size=4 and background workers on) in a child process with a fresh DATA_DIR,
 * uploads documents through the HTTP API, waits for each reading, and samples the child's peak
 * resident size (VmHWM in /proc/<pid>/status) and current size (VmRSS).
 * A measurement, not a test. Linux only (/proc).
 *
 * The start-up peak (PGlite's first start of a fresh data folder) is reported apart: the peak is
 * reset (clear_refs) once the server is idle, so "while reading" is only the reading.
 *
 * Usage: node --import tsx src/server/scripts/eval/server-memory.ts [--split A|B] [--limit N]
 *        [--port 5077] [--database-url postgres://user@host/db] [folder]
 *   --database-url  the server runs on a fresh database created on that PostgreSQL server
 *                   (dropped afterwards) instead of embedded PGlite
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { z } from 'zod';
import { multipartBody } from '../../features/documents/multipart-body';
import { mimeTypeOf } from './eval-app';
import { splitOf, truthEntry } from './score';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const valued = new Set(['--split', '--limit', '--port', '--database-url']);
const folder =
  args.find((arg, index) => !arg.startsWith('--') && !valued.has(args[index - 1] ?? '')) ??
  '/work/shared/eval/documents';
const split = option('--split');
if (split !== undefined && split !== 'A' && split !== 'B') throw new Error('--split takes A or B');
const limit = Number(option('--limit') ?? Infinity);
const port = Number(option('--port') ?? 5077);
const base = `http://127.0.0.1:${port}`;

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'mu').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server did not start');
}

const entries = z
  .array(truthEntry)
  .parse(JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')))
  .filter((entry) => !split || splitOf(entry.file) === split)
  .slice(0, limit);

const adminUrl = option('--database-url');
const databaseName = `signal_memory_${randomBytes(6).toString('hex')}`;
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
let databaseUrl = '';
if (adminUrl) {
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-memory-'));
// The V8 flag as `npm start` passes it (a 4 MB young generation; see README, Configuration).
const child = spawn(
  process.execPath,
  ['--max-semi-space-size=4', '--import', 'tsx', 'src/server/main.ts'],
  {
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: 'on',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      // A fresh database each run: fresh keys (PostgreSQL requires them in the environment).
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const pid = child.pid;
if (!pid) throw new Error('the server did not start');
let sampledPeak = 0;
const sampler = setInterval(() => {
  try {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  } catch {
    // the child has exited
  }
}, 20);

try {
  await waitForServer();
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'memory',
      email: 'memory@example.com',
      password: 'correct horse battery',
      firstName: 'Mem',
      lastName: 'Ory',
    }),
  });
  const cookie = (
    registered.headers.getSetCookie().find((value) => value.startsWith('sid=')) ?? ''
  ).split(';')[0];
  if (!cookie) throw new Error(`register failed ${registered.status}: ${await registered.text()}`);
  // Let the reader's warm-up (started with the document worker) finish before the idle reading.
  await sleep(5000);
  const idle = memoryOf(pid);
  console.log(
    `server (${adminUrl ? 'PostgreSQL' : 'PGlite'}) idle after start: RSS ${mb(idle.rss)}, ` +
      `start-up peak ${mb(idle.peak)}`,
  );
  // Reset the peak (VmHWM) so the figure below is the reading's own.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  sampledPeak = 0;
  let failed = 0;
  for (const [index, entry] of entries.entries()) {
    const { payload, headers } = multipartBody([
      { name: 'documentType', value: 'bill' },
      {
        name: 'file',
        fileName: entry.file,
        contentType: mimeTypeOf(entry.file),
        bytes: readFileSync(path.join(folder, entry.file)),
      },
    ]);
    const uploaded = await fetch(`${base}/api/documents/upload`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: new Uint8Array(payload),
    });
    if (uploaded.status !== 201)
      throw new Error(`upload ${uploaded.status}: ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: string };
    for (;;) {
      await sleep(200);
      const document = (await (
        await fetch(`${base}/api/documents/${id}`, { headers: { cookie } })
      ).json()) as {
        ocrStatus: string;
      };
      if (document.ocrStatus === 'failed') failed += 1;
      if (document.ocrStatus === 'completed' || document.ocrStatus === 'failed') break;
    }
    if ((index + 1) % 10 === 0) {
      const now = memoryOf(pid);
      console.log(`${index + 1} documents: RSS ${mb(now.rss)}, peak ${mb(now.peak)}`);
    }
  }
  const end = memoryOf(pid);
  console.log(
    `Server reading ${entries.length} documents (${failed} failed): peak RSS while reading ` +
      `(VmHWM) ${mb(end.peak)}, sampled ${mb(sampledPeak)}, RSS at the end ${mb(end.rss)}, ` +
      `idle before the first ${mb(idle.rss)}`,
  );
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
}
