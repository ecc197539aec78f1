import { type SQL, and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { BankReconciliation, BankTransaction } from '../../../shared/contracts/bank-reconciliation';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankReconciliations, bankStatements, bankTransactions, users } from '../../db/schema';

/**
 * The figures of "reconcile a period", defined once here (shared/glossary.ts holds the words):
 * every screen, the Reconcile panel, the Bank Reconciliation report and the dashboard read them
 * through these functions.
 */

type TransactionRow = typeof bankTransactions.$inferSelect;

/** glossary.cleared: lines accounted for in the books (matched, created from, transfer or excluded). */
export const clearedSql: SQL = inArray(bankTransactions.status, ['matched', 'excluded']);
/** glossary.uncleared: lines still unmatched. */
export const unclearedSql: SQL = eq(bankTransactions.status, 'unmatched');


export interface OpeningPoint {
  /** The day the opening balance stands at the end of; null before the first reconciliation. */
  throughDate: string | null;
  balance: Cents;
  /** Where it came from, for the report and the panel. */
  source: 'reconciliation' | 'statement' | 'none';
}

/**
 * glossary.bookBalance's opening point before `day`: the statement balance of the account's last
 * reconciliation before the day, else the opening balance of its earliest statement that gives
 * one (by period start, then import time), else 0.
 */
export async function findOpeningPoint(
  db: Database,
  scope: { organizationId: string; bankAccountId: string },
  day: string,
  /** 'on': a reconciliation through the day itself counts too (the balance at the day's end). */
  reconciliations: 'before' | 'on' = 'before',
): Promise<OpeningPoint> {
  const [last] = await db
    .select({ throughDate: bankReconciliations.throughDate, statementBalance: bankReconciliations.statementBalance })
    .from(bankReconciliations)
    .where(
      and(
        eq(bankReconciliations.organizationId, scope.organizationId),
        eq(bankReconciliations.bankAccountId, scope.bankAccountId),
        reconciliations === 'on' ? sql`${bankReconciliations.throughDate} <= ${day}` : sql`${bankReconciliations.throughDate} < ${day}`,
      ),
    )
    .orderBy(desc(bankReconciliations.throughDate))
    .limit(1);
  if (last) return { throughDate: last.throughDate, balance: centsFromDecimal(last.statementBalance), source: 'reconciliation' };
  const [first] = await db
    .select({ openingBalance: bankStatements.openingBalance })
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.organizationId, scope.organizationId),
        eq(bankStatements.bankAccountId, scope.bankAccountId),
        isNotNull(bankStatements.openingBalance),
      ),
    )
    .orderBy(sql`${bankStatements.periodStart} asc nulls last`, asc(bankStatements.createdAt))
    .limit(1);
  if (first?.openingBalance != null) return { throughDate: null, balance: centsFromDecimal(first.openingBalance), source: 'statement' };
  return { throughDate: null, balance: 0, source: 'none' };
}

export interface PeriodFigures {
  opening: OpeningPoint;
  /** Lines posted after the opening point, through the day. */
  clearedCount: number;
  cleared: Cents;
  unclearedCount: number;
  uncleared: Cents;
  /** glossary.bookBalance: opening + cleared. */
  bookBalance: Cents;
  /** The bank's own closing on the lines: opening + cleared + uncleared. */
  linesClosing: Cents;
}

/** Lines of the account posted after the opening point's day, through `day`. */
function periodLines(scope: { organizationId: string; bankAccountId: string }, opening: OpeningPoint, day: string): SQL | undefined {
  return and(
    eq(bankTransactions.organizationId, scope.organizationId),
    eq(bankTransactions.bankAccountId, scope.bankAccountId),
    lte(bankTransactions.postedOn, day),
    opening.throughDate ? gt(bankTransactions.postedOn, opening.throughDate) : undefined,
  );
}

/**
 * The period ending on `day` (inclusive): the opening point, then the cleared and uncleared lines
 * posted after it through the day, summed in SQL.
 */
export async function computePeriodFigures(db: Database, scope: { organizationId: string; bankAccountId: string }, day: string): Promise<PeriodFigures> {
  const opening = await findOpeningPoint(db, scope, day);
  const [row] = await db
    .select({
      clearedCount: sql<number>`(count(*) filter (where ${clearedSql}))::int`,
      cleared: sql<string>`coalesce(sum(${bankTransactions.amount}) filter (where ${clearedSql}), 0)::text`,
      unclearedCount: sql<number>`(count(*) filter (where ${unclearedSql}))::int`,
      uncleared: sql<string>`coalesce(sum(${bankTransactions.amount}) filter (where ${unclearedSql}), 0)::text`,
    })
    .from(bankTransactions)
    .where(periodLines(scope, opening, day));
  const cleared = centsFromDecimal(row?.cleared ?? '0');
  const uncleared = centsFromDecimal(row?.uncleared ?? '0');
  return {
    opening,
    clearedCount: row?.clearedCount ?? 0,
    cleared,
    unclearedCount: row?.unclearedCount ?? 0,
    uncleared,
    bookBalance: opening.balance + cleared,
    linesClosing: opening.balance + cleared + uncleared,
  };
}

