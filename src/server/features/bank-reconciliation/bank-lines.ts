import { and, eq } from 'drizzle-orm';
import type { BankTransaction } from '../../../shared/contracts/bank-reconciliation';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { type bankTransactionMatches, bankTransactions } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { toBankTransactionDtos } from './bank-transactions.queries';
import type { MatchLine } from './scoring';

export type LineRow = typeof bankTransactions.$inferSelect;
export type MatchRow = typeof bankTransactionMatches.$inferSelect;

/** The line, locked for the change that follows; another workspace's line is a 404. */
export async function lockLine(tx: Database, organizationId: string, id: string): Promise<LineRow> {
  if (!isUuid(id)) throw notFound('Bank transaction');
  const [row] = await tx
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.organizationId, organizationId), eq(bankTransactions.id, id)))
    .for('update');
  if (!row) throw notFound('Bank transaction');
  return row;
}

export async function findLine(db: Database, organizationId: string, id: string): Promise<LineRow> {
  if (!isUuid(id)) throw notFound('Bank transaction');
  const [row] = await db
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.organizationId, organizationId), eq(bankTransactions.id, id)));
  if (!row) throw notFound('Bank transaction');
  return row;
}

export function toMatchLine(row: LineRow): MatchLine {
  return {
    id: row.id,
    postedOn: row.postedOn,
    amount: centsFromDecimal(row.amount),
    description: row.description,
    reference: row.reference,
    counterparty: row.counterparty,
    returnCode: row.returnCode,
    ruleId: row.ruleId,
  };
}

/** The line as the API shows it: the one mapping every bank screen uses (bank-transactions.queries). */
export async function toLineDto(db: Database, row: LineRow): Promise<BankTransaction> {
  const [dto] = await toBankTransactionDtos(db, row.organizationId, [row]);
  if (!dto) throw new Error('a line maps to one DTO');
  return dto;
}
