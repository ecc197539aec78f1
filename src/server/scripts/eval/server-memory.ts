/**
 * Measures the SERVER's memory while it reads documents: starts the real server (src/server/main.ts,
 * as `npm start` runs it, with MALLOC_ARENA_MAX=2 and background workers on) in a child process
 * with a fresh DATA_DIR, uploads documents through the HTTP API, waits for each reading, and
 * samples the child's peak resident size (VmHWM in /proc/<pid>/status) and current size (VmRSS).
 * A measurement, not a test. Linux only (/proc).
 *
 * Usage: node --import tsx src/server/scripts/eval/server-memory.ts [--split A|B] [--limit N]
 *        [--port 5077] [folder]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { multipartBody } from '../../features/documents/multipart-body';
import { mimeTypeOf } from './eval-app';
import { splitOf, truthEntry } from './score';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const valued = new Set(['--split', '--limit', '--port']);
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

const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-memory-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKERS: 'on',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
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
  const idle = memoryOf(pid);
  console.log(`server idle after start: RSS ${mb(idle.rss)}, peak ${mb(idle.peak)}`);
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
    `Server reading ${entries.length} documents (${failed} failed): peak RSS (VmHWM) ${mb(end.peak)}, ` +
      `sampled peak ${mb(sampledPeak)}, RSS at the end ${mb(end.rss)}, idle before the first ${mb(idle.rss)}`,
  );
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
