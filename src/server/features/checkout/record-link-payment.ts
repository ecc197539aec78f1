import type { Cents } from '../../../shared/money';
import type { Database } from '../../db/client';

export interface LinkPayment {
  amount: Cents;
  paidAt: string;
  method: 'stripe';
  reference: string;
  stripePaymentIntentId: string;
}

/** Stand-in until the invoices feature's recordInvoicePayment lands. */
export async function recordLinkPayment(
  _db: Database,
  _auth: { organizationId: string; userId: string | null },
  _invoiceId: string,
  _payment: LinkPayment,
): Promise<void> {
  throw new Error('recordInvoicePayment is not available yet');
}
