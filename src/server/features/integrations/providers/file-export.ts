import { and, eq, isNull } from 'drizzle-orm';
import { integrations } from '../../../db/schema';
import type { AppDeps } from '../../../platform/deps';
import { fileStoreOf } from '../../../platform/storage';
import type { SyncContext, SyncSummary } from '../provider';
import { type ExportOrganization, type ExportWindow, databaseNow, loadExportOrganization } from './export-data';

/**
 * What a file provider (IIF, Xero CSV) keeps in `integrations.cursor`: up to when records have
 * been exported, and the files of the last sync (the records changed since the sync before),
 * kept in the file store (platform/storage.ts) under generated keys.
 */
export interface FileExportCursor {
  exportedThrough: string;
  lastExport: {
    /** File name -> storage key. */
    files: Record<string, string>;
    from: string | null;
    through: string;
    summary: SyncSummary;
  };
}

export function readFileCursor(cursor: string | null): FileExportCursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as FileExportCursor;
    return typeof parsed.exportedThrough === 'string' && parsed.lastExport && typeof parsed.lastExport.files === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export interface BuiltExport {
  /** File name -> contents. */
  files: Record<string, Buffer>;
  summary: SyncSummary;
}

/**
 * One sync of a file provider: builds the files of the records changed since the previous sync
 * (all records on the first), stores them and moves the cursor, only if no other sync moved it
 * meanwhile (compare-and-set on the cursor), so two schedulers cannot both advance it and leave a
 * gap or an overlap. Records exported once are not exported again unless they change, so importing
 * each incremental file once into the accounting program creates each record once.
 */
export async function runFileExportSync(
  context: SyncContext,
  build: (organization: ExportOrganization, window: ExportWindow) => Promise<BuiltExport>,
): Promise<SyncSummary> {
  const { deps, integration } = context;
  const previous = readFileCursor(integration.cursor);
  const window: ExportWindow = { from: previous ? new Date(previous.exportedThrough) : null, through: await databaseNow(deps.db) };
  const organization = await loadExportOrganization(deps.db, integration.organizationId);
  const built = await build(organization, window);
  const store = fileStoreOf(deps);
  const keys: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(built.files)) keys[name] = await store.put(bytes, 'application/octet-stream');
  const next: FileExportCursor = {
    exportedThrough: window.through.toISOString(),
    lastExport: { files: keys, from: window.from?.toISOString() ?? null, through: window.through.toISOString(), summary: built.summary },
  };
  const moved = await deps.db
    .update(integrations)
    .set({ cursor: JSON.stringify(next), updatedAt: deps.now() })
    .where(
      and(
        eq(integrations.id, integration.id),
        eq(integrations.organizationId, integration.organizationId),
        integration.cursor === null ? isNull(integrations.cursor) : eq(integrations.cursor, integration.cursor),
      ),
    )
    .returning({ id: integrations.id });
  if (moved.length === 0) {
    for (const key of Object.values(keys)) await store.delete(key);
    throw new Error('Another sync of this integration ran at the same time; try again.');
  }
  for (const key of Object.values(previous?.lastExport.files ?? {})) await store.delete(key);
  return built.summary;
}

/** The stored files of the last sync, by name; null when no sync has run. */
export async function lastExportFiles(deps: Pick<AppDeps, 'db' | 'now'>, cursor: string | null): Promise<Record<string, Buffer> | null> {
  const parsed = readFileCursor(cursor);
  if (!parsed) return null;
  const store = fileStoreOf(deps);
  const files: Record<string, Buffer> = {};
  for (const [name, key] of Object.entries(parsed.lastExport.files)) {
    const bytes = await store.get(key);
    if (!bytes) return null;
    files[name] = bytes;
  }
  return files;
}
