import { eq } from 'drizzle-orm';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { clientOnboardingWorkflows, customers, invoices, payments } from '../../db/schema';
import { uniqueName } from '../../test/factories';

/** Wednesday 18 March 2026, 11:00 in New York (the firms' default zone). */
export const ANALYTICS_NOW = new Date('2026-03-18T15:00:00Z');

/** A firm invoice to `customerId`, written straight into the table so its dates are exact. */
export async function firmInvoice(
  db: Database,
  organizationId: string,
  input: { customerId: string; issue: string; due?: string; cents: number; status?: (typeof invoices.$inferInsert)['status']; paidCents?: number; paidAt?: Date },
) {
  const [row] = await db
    .insert(invoices)
    .values({
      organizationId,
      customerId: input.customerId,
      invoiceNumber: uniqueName('F-'),
      status: input.status ?? 'sent',
      issueDate: input.issue,
      dueDate: input.due ?? input.issue,
      subtotal: toDecimal(input.cents),
      totalAmount: toDecimal(input.cents),
      amountPaid: toDecimal(input.paidCents ?? 0),
      paidAt: input.paidAt ?? null,
    })
    .returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

export async function invoicePayment(db: Database, organizationId: string, invoiceId: string, cents: number, at: Date, status: 'completed' | 'failed' = 'completed') {
  await db.insert(payments).values({
    organizationId,
    type: 'invoice_payment',
    referenceId: invoiceId,
    amount: toDecimal(cents),
    method: 'ach',
    status,
    processedAt: status === 'completed' ? at : null,
    createdAt: at,
  });
}

/** Sets a client's practice fields and its onboarding workflow's dates. */
export async function shapeClient(
  db: Database,
  customerId: string,
  input: {
    customer?: Partial<typeof customers.$inferInsert>;
    workflow?: Partial<typeof clientOnboardingWorkflows.$inferInsert>;
  },
) {
  if (input.customer) await db.update(customers).set(input.customer).where(eq(customers.id, customerId));
  if (input.workflow) await db.update(clientOnboardingWorkflows).set(input.workflow).where(eq(clientOnboardingWorkflows.customerId, customerId));
}
