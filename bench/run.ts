import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app';
import { buildConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { organizations, users } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { createMailer } from '../src/server/platform/mail';
import { hashPassword } from '../src/server/platform/passwords';
import { seedPayables } from '../src/server/scripts/seed/payables';
import { seedReceivables } from '../src/server/scripts/seed/receivables';
import { dashboardStatsStatement } from '../src/server/features/dashboard/dashboard.queries';
import { vacuumAnalyze } from '../src/server/platform/maintenance';
import { benchForecastBacktest } from './analytics';
import { benchRecurringGeneration } from './recurring';
import { benchStatementImport } from './statement-import';
import { benchReports } from './reports';
import { benchBundle } from './bundle';
import { benchFiles } from './files';
import { benchHttp } from './http';
import { benchImportCommit } from './imports';
import { benchMatching } from './matching';
import { rows } from './rows';

/**
 * npm run bench [-- --only http,bundle,inject,statements,matching,files,imports --db postgres|pglite --invoices 100000 --duration 10 --cluster 2]
 *
 * Sections (all by default; --only picks some):
 * - http: the app in a child process (NODE_ENV=production), its hot endpoints under autocannon at
 *   32 connections side by side with a raw node:http server in the same run (bench/http.ts);
 *   --cluster 2 runs two web processes behind node:cluster plus one worker process (PostgreSQL).
 * - bundle: the client's first-load JavaScript, gzip, on the landing page and signed in (bench/bundle.ts).
 * - matching: suggestions for 10,000 bank lines against 100,000 open invoices, PGlite and PostgreSQL
 *   (bench/matching.ts; --match-invoices, --match-lines).
 * - inject: one organization with many invoices on PGlite in a temporary DATA_DIR, the latency of
 *   the busiest reads through app.inject, the reports, forecast and recurring benches.
 * - statements: a generated camt.053 file and CSV of --statement-lines lines (100,000), parsed
 *   and imported as streams: lines per second, peak RSS and heap (bench/statement-import.ts).
 * - files: upload and read-back MB/s of the file store in the database (1 MB and 10 MB files) on
 *   PostgreSQL and PGlite, beside the local-disk store it replaced, in the same run (bench/files.ts).
 * - imports: a customers file of --import-rows rows (50,000) previewed, committed and written by the
 *   import.commit job: rows per second (bench/imports.ts).
 * Prints figures; asserts nothing.
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'http,bundle,inject,statements,matching,files,imports' },
    db: { type: 'string', default: 'postgres' },
    invoices: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    cluster: { type: 'string', default: '0' },
    endpoints: { type: 'string', default: '' },
    reseed: { type: 'boolean', default: false },
    recurring: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '30' },
    explain: { type: 'boolean', default: false },
    'statement-lines': { type: 'string', default: '100000' },
    'match-invoices': { type: 'string', default: '100000' },
    'match-lines': { type: 'string', default: '10000' },
    'import-rows': { type: 'string', default: '50000' },
  },
});
const invoiceCount = Number(values.invoices);
const requests = Number(values.requests);
const sections = new Set(values.only.split(',').map((name) => name.trim()));
const PASSWORD = 'bench-password';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function benchInject(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-bench-'));
  const config = buildConfig(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  const database = await openDatabase({ dataDir });
  const { db } = database;
  try {
    const [organization] = await db.insert(organizations).values({ name: 'Bench Bookkeeping' }).returning();
    if (!organization) throw new Error('no organization');
    const [user] = await db
      .insert(users)
      .values({ organizationId: organization.id, username: 'bench', email: 'bench@bench.example', passwordHash: await hashPassword(PASSWORD), firstName: 'Bench', lastName: 'Mark', role: 'owner' })
      .returning();
    if (!user) throw new Error('no user');

    const now = new Date();
    let started = performance.now();
    const context = { db, organizationId: organization.id, userId: user.id, now, config };
    await seedReceivables(context, { invoices: invoiceCount });
    await seedPayables(context);
    // As `npm run seed:demo` and the server's maintenance loop do on the embedded database.
    await vacuumAnalyze(db);
    const [counts] = await rows<{ invoices: number; payments: number; bills: number }>(
      db,
      sql`select (select count(*)::int from invoices) as invoices, (select count(*)::int from payments) as payments, (select count(*)::int from bills) as bills`,
    );
    console.log(
      `Seeded ${counts?.invoices} invoices, ${counts?.payments} payments, ${counts?.bills} bills in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    if (values.explain) {
      const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${dashboardStatsStatement(organization.id, now)}`);
      console.log(`\nEXPLAIN ANALYZE dashboard stats:\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
    }

    const app = await createApp({
      db,
      dbKind: database.kind,
      config,
      mail: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
      now: () => new Date(),
      startWorkers: false,
    });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'bench', password: PASSWORD } });
    const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='))?.split(';')[0];
    if (!cookie) throw new Error(`login failed: ${login.statusCode} ${login.body}`);

    const targets = [
      { name: 'GET /api/user (baseline: session only)', url: '/api/user' },
      { name: 'GET /api/invoices', url: '/api/invoices', budget: 50 },
      { name: 'GET /api/dashboard/stats', url: '/api/dashboard/stats', budget: 50 },
      { name: 'GET /api/invoices?offset=50000', url: '/api/invoices?offset=50000' },
      { name: 'GET /api/invoices?status=overdue', url: '/api/invoices?status=overdue' },
      { name: 'GET /api/dashboard/cash-flow?days=90', url: '/api/dashboard/cash-flow?days=90' },
      { name: 'GET /api/payments', url: '/api/payments' },
      { name: 'GET /api/payments/upcoming?limit=3', url: '/api/payments/upcoming?limit=3' },
    ];
    // PGlite runs inside this process, so CPU time per request is what an idle machine's latency
    // would be; wall time also counts waiting for a CPU when the machine is busy.
    console.log(`\n${'request'.padEnd(40)} ${'status'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'cpu p50'.padStart(8)} ${'cpu p95'.padStart(8)}  budget (p95)`);
    for (const target of targets) {
      const inject = () => app.inject({ method: 'GET', url: target.url, headers: { cookie } });
      let status = 0;
      for (let i = 0; i < 5; i += 1) status = (await inject()).statusCode; // warm-up
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < requests; i += 1) {
        started = performance.now();
        const cpuStart = process.cpuUsage();
        const response = await inject();
        const used = process.cpuUsage(cpuStart);
        times.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
        status = response.statusCode;
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const cpu95 = percentile(cpu, 95);
      const verdict =
        target.budget === undefined ? '' : `wall ${p95 < target.budget ? 'ok' : 'over'}, cpu ${cpu95 < target.budget ? 'ok' : 'over'} (${target.budget} ms)`;
      const cells = [percentile(times, 50), p95, times.at(-1) ?? 0, percentile(cpu, 50), cpu95].map((n) => n.toFixed(1).padStart(8));
      console.log(`${target.name.padEnd(40)} ${String(status).padStart(6)} ${cells.join(' ')}  ${verdict}`);
    }
    await benchReports(app, db, { organizationId: organization.id, userId: user.id }, cookie);
    await app.close();
    await benchForecastBacktest(db);
    await benchRecurringGeneration(db, createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }), Number(values.recurring), new Date());
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const unknown = [...sections].filter((name) => !['http', 'bundle', 'inject', 'statements', 'matching', 'files', 'imports'].includes(name));
  if (unknown.length) throw new Error(`--only: unknown section ${unknown.join(', ')} (http, bundle, inject, statements, matching, files, imports)`);
  if (values.db !== 'postgres' && values.db !== 'pglite') throw new Error('--db is postgres or pglite');
  if (!Number.isInteger(invoiceCount) || invoiceCount < 0) throw new Error('--invoices must be a whole number');
  if (sections.has('http')) {
    await benchHttp({
      db: values.db,
      invoices: invoiceCount,
      duration: Number(values.duration),
      connections: Number(values.connections),
      cluster: Number(values.cluster),
      reseed: values.reseed,
      endpoints: values.endpoints ? values.endpoints.split(',') : [],
    });
  }
  if (sections.has('bundle')) await benchBundle();
  if (sections.has('inject')) await benchInject();
  if (sections.has('statements')) await benchStatementImport({ db: values.db, lines: Number(values['statement-lines']) });
  if (sections.has('files')) await benchFiles();
  if (sections.has('imports')) await benchImportCommit({ db: values.db === 'pglite' ? 'pglite' : 'postgres', rows: Number(values['import-rows']) });
  if (sections.has('matching')) await benchMatching({ invoices: Number(values['match-invoices']), lines: Number(values['match-lines']) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
