import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  type ImportDateFormat,
  type ImportMapping,
  type ImportPreview,
  type ImportRemapInput,
  type ImportTemplate,
  type ImportUploadFields,
  importDateFormats,
  importMessages,
} from '../../../shared/contracts/imports';
import type { Database, DatabaseKind } from '../../db/client';
import { imports } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { type FileStore, fileStoreOf } from '../../platform/storage';
import { type Plan, buildPlan } from './build-plan';
import { guessMapping, importFields } from './import-fields';
import { type ImportRow, findImport, loadExistingRecords } from './imports.queries';
import { type Sheet, readSheet } from './read-sheet';

export interface ImportActor {
  organizationId: string;
  userId: string;
}

export interface ImportDeps {
  db: Database;
  dbKind: DatabaseKind;
  store: FileStore;
  encryptionKey: Buffer;
  now: () => Date;
}

/** The job that writes a committed import's records (commit-import-job.ts). */
export const IMPORT_COMMIT_JOB = 'import.commit';

// The per-row errors kept and shown: enough to fix a file; errorCount always counts them all.
const MAX_STORED_ERRORS = 500;
/** The chosen date format rides in the stored mapping under a key no field can have. */
const DATE_FORMAT_KEY = '@dateFormat';

function storedMapping(mapping: ImportMapping, dateFormat: ImportDateFormat | null | undefined): ImportMapping {
  return dateFormat ? { ...mapping, [DATE_FORMAT_KEY]: dateFormat } : mapping;
}

export function splitMapping(stored: Record<string, string>): { mapping: ImportMapping; dateFormat: ImportDateFormat | null } {
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
    rowsDone: row.rowsDone,
    commitError: row.commitError,
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
  };
}

export async function planFor(db: Database, organizationId: string, row: Pick<ImportRow, 'entity' | 'template' | 'mapping'>, sheet: Sheet): Promise<Plan> {
  const { mapping, dateFormat } = splitMapping(row.mapping);
  const existing = await loadExistingRecords(db, organizationId, row.entity);
  return buildPlan({ entity: row.entity, template: row.template as ImportTemplate, sheet, mapping, dateFormat, existing });
}

export async function storedSheet(store: FileStore, row: ImportRow): Promise<Sheet | null> {
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
  // While committing, the page polls for progress only: the file is not read and checked again.
  if (row.status === 'committed' || row.status === 'committing') return toPreview(row, null, null);
  const sheet = await storedSheet(deps.store, row);
  if (!sheet) return toPreview(row, null, null);
  return toPreview(row, sheet, await planFor(deps.db, actor.organizationId, row, sheet));
}

/** PUT /api/imports/{id}/mapping: another mapping or date format for the same file; answers the new preview. */
export async function remapImport(deps: ImportDeps, actor: ImportActor, id: string, input: ImportRemapInput): Promise<ImportPreview> {
  return deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.organizationId, id, { lock: true });
    if (!row) throw notFound('Import');
    refuseWhileCommitting(row);
    // Read through the transaction: on PGlite (one connection) a read outside it would wait for it.
    const sheet = await storedSheet(fileStoreOf({ db: tx, now: deps.now }), row);
    if (!sheet) throw new AppError('CONFLICT', 'The uploaded file is no longer available: upload it again');
    const current = splitMapping(row.mapping);
    const mapping = storedMapping(input.mapping ?? current.mapping, input.dateFormat === undefined ? current.dateFormat : input.dateFormat);
    const plan = await planFor(tx, actor.organizationId, { ...row, mapping }, sheet);
    const [updated] = await tx
      .update(imports)
      // A failed commit's import is a preview again once its mapping changes.
      .set({ mapping, status: 'preview', commitError: null, errorCount: plan.errors.length, errors: plan.errors.slice(0, MAX_STORED_ERRORS) })
      .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, id)))
      .returning();
    if (!updated) throw notFound('Import');
    return toPreview(updated, sheet, plan);
  });
}

function refuseWhileCommitting(row: ImportRow): void {
  if (row.status === 'committed') throw new AppError('CONFLICT', 'This import has already been committed');
  if (row.status === 'committing') throw new AppError('CONFLICT', 'This import is being committed');
}

/**
 * POST /api/imports/{id}/commit: checks the import as the commit will (no errors, file still there,
 * still valid against the records as they are now), then marks it committing and queues the job
 * that writes its records, in one transaction, and answers at once. The import row is locked, so of
 * two commits (double click, retry, two machines) one queues the job and the other gets a 409. A
 * failed commit may be committed again.
 */
export async function commitImport(deps: ImportDeps, actor: ImportActor, id: string): Promise<ImportPreview> {
  return deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.organizationId, id, { lock: true });
    if (!row) throw notFound('Import');
    refuseWhileCommitting(row);
    if (row.errorCount > 0) throw new AppError('CONFLICT', importMessages.hasErrors);
    // Read through the transaction: on PGlite (one connection) a read outside it would wait for it.
    const sheet = await storedSheet(fileStoreOf({ db: tx, now: deps.now }), row);
    if (!sheet) throw new AppError('CONFLICT', 'The uploaded file is no longer available: upload it again');
    const plan = await planFor(tx, actor.organizationId, row, sheet);
    throwFirstError(plan);
    const [updated] = await tx
      .update(imports)
      .set({ status: 'committing', rowsDone: 0, commitError: null })
      .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, id)))
      .returning();
    if (!updated) throw notFound('Import');
    // The committer, not the uploader, is who the records' audit rows name.
    await enqueueJob(tx, { kind: IMPORT_COMMIT_JOB, payload: { importId: id, organizationId: actor.organizationId, userId: actor.userId }, runAt: deps.now() });
    return toPreview(updated, null, null);
  });
}

/** The records changed since the preview so that a row no longer holds: nothing is written. */
export function throwFirstError(plan: Plan): void {
  const [firstError] = plan.errors;
  if (firstError) {
    throw new AppError('CONFLICT', `Row ${firstError.row}: ${firstError.message}. The records changed since the preview: upload the file again to see every error.`);
  }
}
