import { and, eq, inArray } from 'drizzle-orm';
import type { BankTransaction, BankTransactionMatch } from '../../../shared/contracts/bank-reconciliation';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { bankTransactionMatches, bankTransactions, bills, invoices } from '../../db/schema';
import { notFound } from '../../platform/errors';
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

/** The line as the API shows it, with what it was matched to in words. */
export async function toLineDto(db: Database, row: LineRow): Promise<BankTransaction> {
  const matches = await db.select().from(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, row.id));
  const invoiceIds = matches.flatMap((match) => (match.invoiceId ? [match.invoiceId] : []));
  const billIds = matches.flatMap((match) => (match.billId ? [match.billId] : []));
  const [invoiceRows, billRows] = await Promise.all([
    invoiceIds.length ? db.select({ id: invoices.id, label: invoices.invoiceNumber }).from(invoices).where(inArray(invoices.id, invoiceIds)) : [],
    billIds.length ? db.select({ id: bills.id, label: bills.billNumber }).from(bills).where(inArray(bills.id, billIds)) : [],
  ]);
  const labels = new Map([...invoiceRows, ...billRows].map((entry) => [entry.id, entry.label]));
  const dtoMatches: BankTransactionMatch[] = matches.map((match) => ({
    kind: match.kind,
    paymentId: match.paymentId,
    paymentRunId: match.paymentRunId,
    invoiceId: match.invoiceId,
    billId: match.billId,
    amount: toDecimal(centsFromDecimal(match.amount)),
    label: labels.get(match.invoiceId ?? match.billId ?? '') ?? (match.paymentRunId ? 'Payment run' : 'Payment'),
  }));
  const words = [...new Set(dtoMatches.map((match) => match.label))].join(', ');
  return {
    id: row.id,
    bankAccountId: row.bankAccountId,
    statementId: row.statementId,
    postedOn: row.postedOn,
    amount: toDecimal(centsFromDecimal(row.amount)),
    description: row.description,
    reference: row.reference,
    counterparty: row.counterparty,
    bankRef: row.bankRef,
    returnCode: row.returnCode,
    status: row.status,
    resolution: row.resolution,
    matchedTo: row.status === 'unmatched' ? null : words || null,
    matches: dtoMatches,
    locked: row.reconciliationId !== null,
    matchedAt: row.matchedAt?.toISOString() ?? null,
  };
}
