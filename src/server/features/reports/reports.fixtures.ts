import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, customers, invoices, payments, vendors } from '../../db/schema';
import { uniqueName } from '../../test/factories';

/** The moment the report tests run at: Wednesday 18 March 2026, 11:00 in New York (the organizations' default zone). */
export const REPORTS_NOW = new Date('2026-03-18T15:00:00Z');

export const INJECTION_NAME = '=HYPERLINK("http://evil.example","Click")';

async function customer(db: Database, organizationId: string, name: string) {
  const [row] = await db.insert(customers).values({ organizationId, name, email: `${uniqueName('c')}@example.com` }).returning();
  if (!row) throw new Error('customer insert failed');
  return row;
}

async function vendor(db: Database, organizationId: string, name: string) {
  const [row] = await db.insert(vendors).values({ organizationId, name, email: `${uniqueName('v')}@example.com` }).returning();
  if (!row) throw new Error('vendor insert failed');
  return row;
}

async function invoice(
  db: Database,
  organizationId: string,
  input: { customerId: string; issue: string; due: string; totalCents: number; paidCents?: number; status: (typeof invoices.$inferInsert)['status']; paidAt?: Date },
) {
  const [row] = await db
    .insert(invoices)
    .values({
      organizationId,
      customerId: input.customerId,
      invoiceNumber: uniqueName('INV-'),
      status: input.status,
      issueDate: input.issue,
      dueDate: input.due,
      subtotal: toDecimal(input.totalCents),
      totalAmount: toDecimal(input.totalCents),
      amountPaid: toDecimal(input.paidCents ?? 0),
      paidAt: input.paidAt ?? null,
    })
    .returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

async function bill(db: Database, organizationId: string, input: { vendorId: string; date: string; totalCents: number; status: (typeof bills.$inferInsert)['status'] }) {
  const [row] = await db
    .insert(bills)
    .values({
      organizationId,
      vendorId: input.vendorId,
      billNumber: uniqueName('BILL-'),
      status: input.status,
      billDate: input.date,
      dueDate: input.date,
      subtotal: toDecimal(input.totalCents),
      totalAmount: toDecimal(input.totalCents),
    })
    .returning();
  if (!row) throw new Error('bill insert failed');
  return row;
}

async function payment(
  db: Database,
  organizationId: string,
  input: { type: 'invoice_payment' | 'bill_payment'; referenceId: string; amountCents: number; at: Date; method: (typeof payments.$inferInsert)['method']; status?: 'completed' | 'failed' },
) {
  await db.insert(payments).values({
    organizationId,
    type: input.type,
    referenceId: input.referenceId,
    amount: toDecimal(input.amountCents),
    method: input.method,
    status: input.status ?? 'completed',
    processedAt: input.status === 'failed' ? null : input.at,
    createdAt: input.at,
  });
}

/**
 * One business's ledger, written straight into the tables so the dates are exact. The report
 * tests work their expected figures out from this list by hand (see the comments beside each row).
 */
export async function seedLedger(db: Database, organizationId: string) {
  const acme = await customer(db, organizationId, 'Acme Corp');
  const evil = await customer(db, organizationId, INJECTION_NAME);
  const globex = await customer(db, organizationId, 'Globex');
  // Open on 18 March: due 1 April (current), balance 750.00.
  const inv1 = await invoice(db, organizationId, { customerId: acme.id, issue: '2026-03-02', due: '2026-04-01', totalCents: 100_000, paidCents: 25_000, status: 'sent' });
  // Due 9 February: 37 days past due on 18 March (31-60), 19 on 28 February (1-30).
  await invoice(db, organizationId, { customerId: acme.id, issue: '2026-01-10', due: '2026-02-09', totalCents: 40_000, status: 'overdue' });
  // Due 15 December: 93 days on 18 March (90+), 75 on 28 February (61-90); balance 200.00.
  const inv3 = await invoice(db, organizationId, { customerId: evil.id, issue: '2025-12-01', due: '2025-12-15', totalCents: 30_000, paidCents: 10_000, status: 'sent' });
  // Due 10 March: 8 days (1-30).
  await invoice(db, organizationId, { customerId: globex.id, issue: '2026-03-01', due: '2026-03-10', totalCents: 20_000, status: 'sent' });
  // Due 5 January: 72 days (61-90), 54 on 28 February (31-60).
  await invoice(db, organizationId, { customerId: globex.id, issue: '2025-12-06', due: '2026-01-05', totalCents: 15_000, status: 'overdue' });
  // A draft is never revenue nor receivable.
  await invoice(db, organizationId, { customerId: acme.id, issue: '2026-03-05', due: '2026-04-04', totalCents: 70_000, status: 'draft' });
  // Paid in full on 5 March, 8 days after issue.
  const inv7 = await invoice(db, organizationId, {
    customerId: acme.id,
    issue: '2026-02-25',
    due: '2026-03-27',
    totalCents: 50_000,
    paidCents: 50_000,
    status: 'paid',
    paidAt: new Date('2026-03-05T15:00:00Z'),
  });

  // Collected: March 250.00 + 500.00; February 40.00 + 60.00 (04:59Z on 1 March is still 28 February in New York).
  await payment(db, organizationId, { type: 'invoice_payment', referenceId: inv1.id, amountCents: 25_000, at: new Date('2026-03-10T12:00:00Z'), method: 'ach' });
  await payment(db, organizationId, { type: 'invoice_payment', referenceId: inv7.id, amountCents: 50_000, at: new Date('2026-03-05T15:00:00Z'), method: 'card' });
  await payment(db, organizationId, { type: 'invoice_payment', referenceId: inv3.id, amountCents: 4_000, at: new Date('2026-02-10T12:00:00Z'), method: 'check' });
  await payment(db, organizationId, { type: 'invoice_payment', referenceId: inv3.id, amountCents: 6_000, at: new Date('2026-03-01T04:59:00Z'), method: 'check' });
  await payment(db, organizationId, { type: 'invoice_payment', referenceId: inv1.id, amountCents: 99_900, at: new Date('2026-03-11T12:00:00Z'), method: 'ach', status: 'failed' });

  const paper = await vendor(db, organizationId, 'Paper Supply Co');
  const rent = await vendor(db, organizationId, 'Office Rent LLC');
  // March: 120.00 + 80.00 + 1,500.00; February: 1,500.00; April is outside every period tested.
  const paperBill = await bill(db, organizationId, { vendorId: paper.id, date: '2026-03-03', totalCents: 12_000, status: 'paid' });
  await bill(db, organizationId, { vendorId: paper.id, date: '2026-03-15', totalCents: 8_000, status: 'received' });
  await bill(db, organizationId, { vendorId: rent.id, date: '2026-03-01', totalCents: 150_000, status: 'scheduled' });
  await bill(db, organizationId, { vendorId: rent.id, date: '2026-02-10', totalCents: 150_000, status: 'paid' });
  await bill(db, organizationId, { vendorId: paper.id, date: '2026-04-02', totalCents: 99_900, status: 'received' });
  // Paid 12 March, 9 days after the bill's date.
  await payment(db, organizationId, { type: 'bill_payment', referenceId: paperBill.id, amountCents: 12_000, at: new Date('2026-03-12T12:00:00Z'), method: 'ach' });

  return { acme, evil, globex, paper, rent };
}

/** `count` customers with one open invoice each (a long aging report, for page numbering). */
export async function seedManyCustomers(db: Database, organizationId: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    const row = await customer(db, organizationId, `Customer ${String(index + 1).padStart(3, '0')}`);
    await invoice(db, organizationId, { customerId: row.id, issue: '2026-03-01', due: '2026-03-31', totalCents: 1_000 + index, status: 'sent' });
  }
}
