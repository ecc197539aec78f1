import { and, eq } from 'drizzle-orm';
import type { EinvoiceDocument } from '../../../../shared/contracts/einvoicing';
import { MAX_UPLOAD_BYTES, uploadMessages } from '../../../../shared/contracts/documents';
import type { Database } from '../../../db/client';
import { documents } from '../../../db/schema';
import { AppError, notFound } from '../../../platform/errors';
import type { FileStore } from '../../../platform/storage';
import { parseEinvoiceXml } from '../../documents/extraction/einvoice/read-einvoice';
import { recordDocument } from '../../documents/documents.service';
import { sanitizeFileName } from '../../documents/file-type';
import { checkEinvoiceTotals, warningTexts } from './check-totals';
import { createBillFromEinvoice, type ReceivedEinvoice } from './create-bill-from-einvoice';
import { NOT_AN_EINVOICE, readEinvoiceFile } from './read-einvoice-document';

export interface ReceiveEinvoiceInput {
  organizationId: string;
  userId: string | null;
  fileName: string;
  content: Buffer;
  source: 'upload' | 'api' | 'mail';
  /** A document already kept for this file (a Documents upload, a mail attachment); else the file is stored here. */
  documentId?: string;
}

export interface ReceiveEinvoiceDeps {
  store: FileStore;
  encryptionKey: Buffer;
  now: Date;
}

export interface ReceiveEinvoiceResult extends ReceivedEinvoice {
  documentId: string;
  einvoice: EinvoiceDocument;
}

/** Reads and checks an e-invoice file: the model and its EN 16931 warnings, or a refusal a user can act on. */
export async function readReceivedFile(content: Buffer): Promise<{ einvoice: EinvoiceDocument; xml: string; container: 'xml' | 'pdf'; warnings: string[] }> {
  if (content.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge, { file: uploadMessages.tooLarge });
  const read = await readEinvoiceFile(content);
  if (!read) throw new AppError('VALIDATION', NOT_AN_EINVOICE, { file: NOT_AN_EINVOICE });
  return { einvoice: read.document, xml: read.xml, container: read.container, warnings: warningTexts(checkEinvoiceTotals(read.document)) };
}

/**
 * A received UBL / CII file, or a PDF with one embedded, becomes an exact draft bill (or a vendor
 * credit for a credit note) with the original kept as its document, in one transaction. Used by the
 * Documents page, POST /api/bills/import-einvoice and mail-in. A stored file is removed again when
 * the transaction fails (a duplicate, say).
 */
export async function receiveEinvoiceFile(db: Database, input: ReceiveEinvoiceInput, deps: ReceiveEinvoiceDeps): Promise<ReceiveEinvoiceResult> {
  const { einvoice, xml, container, warnings } = await readReceivedFile(input.content);
  const fileType = container === 'pdf' ? 'application/pdf' : 'application/xml';
  const storageKey = input.documentId ? null : await deps.store.put(input.content, fileType);
  const actor = { organizationId: input.organizationId, userId: input.userId };
  try {
    return await db.transaction(async (tx) => {
      let documentId = input.documentId;
      if (documentId) {
        const [existing] = await tx
          .select({ id: documents.id, relatedEntityId: documents.relatedEntityId })
          .from(documents)
          .where(and(eq(documents.id, documentId), eq(documents.organizationId, input.organizationId)))
          .for('update');
        if (!existing) throw notFound('Document');
        if (existing.relatedEntityId) throw new AppError('CONFLICT', 'A bill has already been created from this document');
      } else {
        const row = await recordDocument(
          tx,
          actor,
          { fileName: sanitizeFileName(input.fileName), fileType, storageKey: storageKey ?? '', fileSize: input.content.length, documentType: 'bill' },
          deps.now,
          { read: false },
        );
        documentId = row.id;
      }
      const received = await createBillFromEinvoice(tx, { ...actor, encryptionKey: deps.encryptionKey, now: deps.now }, einvoice, documentId, warnings);
      const extractedData = parseEinvoiceXml(xml);
      if (extractedData && !input.documentId) {
        // What the Documents list shows for it: the e-invoice's own figures and the vendor it went to.
        const stored = { ...extractedData, vendor: { ...extractedData.vendor, matchedVendorId: received.vendorId } };
        await tx.update(documents).set({ extractedData: stored, processedAt: deps.now }).where(eq(documents.id, documentId));
      }
      return { ...received, documentId, einvoice };
    });
  } catch (error) {
    if (storageKey) await deps.store.delete(storageKey);
    throw error;
  }
}
