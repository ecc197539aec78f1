import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { automationSettings, organizations, users } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { vacuumAnalyze } from '../src/server/platform/maintenance';
import { hashPassword } from '../src/server/platform/passwords';
import { readOrCreateSecret } from '../src/server/platform/secrets';
import { seedPayables } from '../src/server/scripts/seed/payables';
import { seedReceivables } from '../src/server/scripts/seed/receivables';
import { rows } from './rows';

/*
 * The HTTP bench (issue 15): the app in child processes (NODE_ENV=production LOG_LEVEL=warn), so the
 * load generator does not share their event loop, side by side with a raw node:http server in the
 * same run. Prints req/s, p50, p99, errors and the ratio to raw for the hot endpoints, then a
 * 1-connection pass for the latency one user sees. Asserts nothing: a shared machine is noisy,
 * and the ratio to raw is the figure that travels.
 */

export interface HttpBenchOptions {
  db: 'postgres' | 'pglite';
  invoices: number;
  /** Seconds per endpoint at 32 connections. */
  duration: number;
  connections: number;
  /** Web processes behind node:cluster (PostgreSQL only); 0 or 1: a single process. */
  cluster: number;
  reseed: boolean;
  /** Endpoint names to run (substring match); empty: all. */
  endpoints: string[];
}

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'bench-password';
const USERNAME = 'bench';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_RAW_PORT, BENCH_APP_PORT and BENCH_WORKER_PORT move them, for several benches on one machine.
const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? 5091);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 5092);
const WORKER_PORT = Number(process.env.BENCH_WORKER_PORT ?? 5093);

export const HTTP_ENDPOINTS = [
  { name: 'invoices', url: '/api/invoices?limit=50' },
  { name: 'bills', url: '/api/bills?limit=50' },
  { name: 'customers', url: '/api/customers?limit=50' },
  { name: 'dashboard stats', url: '/api/dashboard/stats' },
  { name: 'approvals pending', url: '/api/approvals/pending?limit=50' },
  { name: 'payments', url: '/api/payments?limit=50' },
  { name: 'navigation counts', url: '/api/navigation/counts' },
  { name: 'invoices overdue', url: '/api/invoices?status=overdue&limit=50' },
  // The filtered and searched lists the UI offers (issue 33); {customer} and {vendor} are the ids of
  // the first customer and vendor of the seeded organization, looked up after sign-in.
  { name: 'invoices by customer', url: '/api/invoices?customerId={customer}&limit=50' },
  { name: 'invoices search name', url: '/api/invoices?search=harbor&limit=50' },
  { name: 'invoices search number', url: '/api/invoices?search=000123&limit=50' },
  { name: 'invoices sent', url: '/api/invoices?status=sent&limit=50' },
  { name: 'bills by vendor', url: '/api/bills?vendorId={vendor}&limit=50' },
  { name: 'bills overdue', url: '/api/bills?status=overdue&limit=50' },
  { name: 'bills search', url: '/api/bills?search=pacific&limit=50' },
  { name: 'customers search', url: '/api/customers?search=dental&limit=50&includeInactive=true' },
  { name: 'vendors search', url: '/api/vendors?search=power&limit=50' },
  { name: 'user (session only)', url: '/api/user' },
  // A customer's statement reads the customer's whole history (the opening balance): one of 120
  // invoices at every size, and the largest seeded customer (a 25th of all invoices) last.
  { name: 'statement of 120 invoices', url: '/api/customers/{statementCustomer}/statement?from={monthAgo}&to={today}' },
  { name: 'customer statement 30 days', url: '/api/customers/{customer}/statement?from={monthAgo}&to={today}' },
] as const;

