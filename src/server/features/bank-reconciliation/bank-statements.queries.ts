import { and, count, desc, eq } from 'drizzle-orm';
import type { BankStatementSummary } from '../../../shared/contracts/bank-reconciliation';
import type { Database } from '../../db/client';
import { bankStatements } from '../../db/schema';

/** An account's import history, newest first, paged in SQL. */
export async function findBankStatements(
  db: Database,
  params: { organizationId: string; bankAccountId: string; limit: number; offset: number },
): Promise<{ rows: BankStatementSummary[]; total: number }> {
  const where = and(eq(bankStatements.organizationId, params.organizationId), eq(bankStatements.bankAccountId, params.bankAccountId));
  const [rows, [total]] = await Promise.all([
    db.select().from(bankStatements).where(where).orderBy(desc(bankStatements.createdAt), desc(bankStatements.id)).limit(params.limit).offset(params.offset),
    db.select({ n: count() }).from(bankStatements).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      format: row.format,
      fileName: row.fileName,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      openingBalance: row.openingBalance,
      closingBalance: row.closingBalance,
      balanceDifference: row.balanceDifference,
      linesInFile: row.linesInFile,
      linesAdded: row.linesAdded,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
