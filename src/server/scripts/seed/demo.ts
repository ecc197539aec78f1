import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { findFirmPlan } from '../../../shared/contracts/firms';
import { recordPastReminders } from './billing-history';
import { seedPayables } from './payables';
import { seedPractice } from './practice';
import { seedReceivables } from './receivables';
import type { SeedContext } from './seed-context';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo-password';

/** Where the app started with this configuration signs people in (PORT, default 5000, or APP_URL). */
export function signInUrl(config: Pick<AppConfig, 'appUrl'>): string {
  return `${config.appUrl}/auth`;
}

/**
 * A demo accounting firm with a realistic few months of its own books and eight practice clients
 * (practice.ts), its books current at `now`: fee periods billed and reminders already due sent
 * (billing-history.ts), so the app started afterwards generates and mails nothing for the past.
 * Replaces an earlier demo firm.
 */
export async function seedDemo(db: Database, config: AppConfig, options: { invoices: number; now: Date }) {
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
  const context: SeedContext = { db, organizationId: organization.id, userId: user.id, now: options.now, config };
  await seedReceivables(context, { invoices: options.invoices });
  const { bookkeeperId } = await seedPayables(context);
  const clients = await seedPractice(context, bookkeeperId);
  await recordPastReminders(context);
  return { organization, user, clients };
}
