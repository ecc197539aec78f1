import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, customers, invoices, payments, vendors } from '../../db/schema';
import { uniqueName } from '../../test/factories';

/**
 * Rows inserted straight into the database for the payments, checkout and dashboard tests, which
 * read what other features write. Amounts are given in cents.
 */
export async function insertCustomer(db: Database, organizationId: string, name = 'Acme Corp') {
  const [row] = await db
    .insert(customers)
    .values({ organizationId, name, email: `${uniqueName('c')}@example.com` })
    .returning();
  if (!row) throw new Error('customer insert failed');
  return row;
}

export async function insertInvoice(
  db: Database,
  organizationId: string,
  options: { customerId: string; totalCents: number; paidCents?: number; status?: (typeof invoices.$inferInsert)['status']; dueDate?: string; number?: string },
) {
  const [row] = await db
    .insert(invoices)
    .values({
      organizationId,
      customerId: options.customerId,
      invoiceNumber: options.number ?? uniqueName('INV-'),
      status: options.status ?? 'sent',
      issueDate: '2026-01-01',
      dueDate: options.dueDate ?? '2026-12-31',
      subtotal: toDecimal(options.totalCents),
      totalAmount: toDecimal(options.totalCents),
      amountPaid: toDecimal(options.paidCents ?? 0),
    })
    .returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

export async function insertVendor(db: Database, organizationId: string, name = 'Paper Supply Co') {
  const [row] = await db.insert(vendors).values({ organizationId, name, email: `${uniqueName('v')}@example.com` }).returning();
  if (!row) throw new Error('vendor insert failed');
  return row;
}

export async function insertBill(
  db: Database,
  organizationId: string,
  options: { vendorId: string; totalCents: number; status?: (typeof bills.$inferInsert)['status']; dueDate?: string; number?: string },
) {
  const [row] = await db
    .insert(bills)
    .values({
      organizationId,
      vendorId: options.vendorId,
      billNumber: options.number ?? uniqueName('BILL-'),
      status: options.status ?? 'received',
      billDate: '2026-01-01',
      dueDate: options.dueDate ?? '2026-12-31',
      subtotal: toDecimal(options.totalCents),
      totalAmount: toDecimal(options.totalCents),
    })
    .returning();
  if (!row) throw new Error('bill insert failed');
  return row;
}

export async function insertPayment(
  db: Database,
  organizationId: string,
  options: {
    type: 'invoice_payment' | 'bill_payment';
    referenceId: string;
    amountCents: number;
    status?: (typeof payments.$inferInsert)['status'];
    method?: (typeof payments.$inferInsert)['method'];
    processedAt?: Date | null;
    scheduledDate?: string | null;
    createdAt?: Date;
    failureReason?: string;
    transactionId?: string;
  },
) {
  const [row] = await db
    .insert(payments)
    .values({
      organizationId,
      type: options.type,
      referenceId: options.referenceId,
      amount: toDecimal(options.amountCents),
      method: options.method ?? 'ach',
      status: options.status ?? 'completed',
      processedAt: options.processedAt === undefined ? (options.status ?? 'completed') === 'completed' ? new Date() : null : options.processedAt,
      scheduledDate: options.scheduledDate ?? null,
      failureReason: options.failureReason ?? null,
      transactionId: options.transactionId ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('payment insert failed');
  return row;
}
