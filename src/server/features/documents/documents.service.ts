import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { type DocumentType, MAX_UPLOAD_BYTES, uploadMessages } from '../../../shared/contracts/documents';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { AuthContext } from '../../platform/sessions';
import { type FileStore, createLocalFileStore } from '../../platform/storage';
import { type DocumentRow, findDocument } from './documents.queries';
import { acceptedFileType, sanitizeFileName } from './file-type';

export const READ_DOCUMENT_JOB = 'documents.read';

/** The uploads folder of this app (DATA_DIR/uploads). */
export function documentStore(deps: Pick<AppDeps, 'config' | 'now'>): FileStore {
  return createLocalFileStore(path.join(deps.config.dataDir, 'uploads'), deps.now);
}

export interface UploadInput {
  bytes: Buffer;
  fileName: string | undefined;
  documentType: DocumentType;
}

/**
 * Checks the file (spec 5: required, PDF/JPEG/PNG by its bytes, at most 10 MB), stores it under a
 * generated key, and records the document with its reading job in one transaction.
 */
export async function uploadDocument(
  db: Database,
  store: FileStore,
  auth: AuthContext,
  input: UploadInput,
  now: Date,
): Promise<DocumentRow> {
  if (input.bytes.length === 0) throw new AppError('VALIDATION', uploadMessages.fileRequired, { file: uploadMessages.fileRequired });
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge, { file: uploadMessages.tooLarge });
  const fileName = sanitizeFileName(input.fileName);
  const fileType = acceptedFileType(input.bytes, fileName);
  if (!fileType) throw new AppError('VALIDATION', uploadMessages.invalidType, { file: uploadMessages.invalidType });

  const storageKey = await store.put(input.bytes, fileType);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          organizationId: auth.organizationId,
          userId: auth.userId,
          fileName,
          storageKey,
          fileType,
          fileSize: input.bytes.length,
          documentType: input.documentType,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('Document was not inserted');
      await enqueueJob(tx, { kind: READ_DOCUMENT_JOB, payload: { documentId: row.id }, runAt: now });
      await writeAudit(tx, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        action: 'document.uploaded',
        entityType: 'document',
        entityId: row.id,
        details: { fileName, fileType, fileSize: row.fileSize, documentType: row.documentType },
      });
      return row;
    });
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}

/** Removes an unattached document and then its file. */
export async function deleteDocument(db: Database, store: FileStore, auth: AuthContext, id: string): Promise<void> {
  const existing = await findDocument(db, { organizationId: auth.organizationId, id });
  if (!existing) throw notFound('Document');
  // The source of a bill or invoice stays with it (the books must show where a figure came from).
  if (existing.relatedEntityType) {
    throw new AppError('CONFLICT', `This document is attached to ${existing.relatedEntityType === 'bill' ? 'a bill' : 'an invoice'} and cannot be deleted`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(documents).where(and(eq(documents.id, existing.id), eq(documents.organizationId, auth.organizationId)));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'document.deleted',
      entityType: 'document',
      entityId: existing.id,
      details: { fileName: existing.fileName, relatedEntityType: existing.relatedEntityType, relatedEntityId: existing.relatedEntityId },
    });
  });
  await store.delete(existing.storageKey);
}
