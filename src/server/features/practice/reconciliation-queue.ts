import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { PracticeReconciliationRow } from '../../../shared/contracts/bank-reconciliation';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { organizationTodaySql } from '../../platform/calendar';
import type { FirmActor } from './create-client';
import { visibleClients } from './practice.queries';

/** An account is stale when its last reconciliation's day is more than this many days before today. */
export const STALE_AFTER_DAYS = 30;

const clientOrg = sql`"customers"."client_organization_id"`;

/*
 * Per client workspace, each figure a correlated subquery on the workspace's own rows (indexed by
 * organization): glossary.unmatchedLines over active accounts, glossary.staleAccounts against the
 * workspace's today, and the latest of a file import, a statement or a feed sync.
 */
const unmatched = sql`from bank_transactions t join bank_accounts a on a.id = t.bank_account_id and a.is_active
  where t.organization_id = ${clientOrg} and t.status = 'unmatched'`;

/**
 * My Practice > Reconciliation: the active clients the member may open (owners and admins: all;
 * others: their grants), those with the most unmatched lines first, then by name, one page.
 */
export async function findReconciliationQueue(
  db: Database,
  actor: FirmActor,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: PracticeReconciliationRow[]; total: number }> {
  const where = and(visibleClients(actor), eq(customers.isActive, true));
  const unmatchedCount = sql<number>`(select count(*)::int ${unmatched})`;
  const today = organizationTodaySql(customers.clientOrganizationId, now);
  const rows = await db
    .select({
      organizationId: sql<string>`${clientOrg}`,
      clientName: customers.name,
      unmatchedCount,
      unmatchedAmount: sql<string>`(select coalesce(sum(t.amount), 0)::text ${unmatched})`,
      oldestUnmatchedOn: sql<string | null>`(select min(t.posted_on)::text ${unmatched})`,
      staleAccounts: sql<number>`(select count(*)::int from bank_accounts a
        where a.organization_id = ${clientOrg} and a.is_active
          and coalesce((select max(r.through_date) from bank_reconciliations r where r.bank_account_id = a.id), '-infinity'::date)
            < ${today} - ${STALE_AFTER_DAYS}::int)`,
      lastImportAt: sql<string | null>`(select greatest(
          (select max(s.created_at) from bank_statements s where s.organization_id = ${clientOrg}),
          (select max(f.last_import_at) from bank_feed_settings f where f.organization_id = ${clientOrg}),
          (select max(a.last_sync_at) from bank_accounts a where a.organization_id = ${clientOrg} and a.is_active)))`,
      firstBankAccountId: sql<string | null>`(select a.id from bank_accounts a where a.organization_id = ${clientOrg} and a.is_active
          order by a.is_primary desc, a.created_at asc, a.id asc limit 1)`,
    })
    .from(customers)
    .where(where)
    .orderBy(desc(unmatchedCount), asc(sql`lower(${customers.name})`), asc(customers.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  return {
    rows: rows.map((row) => ({
      organizationId: row.organizationId,
      clientName: row.clientName,
      unmatchedCount: Number(row.unmatchedCount),
      unmatchedAmount: toDecimal(centsFromDecimal(row.unmatchedAmount)),
      oldestUnmatchedOn: row.oldestUnmatchedOn,
      staleAccounts: Number(row.staleAccounts),
      lastImportAt: row.lastImportAt ? new Date(row.lastImportAt).toISOString() : null,
      firstBankAccountId: row.firstBankAccountId,
    })),
    total: total?.n ?? 0,
  };
}
