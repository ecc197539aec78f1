import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { autopayCharges } from '../../db/schema';

/** The reason of each invoice's last autopay attempt when it failed (the invoice shows it), by invoice id. */
export async function autopayFailures(db: Database, organizationId: string, invoiceIds: readonly string[]): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  if (invoiceIds.length === 0) return failures;
  const rows = await db
    .selectDistinctOn([autopayCharges.invoiceId], { invoiceId: autopayCharges.invoiceId, status: autopayCharges.status, reason: autopayCharges.failureReason, attempt: autopayCharges.attempt, chargeDate: autopayCharges.chargeDate })
    .from(autopayCharges)
    .where(and(eq(autopayCharges.organizationId, organizationId), inArray(autopayCharges.invoiceId, [...invoiceIds])))
    .orderBy(autopayCharges.invoiceId, desc(autopayCharges.attempt));
  for (const row of rows) {
    if (row.status === 'failed') failures.set(row.invoiceId, `Autopay on ${row.chargeDate} failed: ${row.reason ?? 'the payment was refused'}`);
  }
  return failures;
}
