import { and, count, desc, eq } from 'drizzle-orm';
import type { ImportEntity, ImportListItem, ImportTemplate } from '../../../shared/contracts/imports';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { bills, customers, externalRecords, imports, invoices, vendors } from '../../db/schema';
import type { ExistingRecords } from './build-plan';

export type ImportRow = typeof imports.$inferSelect;

/** One import of the organization; `lock` takes it FOR UPDATE (a commit, a new mapping). */
export async function findImport(db: Database, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<ImportRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findImports(db: Database, params: { organizationId: string; limit: number; offset: number }): Promise<{ rows: ImportRow[]; total: number }> {
  const where = eq(imports.organizationId, params.organizationId);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(imports).where(where).orderBy(desc(imports.createdAt), desc(imports.id)).limit(params.limit).offset(params.offset),
    db.select({ total: count() }).from(imports).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export function toImportListItem(row: ImportRow): ImportListItem {
  return {
    id: row.id,
    entity: row.entity,
    template: row.template as ImportTemplate,
    fileName: row.fileName,
    status: row.status,
    rowCount: row.rowCount,
    errorCount: row.errorCount,
    result: row.result ?? null,
    rowsDone: row.rowsDone,
    commitError: row.commitError,
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
  };
}

const importEntityOf = { customers: 'customer', vendors: 'vendor', invoices: 'invoice', bills: 'bill' } as const;

/** What the organization already holds that a file of `entity` could repeat, read in a few whole-table selects. */
export async function loadExistingRecords(db: Database, organizationId: string, entity: ImportEntity): Promise<ExistingRecords> {
  const needsCustomers = entity === 'customers' || entity === 'invoices';
  const needsVendors = entity === 'vendors' || entity === 'bills';
  const kinds = new Set<string>([importEntityOf[entity], entity === 'invoices' ? 'customer' : '', entity === 'bills' ? 'vendor' : '']);
  const [customerRows, vendorRows, invoiceRows, billRows, externalRows] = await Promise.all([
    needsCustomers
      ? db.select({ id: customers.id, name: customers.name, email: customers.email, isActive: customers.isActive }).from(customers).where(eq(customers.organizationId, organizationId))
      : [],
    needsVendors
      ? db
          .select({ id: vendors.id, name: vendors.name, email: vendors.email, isActive: vendors.isActive })
          .from(vendors)
          .where(eq(vendors.organizationId, organizationId))
      : [],
    entity === 'invoices' ? db.select({ number: invoices.invoiceNumber }).from(invoices).where(eq(invoices.organizationId, organizationId)) : [],
    entity === 'bills' ? db.select({ vendorId: bills.vendorId, number: bills.billNumber }).from(bills).where(eq(bills.organizationId, organizationId)) : [],
    db
      .select({ entity: externalRecords.entity, externalId: externalRecords.externalId })
      .from(externalRecords)
      .where(and(eq(externalRecords.organizationId, organizationId), eq(externalRecords.source, 'import'))),
  ]);
  return {
    customers: customerRows,
    vendors: vendorRows,
    invoiceNumbers: new Set(invoiceRows.map((row) => row.number)),
    billKeys: new Set(billRows.map((row) => `${row.vendorId}|${row.number}`)),
    externalIds: new Set(externalRows.filter((row) => kinds.has(row.entity)).map((row) => `${row.entity}|${row.externalId}`)),
  };
}
