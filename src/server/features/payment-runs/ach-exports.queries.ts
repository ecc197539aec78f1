import { and, desc, eq } from 'drizzle-orm';
import type { AchExport } from '../../../shared/contracts/ach';
import type { Database } from '../../db/client';
import { userDisplayNameSql } from '../../db/query-helpers';
import { achFileExports, users } from '../../db/schema';


/** The NACHA files made for one run of the organization, newest first, with who made them. */
export async function findAchExports(
  db: Database,
  organizationId: string,
  paymentRunId: string,
  options: { limit?: number } = {},
): Promise<AchExport[]> {
  const rows = await db
    .select({ file: achFileExports, exportedByName: userDisplayNameSql })
    .from(achFileExports)
    .leftJoin(users, eq(users.id, achFileExports.exportedBy))
    .where(and(eq(achFileExports.organizationId, organizationId), eq(achFileExports.paymentRunId, paymentRunId)))
    .orderBy(desc(achFileExports.createdAt), desc(achFileExports.id))
    .limit(options.limit ?? 100);
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
