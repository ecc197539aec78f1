import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Cents, centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { selectRows } from '../reports/report-sql';
import { customerCredits, customerOpenTotals } from '../../db/schema';

/**
 * A customer's balance (the customer's currentBalance, the portal's "Balance", a statement's
 * closing balance on today), derived in SQL and never kept as a counter (issue 31):
 *   open invoices' amounts due (sent and overdue: totalAmount - amountPaid, where amountPaid holds
 *   payments and credits applied) less unapplied credit (credit notes and overpayments not void:
 *   amount - amountApplied - amountRefunded).
 * `customerId` is the SQL of the customer's id (a column of the outer query, or a parameter);
 * `organizationId` a value or the placeholder of a prepared statement.
 */
export function openInvoicesDueSql(organizationId: string | Placeholder, customerId: SQL): SQL<string> {
  // The sum over the customer's open invoices, kept by triggers in customer_open_totals (migration
  // 0019, the same value in the same transaction): one row, however many invoices (issue 33).
  return sql<string>`(select coalesce(sum(${customerOpenTotals.openDue}), 0) from ${customerOpenTotals}
    where ${customerOpenTotals.organizationId} = ${organizationId} and ${customerOpenTotals.customerId} = ${customerId})`;
}

export function unappliedCreditSql(organizationId: string | Placeholder, customerId: SQL): SQL<string> {
  return sql<string>`(select coalesce(sum(${customerCredits.amount} - ${customerCredits.amountApplied} - ${customerCredits.amountRefunded}), 0)
    from ${customerCredits}
    where ${customerCredits.organizationId} = ${organizationId} and ${customerCredits.customerId} = ${customerId}
      and ${customerCredits.status} <> 'void')`;
}

/** The balance itself: openInvoicesDueSql - unappliedCreditSql (money as numeric). */
export function customerBalanceSql(organizationId: string | Placeholder, customerId: SQL): SQL<string> {
  return sql<string>`(${openInvoicesDueSql(organizationId, customerId)} - ${unappliedCreditSql(organizationId, customerId)})`;
}

export interface CustomerBalance {
  openInvoicesDue: Cents;
  unappliedCredit: Cents;
  balance: Cents;
}

/** One customer's balance and its two parts. */
export async function customerBalance(db: Database, organizationId: string, customerId: string): Promise<CustomerBalance> {
  const id = sql`${customerId}::uuid`;
  const [row] = await selectRows<{ open_due: string; unapplied: string }>(
    db,
    sql`select ${openInvoicesDueSql(organizationId, id)}::text as open_due, ${unappliedCreditSql(organizationId, id)}::text as unapplied`,
  );
  const openInvoicesDue = centsFromDecimal(row?.open_due ?? '0');
  const unappliedCredit = centsFromDecimal(row?.unapplied ?? '0');
  return { openInvoicesDue, unappliedCredit, balance: openInvoicesDue - unappliedCredit };
}
