import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { BankTransaction } from '../../../shared/contracts/bank-reconciliation';
import type { Role } from '../../../shared/contracts/common';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankTransactionMatches, bankTransactions, bills, payments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../invoices/invoice-rules';
import { removeInvoicePaymentIn, restoreInvoicePaymentIn } from '../invoices/record-invoice-payment';
import { type LineRow, type MatchRow, findLine, lockLine, toLineDto } from './bank-lines';
import { assertLineUnlocked } from './locks';

async function lockBill(tx: Database, organizationId: string, billId: string) {
  const [bill] = await tx.select().from(bills).where(and(eq(bills.organizationId, organizationId), eq(bills.id, billId))).for('update');
  return bill ?? null;
}

/** A bill payment this line recorded: removed, and the bill no longer paid unless other payments cover it. */
async function removeBillPayment(tx: Database, actor: Actor, match: MatchRow, now: Date): Promise<void> {
  if (!match.paymentId || !match.billId) return;
  const bill = await lockBill(tx, actor.organizationId, match.billId);
  await tx.delete(payments).where(and(eq(payments.organizationId, actor.organizationId), eq(payments.id, match.paymentId)));
  await writeAudit(tx, { ...actor, action: 'payment.removed', entityType: 'payment', entityId: match.paymentId, details: { billId: match.billId, amount: match.amount, reason: 'bank line unmatched' } });
  if (!bill) return;
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.type, 'bill_payment'), eq(payments.referenceId, bill.id), eq(payments.status, 'completed')));
  if (bill.status === 'paid' && centsFromDecimal(paid?.total ?? '0') < centsFromDecimal(bill.totalAmount)) {
    await tx.update(bills).set({ status: 'received', paidAt: null, updatedAt: now }).where(eq(bills.id, bill.id));
    await writeAudit(tx, { ...actor, action: 'bill.reopened', entityType: 'bill', entityId: bill.id, details: { from: 'paid', to: 'received', reason: 'bank line unmatched' } });
  }
}

/**
 * A scheduled payment this line settled: back to sent when its ACH file had been exported, else
 * processing (the bank's settlement not yet seen; the scheduler claims neither, so it does not
 * settle it again on its own unless its ACH profile counts settlement days), and its bill back
 * to scheduled.
 */
async function unsettle(tx: Database, actor: Actor, match: MatchRow, now: Date): Promise<void> {
  if (!match.paymentId || !match.billId) return;
  const bill = await lockBill(tx, actor.organizationId, match.billId);
  await tx
    .update(payments)
    .set({ status: sql`case when ${payments.sentAt} is null then 'processing' else 'sent' end`, processedAt: null })
    .where(eq(payments.id, match.paymentId));
  if (bill?.status === 'paid') {
    await tx.update(bills).set({ status: 'scheduled', paidAt: null, updatedAt: now }).where(eq(bills.id, bill.id));
  }
  await writeAudit(tx, { ...actor, action: 'payment.uncompleted', entityType: 'payment', entityId: match.paymentId, details: { billId: match.billId, amount: match.amount, reason: 'bank line unmatched' } });
}

/** A payment an ACH return failed: completed again, its bill (or invoice) paid again. */
async function restoreReturned(tx: Database, actor: Actor, match: MatchRow, now: Date): Promise<void> {
  if (!match.paymentId) return;
  if (match.invoiceId) return restoreInvoicePaymentIn(tx, actor, match.paymentId, now);
  const [payment] = await tx.select().from(payments).where(and(eq(payments.organizationId, actor.organizationId), eq(payments.id, match.paymentId))).for('update');
  if (!payment) return;
  const bill = match.billId ? await lockBill(tx, actor.organizationId, match.billId) : null;
  await tx.update(payments).set({ status: 'completed', failureReason: null }).where(eq(payments.id, payment.id));
  if (bill && bill.status !== 'paid') {
    await tx.update(bills).set({ status: 'paid', paidAt: payment.processedAt ?? now, updatedAt: now }).where(eq(bills.id, bill.id));
  }
  await writeAudit(tx, { ...actor, action: 'payment.return_undone', entityType: 'payment', entityId: payment.id, details: { previousFailureReason: payment.failureReason, billId: match.billId } });
}

async function undoMatch(tx: Database, actor: Actor, line: LineRow, match: MatchRow, now: Date): Promise<void> {
  if (match.kind === 'ach_return') return restoreReturned(tx, actor, match, now);
  if (!match.createdPayment || !match.paymentId) return;
  if (match.kind === 'invoice_payment') return removeInvoicePaymentIn(tx, actor, match.paymentId, now, 'bank line unmatched');
  if (match.kind === 'bill_payment' && (line.resolution === 'created_bill_payment' || line.resolution === 'created_expense')) {
    return removeBillPayment(tx, actor, match, now);
  }
  return unsettle(tx, actor, match, now);
}

/**
 * DELETE /api/bank-transactions/{id}/match: puts the line back to unmatched and undoes what
 * matching it did (payments it recorded removed through the invoice service, run payments it
 * settled unsettled, a returned payment restored, an expense bill it created deleted), in one
 * transaction. A line a reconciliation locked needs the owner, and the audit row says so.
 */
export async function unmatchBankTransaction(
  deps: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor & { role: Role },
  lineId: string,
): Promise<BankTransaction> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const line = await lockLine(tx, actor.organizationId, lineId);
    if (line.status === 'unmatched') throw new AppError('CONFLICT', 'This line is not matched');
    await assertLineUnlocked(tx, actor, line, 'unmatch');
    const matches = await tx.select().from(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, line.id)).orderBy(asc(bankTransactionMatches.id));
    const { organizationId, userId } = actor;
    for (const match of matches) await undoMatch(tx, { organizationId, userId }, line, match, now);
    await tx.delete(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, line.id));
    if (line.resolution === 'created_expense') {
      for (const match of matches) {
        if (match.billId) await tx.delete(bills).where(and(eq(bills.organizationId, organizationId), eq(bills.id, match.billId), ne(bills.status, 'scheduled')));
        if (match.billId) await writeAudit(tx, { organizationId, userId, action: 'bill.deleted', entityType: 'bill', entityId: match.billId, details: { reason: 'expense from a bank line undone' } });
      }
    }
    await tx
      .update(bankTransactions)
      .set({ status: 'unmatched', resolution: null, matchedBy: null, matchedAt: null, reconciliationId: null, updatedAt: now })
      .where(eq(bankTransactions.id, line.id));
    await writeAudit(tx, {
      organizationId,
      userId,
      action: 'bank_transaction.unmatched',
      entityType: 'bank_transaction',
      entityId: line.id,
      details: {
        from: line.status,
        resolution: line.resolution,
        amount: line.amount,
        matches: matches.length,
        locked: line.reconciliationId !== null,
        ...(line.reconciliationId ? { reconciliationId: line.reconciliationId, note: 'the line was in a reconciled period' } : {}),
      },
    });
  });
  return toLineDto(deps.db, await findLine(deps.db, actor.organizationId, lineId));
}