/** The endpoint's URL with the seeded organization's ids and dates written in. */
async function resolveUrl(base: string, url: string, headers: Record<string, string>): Promise<string> {
  const firstId = async (list: string) => {
    const response = await fetch(`${base}/api/${list}?limit=1`, { headers });
    const [first] = (await response.json()) as { id: string }[];
    if (!first) throw new Error(`no ${list} to bench with`);
    return first.id;
  };
  const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  let resolved = url.replace('{today}', day(0)).replace('{monthAgo}', day(-30));
  if (resolved.includes('{customer}')) resolved = resolved.replace('{customer}', await firstId('customers'));
  if (resolved.includes('{statementCustomer}')) {
    const response = await fetch(`${base}/api/customers?limit=1&search=${encodeURIComponent(STATEMENT_CUSTOMER)}`, { headers });
    const [customer] = (await response.json()) as { id: string }[];
    if (!customer) throw new Error('no statement customer to bench with');
    resolved = resolved.replace('{statementCustomer}', customer.id);
  }
  if (resolved.includes('{vendor}')) resolved = resolved.replace('{vendor}', await firstId('vendors'));
  return resolved;
}

/** One PostgreSQL database per size (bench_100000), never the tests' database. */
const benchDatabase = (invoices: number) => `bench_${invoices}`;

function benchUrl(invoices: number): string {
  const admin = new URL(ADMIN_URL);
  admin.pathname = `/${benchDatabase(invoices)}`;
  return admin.toString();
}

/** A data directory per database kind and size, kept between runs (seeding 100k takes a while). */
function dataDirFor(options: HttpBenchOptions): string {
  return path.join(tmpdir(), `signal-ar-bench-${options.db}-${options.invoices}`);
}

async function ensurePostgresDatabase(invoices: number, reseed: boolean): Promise<void> {
  const name = benchDatabase(invoices);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount && reseed) await client.query(`drop database ${name} with (force)`);
    if (!existing.rowCount || reseed) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * Payment reminders off for the seeded organizations. The seed leaves thousands of invoices
 * overdue, so the reminder run in the web process (WORKERS=on) would spend the measurement mailing
 * them, a PDF rendered on the event loop for each: the profile showed it taking 10% of the CPU
 * and stalling single requests (the bimodal 1-connection latency). It is a one-off backlog, not the
 * steady load the bench measures; a production backlog belongs in a WORKERS=on process of its own
 * (README, several processes).
 */
async function remindersOff(db: Database): Promise<void> {
  await db.execute(
    sql`insert into ${automationSettings} (organization_id, send_reminders) select id, false from ${organizations}
        on conflict (organization_id) do update set send_reminders = false`,
  );
}

/** The customer whose statement is measured at every size: the same 120 invoices whatever the volume. */
const STATEMENT_CUSTOMER = 'Bench Statement Customer';
const STATEMENT_INVOICES = 120;

/**
 * A customer of a fixed size beside the seeded ones (whose invoices grow with --invoices): copies of
 * another customer's newest 120 sent or paid invoices, with their payments. Its statement shows
 * whether the statement's cost follows the customer's own history or the organization's volume.
 */
async function ensureStatementCustomer(db: Database): Promise<void> {
  const existing = await rows<{ id: string }>(db, sql`select id from customers where name = ${STATEMENT_CUSTOMER}`);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    const [source] = await rows<{ id: string }>(tx, sql`select customer_id as id from invoices group by customer_id order by count(*) desc limit 1`);
    if (!source) throw new Error('no invoices to copy for the statement customer');
    const [customer] = await rows<{ id: string }>(
      tx,
      sql`insert into customers select (jsonb_populate_record(null::customers, to_jsonb(c) || jsonb_build_object('id', gen_random_uuid(), 'name', ${STATEMENT_CUSTOMER}::text, 'email', 'statement@bench.example'))).*
          from customers c where c.id = ${source.id} returning id`,
    );
    if (!customer) throw new Error('no statement customer');
    await tx.execute(sql`with copied as (
        select id as old_id, gen_random_uuid() as new_id from invoices
        where customer_id = ${source.id} and status in ('sent', 'overdue', 'paid') order by created_at desc limit ${STATEMENT_INVOICES}),
      invoice_copies as (
        insert into invoices select (jsonb_populate_record(null::invoices, to_jsonb(i)
          || jsonb_build_object('id', copied.new_id, 'customer_id', ${customer.id}::uuid, 'invoice_number', i.invoice_number || '-S'))).*
        from invoices i join copied on copied.old_id = i.id)
      insert into payments select (jsonb_populate_record(null::payments, to_jsonb(p)
          || jsonb_build_object('id', gen_random_uuid(), 'reference_id', copied.new_id, 'transaction_id', null))).*
      from payments p join copied on copied.old_id = p.reference_id
      where p.type = 'invoice_payment'`);
  });
}

