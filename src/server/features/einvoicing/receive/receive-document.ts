import type { CreateTransactionResult } from '../../../../shared/contracts/documents';
import type { Database } from '../../../db/client';
import { AppError, notFound } from '../../../platform/errors';
import type { AuthContext } from '../../../platform/sessions';
import type { FileStore } from '../../../platform/storage';
import { findDocument } from '../../documents/documents.queries';
import { receiveEinvoiceFile } from './receive-einvoice-file';

type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/** An uploaded XML file, or a PDF whose embedded e-invoice the reader used. */
export function isEinvoiceDocument(row: Pick<DocumentRow, 'fileType' | 'extractedData'>): boolean {
  return row.fileType === 'application/xml' || row.extractedData?.source === 'einvoice';
}

/**
 * "Create transaction" on a Documents e-invoice: the exact bill from the XML (lines, VAT, due date,
 * payment details), not the reviewed OCR figures. The document is locked and linked inside
 * receiveEinvoiceFile's transaction, so a second attempt gets a 409.
 */
export async function createBillFromEinvoiceDocument(
  db: Database,
  store: FileStore,
  auth: AuthContext,
  documentId: string,
  options: { encryptionKey: Buffer; now: Date },
): Promise<CreateTransactionResult & { warnings: string[]; kind: 'bill' | 'vendor_credit' }> {
  const row = await findDocument(db, { organizationId: auth.organizationId, id: documentId });
  if (!row) throw notFound('Document');
  if (row.relatedEntityId) throw new AppError('CONFLICT', `A ${row.relatedEntityType ?? 'transaction'} has already been created from this document`);
  const content = await store.get(row.storageKey);
  if (!content) throw notFound('File');
  const result = await receiveEinvoiceFile(
    db,
    { organizationId: auth.organizationId, userId: auth.userId, fileName: row.fileName, content, source: 'upload', documentId: row.id },
    { store, encryptionKey: options.encryptionKey, now: options.now },
  );
  const label = result.kind === 'bill' ? `Bill ${result.number}` : `Vendor credit ${result.number}`;
  return { message: `${label} created from ${row.fileName}`, transactionType: 'bill', id: result.id, warnings: result.warnings, kind: result.kind };
}
