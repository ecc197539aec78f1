import { and, desc, eq, sql } from 'drizzle-orm';
import type { AchExport } from '../../../shared/contracts/ach';
import type { Database } from '../../db/client';
import { achFileExports, users } from '../../db/schema';

const personName = sql<string | null>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.username})`;

/** Every NACHA file made for one run of the organization, newest first, with who made it. */
export async function findAchExports(db: Database, organizationId: string, paymentRunId: string): Promise<AchExport[]> {
  const rows = await db
    .select({ file: achFileExports, exportedByName: personName })
    .from(achFileExports)
    .leftJoin(users, eq(users.id, achFileExports.exportedBy))
    .where(and(eq(achFileExports.organizationId, organizationId), eq(achFileExports.paymentRunId, paymentRunId)))
    .orderBy(desc(achFileExports.createdAt), desc(achFileExports.id));
  return rows.map(({ file, exportedByName }) => ({
    id: file.id,
    fileDate: file.fileDate,
    fileIdModifier: file.fileIdModifier,
    exportedByName,
    isRepeat: file.isRepeat,
    entryCount: file.entryCount,
    prenoteCount: file.prenoteCount,
    totalAmount: file.totalAmount,
    createdAt: file.createdAt.toISOString(),
  }));
}
