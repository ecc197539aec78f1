import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from './features/documents/test-files';
import { csvFile } from './features/imports/imports.fixtures';
import { SESSION_CACHE_MS } from './platform/session-cache';
// Imported so npm run test:db runs this file (it needs PostgreSQL, which that run provides).
import './db/client';
import { freePort } from './test/free-port';

/**
 * Issue 33: two web processes with different DATA_DIRs (two machines as far as the app can tell)
 * and one worker process, all on one PostgreSQL, with the same SESSION_SECRET and ENCRYPTION_KEY.
 * Everything is checked through HTTP, as a load balancer would spread a user's requests.
 */
const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `signal_machines_${randomBytes(5).toString('hex')}`;
const dataDirs: string[] = [];
const children: { name: string; child: ChildProcess; output: () => string }[] = [];


async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${seconds} s; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function output(): string {
  return children.map(({ name, output: read }) => `--- ${name}\n${read().slice(-3000)}`).join('\n');
}

interface Machine {
  base: string;
  request: (url: string, init?: RequestInit) => Promise<Response>;
}

async function startMachine(name: string, databaseUrl: string, secrets: Record<string, string>, workers: 'on' | 'off'): Promise<Machine> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `signal-ar-${name}-`));
  dataDirs.push(dataDir);
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...secrets, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WORKERS: workers },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  children.push({ name, child, output: () => log });
  const base = `http://127.0.0.1:${port}`;
  await poll(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} stopped (exit ${child.exitCode}): ${log}`);
      return (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0;
    },
    (status) => status === 200,
    `${name} answering`,
    120,
  );
  // Writes need the app's own origin (the CSRF check), as the browser sends it.
  return { base, request: (url, init = {}) => fetch(`${base}${url}`, { ...init, headers: { origin: base, ...(init.headers as Record<string, string> | undefined) } }) };
}

describe.skipIf(!adminUrl)(`two web processes and a worker on one PostgreSQL${adminUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`, () => {
  let a: Machine;
  let b: Machine;
  let cookie = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    const secrets = { SESSION_SECRET: randomBytes(32).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    // The worker first: it runs the migrations on the new database before the web processes open it.
    await startMachine('worker', url.toString(), secrets, 'on');
    [a, b] = await Promise.all([startMachine('web-a', url.toString(), secrets, 'off'), startMachine('web-b', url.toString(), secrets, 'off')]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      children.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000)).then(() => child.kill('SIGKILL'))]);
      }),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it('accepts on B a session made on A', async () => {
    const username = `machines${randomBytes(3).toString('hex')}`;
    const registered = await a.request('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' }),
    });
    expect(registered.status, `${await registered.clone().text()}\n${output()}`).toBe(201);
    cookie = (registered.headers.getSetCookie().find((value) => value.startsWith('sid=')) ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^sid=/);
    const onB = await b.request('/api/user', { headers: { cookie } });
    expect(onB.status, output()).toBe(200);
    expect((await onB.json()) as { username: string }).toMatchObject({ username });
  });

  it('reads on the worker a document uploaded through A, and shows its fields through B', async () => {
    const form = new FormData();
    form.append('documentType', 'bill');
    form.append('file', new Blob([new Uint8Array(await invoicePdf())], { type: 'application/pdf' }), 'acme.pdf');
    const uploaded = await a.request('/api/documents/upload', { method: 'POST', body: form, headers: { cookie } });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const document = await poll(
      async () => (await b.request(`/api/documents/${id}`, { headers: { cookie } })).json() as Promise<{ ocrStatus: string; processingError: string | null; extractedData: unknown }>,
      (value) => value.ocrStatus === 'completed' || value.ocrStatus === 'failed',
      'the worker reading the document',
      45,
    );
    expect(document, `${document.processingError ?? ''}\n${output()}`).toMatchObject({ ocrStatus: 'completed', extractedData: { amounts: { total: '242.00' } } });
    const file = await b.request(`/api/documents/${id}/file`, { headers: { cookie } });
    expect(file.status).toBe(200);
  }, 60_000);

  it('commits on B an import previewed on A (now or as a job the worker runs)', async () => {
    const tag = randomBytes(3).toString('hex');
    const form = new FormData();
    form.append('entity', 'customers');
    form.append('file', new Blob([new Uint8Array(csvFile([['Name', 'Email'], [`Machine ${tag} 1`, `m1.${tag}@example.com`], [`Machine ${tag} 2`, `m2.${tag}@example.com`]]))], { type: 'text/csv' }), 'customers.csv');
    const previewed = await a.request('/api/imports', { method: 'POST', body: form, headers: { cookie } });
    expect(previewed.status, await previewed.clone().text()).toBe(201);
    const { id } = (await previewed.json()) as { id: string };
    const committed = await b.request(`/api/imports/${id}/commit`, { method: 'POST', headers: { cookie } });
    expect([200, 202], await committed.clone().text()).toContain(committed.status);
    const stored = await poll(
      async () => (await b.request(`/api/imports/${id}`, { headers: { cookie } })).json() as Promise<{ status: string }>,
      (value) => value.status === 'committed' || value.status === 'failed',
      'the import committing',
      30,
    );
    expect(stored).toMatchObject({ status: 'committed' });
    const customers = (await (await a.request(`/api/customers?search=${tag}`, { headers: { cookie } })).json()) as { name: string }[];
    expect(customers.map((customer) => customer.name).sort()).toEqual([`Machine ${tag} 1`, `Machine ${tag} 2`]);
  }, 45_000);

  it('ends on B, within the session cache time, a session signed out on A', async () => {
    expect((await b.request('/api/user', { headers: { cookie } })).status).toBe(200);
    const signedOut = await a.request('/api/logout', { method: 'POST', headers: { cookie } });
    expect(signedOut.status).toBeLessThan(300);
    expect((await a.request('/api/user', { headers: { cookie } })).status).toBe(401);
    // B may serve its cached lookup for up to SESSION_CACHE_MS (3 s, the documented delay); a margin for a slow machine.
    const status = await poll(async () => (await b.request('/api/user', { headers: { cookie } })).status, (value) => value === 401, 'B refusing the revoked session', SESSION_CACHE_MS / 1000 + 5);
    expect(status).toBe(401);
  }, 30_000);
});
