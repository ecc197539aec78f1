import { eq } from 'drizzle-orm';
import type { CostSettings } from '../../../shared/contracts/analytics';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { analyticsCostSettings } from '../../db/schema';
import { writeAudit } from '../../platform/audit';

/** The firm's costs as the profitability score uses them: minutes per item and the hourly rate in cents. */
export interface Costs {
  documentMinutes: number;
  invoiceMinutes: number;
  billMinutes: number;
  approvalMinutes: number;
  exceptionMinutes: number;
  hourlyRate: Cents;
}

/**
 * Defaults for a firm that has not set its own: reading a document the reader extracted and
 * checking it, 3 minutes; an invoice issued, 5; a bill entered and coded, 6; an approval decided,
 * 2; an exception (a rejected bill, a failed payment) chased and resolved, 15; time priced at
 * 60.00 an hour.
 */
export const DEFAULT_COSTS: Costs = {
  documentMinutes: 3,
  invoiceMinutes: 5,
  billMinutes: 6,
  approvalMinutes: 2,
  exceptionMinutes: 15,
  hourlyRate: 6_000,
};

export async function loadCosts(db: Database, firmId: string): Promise<Costs & { isDefault: boolean }> {
  const [row] = await db.select().from(analyticsCostSettings).where(eq(analyticsCostSettings.organizationId, firmId));
  if (!row) return { ...DEFAULT_COSTS, isDefault: true };
  return {
    documentMinutes: row.documentMinutes,
    invoiceMinutes: row.invoiceMinutes,
    billMinutes: row.billMinutes,
    approvalMinutes: row.approvalMinutes,
    exceptionMinutes: row.exceptionMinutes,
    hourlyRate: centsFromDecimal(row.hourlyRate),
    isDefault: false,
  };
}

export function toCostSettings(costs: Costs & { isDefault: boolean }): CostSettings {
  return { ...costs, hourlyRate: toDecimal(costs.hourlyRate) };
}

/** Owners and admins change the firm's costs; the change (before and after) is audited in the same transaction. */
export async function saveCosts(db: Database, actor: { firmId: string; userId: string }, costs: Costs, now: Date): Promise<CostSettings> {
  const values = { ...costs, hourlyRate: toDecimal(costs.hourlyRate), updatedAt: now };
  return db.transaction(async (tx) => {
    const before = toCostSettings(await loadCosts(tx, actor.firmId));
    await tx
      .insert(analyticsCostSettings)
      .values({ organizationId: actor.firmId, ...values })
      .onConflictDoUpdate({ target: analyticsCostSettings.organizationId, set: values });
    const after = toCostSettings({ ...costs, isDefault: false });
    await writeAudit(tx, {
      organizationId: actor.firmId,
      userId: actor.userId,
      action: 'analytics_costs.updated',
      entityType: 'organization',
      entityId: actor.firmId,
      details: { before, after },
    });
    return after;
  });
}
