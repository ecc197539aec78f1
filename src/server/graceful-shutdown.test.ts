import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
// Imported so npm run test:db runs this file on PostgreSQL too (the server process then uses it).
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { freePort } from './test/free-port';

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
const databaseNames: string[] = [];

afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    }
  }
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && databaseNames.length > 0) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of databaseNames) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

interface Server {
  child: ChildProcess;
  port: number;
  dataDir: string;
  databaseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The server process on its own data folder (and database on PostgreSQL), answering its health check. */
async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signal-ar-shutdown-'));
  dataDirs.push(dataDir);
  let databaseUrl = '';
  if (adminUrl) {
    const name = `signal_shutdown_${randomBytes(5).toString('hex')}`;
    databaseNames.push(name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      // The job workers, schedulers and maintenance run too: they must stop before the pool closes.
      WORKERS: 'on',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await until(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200, 'the server answering', () => output, 120);
  return { child, port, dataDir, databaseUrl, output: () => output, exited };
}

/** Exit 0, "stopped", and no line at error level or above, nor anything that is not a log line. */
async function expectCleanExit(server: Server): Promise<void> {
  const { code, signal } = await server.exited;
  const output = server.output();
  expect({ code, signal }, output).toEqual({ code: 0, signal: null });
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const problems = lines.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level !== undefined && (JSON.parse(line) as { level: number }).level >= 50;
    } catch {
      return true; // Anything not a log line (a stack trace on stderr) is a problem too.
    }
  });
  expect(problems).toEqual([]);
  expect(output).not.toMatch(/Cannot use a pool after calling end/);
  expect(output).toContain('"msg":"stopped"');
}

/**
 * A sign-up whose body arrives in two halves, the second when `finish` is called: the request is
 * in flight (the server has it, the handler has not run) for as long as the test wants; `abort`
 * hangs up.
 */
function slowSignUp(port: number, username: string): { finish: () => void; abort: () => void; response: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ username, email: `${username}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/register',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${port}` },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), abort: () => request.destroy(), response };
}

async function until(check: () => boolean | Promise<boolean>, what: string, output: () => string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${seconds} s: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`graceful shutdown of the server process (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers the requests in flight at SIGTERM, stops accepting, then exits 0 without an error line', async () => {
    const server = await startServer();
    const { child, port, output } = server;
    const inFlight = [slowSignUp(port, `shut${randomBytes(3).toString('hex')}a`), slowSignUp(port, `shut${randomBytes(3).toString('hex')}b`)];
    // Both requests have reached the server (it logs each as it arrives) before the signal.
    await until(() => (output().match(/"url":"\/api\/register"/g) ?? []).length >= 2, 'both requests arriving', output);
    child.kill('SIGTERM');
    await until(() => output().includes('"msg":"shutting down"'), 'the shutdown starting', output);
    // No new connection is taken while the requests in flight finish.
    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status, (error: unknown) => (error as Error).name);
    expect(refused).not.toBe(200);
    for (const request of inFlight) request.finish();

    const answers = await Promise.all(inFlight.map((request) => request.response));
    expect(answers.map((answer) => answer.status), JSON.stringify(answers)).toEqual([201, 201]);
    await expectCleanExit(server);
  }, 180_000);

  it('lets handlers whose client hung up finish before it closes the pool (a load test ending)', async () => {
    // Sign-ups hash a password (about 50 ms each, four at a time) between their queries.
    const server = await startServer({ RATE_LIMIT_MULTIPLIER: '100' });
    const { child, port, output } = server;
    const signUps = 48;
    const prefix = `gone${randomBytes(3).toString('hex')}`;
    const requests = Array.from({ length: signUps }, (_, index) => slowSignUp(port, `${prefix}${index}`));
    for (const request of requests) request.response.catch(() => undefined);
    for (const request of requests) request.finish();
    // The first sign-up answered: the others are still hashing or querying (about 25 ms each).
    await until(() => output().includes('"statusCode":201'), 'a sign-up answered', output);
    // Their clients go, their connections close, and Fastify's close no longer waits for them.
    for (const request of requests) request.abort();
    child.kill('SIGTERM');
    await expectCleanExit(server);
    // Every sign-up ran to its end: none was cut off by the pool closing or the process exiting.
    const database = await openDatabase({ databaseUrl: server.databaseUrl || undefined, dataDir: server.dataDir });
    try {
      const [row] = await database.db.select({ n: count() }).from(users).where(like(users.username, `${prefix}%`));
      expect(row?.n).toBe(signUps);
    } finally {
      await database.close();
    }
  }, 180_000);
});
