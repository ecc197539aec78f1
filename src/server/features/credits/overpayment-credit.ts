import { type Cents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customerCredits } from '../../db/schema';
import { writeAudit } from '../../platform/audit';

export interface OverpaymentCredit {
  organizationId: string;
  customerId: string;
  /** The invoice the payment was for (the one overpaid), if any. */
  invoiceId: string | null;
  /** The payment row whose amount is the whole sum received. One credit per payment (unique). */
  paymentId: string;
  /** The excess: what the payment brought above what its invoices were due. */
  amount: Cents;
  /** The organization's day the money arrived. */
  issueDate: string;
  userId: string | null;
  reason?: string;
  /** The organization's currency: the amount's minor unit (default USD). */
  currency?: string;
}

/**
 * Keeps the part of a payment above what was due as unapplied credit on the customer (issue 31),
 * inside the caller's transaction. Used by recording a payment, by a bank deposit larger than the
 * invoices it pays, and by a portal payment whose invoices were paid meanwhile.
 */
export async function addOverpaymentCredit(tx: Database, credit: OverpaymentCredit): Promise<string | null> {
  if (credit.amount <= 0) return null;
  const amount = toDecimal(credit.amount, credit.currency);
  const [row] = await tx
    .insert(customerCredits)
    .values({
      organizationId: credit.organizationId,
      customerId: credit.customerId,
      kind: 'overpayment',
      invoiceId: credit.invoiceId,
      paymentId: credit.paymentId,
      issueDate: credit.issueDate,
      subtotal: amount,
      amount,
      reason: credit.reason ?? 'Overpayment',
      userId: credit.userId,
    })
    .returning({ id: customerCredits.id });
  if (!row) return null;
  await writeAudit(tx, {
    organizationId: credit.organizationId,
    userId: credit.userId,
    action: 'customer_credit.overpayment',
    entityType: 'customer',
    entityId: credit.customerId,
    details: { creditId: row.id, paymentId: credit.paymentId, invoiceId: credit.invoiceId, amount },
  });
  return row.id;
}