/** One organization with N invoices (the demo seeder's batches: one transaction per 1,000). */
async function prepareDatabase(options: HttpBenchOptions): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = dataDirFor(options);
  const marker = path.join(dataDir, 'seeded.json');
  const databaseUrl = options.db === 'postgres' ? benchUrl(options.invoices) : undefined;
  const fresh = options.reseed || !existsSync(marker);
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (options.db === 'postgres') await ensurePostgresDatabase(options.invoices, fresh);
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  if (!fresh) {
    console.log(`Reusing the seeded ${options.db} database (${readFileSync(marker, 'utf8').trim()}); --reseed starts over.`);
    try {
      await remindersOff(db);
      await ensureStatementCustomer(db);
    } finally {
      await database.close();
    }
    return { dataDir, databaseUrl };
  }
  const config = buildConfig(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  try {
    const started = performance.now();
    const [organization] = await db.insert(organizations).values({ name: 'Bench Bookkeeping' }).returning();
    if (!organization) throw new Error('no organization');
    const [user] = await db
      .insert(users)
      .values({ organizationId: organization.id, username: USERNAME, email: 'bench@bench.example', passwordHash: await hashPassword(PASSWORD), firstName: 'Bench', lastName: 'Mark', role: 'owner' })
      .returning();
    if (!user) throw new Error('no user');
    const context = { db, organizationId: organization.id, userId: user.id, now: new Date(), config };
    await seedReceivables(context, { invoices: options.invoices });
    await seedPayables(context);
    await remindersOff(db);
    await ensureStatementCustomer(db);
    await vacuumAnalyze(db);
    const [counts] = await rows<{ invoices: number; payments: number; bills: number }>(
      db,
      sql`select (select count(*)::int from invoices) as invoices, (select count(*)::int from payments) as payments, (select count(*)::int from bills) as bills`,
    );
    const summary = `${counts?.invoices} invoices, ${counts?.payments} payments, ${counts?.bills} bills`;
    console.log(`Seeded ${summary} on ${options.db} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    writeFileSync(marker, `${summary}\n`);
  } finally {
    await database.close();
  }
  return { dataDir, databaseUrl };
}

/** The app's V8 flags as `npm start` passes them (package.json): a 4 MB young generation. */
const APP_NODE_ARGS = ['--max-semi-space-size=4'];

/** BENCH_PROF=<dir> writes a CPU profile of each app process there (node --cpu-prof; NODE_OPTIONS may not carry it). */
function start(script: string, env: Record<string, string | undefined>, label: string, nodeArgs: string[] = []): ChildProcess {
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : [];
  const child = spawn(process.execPath, [...profile, ...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`${label} exited with ${code}`);
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

async function waitFor(url: string, child: ChildProcess, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function load(url: string, connections: number, duration: number, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({ url, connections, duration, headers, timeout: 10 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Waits until the app answers a session lookup quickly again: autocannon stops at the end of its
 * window, but the app still works through the requests it had taken (a large customer's statement
 * takes a second each), and those would be counted against the next endpoint measured.
 */
async function settle(base: string, headers: Record<string, string>): Promise<void> {
  const until = Date.now() + 300_000;
  let quick = 0;
  while (quick < 3 && Date.now() < until) {
    const started = performance.now();
    await fetch(`${base}/api/user`, { headers });
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    if (quick === 0) await sleep(200);
  }
}

const fmt = (n: number, width: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-').padStart(width);

function row(name: string, m: Measured, raw: number): string {
  const problems = m.errors + m.timeouts + m.non2xx;
  const finished = m.rps > 0 ? 'none' : 'none, and no request finished in the window';
  return `${name.padEnd(36)} ${fmt(m.rps, 9)} ${fmt(m.p50, 7, 1)} ${fmt(m.p99, 7, 1)} ${fmt((100 * m.rps) / raw, 8, 2)}%  ${
    problems ? `errors ${m.errors}, timeouts ${m.timeouts}, non-2xx ${m.non2xx}` : finished
  }`;
}

const header = `${'endpoint'.padEnd(36)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'of raw'.padStart(9)}  errors/timeouts`;

export async function benchHttp(options: HttpBenchOptions): Promise<void> {
  if (options.cluster > 1 && options.db !== 'postgres') throw new Error('--cluster needs --db postgres: PGlite is one process');
  const { dataDir, databaseUrl } = await prepareDatabase(options);
  const appEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    // The keys the seed used (kept in the data folder), which PostgreSQL requires in the environment.
    SESSION_SECRET: readOrCreateSecret(dataDir, 'session-secret'),
    ENCRYPTION_KEY: readOrCreateSecret(dataDir, 'encryption-key'),
    HOST: '127.0.0.1',
    // Sign-in from one address, many times over reruns.
    RATE_LIMIT_MULTIPLIER: '1000',
  };
  const chosen = HTTP_ENDPOINTS.filter((e) => options.endpoints.length === 0 || options.endpoints.some((name) => e.name.includes(name)));
  const children: ChildProcess[] = [];
  try {
    const raw = start('bench/raw-server.ts', { PORT: String(RAW_PORT) }, 'raw server');
    children.push(raw);
    const clustered = options.cluster > 1;
    const app = clustered
      ? start('bench/cluster-server.ts', { ...appEnv, PORT: String(APP_PORT), WEB_PROCESSES: String(options.cluster) }, 'web processes', APP_NODE_ARGS)
      : start('src/server/main.ts', { ...appEnv, PORT: String(APP_PORT), WORKERS: 'on' }, 'app', APP_NODE_ARGS);
    children.push(app);
    if (clustered) {
      // The one process that runs the background workers (it takes no load here).
      children.push(start('src/server/main.ts', { ...appEnv, PORT: String(WORKER_PORT), WORKERS: 'on' }, 'worker process', APP_NODE_ARGS));
    }
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitFor(`http://127.0.0.1:${RAW_PORT}/`, raw);
    await waitFor(`${base}/api/health`, app);
    const cookie = await signIn(base);
    const headers = { cookie };
    const endpoints = await Promise.all(chosen.map(async (e) => ({ name: e.name, url: await resolveUrl(base, e.url, headers) })));
    for (const endpoint of endpoints) {
      const check = await fetch(`${base}${endpoint.url}`, { headers });
      if (check.status !== 200) throw new Error(`${endpoint.url}: ${check.status} ${await check.text()}`);
    }

    const mode = clustered ? `${options.cluster} web processes (node:cluster, WORKERS=off) + 1 worker process` : 'one process';
    console.log(`\nHTTP bench: ${options.db}, ${options.invoices} invoices seeded, ${mode}, ${options.connections} connections, ${options.duration} s each`);
    await load(`http://127.0.0.1:${RAW_PORT}/`, options.connections, 2); // warm-up
    const rawResult = await load(`http://127.0.0.1:${RAW_PORT}/`, options.connections, options.duration);
    console.log(header);
    console.log(row('raw node:http {"ok":true}', rawResult, rawResult.rps));
    for (const endpoint of endpoints) {
      await load(`${base}${endpoint.url}`, options.connections, 2, headers); // warm-up: JIT, plans, caches
      await settle(base, headers);
      console.log(row(`GET ${endpoint.url}`.slice(0, 36), await load(`${base}${endpoint.url}`, options.connections, options.duration, headers), rawResult.rps));
      await settle(base, headers);
    }

    const single = Math.max(3, Math.round(options.duration / 2));
    console.log(`\n1 connection, ${single} s each (the latency one user sees)`);
    console.log(header);
    const rawSingle = await load(`http://127.0.0.1:${RAW_PORT}/`, 1, single);
    console.log(row('raw node:http {"ok":true}', rawSingle, rawSingle.rps));
    for (const endpoint of endpoints) {
      console.log(row(`GET ${endpoint.url}`.slice(0, 36), await load(`${base}${endpoint.url}`, 1, single, headers), rawSingle.rps));
      await settle(base, headers);
    }
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
}
