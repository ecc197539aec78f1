import { addDays } from '../../../shared/recurrence';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers, invoices, payments } from '../../db/schema';
import { seededRandom } from '../../platform/seeded-random';

/**
 * A history to backtest the forecast on: `customerCount` customers invoiced on the 1st of every
 * month from `firstMonth` for `months` months, Net 30. Each customer has its own habit (pays 0 to
 * 30 days late, give or take 3 days, and one in four never pays one invoice in five); an invoice
 * is paid (one completed payment, paid_at set) only if that day is not after `today`.
 */
export async function seedPaymentHistory(
  db: Database,
  organizationId: string,
  options: { customerCount: number; firstMonth: string; months: number; today: string; seed?: number },
): Promise<void> {
  const next = seededRandom(options.seed ?? 14);
  for (let c = 0; c < options.customerCount; c += 1) {
    const [customer] = await db
      .insert(customers)
      .values({ organizationId, name: `Backtest customer ${c}`, email: `backtest-${c}-${organizationId.slice(0, 8)}@example.com` })
      .returning();
    if (!customer) throw new Error('insert failed');
    const habit = Math.floor(next() * 31);
    const defaulter = c % 4 === 3;
    const amount = 20_000 + Math.floor(next() * 80) * 1_000;
    const [year, month] = options.firstMonth.split('-').map(Number) as [number, number];
    const rows: (typeof invoices.$inferInsert)[] = [];
    const paidAt: (string | null)[] = [];
    for (let m = 0; m < options.months; m += 1) {
      const date = new Date(Date.UTC(year, month - 1 + m, 1));
      const issue = date.toISOString().slice(0, 10);
      if (issue > options.today) break;
      const due = addDays(issue, 30);
      const late = Math.max(-5, habit + Math.floor(next() * 7) - 3);
      const paidDay = addDays(due, late);
      const pays = !(defaulter && next() < 0.2) && paidDay <= options.today;
      paidAt.push(pays ? paidDay : null);
      rows.push({
        organizationId,
        customerId: customer.id,
        invoiceNumber: `BT-${c}-${m}`,
        status: pays ? 'paid' : 'sent',
        issueDate: issue,
        dueDate: due,
        subtotal: toDecimal(amount),
        totalAmount: toDecimal(amount),
        amountPaid: toDecimal(pays ? amount : 0),
        // Noon UTC is the same day in the Americas' zones.
        paidAt: pays ? new Date(`${paidDay}T16:00:00Z`) : null,
      });
    }
    const inserted = await db.insert(invoices).values(rows).returning({ id: invoices.id, total: invoices.totalAmount });
    const paymentRows = inserted.flatMap((row, index) => {
      const day = paidAt[index];
      if (!day) return [];
      const at = new Date(`${day}T16:00:00Z`);
      return [{ organizationId, type: 'invoice_payment' as const, referenceId: row.id, amount: row.total, method: 'ach' as const, status: 'completed' as const, processedAt: at, createdAt: at }];
    });
    if (paymentRows.length > 0) await db.insert(payments).values(paymentRows);
  }
}
