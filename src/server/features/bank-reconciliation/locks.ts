import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Role } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { bankTransactionMatches, bankTransactions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';

/**
 * A reconciled period is closed: the lines "Mark reconciled through" locked, and the payments
 * matched to them, change only by an owner, and every such change is audited (issue 30 item 4).
 * Every path that refunds, fails, deletes or unmatches a payment, or unmatches a line, calls one of
 * these inside its own transaction, before the change.
 */
export interface LockActor {
  organizationId: string;
  /** null for the system (a scheduler): it never changes a locked payment. */
  userId: string | null;
  role: Role | null;
}

export const LOCKED_MESSAGE = 'This payment is in a reconciled period; only an owner can change it';
export const LOCKED_LINE_MESSAGE = 'This bank line is in a reconciled period; only an owner can change it';

/** The reconciliation ids locking each of the payments (a payment absent from the map is not locked). */
export async function findPaymentLocks(tx: Database, organizationId: string, paymentIds: readonly string[]): Promise<Map<string, string>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await tx
    .select({ paymentId: bankTransactionMatches.paymentId, reconciliationId: bankTransactions.reconciliationId })
    .from(bankTransactionMatches)
    .innerJoin(bankTransactions, eq(bankTransactions.id, bankTransactionMatches.bankTransactionId))
    .where(
      and(
        eq(bankTransactionMatches.organizationId, organizationId),
        inArray(bankTransactionMatches.paymentId, [...paymentIds]),
        isNotNull(bankTransactions.reconciliationId),
      ),
    );
  const locks = new Map<string, string>();
  for (const row of rows) if (row.paymentId && row.reconciliationId) locks.set(row.paymentId, row.reconciliationId);
  return locks;
}

/**
 * Refuses (403) a change to a payment matched to a locked line unless the actor is the owner; for
 * an owner, writes the override's audit row. `change` names what is done ("refund", "fail",
 * "delete", "unmatch"). Call it inside the transaction that makes the change.
 */
export async function assertPaymentUnlocked(tx: Database, actor: LockActor, paymentId: string, change: string): Promise<void> {
  const locks = await findPaymentLocks(tx, actor.organizationId, [paymentId]);
  const reconciliationId = locks.get(paymentId);
  if (!reconciliationId) return;
  if (actor.role !== 'owner' || !actor.userId) throw new AppError('FORBIDDEN', LOCKED_MESSAGE);
  await writeAudit(tx, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: 'payment.locked_change',
    entityType: 'payment',
    entityId: paymentId,
    details: { change, reconciliationId },
  });
}

/** The same for a bank line (unmatch, un-exclude): its reconciliationId is the lock. */
export async function assertLineUnlocked(
  tx: Database,
  actor: LockActor,
  line: { id: string; reconciliationId: string | null },
  change: string,
): Promise<void> {
  if (!line.reconciliationId) return;
  if (actor.role !== 'owner' || !actor.userId) throw new AppError('FORBIDDEN', LOCKED_LINE_MESSAGE);
  await writeAudit(tx, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: 'bank_transaction.locked_change',
    entityType: 'bank_transaction',
    entityId: line.id,
    details: { change, reconciliationId: line.reconciliationId },
  });
}
