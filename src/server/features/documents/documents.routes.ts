import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common';
import { createTransactionSchema, documentListQuery } from '../../../shared/contracts/documents';
import { applyToVendorBody } from '../../../shared/contracts/tax-1099';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { JobWorker } from '../../platform/jobs';
import { createBillFromEinvoiceDocument, isEinvoiceDocument } from '../einvoicing/receive/receive-document';
import { applyW9ToVendor } from './apply-w9-to-vendor';
import { createTransactionFromDocument } from './create-transaction';
import { startDocumentWorker } from './document-jobs';
import { findDocument, findDocuments, toDocumentDto } from './documents.queries';
import { fileStoreOf } from '../../platform/storage';
import { deleteDocument, uploadDocument } from './documents.service';
import { shutdownExtraction } from './extraction';
import { contentDisposition } from './file-type';
import { readUpload, uploadLimits } from './read-upload';

export async function documentsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  // Multipart parsing exists only in this feature's scope; everywhere else JSON stays the only body.
  await app.register(multipart, { limits: uploadLimits });
  const store = fileStoreOf(deps);

  let worker: JobWorker | null = null;
  let closing = false;
  if (deps.startWorkers) {
    // A reader still warming up when shutdown stops it fails by design: not an error worth a line.
    worker = startDocumentWorker(deps, (error) => (closing ? app.log.info({ err: error }, 'document worker stopped') : app.log.error({ err: error }, 'document worker error')));
  }
  app.addHook('onClose', async () => {
    await worker?.stop();
    closing = true;
    await shutdownExtraction();
  });

  app.post(
    '/api/documents/upload',
    { schema: { tags: ['documents'], summary: 'Upload a document (multipart: file, documentType) for OCR', consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = await readUpload(request);
      const row = await uploadDocument(deps.db, store, auth, input, deps.now());
      worker?.wake();
      return reply.status(201).send(toDocumentDto(row));
    },
  );

  app.get(
    '/api/documents',
    { schema: { tags: ['documents'], summary: 'Documents, newest first', querystring: documentListQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { rows, total } = await findDocuments(deps.db, { organizationId: auth.organizationId, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(rows.map(toDocumentDto));
    },
  );

  app.get('/api/documents/:id', { schema: { tags: ['documents'], summary: 'One document', params: idParam } }, async (request) => {
    const auth = requireAuth(request);
    const row = await findDocument(deps.db, { organizationId: auth.organizationId, id: request.params.id });
    if (!row) throw notFound('Document');
    return toDocumentDto(row);
  });

  app.get(
    '/api/documents/:id/file',
    {
      schema: {
        tags: ['documents'],
        summary: 'The uploaded file (attachment; ?inline=1 to view it in the browser)',
        params: idParam,
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await findDocument(deps.db, { organizationId: auth.organizationId, id: request.params.id });
      if (!row) throw notFound('Document');
      const bytes = await store.get(row.storageKey);
      if (!bytes) throw notFound('File');
      // The stored type was verified from the file's bytes at upload; nosniff keeps browsers to it.
      // XML is always a download, sandboxed: a browser would run script in an XHTML document.
      const isXml = row.fileType === 'application/xml';
      return reply
        .header('Content-Type', row.fileType)
        .header('Content-Disposition', contentDisposition(request.query.inline === '1' && !isXml ? 'inline' : 'attachment', row.fileName))
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );

  app.delete('/api/documents/:id', { schema: { tags: ['documents'], summary: 'Delete a document and its file', params: idParam } }, async (request, reply) => {
    const auth = requireAuth(request);
    await deleteDocument(deps.db, store, auth, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/documents/:id/create-transaction',
    { schema: { tags: ['documents'], summary: 'Create a bill or invoice from a processed document', params: idParam, body: createTransactionSchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await findDocument(deps.db, { organizationId: auth.organizationId, id: request.params.id });
      if (row && request.body.transactionType === 'bill' && isEinvoiceDocument(row)) {
        const options = { encryptionKey: deps.config.encryptionKey, now: deps.now() };
        return reply.status(201).send(await createBillFromEinvoiceDocument(deps.db, store, auth, row.id, options));
      }
      const result = await createTransactionFromDocument(deps.db, auth, request.params.id, request.body, { now: deps.now(), encryptionKey: deps.config.encryptionKey });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/documents/:id/apply-to-vendor',
    { schema: { tags: ['documents'], summary: "Fill a vendor's tax fields from a read W-9 (dryRun: the diff only)", params: idParam, body: applyToVendorBody } },
    async (request) => {
      const auth = requireAuth(request);
      return applyW9ToVendor(deps.db, auth, request.params.id, request.body, { now: deps.now(), encryptionKey: deps.config.encryptionKey });
    },
  );
}
