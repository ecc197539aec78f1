import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { imports, integrationSyncs } from '../../../db/schema';
import type { ProviderConnector, SyncContext, SyncSummary } from '../provider';

/**
 * The import-based providers (CSV / Excel, QuickBooks Online CSV templates): the data comes in
 * through the import wizard (/api/imports, another feature); a sync is that pipeline's report:
 * what the organization's committed imports of this template did since the previous successful
 * sync (all committed imports for the first one). Counts are what each commit created or matched
 * (imports.result), else its row count; customers and invoices go to their own counts, vendors
 * and bills to `other`; payments are 0 (no import carries payments).
 */
type ImportTemplate = 'generic' | 'quickbooks_online';

/** What one committed import processed: created + matched (+ updated) when its result says, else its rows. */
export function processedRows(result: Record<string, number> | null, rowCount: number): number {
  if (!result) return rowCount;
  const parts = ['created', 'matched', 'updated'].map((key) => result[key]).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return parts.length > 0 ? parts.reduce((sum, value) => sum + value, 0) : rowCount;
}

async function importReport(context: SyncContext, template: ImportTemplate): Promise<SyncSummary> {
  const { deps, integration, now } = context;
  const [previous] = await deps.db
    .select({ startedAt: integrationSyncs.startedAt })
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.integrationId, integration.id), eq(integrationSyncs.status, 'succeeded')))
    .orderBy(desc(integrationSyncs.startedAt))
    .limit(1);
  const rows = await deps.db
    .select({ entity: imports.entity, result: imports.result, rowCount: imports.rowCount })
    .from(imports)
    .where(
      and(
        eq(imports.organizationId, integration.organizationId),
        eq(imports.template, template),
        eq(imports.status, 'committed'),
        lte(imports.committedAt, now),
        previous?.startedAt ? gt(imports.committedAt, previous.startedAt) : undefined,
      ),
    );
  const summary: SyncSummary = { customersProcessed: 0, invoicesProcessed: 0, paymentsProcessed: 0, other: {} };
  for (const row of rows) {
    const count = processedRows(row.result, row.rowCount);
    if (row.entity === 'customers') summary.customersProcessed += count;
    else if (row.entity === 'invoices') summary.invoicesProcessed += count;
    else summary.other = { ...summary.other, [row.entity]: (summary.other?.[row.entity] ?? 0) + count };
  }
  return summary;
}

export const csvExcelConnector: ProviderConnector = {
  id: 'csv_excel',
  isConfigured: () => true,
  prepareConnect: async () => ({ settings: {}, secrets: {} }),
  sync: (context) => importReport(context, 'generic'),
};

export const quickbooksOnlineCsvConnector: ProviderConnector = {
  id: 'quickbooks_online_csv',
  isConfigured: () => true,
  prepareConnect: async () => ({ settings: {}, secrets: {} }),
  sync: (context) => importReport(context, 'quickbooks_online'),
};
