import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { BankReconciliation, ReconciliationPreview } from '../../../shared/contracts/bank-reconciliation';
import { type Cents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankAccounts, bankReconciliations, bankTransactions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationTimeZone, calendarDay, toOrganizationDay } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import {
  computePeriodFigures,
  findLastReconciliation,
  findUnclearedLines,
  toReconciliationDto,
  toUnmatchedLineDto,
} from './reconciliation.queries';

export interface Actor {
  organizationId: string;
  userId: string;
}

/** How many unmatched lines the preview lists; the count and sum cover all of them. */
const PREVIEW_LINES = 50;

/** The statement day as the organization's day; a day after its today is refused. */
async function statementDay(deps: AppDeps, db: Database, organizationId: string, throughDate: string): Promise<string> {
  const timeZone = await organizationTimeZone(db, organizationId);
  const day = toOrganizationDay(throughDate, timeZone);
  const today = calendarDay(deps.now(), timeZone);
  if (day > today) {
    throw new AppError('VALIDATION', 'The statement end date cannot be after today', { throughDate: 'The statement end date cannot be after today' });
  }
  return day;
}

/** The bank balance, the book balance and the difference for the period ending on the day. */
export async function previewReconciliation(
  deps: AppDeps,
  actor: Actor,
  bankAccountId: string,
  input: { throughDate: string; statementBalance: Cents },
): Promise<ReconciliationPreview> {
  const account = await findBankAccount(deps.db, { organizationId: actor.organizationId, id: bankAccountId });
  if (!account) throw notFound('Bank account');
  const scope = { organizationId: actor.organizationId, bankAccountId: account.id };
  const day = await statementDay(deps, deps.db, actor.organizationId, input.throughDate);
  const [figures, last] = await Promise.all([computePeriodFigures(deps.db, scope, day), findLastReconciliation(deps.db, scope)]);
  const lines = await findUnclearedLines(deps.db, scope, figures.opening, day, PREVIEW_LINES);
  return {
    bankAccountId: account.id,
    throughDate: day,
    statementBalance: toDecimal(input.statementBalance),
    bookBalance: toDecimal(figures.bookBalance),
    difference: toDecimal(input.statementBalance - figures.bookBalance),
    unmatchedCount: figures.unclearedCount,
    unmatchedAmount: toDecimal(figures.uncleared),
    unmatched: lines.map(toUnmatchedLineDto),
    lastReconciledThrough: last?.throughDate ?? null,
  };
}

/**
 * "Mark reconciled through <date>": records the period's figures and locks the cleared lines
 * through the day. The account row is locked first, so two reconciliations of one account run
 * one after the other and the second sees the first's day. A difference is allowed (the user
 * accepts it) and kept on the row.
 */
export async function reconcilePeriod(
  deps: AppDeps,
  actor: Actor,
  bankAccountId: string,
  input: { throughDate: string; statementBalance: Cents },
): Promise<BankReconciliation> {
  return deps.db.transaction(async (tx) => {
    const account = await findBankAccount(tx, { organizationId: actor.organizationId, id: bankAccountId, forUpdate: true });
    if (!account) throw notFound('Bank account');
    const scope = { organizationId: actor.organizationId, bankAccountId: account.id };
    const day = await statementDay(deps, tx, actor.organizationId, input.throughDate);
    const last = await findLastReconciliation(tx, scope);
    if (last && day <= last.throughDate) {
      const message = `This account is reconciled through ${last.throughDate}; choose a later statement end date`;
      throw new AppError('CONFLICT', message, { throughDate: message });
    }
    const figures = await computePeriodFigures(tx, scope, day);
    const difference = input.statementBalance - figures.bookBalance;
    const [row] = await tx
      .insert(bankReconciliations)
      .values({
        organizationId: actor.organizationId,
        bankAccountId: account.id,
        userId: actor.userId,
        throughDate: day,
        statementBalance: toDecimal(input.statementBalance),
        bookBalance: toDecimal(figures.bookBalance),
        difference: toDecimal(difference),
      })
      .returning();
    if (!row) throw new Error('reconciliation insert returned nothing');
    // Every cleared line through the day not locked yet, including older lines cleared late.
    const locked = await tx
      .update(bankTransactions)
      .set({ reconciliationId: row.id, updatedAt: deps.now() })
      .where(
        and(
          eq(bankTransactions.organizationId, actor.organizationId),
          eq(bankTransactions.bankAccountId, account.id),
          lte(bankTransactions.postedOn, day),
          inArray(bankTransactions.status, ['matched', 'excluded']),
          isNull(bankTransactions.reconciliationId),
        ),
      )
      .returning({ id: bankTransactions.id });
    const [stored] = await tx
      .update(bankReconciliations)
      .set({ linesLocked: locked.length })
      .where(eq(bankReconciliations.id, row.id))
      .returning();
    // A live feed reports a fresher balance than a typed-in statement; without one, the reconciled
    // statement balance is the account's known balance.
    if (!account.plaidAccountId) {
      await tx.update(bankAccounts).set({ balance: toDecimal(input.statementBalance), updatedAt: deps.now() }).where(eq(bankAccounts.id, account.id));
    }
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.reconciled',
      entityType: 'bank_account',
      entityId: account.id,
      details: {
        reconciliationId: row.id,
        throughDate: day,
        statementBalance: toDecimal(input.statementBalance),
        bookBalance: toDecimal(figures.bookBalance),
        difference: toDecimal(difference),
        linesLocked: locked.length,
      },
    });
    return toReconciliationDto(stored ?? row);
  });
}
