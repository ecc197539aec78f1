import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '../../../shared/calendar';
import { type BillingFrequency, serviceLevelCatalogue, type ServiceLevel } from '../../../shared/contracts/practice';
import { centsFromDecimal } from '../../../shared/money';
import { billedFee } from '../../../shared/practice-fees';
import { buildConfig } from '../../config';
import { customers, invoices, organizations, recurringInvoices } from '../../db/schema';
import { parseEnv } from '../../env';
import { sendDueReminders } from '../../features/invoice-reminders/send-due-reminders';
import { runDueSchedules } from '../../features/recurring-invoices/generate-recurring-invoices';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { readOutbox } from '../../test/outbox';
import { seedDemo, signInUrl } from './demo';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T15:00:00Z') });
  seeded = await seedDemo(t.deps.db, t.deps.config, { invoices: 60, now: t.deps.now() });
}, 120_000);
afterAll(async () => t.close());

describe('npm run seed:demo', () => {
  it('leaves books the first start finds current: no fee invoice generated, no reminder mailed', async () => {
    const before = readOutbox(t).length;
    const generated = await runDueSchedules(t.deps, { now: t.deps.now() });
    expect(generated).toEqual({ generated: 0, sent: 0, failed: 0 });
    const reminders = await sendDueReminders(t.deps, { now: t.deps.now() });
    expect(reminders).toMatchObject({ claimed: 0, sent: 0 });
    expect(readOutbox(t)).toHaveLength(before);
    // The fee history is there instead, none of it a draft: sent, and paid once due.
    const fees = await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, seeded.organization.id));
    const feeInvoices = fees.filter((invoice) => invoice.recurringInvoiceId !== null);
    expect(feeInvoices.length).toBeGreaterThan(10);
    expect(feeInvoices.filter((invoice) => invoice.status === 'draft')).toEqual([]);
  });

  it("bills each client by its own service level, fee, frequency and terms, from activation only, and not the deactivated one", async () => {
    const rows = await t.deps.db
      .select({ customer: customers, schedule: recurringInvoices })
      .from(customers)
      .leftJoin(recurringInvoices, and(eq(recurringInvoices.customerId, customers.id), eq(recurringInvoices.kind, 'practice_fee')))
      .where(eq(customers.organizationId, seeded.organization.id));
    const clients = rows.filter((row) => row.customer.clientOrganizationId !== null);
    expect(clients).toHaveLength(8);
    const [firm] = await t.deps.db.select().from(organizations).where(eq(organizations.id, seeded.organization.id));
    const today = calendarDay(t.deps.now(), firm?.timeZone ?? 'UTC');
    const byName = new Map(clients.map((row) => [row.customer.name, row]));

    for (const { customer, schedule } of clients) {
      if (customer.onboardingStatus !== 'completed') {
        expect(schedule, customer.name).toBeNull();
        continue;
      }
      const frequency = customer.billingFrequency as BillingFrequency;
      const fee = billedFee(serviceLevelCatalogue[customer.serviceLevel as ServiceLevel].price, frequency);
      expect(schedule, customer.name).toMatchObject({ frequency, status: customer.isActive ? 'active' : 'paused' });
      // A paused schedule's next run is worked out again when it resumes.
      if (customer.isActive) expect(schedule?.nextRunDate && schedule.nextRunDate > today, `${customer.name} next run ${schedule?.nextRunDate}`).toBe(true);
      const billed = await t.deps.db.select().from(invoices).where(eq(invoices.recurringInvoiceId, schedule?.id ?? ''));
      expect(billed.length, customer.name).toBeGreaterThan(0);
      for (const invoice of billed) {
        expect(centsFromDecimal(invoice.totalAmount), `${customer.name} ${invoice.invoiceNumber}`).toBe(fee);
        expect(invoice.issueDate >= calendarDay(customer.activatedAt ?? new Date(0), firm?.timeZone ?? 'UTC')).toBe(true);
      }
    }
    expect(byName.get('Lumen Robotics')?.schedule).toMatchObject({ frequency: 'annually', paymentTerms: 'Net 45' });
    expect(byName.get('Lumen Robotics')?.customer.serviceLevel).toBe('enterprise');
    expect(byName.get('Summit Dental Studio')?.schedule).toMatchObject({ frequency: 'quarterly', paymentTerms: 'Net 15' });
    expect(byName.get('Summit Dental Studio')?.customer.serviceLevel).toBe('premium');
    // Old Mill Hardware, deactivated 31 days ago: paused, and nothing billed after its deactivation.
    const oldMill = byName.get('Old Mill Hardware');
    expect(oldMill?.schedule?.status).toBe('paused');
    const oldMillBills = await t.deps.db.select().from(invoices).where(eq(invoices.customerId, oldMill?.customer.id ?? ''));
    const deactivatedDay = calendarDay(oldMill?.customer.deactivatedAt ?? new Date(), firm?.timeZone ?? 'UTC');
    expect(oldMillBills.length).toBeGreaterThan(0);
    expect(oldMillBills.filter((invoice) => invoice.issueDate > deactivatedDay)).toEqual([]);
  });

  it('prints the sign-in address of the app on the port it will use', () => {
    expect(signInUrl(buildConfig(parseEnv({ PORT: '5102', DATA_DIR: t.dataDir })))).toBe('http://localhost:5102/auth');
    expect(signInUrl(buildConfig(parseEnv({ DATA_DIR: t.dataDir })))).toBe('http://localhost:5000/auth');
  });
});
