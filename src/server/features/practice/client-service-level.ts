import { eq } from 'drizzle-orm';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { serviceLevelUpdateSchema } from '../../../shared/contracts/portfolio';
import type { PartialBody } from '../../../shared/contracts/common';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { mergeUpdate } from '../../platform/partial-update';
import type { FirmActor } from './create-client';
import { findPracticeClient, toPracticeClient } from './practice.queries';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';

/**
 * Edit Service Level (spec 7): the client's service level, monthly fee and billing frequency, laid
 * over the stored ones and checked as a whole; the change and its audit row (before and after) in
 * one transaction, with the client's row locked.
 */
export async function updateServiceLevel(db: Database, actor: FirmActor, id: string, body: PartialBody, now: Date): Promise<PracticeClient> {
  return db.transaction(async (tx) => {
    const found = await findPracticeClient(tx, actor, id, { lock: true });
    if (!found) throw notFound('Client');
    const { customer, workflow } = found;
    const before = { serviceLevel: customer.serviceLevel, monthlyFee: customer.monthlyFee, billingFrequency: customer.billingFrequency };
    const input = mergeUpdate(serviceLevelUpdateSchema, { ...before, monthlyFee: customer.monthlyFee ?? undefined }, body);
    const after = { serviceLevel: input.serviceLevel, monthlyFee: toDecimal(input.monthlyFee), billingFrequency: input.billingFrequency };
    const [updated] = await tx
      .update(customers)
      .set({ ...after, updatedAt: now })
      .where(eq(customers.id, customer.id))
      .returning();
    if (!updated) throw notFound('Client');
    await syncPracticeFeeSchedule(tx, { organizationId: actor.firmId, userId: actor.userId }, customer.id, now);
    await writeAudit(tx, {
      organizationId: actor.firmId,
      userId: actor.userId,
      action: 'practice_client.service_level_changed',
      entityType: 'customer',
      entityId: customer.id,
      details: { before, after },
    });
    return toPracticeClient(updated, workflow);
  });
}
