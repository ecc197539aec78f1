import { and, eq } from 'drizzle-orm';
import { type DocumentType, MAX_UPLOAD_BYTES, type UploadMimeType, uploadMessages } from '../../../shared/contracts/documents';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { AuthContext } from '../../platform/sessions';
import type { FileStore } from '../../platform/storage';
import { type DocumentRow, findDocument } from './documents.queries';
import { acceptedFileType, sanitizeFileName } from './file-type';

export const READ_DOCUMENT_JOB = 'documents.read';

export interface UploadInput {
  bytes: Buffer;
  fileName: string | undefined;
  documentType: DocumentType;
}

/** Spec 5's checks on an upload (required, at most 10 MB, PDF/JPEG/PNG by its bytes): its safe name and real type. */
export function checkUpload(input: Pick<UploadInput, 'bytes' | 'fileName'>): { fileName: string; fileType: UploadMimeType } {
  if (input.bytes.length === 0) throw new AppError('VALIDATION', uploadMessages.fileRequired, { file: uploadMessages.fileRequired });
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge, { file: uploadMessages.tooLarge });
  const fileName = sanitizeFileName(input.fileName);
  const fileType = acceptedFileType(input.bytes, fileName);
  if (!fileType) throw new AppError('VALIDATION', uploadMessages.invalidType, { file: uploadMessages.invalidType });
  return { fileName, fileType };
}

/**
 * Records a checked, stored file as a document of `actor.organizationId`, with its audit row,
 * inside the caller's transaction. A document to read gets its reading job; one that is only kept
 * (`read: false`, the compliance documents of client onboarding) is stored as completed with
 * nothing extracted, so no reader ever takes it.
 */
export async function recordDocument(
  tx: Database,
  actor: { organizationId: string; userId: string | null },
  // Uploads are PDF/JPEG/PNG; mail-in also keeps XML and other attachments (issue 36).
  file: { fileName: string; fileType: string; storageKey: string; fileSize: number; documentType: DocumentType },
  now: Date,
  options: { read: boolean },
): Promise<DocumentRow> {
  const [row] = await tx
    .insert(documents)
    .values({
      organizationId: actor.organizationId,
      userId: actor.userId,
      fileName: file.fileName,
      storageKey: file.storageKey,
      fileType: file.fileType,
      fileSize: file.fileSize,
      documentType: file.documentType,
      ocrStatus: options.read ? 'pending' : 'completed',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Document was not inserted');
  if (options.read) await enqueueJob(tx, { kind: READ_DOCUMENT_JOB, payload: { documentId: row.id }, runAt: now });
  await writeAudit(tx, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: 'document.uploaded',
    entityType: 'document',
    entityId: row.id,
    details: { fileName: file.fileName, fileType: file.fileType, fileSize: row.fileSize, documentType: row.documentType },
  });
  return row;
}

/**
 * Checks the file, stores it under a generated key, and records the document with its reading job
 * in one transaction; the file is removed again when the transaction fails.
 */
export async function uploadDocument(
  db: Database,
  store: FileStore,
  auth: AuthContext,
  input: UploadInput,
  now: Date,
): Promise<DocumentRow> {
  const { fileName, fileType } = checkUpload(input);
  const storageKey = await store.put(input.bytes, fileType);
  try {
    return await db.transaction((tx) =>
      recordDocument(tx, auth, { fileName, fileType, storageKey, fileSize: input.bytes.length, documentType: input.documentType }, now, { read: true }),
    );
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
