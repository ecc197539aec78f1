import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DocumentDto, DocumentListQuery } from '../../../shared/contracts/documents';
import type { Database } from '../../db/client';
import { documents, vendorHints } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

export type DocumentRow = typeof documents.$inferSelect;

/** The stored reading as responses give it: a W-9's encrypted TIN never leaves the server. */
function publicExtractedData(data: DocumentRow['extractedData']): DocumentDto['extractedData'] {
  if (!data?.w9) return data;
  const { tinEncrypted: _secret, ...w9 } = data.w9;
  return { ...data, w9 };
}

export function toDocumentDto(row: DocumentRow): DocumentDto {
  return {
    id: row.id,
    userId: row.userId,
    fileName: row.fileName,
    fileUrl: `/api/documents/${row.id}/file`,
    fileType: row.fileType,
    fileSize: row.fileSize,
    documentType: row.documentType,
    ocrStatus: row.ocrStatus,
    extractedData: publicExtractedData(row.extractedData),
    relatedEntityType: row.relatedEntityType,
    relatedEntityId: row.relatedEntityId,
    processingError: row.processingError,
    processedAt: row.processedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}


/** Newest first, one page, with the total for X-Total-Count. */
export async function findDocuments(
  db: Database,
  params: { organizationId: string } & DocumentListQuery,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    eq(documents.organizationId, params.organizationId),
    params.documentType ? eq(documents.documentType, params.documentType) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ total: count() }).from(documents).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findDocument(db: Database, params: { organizationId: string; id: string }): Promise<DocumentRow | null> {
  if (!isUuid(params.id)) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, params.id), eq(documents.organizationId, params.organizationId)));
  return row ?? null;
}

/** The document row locked for the rest of the transaction (one creation per document). */
export async function lockDocument(db: Database, params: { organizationId: string; id: string }): Promise<DocumentRow | null> {
  if (!isUuid(params.id)) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, params.id), eq(documents.organizationId, params.organizationId)))
    .for('update');
  return row ?? null;
}

export type VendorHintsRow = typeof vendorHints.$inferSelect;

export async function findVendorHints(db: Database, organizationId: string): Promise<VendorHintsRow[]> {
  return db.select().from(vendorHints).where(eq(vendorHints.organizationId, organizationId)).orderBy(desc(vendorHints.updatedAt)).limit(500);
}

export async function findVendorHintsFor(db: Database, params: { organizationId: string; vendorIds: string[] }): Promise<VendorHintsRow[]> {
  if (params.vendorIds.length === 0) return [];
  return db
    .select()
    .from(vendorHints)
    .where(and(eq(vendorHints.organizationId, params.organizationId), inArray(vendorHints.vendorId, params.vendorIds)));
}
