import { and, eq } from 'drizzle-orm';
import { recurringInvoiceInputSchema } from '../../../shared/contracts/recurring-invoices';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import { asBillingFrequency, billedFee, billingPeriodLabels } from '../../../shared/practice-fees';
import type { Database } from '../../db/client';
import { customers, recurringInvoices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationToday } from '../../platform/calendar';
import type { Actor } from '../invoices/invoice-rules';
import { applyScheduleUpdate, insertRecurringInvoice } from './recurring-invoices.service';

/** "net_30" -> "Net 30", "due_on_receipt" -> "Due on receipt": the client's terms as an invoice shows them. */
export function invoiceTermsOf(clientTerms: string | null): string {
  if (!clientTerms) return 'Net 30';
  const net = /^net_(\d+)$/.exec(clientTerms);
  if (net) return `Net ${net[1]}`;
  if (clientTerms === 'due_on_receipt') return 'Due on receipt';
  return clientTerms;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Issue 12 item 2, the firm bills its clients: inside the transaction that adds a practice client
 * or changes its service level, fee, billing frequency or status, keeps its practice_fee schedule in
 * the firm's books in step. An active client with a monthly fee is billed each period the fee for
 * the period's months less the frequency's discount (billedFee); a deactivated client, or one
 * without a fee, has its schedule paused.
 */
export async function syncPracticeFeeSchedule(tx: Database, actor: Actor, customerId: string, now: Date): Promise<void> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, actor.organizationId), eq(customers.id, customerId)))
    .limit(1);
  if (!customer?.clientOrganizationId) return;
  const [existing] = await tx
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.organizationId, actor.organizationId), eq(recurringInvoices.customerId, customerId), eq(recurringInvoices.kind, 'practice_fee')))
    .for('update');
  const monthlyFee = customer.monthlyFee ? centsFromDecimal(customer.monthlyFee) : 0;
  if (!customer.isActive || monthlyFee <= 0) {
    if (existing?.status !== 'active') return;
    await tx.update(recurringInvoices).set({ status: 'paused', updatedAt: now }).where(eq(recurringInvoices.id, existing.id));
    await writeAudit(tx, {
      ...actor,
      action: 'recurring_invoice.paused',
      entityType: 'recurring_invoice',
      entityId: existing.id,
      details: { kind: 'practice_fee', reason: customer.isActive ? 'no monthly fee' : 'client deactivated' },
    });
    return;
  }
  const frequency = asBillingFrequency(customer.billingFrequency);
  const level = capitalized(customer.serviceLevel ?? 'standard');
  const fields = {
    frequency,
    status: 'active',
    paymentTerms: invoiceTermsOf(customer.paymentTerms),
    items: [{ description: `${level} service, ${billingPeriodLabels[frequency]}`, quantity: '1', unitPrice: toDecimal(billedFee(monthlyFee, frequency)) }],
  };
  if (existing) {
    await applyScheduleUpdate(tx, actor, existing, fields, now);
    return;
  }
  const startDate = await organizationToday(tx, actor.organizationId, now);
  const input = recurringInvoiceInputSchema.parse({ customerId, startDate, ...fields });
  await insertRecurringInvoice(tx, actor, input, now, 'practice_fee');
}