/**
 * The bank's balance at the end of `day` on what the books know of it: the opening point (a
 * reconciliation through the day itself included) plus every line after it through the day.
 */
export async function bankBalanceAt(db: Database, scope: { organizationId: string; bankAccountId: string }, day: string): Promise<Cents> {
  const opening = await findOpeningPoint(db, scope, day, 'on');
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)::text` }).from(bankTransactions).where(periodLines(scope, opening, day));
  return opening.balance + centsFromDecimal(row?.total ?? '0');
}

/** The uncleared lines of the period, oldest first (the ones that explain the difference). */
export async function findUnclearedLines(
  db: Database,
  scope: { organizationId: string; bankAccountId: string },
  opening: OpeningPoint,
  day: string,
  limit: number,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(bankTransactions)
    .where(and(periodLines(scope, opening, day), unclearedSql))
    .orderBy(asc(bankTransactions.postedOn), asc(bankTransactions.createdAt), asc(bankTransactions.id))
    .limit(limit);
}

/** The latest reconciliation of the account, or null. */
export async function findLastReconciliation(db: Database, scope: { organizationId: string; bankAccountId: string }) {
  const [row] = await db
    .select()
    .from(bankReconciliations)
    .where(and(eq(bankReconciliations.organizationId, scope.organizationId), eq(bankReconciliations.bankAccountId, scope.bankAccountId)))
    .orderBy(desc(bankReconciliations.throughDate))
    .limit(1);
  return row ?? null;
}

/** The account's reconciliations, latest first, one page, with the total. */
export async function findReconciliations(
  db: Database,
  params: { organizationId: string; bankAccountId: string; limit: number; offset: number },
): Promise<{ rows: BankReconciliation[]; total: number }> {
  const where = and(eq(bankReconciliations.organizationId, params.organizationId), eq(bankReconciliations.bankAccountId, params.bankAccountId));
  const rows = await db
    .select({ reconciliation: bankReconciliations, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(bankReconciliations)
    .leftJoin(users, eq(users.id, bankReconciliations.userId))
    .where(where)
    .orderBy(desc(bankReconciliations.throughDate), desc(bankReconciliations.createdAt))
    .limit(params.limit)
    .offset(params.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(bankReconciliations).where(where);
  return {
    rows: rows.map(({ reconciliation, firstName, lastName, username }) => ({
      ...toReconciliationDto(reconciliation),
      userName: [firstName, lastName].filter(Boolean).join(' ').trim() || username || null,
    })),
    total: total?.n ?? 0,
  };
}

export function toReconciliationDto(row: typeof bankReconciliations.$inferSelect): BankReconciliation {
  return {
    id: row.id,
    bankAccountId: row.bankAccountId,
    throughDate: row.throughDate,
    statementBalance: toDecimal(centsFromDecimal(row.statementBalance)),
    bookBalance: toDecimal(centsFromDecimal(row.bookBalance)),
    difference: toDecimal(centsFromDecimal(row.difference)),
    linesLocked: row.linesLocked,
    createdAt: row.createdAt.toISOString(),
    userName: null,
  };
}

/**
 * An unmatched line as the preview lists it. Unmatched lines have no matches; the transactions
 * list (another module) fills matches for the others.
 */
export function toUnmatchedLineDto(row: TransactionRow): BankTransaction {
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
    matchedTo: null,
    matches: [],
    locked: row.reconciliationId !== null,
    matchedAt: row.matchedAt?.toISOString() ?? null,
  };
}


export interface CashInBank {
  /** null when no active account has a reconciled or a feed balance. */
  cash: Cents | null;
  accounts: number;
  reconciledAccounts: number;
}

/**
 * glossary.cashInBank: per active account its latest reconciliation's statement balance, else the
 * balance its live feed last reported (an account with a feed has plaid_account_id); accounts with
 * neither are left out.
 */
export async function selectCashInBank(db: Database, organizationId: string): Promise<CashInBank> {
  const result: unknown = await db.execute(sql`
    select coalesce(sum(x.balance), 0)::text as cash, count(x.balance)::int as accounts, count(x.reconciled)::int as reconciled
    from (
      select coalesce(r.statement_balance, case when a.plaid_account_id is not null then a.balance end) as balance, r.statement_balance as reconciled
      from bank_accounts a
      left join lateral (
        select statement_balance from bank_reconciliations r
        where r.organization_id = a.organization_id and r.bank_account_id = a.id
        order by r.through_date desc limit 1
      ) r on true
      where a.organization_id = ${organizationId} and a.is_active
    ) x`);
  const row = (result as { rows: { cash: string; accounts: number; reconciled: number }[] }).rows[0];
  const accounts = Number(row?.accounts ?? 0);
  return { cash: accounts > 0 ? centsFromDecimal(row?.cash ?? '0') : null, accounts, reconciledAccounts: Number(row?.reconciled ?? 0) };
}
