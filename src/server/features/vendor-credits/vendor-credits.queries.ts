import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { VendorCredit } from '../../../shared/contracts/credits';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, vendorCreditApplications, vendorCredits, vendors } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { vendorCreditRemaining } from './vendor-credits.service';

type Status = VendorCredit['status'];

/** A page of vendor credits, newest first, with each credit's applications (two queries in all). */
export async function findVendorCredits(
  db: Database,
  params: { organizationId: string; vendorId?: string | undefined; status?: Status | undefined; id?: string; limit: number; offset: number },
): Promise<{ rows: VendorCredit[]; total: number }> {
  const conditions: SQL[] = [eq(vendorCredits.organizationId, params.organizationId)];
  if (params.vendorId) conditions.push(eq(vendorCredits.vendorId, params.vendorId));
  if (params.status) conditions.push(eq(vendorCredits.status, params.status));
  if (params.id) conditions.push(eq(vendorCredits.id, params.id));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ credit: vendorCredits, vendorName: vendors.name })
      .from(vendorCredits)
      .innerJoin(vendors, eq(vendors.id, vendorCredits.vendorId))
      .where(where)
      .orderBy(desc(vendorCredits.creditDate), desc(vendorCredits.createdAt), desc(vendorCredits.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(vendorCredits).where(where),
  ]);
  const ids = rows.map((row) => row.credit.id);
  const applications =
    ids.length === 0
      ? []
      : await db
          .select({ application: vendorCreditApplications, billNumber: bills.billNumber })
          .from(vendorCreditApplications)
          .innerJoin(bills, eq(bills.id, vendorCreditApplications.billId))
          .where(and(eq(vendorCreditApplications.organizationId, params.organizationId), inArray(vendorCreditApplications.vendorCreditId, ids)))
          .orderBy(asc(vendorCreditApplications.createdAt), asc(vendorCreditApplications.id));
  return {
    total: totals[0]?.n ?? 0,
    rows: rows.map(({ credit, vendorName }) => ({
      id: credit.id,
      vendorId: credit.vendorId,
      vendorName,
      creditNumber: credit.creditNumber,
      creditDate: credit.creditDate,
      amount: credit.amount,
      amountApplied: credit.amountApplied,
      remaining: toDecimal(vendorCreditRemaining(credit)),
      billId: credit.billId,
      reason: credit.reason,
      status: credit.status,
      applications: applications
        .filter((row) => row.application.vendorCreditId === credit.id)
        .map(({ application, billNumber }) => ({
          id: application.id,
          billId: application.billId,
          billNumber,
          amount: application.amount,
          date: application.applicationDate,
          reversedAt: application.reversedAt?.toISOString() ?? null,
        })),
      createdAt: credit.createdAt.toISOString(),
    })),
  };
}

export async function findVendorCredit(db: Database, organizationId: string, id: string): Promise<VendorCredit | null> {
  if (!isUuid(id)) return null;
  const { rows } = await findVendorCredits(db, { organizationId, id, limit: 1, offset: 0 });
  return rows[0] ?? null;
}
