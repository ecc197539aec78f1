import { parseArgs } from 'node:util';
import { buildConfig } from '../config';
import { openDatabase } from '../db/client';
import { readEnv } from '../env';
import { vacuumAnalyze } from '../platform/maintenance';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo, signInUrl } from './seed/demo';

/**
 * npm run seed:demo [-- --invoices 100000]: a demo accounting firm with a realistic few months of
 * its own books and eight practice clients (seed/demo.ts). Run it again to start it over; run it
 * with the PORT (or APP_URL) the app will use, so the sign-in address it prints is the app's.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { invoices: { type: 'string' } } });
  const invoiceCount = values.invoices ? Number(values.invoices) : 60;
  if (!Number.isInteger(invoiceCount) || invoiceCount < 0) throw new Error('--invoices must be a whole number');
  const env = readEnv();
  const config = buildConfig(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: config.dataDir });
  const started = Date.now();
  const { organization, clients } = await seedDemo(database.db, config, { invoices: invoiceCount, now: new Date() });
  await vacuumAnalyze(database.db);
  await database.close();
  console.log(`Seeded "${organization.name}" (an accounting firm with ${clients.length} clients) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`Sign in at ${signInUrl(config)} as ${DEMO_USERNAME} / ${DEMO_PASSWORD}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
