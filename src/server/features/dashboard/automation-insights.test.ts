import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import { invoiceReminders, invoices, recurringInvoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { insertCustomer, insertInvoice } from '../payments/test-rows';

// Organizations default to America/New_York: March 2026 there runs from 05:00Z on 1 March to 04:00Z on 1 April.
const NOW = new Date('2026-03-18T15:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t.close());

const stats = async (user: SignedIn) => {
  const response = await user.request({ method: 'GET', url: '/api/dashboard/stats' });
  expect(response.statusCode).toBe(200);
  return response.json<DashboardStats>();
};

/** Two active schedules and a paused one; recurring invoices and reminders either side of the month's edges. */
async function seed(org: string) {
  const db = t.deps.db;
  const customer = await insertCustomer(db, org);
  const schedule = { organizationId: org, customerId: customer.id, frequency: 'monthly' as const, startDate: '2026-01-01', anchorDay: 1 };
  const [active] = await db
    .insert(recurringInvoices)
    .values([schedule, schedule, { ...schedule, status: 'paused' as const }, { ...schedule, status: 'completed' as const }])
    .returning();
  if (!active) throw new Error('schedule insert failed');
  const madeAt = async (createdAt: Date, recurring = true) => {
    const invoice = await insertInvoice(db, org, { customerId: customer.id, totalCents: 10_000 });
    await db.update(invoices).set({ createdAt, recurringInvoiceId: recurring ? active.id : null }).where(eq(invoices.id, invoice.id));
    return invoice;
  };
  const first = await madeAt(new Date('2026-03-01T05:00:00Z'));
  await madeAt(new Date('2026-03-18T14:00:00Z'));
  await madeAt(new Date('2026-03-01T04:59:00Z')); // still February in New York
  await madeAt(new Date('2026-03-10T12:00:00Z'), false); // typed by hand
  const remind = (daysOverdue: number, status: 'sent' | 'failed' | 'pending', sentAt: Date | null) =>
    db.insert(invoiceReminders).values({ organizationId: org, invoiceId: first.id, daysOverdue, reminderDate: '2026-03-08', toEmail: 'a@example.com', status, sentAt });
  await remind(7, 'sent', new Date('2026-03-08T17:00:00Z'));
  await remind(14, 'sent', new Date('2026-03-15T17:00:00Z'));
  await remind(30, 'sent', new Date('2026-03-01T04:00:00Z')); // February in New York
  await remind(3, 'failed', null);
  await remind(4, 'pending', null);
}

describe('Automation Insights on GET /api/dashboard/stats', () => {
  it('counts active schedules, recurring invoices and reminders sent this month, of this organization only', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    await seed(owner.user.organizationId);
    await seed(stranger.user.organizationId);
    expect(await stats(owner)).toMatchObject({ activeRecurringSchedules: 2, recurringInvoicesThisMonth: 2, remindersSentThisMonth: 2 });
  });
});
