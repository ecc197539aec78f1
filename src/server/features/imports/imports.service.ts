import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  type ImportCommitResult,
  type ImportDateFormat,
  type ImportMapping,
  type ImportPreview,
  type ImportRemapInput,
  type ImportTemplate,
  type ImportUploadFields,
  importDateFormats,
  importMessages,
} from '../../../shared/contracts/imports';
import type { Database } from '../../db/client';
import { imports } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { type FileStore, fileStoreOf } from '../../platform/storage';
import { type Plan, buildPlan } from './build-plan';
import { commitPlan } from './commit-plan';
import { guessMapping, importFields } from './import-fields';
import { type ImportRow, findImport, loadExistingRecords } from './imports.queries';
import { type Sheet, readSheet } from './read-sheet';

export interface ImportActor {
  organizationId: string;
  userId: string;
}

export interface ImportDeps {
  db: Database;
  store: FileStore;
  encryptionKey: Buffer;
  now: () => Date;
}

// The per-row errors kept and shown: enough to fix a file; errorCount always counts them all.
const MAX_STORED_ERRORS = 500;
/** The chosen date format rides in the stored mapping under a key no field can have. */
const DATE_FORMAT_KEY = '@dateFormat';

function storedMapping(mapping: ImportMapping, dateFormat: ImportDateFormat | null | undefined): ImportMapping {
  return dateFormat ? { ...mapping, [DATE_FORMAT_KEY]: dateFormat } : mapping;
}

function splitMapping(stored: Record<string, string>): { mapping: ImportMapping; dateFormat: ImportDateFormat | null } {
  const { [DATE_FORMAT_KEY]: dateFormat, ...mapping } = stored;
  return { mapping, dateFormat: (importDateFormats as readonly string[]).includes(dateFormat ?? '') ? (dateFormat as ImportDateFormat) : null };
}

function toPreview(row: ImportRow, sheet: Sheet | null, plan: Plan | null): ImportPreview {
  const { mapping } = splitMapping(row.mapping);
  return {
    id: row.id,
    entity: row.entity,
    template: row.template as ImportTemplate,
    fileName: row.fileName,
    status: row.status,
    rowCount: row.rowCount,
    columns: sheet?.columns ?? [],
    mapping,
    fields: importFields(row.entity),
    dateFormat: plan?.dateFormat ?? splitMapping(row.mapping).dateFormat ?? 'YYYY-MM-DD',
    dateFormatSource: plan?.dateFormatSource ?? 'chosen',
    previewRows: plan?.previewRows ?? [],
    errors: plan ? plan.errors.slice(0, MAX_STORED_ERRORS) : (row.errors as ImportPreview['errors']),
    errorCount: plan ? plan.errors.length : row.errorCount,
    summary: plan?.summary ?? {},
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
  };
}

async function planFor(db: Database, organizationId: string, row: Pick<ImportRow, 'entity' | 'template' | 'mapping'>, sheet: Sheet): Promise<Plan> {
  const { mapping, dateFormat } = splitMapping(row.mapping);
  const existing = await loadExistingRecords(db, organizationId, row.entity);
  return buildPlan({ entity: row.entity, template: row.template as ImportTemplate, sheet, mapping, dateFormat, existing });
}

async function storedSheet(store: FileStore, row: ImportRow): Promise<Sheet | null> {
  const bytes = row.storageKey ? await store.get(row.storageKey) : null;
  return bytes ? readSheet(row.fileName, bytes) : null;
}

/**
 * POST /api/imports: reads the file, maps its columns (the mapping given, else guessed from the
 * headers), checks every row with the create contracts, keeps the file and answers the preview.
 * Nothing but the import row is written until the commit.
 */
