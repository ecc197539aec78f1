import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '../../../shared/money';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, payments } from '../../db/schema';

/**
 * What a bill costs to pay (issue 31): its total less the vendor credits applied to it and what
 * an e-invoice says was prepaid (BT-113, issue 36), totalAmount - amountCredited - prepaidAmount. A paid bill's amount due is 0. Every place that pays a bill or
 * shows what is owed on bills uses this, less the money already paid or on its way
 * (billMoneyPaid) where a bill may be paid in parts.
 */
export const billAmountDueSql = () =>
  sql<string>`(case when ${bills.status} = 'paid' then 0 else ${bills.totalAmount} - ${bills.amountCredited} - ${bills.prepaidAmount} end)::numeric(14,2)`;

/** The same figure from a bill row in Node. */
export function billNetCents(bill: { totalAmount: string; amountCredited: string; prepaidAmount: string }): Cents {
  return centsFromDecimal(bill.totalAmount) - centsFromDecimal(bill.amountCredited) - centsFromDecimal(bill.prepaidAmount);
}

/**
 * Money paid or on its way per bill: its bill payments pending, processing or completed (a
 * failed or cancelled payment pays nothing). Bills without any are left out of the map.
 */
export async function billMoneyPaid(db: Database, organizationId: string, billIds: string[]): Promise<Map<string, Cents>> {
  if (billIds.length === 0) return new Map();
  const rows = await db
    .select({ billId: payments.referenceId, paid: sql<string>`sum(${payments.amount})::text` })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.type, 'bill_payment'),
        inArray(payments.referenceId, billIds),
        inArray(payments.status, ['pending', 'processing', 'sent', 'completed']),
      ),
    )
    .groupBy(payments.referenceId);
  return new Map(rows.map((row) => [row.billId, centsFromDecimal(row.paid)]));
}

/** What is left to pay on each bill: billNetCents less billMoneyPaid. */
export function billStillOwed(bill: { id: string; totalAmount: string; amountCredited: string; prepaidAmount: string }, paid: Map<string, Cents>): Cents {
  return billNetCents(bill) - (paid.get(bill.id) ?? 0);
}
