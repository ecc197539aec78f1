import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { bankAccounts, bankTransactions, organizations } from '../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { toMatchLine } from '../src/server/features/bank-reconciliation/bank-lines';
import { seedLedger } from '../src/server/features/bank-reconciliation/ledger-fixture';
import { suggestFor } from '../src/server/features/bank-reconciliation/suggestions';
import { vacuumAnalyze } from '../src/server/platform/maintenance';

/**
 * Suggestions for 10,000 unmatched bank lines against 100,000 open invoices of one workspace
 * (plus bills, payment runs and recorded payments from the generated ledger), on PGlite in
 * memory and, when TEST_DATABASE_URL or DATABASE_URL is set, on a fresh PostgreSQL database
 * that is dropped afterwards. Prints the seeding time, the total and the time per line.
 */
export async function benchMatching(options: { invoices: number; lines: number }): Promise<void> {
  await runOn('pglite', undefined, options);
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('matching on PostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL)');
    return;
  }
  const name = `signal_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await runOn('postgres', url.toString(), options);
  } finally {
    // The pool's connections finish closing just after it ends: wait for them rather than force.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const dropped = await admin.query(`drop database if exists ${name}`).then(
        () => true,
        (error: { code?: string }) => {
          if (error.code !== '55006') throw error;
          return false;
        },
      );
      if (dropped) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.end();
  }
}

async function runOn(label: string, databaseUrl: string | undefined, options: { invoices: number; lines: number }): Promise<void> {
  const database = await openDatabase({ dataDir: null, ...(databaseUrl ? { databaseUrl } : {}) });
  const db = database.db;
  try {
    let started = performance.now();
    const [organization] = await db.insert(organizations).values({ name: 'Bench Matching' }).returning();
    if (!organization) throw new Error('no organization');
    const [account] = await db
      .insert(bankAccounts)
      .values({ organizationId: organization.id, accountName: 'Operating', accountHolderName: 'Bench', accountType: 'business_checking', accountNumberEncrypted: 'v1:bench', accountLast4: '0000', routingNumber: '021000021' })
      .returning({ id: bankAccounts.id });
    if (!account) throw new Error('no account');
    const derived = Math.round(options.lines * 0.9);
    await seedLedger(db, organization.id, account.id, {
      seed: 7,
      invoices: options.invoices,
      bills: Math.round(options.invoices / 50),
      runs: Math.round(options.invoices / 500),
      lines: derived,
      unrelated: options.lines - derived,
    });
    await vacuumAnalyze(db);
    const lines = await db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, organization.id));
    console.log(`matching on ${label}: seeded ${options.invoices} open invoices and ${lines.length} lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // One warm-up pass over a few lines (connection, plans), then the measured pass over all.
    await suggestFor(db, organization.id, lines.slice(0, 50).map(toMatchLine));
    started = performance.now();
    const result = await suggestFor(db, organization.id, lines.map(toMatchLine));
    const elapsed = performance.now() - started;
    const suggested = [...result.values()].filter((list) => list.length > 0).length;
    console.log(
      `matching on ${label}: suggestions for ${lines.length} lines in ${(elapsed / 1000).toFixed(2)} s = ${(elapsed / lines.length).toFixed(3)} ms a line (${suggested} lines with a suggestion)`,
    );
  } finally {
    await database.close();
  }
}
