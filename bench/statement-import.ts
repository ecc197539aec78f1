import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { bankAccounts, organizations, users } from '../src/server/db/schema';
import { importStatement } from '../src/server/features/bank-reconciliation/import-statement';
import { parseCamt } from '../src/server/features/bank-reconciliation/parse-camt';
import { parseCsvStatement } from '../src/server/features/bank-reconciliation/parse-csv-statement';
import type { StatementSource } from '../src/server/features/bank-reconciliation/parsed-statement';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CSV_MAPPING = { date: 0, description: 1, reference: 2, amount: 3, dateFormat: 'YYYY-MM-DD', decimalComma: false, delimiter: ',', hasHeader: true } as const;

async function write(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

const day = (index: number) => `2026-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
const cents = (index: number) => (index % 7 === 0 ? -1 : 1) * (1000 + ((index * 7919) % 500_000));
const decimal = (value: number) => `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

function* camtLines(count: number): Generator<string> {
  let total = 0;
  for (let index = 0; index < count; index += 1) total += cents(index);
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-12-31T00:00:00</CreDtTm></GrpHdr><Stmt><Id>BENCH</Id><Acct><Id><Othr><Id>000123456789</Id></Othr></Id><Ccy>USD</Ccy></Acct>\n`;
  yield `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>\n`;
  yield `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${decimal(Math.abs(total))}</Amt><CdtDbtInd>${total < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2026-12-31</Dt></Dt></Bal>\n`;
  for (let index = 0; index < count; index += 1) {
    const amount = cents(index);
    yield `<Ntry><NtryRef>${index}</NtryRef><Amt Ccy="USD">${decimal(Math.abs(amount))}</Amt><CdtDbtInd>${amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day(index)}</Dt></BookgDt><AcctSvcrRef>BENCH-${index}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${index}</EndToEndId></Refs><RltdPties><Dbtr><Pty><Nm>Customer ${index % 997}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>INV-${100000 + index}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
  }
  yield '</Stmt></BkToCstmrStmt></Document>\n';
}

function* csvLines(count: number): Generator<string> {
  yield 'Date,Description,Reference,Amount\r\n';
  for (let index = 0; index < count; index += 1) yield `${day(index)},"Payment ${index % 997}, INV-${100000 + index}",REF-${index},${decimal(cents(index))}\r\n`;
}

/** Peak RSS and heap while `run` runs, sampled every 20 ms. */
async function measured<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number; peakHeap: number }> {
  global.gc?.();
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const value = await run();
    return { value, ms: performance.now() - started, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const fileSource = (file: string): StatementSource => ({ fileName: path.basename(file), read: () => createReadStream(file, { highWaterMark: 64 * 1024 }) });

/**
 * npm run bench -- --only statements [--db postgres|pglite --statement-lines 100000]
 * Generates a camt.053 file and a CSV of `lines` entries each, then times parsing alone and the
 * whole import (parse, dedupe insert in 1,000-line batches, audit, in one transaction), with the
 * peak RSS and heap while each runs. The files are read as streams of 64 KB chunks.
 */
export async function benchStatementImport(options: { db: 'postgres' | 'pglite'; lines: number }): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'signal-ar-bench-statements-'));
  const camtFile = path.join(dir, 'statement.camt053.xml');
  const csvFile = path.join(dir, 'statement.csv');
  await write(camtFile, camtLines(options.lines));
  await write(csvFile, csvLines(options.lines));
  const name = `bench_statements_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (options.db === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dir });
  const { db } = database;
  try {
    const [organization] = await db.insert(organizations).values({ name: 'Bench Statements' }).returning();
    if (!organization) throw new Error('no organization');
    const [user] = await db
      .insert(users)
      .values({ organizationId: organization.id, username: 'bench-statements', email: 'statements@bench.example', passwordHash: 'x', firstName: 'Bench', lastName: 'Mark', role: 'owner' })
      .returning();
    if (!user) throw new Error('no user');
    const accountFor = async (accountName: string) => {
      const [account] = await db
        .insert(bankAccounts)
        .values({ organizationId: organization.id, accountName, accountHolderName: 'Bench', accountType: 'business_checking', accountNumberEncrypted: 'v1:bench', accountLast4: '6789', routingNumber: '021000021' })
        .returning();
      if (!account) throw new Error('no account');
      return account.id;
    };
    const actor = { organizationId: organization.id, userId: user.id };
    const deps = { db, now: () => new Date() };
    const figures: Array<Record<string, string>> = [];
    const record = (label: string, bytes: number, result: { ms: number; peakRss: number; peakHeap: number }, lines: number) =>
      figures.push({
        run: label,
        file: mb(bytes),
        lines: String(lines),
        seconds: (result.ms / 1000).toFixed(2),
        'lines/s': Math.round(lines / (result.ms / 1000)).toLocaleString('en-US'),
        'peak RSS': mb(result.peakRss),
        'peak heap': mb(result.peakHeap),
      });

    const camtBytes = statSync(camtFile).size;
    const csvBytes = statSync(csvFile).size;
    const camtParse = await measured(() => parseCamt(fileSource(camtFile)));
    record('camt.053 parse only', camtBytes, camtParse, camtParse.value.lines.length);
    const camtAccount = await accountFor('camt');
    const camtImport = await measured(() => importStatement(deps, actor, camtAccount, { source: fileSource(camtFile) }));
    record(`camt.053 import (${options.db})`, camtBytes, camtImport, camtImport.value.linesAdded);
    const camtAgain = await measured(() => importStatement(deps, actor, camtAccount, { source: fileSource(camtFile) }));
    record(`camt.053 re-import, 0 new (${options.db})`, camtBytes, camtAgain, camtAgain.value.linesInFile);
    const csvParse = await measured(() => parseCsvStatement(fileSource(csvFile), { ...CSV_MAPPING }));
    record('CSV parse only', csvBytes, csvParse, csvParse.value.lines.length);
    const csvAccount = await accountFor('csv');
    const csvImport = await measured(() => importStatement(deps, actor, csvAccount, { source: fileSource(csvFile), mapping: { ...CSV_MAPPING } }));
    record(`CSV import (${options.db})`, csvBytes, csvImport, csvImport.value.linesAdded);
    console.log(`\nStatement import, ${options.lines.toLocaleString('en-US')} lines per file (balance difference camt: ${camtImport.value.balanceDifference ?? 'n/a'})`);
    console.table(figures);
  } finally {
    await database.close();
    if (options.db === 'postgres') {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
