import { and, eq, inArray } from 'drizzle-orm';
import { type StoredExtractedData, uploadMimeTypes, type UploadMimeType } from '../../../shared/contracts/documents';
import { documents } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { type Job, type JobWorker, runDueJobs, startJobWorker } from '../../platform/jobs';
import type { FileStore } from '../../platform/storage';
import { fileStoreOf } from '../../platform/storage';
import { READ_DOCUMENT_JOB } from './documents.service';
import { findVendorHints } from './documents.queries';
import { ExtractionError, extractDocument, warmUpExtraction } from './extraction';
import { findVendorByName, findVendorNames } from '../vendors/vendors.queries';
import { extractW9Document } from './read-w9-document';
import { parseEinvoiceXml } from './extraction/einvoice/read-einvoice';

const NOT_AN_EINVOICE = 'This XML file is not an e-invoice (UBL or CII) and cannot be processed.';

type JobDeps = Pick<AppDeps, 'db' | 'now' | 'config'>;

const GENERIC_FAILURE = 'The document could not be processed. Please try uploading it again.';

const isUploadType = (value: string): value is UploadMimeType => (uploadMimeTypes as readonly string[]).includes(value);

async function markFailed(deps: JobDeps, documentId: string, reason: string): Promise<void> {
  const now = deps.now();
  await deps.db
    .update(documents)
    .set({ ocrStatus: 'failed', processingError: reason, processedAt: now, updatedAt: now })
    .where(and(eq(documents.id, documentId), inArray(documents.ocrStatus, ['pending', 'processing'])));
}

/**
 * Reads one document: pending → processing → completed (extractedData, with the matched vendor)
 * or failed (processingError). A file the extractor cannot read fails at once; an unexpected error
 * is retried by the queue and fails the document only on the last attempt.
 */
export async function readDocumentJob(deps: JobDeps, store: FileStore, job: Job): Promise<void> {
  const documentId = typeof job.payload.documentId === 'string' ? job.payload.documentId : null;
  if (!documentId) return;
  const [document] = await deps.db
    .update(documents)
    .set({ ocrStatus: 'processing', updatedAt: deps.now() })
    .where(and(eq(documents.id, documentId), inArray(documents.ocrStatus, ['pending', 'processing'])))
    .returning();
  if (!document) return; // deleted, or already finished
  const bytes = await store.get(document.storageKey);
  if (!bytes) return markFailed(deps, document.id, 'The uploaded file is missing. Please upload it again.');
  if (!isUploadType(document.fileType)) return markFailed(deps, document.id, 'This file type cannot be processed.');

  let extracted: StoredExtractedData;
  if (document.fileType === 'application/xml') {
    // A UBL or CII e-invoice: read exactly from its XML (the bill is made by create-transaction).
    const einvoice = parseEinvoiceXml(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    if (!einvoice) return markFailed(deps, document.id, NOT_AN_EINVOICE);
    return finish(deps, document.id, await withMatchedVendor(deps, document.organizationId, einvoice, [einvoice.vendor.name]));
  }
  try {
    if (document.documentType === 'w9') {
      extracted = await extractW9Document(bytes, document.fileType, deps.config.encryptionKey);
      return await finish(deps, document.id, await withMatchedVendor(deps, document.organizationId, extracted, [extracted.w9?.legalName, extracted.w9?.businessName]));
    }
    const hints = await findVendorHints(deps.db, document.organizationId);
    const knownVendors = await findVendorNames(deps.db, document.organizationId);
    extracted = await extractDocument({ bytes, mimeType: document.fileType, hints: hints.map((row) => row.hints), knownVendors });
  } catch (error) {
    // The extractor may run in a worker thread; its errors can arrive rebuilt, so the name counts too.
    if (error instanceof ExtractionError || (error instanceof Error && error.name === 'ExtractionError')) {
      return markFailed(deps, document.id, error.message);
    }
    if (job.attempts >= job.maxAttempts) return markFailed(deps, document.id, GENERIC_FAILURE);
    throw error;
  }
  await finish(deps, document.id, await withMatchedVendor(deps, document.organizationId, extracted, [extracted.vendor.name]));
}

/** The reading with the first of `names` that matches a vendor of the organization. */
async function withMatchedVendor(deps: JobDeps, organizationId: string, extracted: StoredExtractedData, names: (string | null | undefined)[]): Promise<StoredExtractedData> {
  for (const name of names) {
    if (!name) continue;
    const vendor = await findVendorByName(deps.db, organizationId, name);
    if (vendor) return { ...extracted, vendor: { ...extracted.vendor, matchedVendorId: vendor.id } };
  }
  return { ...extracted, vendor: { ...extracted.vendor, matchedVendorId: null } };
}

async function finish(deps: JobDeps, documentId: string, extractedData: StoredExtractedData): Promise<void> {
  const now = deps.now();
  await deps.db
    .update(documents)
    .set({ ocrStatus: 'completed', extractedData, processingError: null, processedAt: now, updatedAt: now })
    .where(and(eq(documents.id, documentId), eq(documents.ocrStatus, 'processing')));
}

function handlers(deps: JobDeps) {
  const store = fileStoreOf(deps);
  return { [READ_DOCUMENT_JOB]: (job: Job) => readDocumentJob(deps, store, job) };
}

/** Runs every due document job now, in this process (tests; the worker loop does the same). */
export async function runDocumentJobsOnce(deps: JobDeps): Promise<number> {
  return runDueJobs(deps.db, { handlers: handlers(deps), now: deps.now });
}

export function startDocumentWorker(deps: JobDeps, onError: (error: unknown) => void): JobWorker {
  // Start the PDF and OCR engines now (in the background) so the first upload does not pay their
  // cold start; a failure here is only logged, the first extraction starts them again.
  warmUpExtraction().catch(onError);
  return startJobWorker(deps.db, { handlers: handlers(deps), now: deps.now, pollMs: 2000, onError });
}