export async function createImport(
  deps: ImportDeps,
  actor: ImportActor,
  upload: { bytes: Buffer; fileName: string; fields: ImportUploadFields },
): Promise<ImportPreview> {
  const sheet = await readSheet(upload.fileName, upload.bytes);
  const { entity, template, dateFormat } = upload.fields;
  const mapping = storedMapping(upload.fields.mapping ?? guessMapping(entity, sheet.columns), dateFormat);
  const plan = await planFor(deps.db, actor.organizationId, { entity, template, mapping }, sheet);
  const storageKey = await deps.store.put(upload.bytes, 'application/octet-stream');
  const [row] = await deps.db
    .insert(imports)
    .values({
      organizationId: actor.organizationId,
      entity,
      template,
      fileName: upload.fileName.slice(0, 255),
      fileSha256: createHash('sha256').update(upload.bytes).digest('hex'),
      storageKey,
      mapping,
      rowCount: sheet.rows.length,
      errorCount: plan.errors.length,
      errors: plan.errors.slice(0, MAX_STORED_ERRORS),
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('import insert returned nothing');
  return toPreview(row, sheet, plan);
}

/** GET /api/imports/{id}: the preview again, checked against the records as they are now. */
export async function readImport(deps: ImportDeps, actor: ImportActor, id: string): Promise<ImportPreview> {
  const row = await findImport(deps.db, actor.organizationId, id);
  if (!row) throw notFound('Import');
  if (row.status === 'committed') return toPreview(row, null, null);
  const sheet = await storedSheet(deps.store, row);
  if (!sheet) return toPreview(row, null, null);
  return toPreview(row, sheet, await planFor(deps.db, actor.organizationId, row, sheet));
}

/** PUT /api/imports/{id}/mapping: another mapping or date format for the same file; answers the new preview. */
export async function remapImport(deps: ImportDeps, actor: ImportActor, id: string, input: ImportRemapInput): Promise<ImportPreview> {
  return deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.organizationId, id, { lock: true });
    if (!row) throw notFound('Import');
    if (row.status === 'committed') throw new AppError('CONFLICT', 'This import has already been committed');
    // Read through the transaction: on PGlite (one connection) a read outside it would wait for it.
    const sheet = await storedSheet(fileStoreOf({ db: tx, now: deps.now }), row);
    if (!sheet) throw new AppError('CONFLICT', 'The uploaded file is no longer available: upload it again');
    const current = splitMapping(row.mapping);
    const mapping = storedMapping(input.mapping ?? current.mapping, input.dateFormat === undefined ? current.dateFormat : input.dateFormat);
    const plan = await planFor(tx, actor.organizationId, { ...row, mapping }, sheet);
    const [updated] = await tx
      .update(imports)
      .set({ mapping, errorCount: plan.errors.length, errors: plan.errors.slice(0, MAX_STORED_ERRORS) })
      .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, id)))
      .returning();
    if (!updated) throw notFound('Import');
    return toPreview(updated, sheet, plan);
  });
}

/**
 * POST /api/imports/{id}/commit: writes every record of the file in one transaction, or none.
 * The import row is locked first, so a second commit (double click, retry) waits and then answers
 * the first one's result. The file is checked again against the records as they are now; records
 * already there (by earlier imports' external ids or by number, email or name) are skipped.
 */
export async function commitImport(deps: ImportDeps, actor: ImportActor, id: string): Promise<ImportCommitResult> {
  let committedKey: string | null = null;
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.organizationId, id, { lock: true });
    if (!row) throw notFound('Import');
    if (row.status === 'committed') return { id: row.id, result: row.result ?? {} };
    if (row.errorCount > 0) throw new AppError('CONFLICT', importMessages.hasErrors);
    // Read through the transaction: on PGlite (one connection) a read outside it would wait for it.
    const sheet = await storedSheet(fileStoreOf({ db: tx, now: deps.now }), row);
    if (!sheet) throw new AppError('CONFLICT', 'The uploaded file is no longer available: upload it again');
    const plan = await planFor(tx, actor.organizationId, row, sheet);
    const [firstError] = plan.errors;
    if (firstError) {
      throw new AppError('CONFLICT', `Row ${firstError.row}: ${firstError.message}. The records changed since the preview: upload the file again to see every error.`);
    }
    const now = deps.now();
    const result = await commitPlan(tx, actor, plan, { encryptionKey: deps.encryptionKey, now });
    await tx
      .update(imports)
      .set({ status: 'committed', result, committedAt: now, storageKey: null })
      .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, id)));
    committedKey = row.storageKey;
    return { id: row.id, result };
  });
  // The file is kept until the commit (schema: imports.storageKey); removed once the commit stands.
  if (committedKey) await deps.store.delete(committedKey);
  return outcome;
}
