import { and, eq } from 'drizzle-orm';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers, invoices, organizations } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { moneyIn } from '../invoices/invoice-rules';
import { customerBalance } from './customer-balance';

/** Invoice statuses the customer's balance counts (customer-balance.ts: open invoices). */
const COUNTED = new Set(['sent', 'overdue']);

export interface CustomerCreditPosition {
  customerId: string;
  /** customerBalance(): open invoices due less unapplied credit, and its two parts. */
  openInvoicesDue: string;
  unappliedCredit: string;
  balance: string;
  creditLimit: string | null;
  currency: string;
}

/** A customer's balance and credit limit (GET /api/customers/{id}/balance); null when not in the organization. */
export async function customerCreditPosition(db: Database, organizationId: string, customerId: string): Promise<CustomerCreditPosition | null> {
  if (!isUuid(customerId)) return null;
  const [row] = await db
    .select({ creditLimit: customers.creditLimit, currency: organizations.currency })
    .from(customers)
    .innerJoin(organizations, eq(organizations.id, customers.organizationId))
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .limit(1);
  if (!row) return null;
  const { openInvoicesDue, unappliedCredit, balance } = await customerBalance(db, organizationId, customerId);
  return {
    customerId,
    openInvoicesDue: toDecimal(openInvoicesDue),
    unappliedCredit: toDecimal(unappliedCredit),
    balance: toDecimal(balance),
    creditLimit: row.creditLimit,
    currency: row.currency,
  };
}

/**
 * The credit limit warning for an invoice just created or sent: the customer's balance
 * (customerBalance(), which counts the invoice itself only once it is sent) plus this invoice's
 * amount due when the balance does not count it yet, compared with the customer's creditLimit.
 * A warning, never a refusal: [] when there is no limit or the figure stays within it.
 */
export async function creditLimitWarnings(db: Database, organizationId: string, invoiceId: string): Promise<string[]> {
  const [row] = await db
    .select({
      customerId: invoices.customerId,
      customerName: customers.name,
      creditLimit: customers.creditLimit,
      status: invoices.status,
      totalAmount: invoices.totalAmount,
      amountPaid: invoices.amountPaid,
      currency: organizations.currency,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
    .limit(1);
  if (!row || row.creditLimit === null || row.status === 'cancelled' || row.status === 'paid') return [];
  const limit = centsFromDecimal(row.creditLimit);
  const { balance } = await customerBalance(db, organizationId, row.customerId);
  const due = centsFromDecimal(row.totalAmount) - centsFromDecimal(row.amountPaid);
  const after = COUNTED.has(row.status) ? balance : balance + due;
  if (after <= limit) return [];
  return [`This invoice takes ${row.customerName} to ${moneyIn(row.currency, after)}, over its credit limit of ${moneyIn(row.currency, limit)}.`];
}
