import { and, count, eq } from 'drizzle-orm';
import type { PracticeClient } from '../../../shared/contracts/practice';
import type { Database } from '../../db/client';
import { bills, customers, documents, invoices, organizations, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/storage';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import { type FirmActor, planLimitError } from './create-client';
import { countActiveClients, findPracticeClient, toPracticeClient } from './practice.queries';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';

/** Deleting, deactivating and reactivating clients, and managing who may open them, is for the firm's owners and admins. */
export function requireFirmWide(actor: FirmActor, what: string): void {
  if (!FIRM_WIDE_ROLES.includes(actor.role)) throw new AppError('FORBIDDEN', `Only the firm's owners and admins can ${what}`);
}

async function lockFirm(tx: Database, firmId: string) {
  const [firm] = await tx.select().from(organizations).where(eq(organizations.id, firmId)).for('update').limit(1);
  if (!firm) throw notFound('Accounting firm');
  return firm;
}

/**
 * Deactivates or reactivates a client: the firm's customer row (deactivatedAt) and the client's
 * workspace, which then cannot be opened (findSession sends anyone inside it home). A deactivated
 * client frees its place in the plan; reactivating needs a free place again. The firm row is locked
 * first, as when a client is added, so two reactivations cannot both take the last place.
 */
export async function setClientStatus(db: Database, actor: FirmActor, id: string, isActive: boolean, now: Date): Promise<PracticeClient> {
  requireFirmWide(actor, 'deactivate or reactivate clients');
  return db.transaction(async (tx) => {
    const firm = await lockFirm(tx, actor.firmId);
    const found = await findPracticeClient(tx, actor, id, { lock: true });
    if (!found) throw notFound('Client');
    const { customer, workflow } = found;
    if (customer.isActive === isActive) return toPracticeClient(customer, workflow);
    if (isActive && (await countActiveClients(tx, firm.id)) >= firm.maxClients) throw planLimitError(firm.subscriptionPlan, firm.maxClients);
    const [updated] = await tx
      .update(customers)
      .set({ isActive, deactivatedAt: isActive ? null : now, updatedAt: now })
      .where(eq(customers.id, customer.id))
      .returning();
    if (!updated) throw notFound('Client');
    await syncPracticeFeeSchedule(tx, { organizationId: firm.id, userId: actor.userId }, customer.id, now);
    if (customer.clientOrganizationId) {
      await tx.update(organizations).set({ isActive, updatedAt: now }).where(eq(organizations.id, customer.clientOrganizationId));
    }
    await writeAudit(tx, {
      organizationId: firm.id,
      userId: actor.userId,
      action: isActive ? 'practice_client.reactivated' : 'practice_client.deactivated',
      entityType: 'customer',
      entityId: customer.id,
      details: { before: { isActive: customer.isActive }, after: { isActive }, workspaceId: customer.clientOrganizationId },
    });
    return toPracticeClient(updated, workflow);
  });
}

const deactivateInstead = (reason: string) => new AppError('CONFLICT', `${reason}. Deactivate the client instead.`);

/**
 * Removes a client added by mistake: the firm's customer row (its onboarding, documents list and
 * messages go with it) and the client's workspace with everything in it, in one transaction with
 * the audit row. A client with books is never deleted (409, deactivate instead): invoices from the
 * firm, invoices or bills in its workspace, or people of its own there. The workspace row is locked
 * first, so an invoice or bill being added there (which takes a key-share lock on it) either
 * finishes before the check or fails after the delete.
 */
export async function deletePracticeClient(db: Database, store: FileStore, actor: FirmActor, id: string): Promise<void> {
  requireFirmWide(actor, 'delete clients');
  const storageKeys = await db.transaction(async (tx) => {
    const found = await findPracticeClient(tx, actor, id, { lock: true });
    if (!found) throw notFound('Client');
    const { customer } = found;
    const workspaceId = customer.clientOrganizationId;
    if (workspaceId) await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, workspaceId)).for('update');
    const howMany = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    if ((await howMany(tx.select({ n: count() }).from(invoices).where(and(eq(invoices.organizationId, actor.firmId), eq(invoices.customerId, customer.id))))) > 0) {
      throw deactivateInstead('Your practice has invoiced this client');
    }
    let keys: string[] = [];
    if (workspaceId) {
      if ((await howMany(tx.select({ n: count() }).from(invoices).where(eq(invoices.organizationId, workspaceId)))) > 0) {
        throw deactivateInstead("The client's workspace has invoices");
      }
      if ((await howMany(tx.select({ n: count() }).from(bills).where(eq(bills.organizationId, workspaceId)))) > 0) {
        throw deactivateInstead("The client's workspace has bills");
      }
      if ((await howMany(tx.select({ n: count() }).from(users).where(eq(users.organizationId, workspaceId)))) > 0) {
        throw deactivateInstead("The client's workspace has users of its own");
      }
      keys = (await tx.select({ key: documents.storageKey }).from(documents).where(eq(documents.organizationId, workspaceId))).map((row) => row.key);
    }
    await tx.delete(customers).where(eq(customers.id, customer.id));
    if (workspaceId) await tx.delete(organizations).where(eq(organizations.id, workspaceId));
    await writeAudit(tx, {
      organizationId: actor.firmId,
      userId: actor.userId,
      action: 'practice_client.deleted',
      entityType: 'customer',
      entityId: customer.id,
      details: { name: customer.name, email: customer.email, workspaceId },
    });
    return keys;
  });
  // The files go once the rows are gone; a file left behind by a crash here is never served.
  for (const key of storageKeys) await store.delete(key);
}
