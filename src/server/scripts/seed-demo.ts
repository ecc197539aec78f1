import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildConfig } from '../config';
import { openDatabase } from '../db/client';
import { organizations, users } from '../db/schema';
import { readEnv } from '../env';
import { vacuumAnalyze } from '../platform/maintenance';
import { hashPassword } from '../platform/passwords';
import { findFirmPlan } from '../../shared/contracts/firms';
import { seedPayables } from './seed/payables';
import { seedPractice } from './seed/practice';
import { seedReceivables } from './seed/receivables';
import type { SeedContext } from './seed/seed-context';

/**
 * npm run seed:demo [-- --invoices 100000]: a demo accounting firm with a realistic few months of
 * its own books and eight practice clients (seed/practice.ts). Run it again to start it over.
 */
const DEMO_USERNAME = 'demo';
const DEMO_PASSWORD = 'demo-password';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { invoices: { type: 'string' } } });
  const invoiceCount = values.invoices ? Number(values.invoices) : 60;
  if (!Number.isInteger(invoiceCount) || invoiceCount < 0) throw new Error('--invoices must be a whole number');
  const env = readEnv();
  const config = buildConfig(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: config.dataDir });
  const { db } = database;
  const existing = await db.select().from(users).where(eq(users.username, DEMO_USERNAME)).limit(1);
  if (existing[0]) {
    // The firm's client workspaces first: they point at the firm without a foreign key.
    await db.delete(organizations).where(eq(organizations.accountingFirmId, existing[0].organizationId));
    await db.delete(organizations).where(eq(organizations.id, existing[0].organizationId));
  }
  const plan = findFirmPlan('professional');
  const [organization] = await db
    .insert(organizations)
    .values({
      type: 'accounting_firm',
      name: 'Northwind Bookkeeping LLC',
      email: 'office@northwind.example',
      city: 'Portland',
      state: 'OR',
      specializations: ['Bookkeeping', 'Tax Preparation', 'Payroll Services'],
      subscriptionPlan: plan.id,
      maxClients: plan.maxClients,
    })
    .returning();
  if (!organization) throw new Error('could not create the demo organization');
  const [user] = await db
    .insert(users)
    .values({
      organizationId: organization.id,
      username: DEMO_USERNAME,
      email: 'demo@northwind.example',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Dana',
      lastName: 'Demo',
      role: 'owner',
      accountingFirmId: organization.id,
    })
    .returning();
  if (!user) throw new Error('could not create the demo user');
  const context: SeedContext = { db, organizationId: organization.id, userId: user.id, now: new Date(), config };
  const started = Date.now();
  await seedReceivables(context, { invoices: invoiceCount });
  const { bookkeeperId } = await seedPayables(context);
  const clients = await seedPractice(context, bookkeeperId);
  await vacuumAnalyze(db);
  await database.close();
  console.log(`Seeded "${organization.name}" (an accounting firm with ${clients.length} clients) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`Sign in at ${config.appUrl}/auth as ${DEMO_USERNAME} / ${DEMO_PASSWORD}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
