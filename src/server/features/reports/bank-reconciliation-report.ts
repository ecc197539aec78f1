import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReportFigures } from '../../../shared/contracts/reports';
import { glossary } from '../../../shared/glossary';
import { centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { bankBalanceAt } from '../bank-reconciliation/reconciliation.queries';
import { type ReportScope, money, selectRows, table } from './report-sql';

/** The uncleared lines listed; the per-account figures cover all of them. */
const UNCLEARED_ROWS = 5000;

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Bank Reconciliation (issue 30 item 6), per active bank account over the period's days:
 * Opening is the bank balance at the end of the day before the period (bankBalanceAt: the last
 * reconciliation's statement balance, or the earliest statement's opening, plus every line after it); Cleared and Uncleared are the
 * period's lines by glossary.cleared and glossary.uncleared; Closing = Opening + Cleared +
 * Uncleared, the bank's balance on the lines at the period's end.
 */
export async function bankReconciliationReport(db: Database, scope: ReportScope, currency: string): Promise<ReportFigures> {
  const { organizationId: org, from, to } = scope;
  const accounts = await db
    .select({ id: bankAccounts.id, name: bankAccounts.accountName, last4: bankAccounts.accountLast4 })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.organizationId, org), eq(bankAccounts.isActive, true)))
    .orderBy(asc(sql`lower(${bankAccounts.accountName})`), asc(bankAccounts.id));

  const period = await selectRows<{ bank_account_id: string; cleared: string; cleared_lines: number; uncleared: string; uncleared_lines: number; last_reconciled: string | null }>(
    db,
    sql`select a.id as bank_account_id,
        coalesce(sum(t.amount) filter (where t.status in ('matched', 'excluded')), 0)::text as cleared,
        (count(t.id) filter (where t.status in ('matched', 'excluded')))::int as cleared_lines,
        coalesce(sum(t.amount) filter (where t.status = 'unmatched'), 0)::text as uncleared,
        (count(t.id) filter (where t.status = 'unmatched'))::int as uncleared_lines,
        (select max(r.through_date)::text from bank_reconciliations r where r.bank_account_id = a.id and r.through_date <= ${to}::date) as last_reconciled
      from bank_accounts a
      left join bank_transactions t on t.bank_account_id = a.id and t.organization_id = ${org} and t.posted_on between ${from}::date and ${to}::date
      where a.organization_id = ${org} and a.is_active
      group by a.id`,
  );
  const byAccount = new Map(period.map((row) => [row.bank_account_id, row]));

  const rows: { account: string; openingCents: number; clearedCents: number; unclearedCents: number; uncleared_lines: number; last_reconciled: string | null }[] = [];
  for (const account of accounts) {
    const opening = await bankBalanceAt(db, { organizationId: org, bankAccountId: account.id }, dayBefore(from));
    const figures = byAccount.get(account.id);
    const cleared = centsFromDecimal(figures?.cleared ?? '0');
    const uncleared = centsFromDecimal(figures?.uncleared ?? '0');
    rows.push({
      account: `${account.name} ••••${account.last4}`,
      openingCents: opening,
      clearedCents: cleared,
      unclearedCents: uncleared,
      uncleared_lines: Number(figures?.uncleared_lines ?? 0),
      last_reconciled: figures?.last_reconciled ?? null,
    });
  }

  const lines = await selectRows<{ account: string; last4: string; posted_on: string; description: string; reference: string | null; amount: string }>(
    db,
    sql`select a.account_name as account, a.account_last4 as last4, t.posted_on::text, t.description, t.reference, t.amount::text
      from bank_transactions t join bank_accounts a on a.id = t.bank_account_id and a.is_active
      where t.organization_id = ${org} and t.status = 'unmatched' and t.posted_on between ${from}::date and ${to}::date
      order by t.posted_on, lower(a.account_name), t.created_at, t.id
      limit ${UNCLEARED_ROWS}`,
  );

  const total = (pick: (row: (typeof rows)[number]) => number) => toDecimal(sumCents(rows.map(pick)));
  return {
    currency,
    summary: [
      { label: 'Accounts', kind: 'number', value: rows.length },
      { label: 'Opening', kind: 'money', value: total((row) => row.openingCents) },
      { label: glossary.cleared.label, kind: 'money', value: total((row) => row.clearedCents) },
      { label: glossary.uncleared.label, kind: 'money', value: total((row) => row.unclearedCents) },
      { label: 'Closing', kind: 'money', value: total((row) => row.openingCents + row.clearedCents + row.unclearedCents) },
      { label: 'Uncleared lines', kind: 'number', value: rows.reduce((sum, row) => sum + row.uncleared_lines, 0) },
    ],
    tables: [
      table(
        'by_account',
        'By account',
        [
          { key: 'account', label: 'Account', kind: 'text' },
          { key: 'opening', label: 'Opening', kind: 'money' },
          { key: 'cleared', label: glossary.cleared.label, kind: 'money' },
          { key: 'uncleared', label: glossary.uncleared.label, kind: 'money' },
          { key: 'closing', label: 'Closing', kind: 'money' },
          { key: 'uncleared_lines', label: 'Uncleared lines', kind: 'number' },
          { key: 'last_reconciled', label: 'Reconciled through', kind: 'date' },
        ],
        rows.map((row) => ({
          account: row.account,
          opening: toDecimal(row.openingCents),
          cleared: toDecimal(row.clearedCents),
          uncleared: toDecimal(row.unclearedCents),
          closing: toDecimal(row.openingCents + row.clearedCents + row.unclearedCents),
          uncleared_lines: row.uncleared_lines,
          last_reconciled: row.last_reconciled,
        })),
      ),
      table(
        'uncleared_lines',
        'Uncleared lines',
        [
          { key: 'posted_on', label: 'Date', kind: 'date' },
          { key: 'account', label: 'Account', kind: 'text' },
          { key: 'description', label: 'Description', kind: 'text' },
          { key: 'reference', label: 'Reference', kind: 'text' },
          { key: 'amount', label: 'Amount', kind: 'money' },
        ],
        lines.map((line) => ({
          posted_on: line.posted_on,
          account: `${line.account} ••••${line.last4}`,
          description: line.description,
          reference: line.reference,
          amount: money(line.amount),
        })),
      ),
    ],
    chart: { table: 'by_account', x: 'account', series: ['cleared', 'uncleared'], kind: 'bar' },
  };
}
