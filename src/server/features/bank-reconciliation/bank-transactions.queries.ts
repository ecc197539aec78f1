import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  type BankMatchKind,
  type BankTransaction,
  type BankTransactionMatch,
  type BankTransactionStatus,
  type BankTransactionsPage,
  bankTransactionStatuses,
} from '../../../shared/contracts/bank-reconciliation';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { likePattern } from '../../db/query-helpers';
import { bankTransactionMatches, bankTransactions, bills, invoices, paymentRuns } from '../../db/schema';

export type BankTransactionRow = typeof bankTransactions.$inferSelect;

/**
 * One page of an account's lines, newest first, with the counts per status and the unmatched
 * sum for the tabs; filtering and paging happen in SQL.
 */
export async function findBankTransactions(
  db: Database,
  params: {
    organizationId: string;
    bankAccountId: string;
    status?: BankTransactionStatus | undefined;
    search?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<BankTransactionsPage> {
  const scope: SQL[] = [eq(bankTransactions.organizationId, params.organizationId), eq(bankTransactions.bankAccountId, params.bankAccountId)];
  if (params.search) {
    const pattern = likePattern(params.search);
    const match = or(ilike(bankTransactions.description, pattern), ilike(bankTransactions.reference, pattern), ilike(bankTransactions.counterparty, pattern));
    if (match) scope.push(match);
  }
  const filtered = params.status ? [...scope, eq(bankTransactions.status, params.status)] : scope;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bankTransactions)
      .where(and(...filtered))
      .orderBy(desc(bankTransactions.postedOn), desc(bankTransactions.createdAt), desc(bankTransactions.id))
      .limit(params.limit)
      .offset(params.offset),
    db
      .select({
        status: bankTransactions.status,
        n: count(),
        sum: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)::text`,
      })
      .from(bankTransactions)
      .where(and(...scope))
      .groupBy(bankTransactions.status),
  ]);
  const counts = Object.fromEntries(bankTransactionStatuses.map((status) => [status, 0])) as Record<BankTransactionStatus, number>;
  let unmatchedAmount = '0.00';
  for (const row of totals) {
    counts[row.status] = row.n;
    if (row.status === 'unmatched') unmatchedAmount = toDecimal(centsFromDecimal(row.sum));
  }
  return {
    data: await toBankTransactionDtos(db, params.organizationId, rows),
    total: params.status ? counts[params.status] : Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
    unmatchedAmount,
  };
}

const runLabel = (scheduledDate: string) => `Payment run of ${scheduledDate}`;

/**
 * Lines as the API shows them, with what each is matched to in words: one query for the matches
 * and one each for the invoice, bill and run labels, whatever the page size. Shared by the import,
 * matching and reconciliation screens so a line reads the same everywhere.
 */
export async function toBankTransactionDtos(db: Database, organizationId: string, rows: readonly BankTransactionRow[]): Promise<BankTransaction[]> {
  const ids = rows.map((row) => row.id);
  const matches =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(bankTransactionMatches)
          .where(and(eq(bankTransactionMatches.organizationId, organizationId), inArray(bankTransactionMatches.bankTransactionId, ids)));
  const invoiceIds = unique(matches.map((match) => match.invoiceId));
  const billIds = unique(matches.map((match) => match.billId));
  const runIds = unique(matches.map((match) => match.paymentRunId));
  const [invoiceRows, billRows, runRows] = await Promise.all([
    invoiceIds.length
      ? db.select({ id: invoices.id, label: invoices.invoiceNumber }).from(invoices).where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, invoiceIds)))
      : [],
    billIds.length
      ? db.select({ id: bills.id, label: bills.billNumber }).from(bills).where(and(eq(bills.organizationId, organizationId), inArray(bills.id, billIds)))
      : [],
    runIds.length
      ? db
          .select({ id: paymentRuns.id, scheduledDate: paymentRuns.scheduledDate })
          .from(paymentRuns)
          .where(and(eq(paymentRuns.organizationId, organizationId), inArray(paymentRuns.id, runIds)))
      : [],
  ]);
  const invoiceLabels = new Map(invoiceRows.map((row) => [row.id, row.label]));
  const billLabels = new Map(billRows.map((row) => [row.id, `Bill ${row.label}`]));
  const runLabels = new Map(runRows.map((row) => [row.id, runLabel(row.scheduledDate)]));
  const byLine = new Map<string, BankTransactionMatch[]>();
  for (const match of matches) {
    const label = labelOf(match.kind, match, invoiceLabels, billLabels, runLabels);
    const list = byLine.get(match.bankTransactionId) ?? [];
    list.push({
      kind: match.kind,
      paymentId: match.paymentId,
      paymentRunId: match.paymentRunId,
      invoiceId: match.invoiceId,
      billId: match.billId,
      amount: match.amount,
      label,
    });
    byLine.set(match.bankTransactionId, list);
  }
  return rows.map((row) => {
    const lineMatches = byLine.get(row.id) ?? [];
    return {
      id: row.id,
      bankAccountId: row.bankAccountId,
      statementId: row.statementId,
      postedOn: row.postedOn,
      amount: row.amount,
      description: row.description,
      reference: row.reference,
      counterparty: row.counterparty,
      bankRef: row.bankRef,
      returnCode: row.returnCode,
      status: row.status,
      resolution: row.resolution,
      matchedTo: lineMatches.length > 0 ? unique(lineMatches.map((match) => match.label)).join(', ') : null,
      matches: lineMatches,
      locked: row.reconciliationId !== null,
      matchedAt: row.matchedAt ? row.matchedAt.toISOString() : null,
    };
  });
}

function labelOf(
  kind: BankMatchKind,
  match: { invoiceId: string | null; billId: string | null; paymentRunId: string | null },
  invoiceLabels: Map<string, string>,
  billLabels: Map<string, string>,
  runLabels: Map<string, string>,
): string {
  const target =
    (match.invoiceId && invoiceLabels.get(match.invoiceId)) ||
    (match.billId && billLabels.get(match.billId)) ||
    (match.paymentRunId && runLabels.get(match.paymentRunId)) ||
    null;
  if (kind === 'ach_return') return `Return of ${target ?? 'a payment'}`;
  return target ?? 'A payment';
}

function unique(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}
