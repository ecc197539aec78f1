import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParam } from '../../../../shared/contracts/common';
import { uploadMessages } from '../../../../shared/contracts/documents';
import { requireAuth, requireRole } from '../../../platform/auth';
import type { AppDeps, ZodApp } from '../../../platform/deps';
import { AppError, notFound } from '../../../platform/errors';
import { readMultipartFile } from '../../../platform/multipart';
import { findDocument } from '../../documents/documents.queries';
import { fileStoreOf } from '../../../platform/storage';
import { documentUploadRules } from '../../documents/read-upload';
import { findVendor } from '../../vendors/vendors.queries';
import { billExists, decideBankChange, findBankChanges } from './bank-changes';
import { readReceivedFile, receiveEinvoiceFile } from './receive-einvoice-file';

/** Who may approve or reject bank details read from an e-invoice: those who may edit a vendor's bank details. */
const BANK_CHANGE_ROLES = ['owner', 'admin', 'accountant'] as const;

export async function receiveEinvoiceRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  await app.register(multipart, { limits: documentUploadRules.limits });
  const store = fileStoreOf(deps);

  app.post(
    '/api/bills/import-einvoice',
    { schema: { tags: ['bills'], summary: 'Create a draft bill (or vendor credit) from a UBL / CII e-invoice or a PDF with one embedded (multipart: file)', consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await readMultipartFile(request, z.object({}), { ...documentUploadRules, tooLarge: uploadMessages.tooLarge });
      const result = await receiveEinvoiceFile(
        deps.db,
        { organizationId: auth.organizationId, userId: auth.userId, fileName: upload.fileName ?? 'e-invoice.xml', content: upload.bytes, source: 'api' },
        { store, encryptionKey: deps.config.encryptionKey, now: deps.now() },
      );
      const { einvoice: _model, ...created } = result;
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/documents/:id/einvoice',
    { schema: { tags: ['documents'], summary: 'The e-invoice in a document (EN 16931 model) with its totals warnings', params: idParam } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await findDocument(deps.db, { organizationId: auth.organizationId, id: request.params.id });
      if (!row) throw notFound('Document');
      if (row.fileType !== 'application/xml' && row.extractedData?.source !== 'einvoice') throw new AppError('NOT_FOUND', 'This document is not an e-invoice');
      const bytes = await store.get(row.storageKey);
      if (!bytes) throw notFound('File');
      const { einvoice, warnings } = await readReceivedFile(bytes);
      return { einvoice, warnings };
    },
  );

  app.get(
    '/api/vendors/:id/bank-changes',
    { schema: { tags: ['vendors'], summary: 'Bank details read from e-invoices for this vendor, pending and decided', params: idParam } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      if (!(await findVendor(deps.db, organizationId, request.params.id))) throw notFound('Vendor');
      return findBankChanges(deps.db, organizationId, { vendorId: request.params.id });
    },
  );

  app.get(
    '/api/bills/:id/bank-changes',
    { schema: { tags: ['bills'], summary: 'Bank details changes proposed by the e-invoice of this bill', params: idParam } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      if (!(await billExists(deps.db, organizationId, request.params.id))) throw notFound('Bill');
      return findBankChanges(deps.db, organizationId, { billId: request.params.id });
    },
  );

  for (const [verb, decision] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    app.post(
      `/api/vendor-bank-changes/:id/${verb}`,
      { schema: { tags: ['vendors'], summary: `${verb === 'approve' ? 'Approve (write onto the vendor)' : 'Reject'} bank details read from an e-invoice`, params: idParam } },
      async (request) => {
        const auth = requireRole(request, BANK_CHANGE_ROLES);
        const row = await decideBankChange(deps.db, auth, request.params.id, decision, deps.now());
        return { id: row.id, status: row.status, vendorId: row.vendorId };
      },
    );
  }
}
