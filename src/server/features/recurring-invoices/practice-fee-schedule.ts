import { and, eq } from 'drizzle-orm';
import { recurringInvoiceInputSchema } from '../../../shared/contracts/recurring-invoices';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import { asBillingFrequency, billedFee, billingPeriodLabels, notBilledBecause } from '../../../shared/practice-fees';
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
 * Issue 29 item 2, the firm bills its clients as agreed (docs/decisions/0010): inside the
 * transaction that activates a practice client or changes its service level, fee, billing
 * frequency, terms or status, keeps its practice_fee schedule in the firm's books in step.
 * A client is billed from activation: each period, the fee for the period's months less the
 * frequency's discount (billedFee). Nothing is billed while it is pending or onboarding (no
 * schedule); deactivation pauses the schedule. A change to an active schedule applies from the next
 * period: its next run date is kept (a new frequency counts from it) and the invoices already made
 * stay as they are. A paused schedule resumes at its first run day from today on: the gap while
 * the client was deactivated is not billed.
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
  const reason = notBilledBecause(customer);
  if (reason !== null) {
    if (existing?.status !== 'active') return;
    await tx.update(recurringInvoices).set({ status: 'paused', updatedAt: now }).where(eq(recurringInvoices.id, existing.id));
    await writeAudit(tx, {
      ...actor,
      action: 'recurring_invoice.paused',
      entityType: 'recurring_invoice',
      entityId: existing.id,
      details: { kind: 'practice_fee', reason },
    });
    return;
  }
  const monthlyFee = centsFromDecimal(customer.monthlyFee ?? '0');
  const frequency = asBillingFrequency(customer.billingFrequency);
  const level = capitalized(customer.serviceLevel ?? 'standard');
  const fields = {
    frequency,
    status: 'active',
    paymentTerms: invoiceTermsOf(customer.paymentTerms),
    items: [{ description: `${level} service, ${billingPeriodLabels[frequency]}`, quantity: '1', unitPrice: toDecimal(billedFee(monthlyFee, frequency)) }],
  };
  if (existing) {
    // A new frequency on a running schedule starts with the period already due next, not from the old start.
    const rebase = existing.status === 'active' && existing.nextRunDate !== null && existing.frequency !== frequency ? { startDate: existing.nextRunDate } : {};
    await applyScheduleUpdate(tx, actor, existing, { ...fields, ...rebase }, now);
    return;
  }
  const startDate = await organizationToday(tx, actor.organizationId, now);
  const input = recurringInvoiceInputSchema.parse({ customerId, startDate, ...fields });
  await insertRecurringInvoice(tx, actor, input, now, 'practice_fee');
}
