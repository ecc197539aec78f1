import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { customers, organizations, recurringInvoiceItems, recurringInvoices } from '../src/server/db/schema';
import { organizationToday } from '../src/server/platform/calendar';
import type { Mailer } from '../src/server/platform/mail';
import { runDueSchedules } from '../src/server/features/recurring-invoices/generate-recurring-invoices';
import { rows } from './rows';

const INSERT_BATCH = 1000;

/**
 * 10,000 monthly schedules due today in one organization of their own (200 customers), then one
 * scheduler pass that makes every invoice: each in its claiming transaction, numbered by the
 * invoice settings. Prints the time and invoices per second.
 */
export async function benchRecurringGeneration(db: Database, mail: Mailer, count: number, now: Date): Promise<void> {
  const [organization] = await db.insert(organizations).values({ name: 'Bench Recurring' }).returning();
  if (!organization) throw new Error('no organization');
  const payers = await db
    .insert(customers)
    .values(Array.from({ length: 200 }, (_, index) => ({ organizationId: organization.id, name: `Recurring customer ${index}`, email: `recurring${index}@bench.example` })))
    .returning({ id: customers.id });
  const today = await organizationToday(db, organization.id, now);
  let started = performance.now();
  for (let offset = 0; offset < count; offset += INSERT_BATCH) {
    const size = Math.min(INSERT_BATCH, count - offset);
    const schedules = await db
      .insert(recurringInvoices)
      .values(
        Array.from({ length: size }, (_, index) => ({
          organizationId: organization.id,
          customerId: payers[(offset + index) % payers.length]?.id ?? '',
          frequency: 'monthly' as const,
          startDate: today,
          anchorDay: Number(today.slice(8)),
          nextRunDate: today,
          taxAmount: '8.00',
        })),
      )
      .returning({ id: recurringInvoices.id });
    await db.insert(recurringInvoiceItems).values(
      schedules.map((schedule) => ({ organizationId: organization.id, recurringInvoiceId: schedule.id, description: 'Monthly retainer', quantity: '1', unitPrice: '100.00', totalPrice: '100.00' })),
    );
  }
  console.log(`\nSeeded ${count} due recurring schedules in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const result = await runDueSchedules({ db, mail }, { now, organizationIds: [organization.id] });
  const seconds = (performance.now() - started) / 1000;
  const [made] = await rows<{ n: number }>(db, sql`select count(*)::int as n from invoices where organization_id = ${organization.id}`);
  console.log(
    `Generated ${result.generated} due recurring invoices (${made?.n} stored, ${result.failed} failed) in ${seconds.toFixed(1)} s: ${(result.generated / seconds).toFixed(0)} invoices/s`,
  );
}
