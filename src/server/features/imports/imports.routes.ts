import multipart from '@fastify/multipart';
import { idParam } from '../../../shared/contracts/common';
import { type ImportEntity, importListQuery, importRemapSchema, templateParams } from '../../../shared/contracts/imports';
import { requireAuth, requireRole } from '../../platform/auth';
import { toCsvRows } from '../../platform/csv';
import type { AppDeps, ZodApp } from '../../platform/deps';
import type { JobWorker } from '../../platform/jobs';
import { fileStoreOf } from '../../platform/storage';
import { startImportWorker } from './commit-import-job';
import { templateFiles } from './import-fields';
import { findImports, toImportListItem } from './imports.queries';
import { type ImportDeps, commitImport, createImport, readImport, remapImport } from './imports.service';
import { importUploadLimits, readImportUpload } from './read-import-upload';

/** Imports move money records in bulk: owners, admins and accountants (viewers and approvers are refused). */
const IMPORT_ROLES = ['owner', 'admin', 'accountant'] as const;

export function importDepsOf(deps: AppDeps): ImportDeps {
  return { db: deps.db, dbKind: deps.dbKind, store: fileStoreOf(deps), encryptionKey: deps.config.encryptionKey, now: deps.now };
}

export async function importsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  // Multipart parsing only in this feature's scope, as in documents.
  await app.register(multipart, { limits: importUploadLimits });
  const importDeps = importDepsOf(deps);

  let worker: JobWorker | null = null;
  if (deps.startWorkers) worker = startImportWorker(importDeps, (error) => app.log.error({ err: error }, 'import worker error'));
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

  app.post(
    '/api/imports',
    {
      schema: {
        tags: ['imports'],
        summary: 'Upload a CSV or Excel file and preview the import (multipart: file, entity, template?, dateFormat?, mapping?)',
        description:
          'entity: customers|vendors|invoices|bills; template: generic (default)|quickbooks_online|xero; dateFormat: YYYY-MM-DD|MM/DD/YYYY|DD/MM/YYYY ' +
          "(default: told from the file's dates, else the template's); mapping: JSON {ourField: columnHeader}, guessed from the headers when left out. " +
          'Answers the preview with per-row errors; nothing is written until POST /api/imports/{id}/commit.',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, IMPORT_ROLES);
      const upload = await readImportUpload(request);
      return reply.status(201).send(await createImport(importDeps, auth, upload));
    },
  );

  app.get(
    '/api/imports',
    { schema: { tags: ['imports'], summary: 'Recent imports, newest first', querystring: importListQuery } },
    async (request, reply) => {
      const auth = requireRole(request, IMPORT_ROLES);
      const { rows, total } = await findImports(deps.db, { organizationId: auth.organizationId, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(rows.map(toImportListItem));
    },
  );

  app.get(
    '/api/imports/templates/:template/:file',
    { schema: { tags: ['imports'], summary: "A template's header row and one example row (customers.csv, vendors.csv, invoices.csv, bills.csv)", params: templateParams } },
    async (request, reply) => {
      requireAuth(request);
      const entity = request.params.file.replace(/\.csv$/, '') as ImportEntity;
      const file = templateFiles[request.params.template][entity];
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${request.params.template}-${entity}.csv"`)
        .send(toCsvRows([file.header, file.example], { purpose: 'spreadsheet' }));
    },
  );

  app.get('/api/imports/:id', { schema: { tags: ['imports'], summary: 'One import and its preview', params: idParam } }, async (request) => {
    const auth = requireRole(request, IMPORT_ROLES);
    return readImport(importDeps, auth, request.params.id);
  });

  app.put(
    '/api/imports/:id/mapping',
    { schema: { tags: ['imports'], summary: "Change an import's column mapping or date format; answers the new preview", params: idParam, body: importRemapSchema } },
    async (request) => {
      const auth = requireRole(request, IMPORT_ROLES);
      return remapImport(importDeps, auth, request.params.id, request.body);
    },
  );

  app.post(
    '/api/imports/:id/commit',
    {
      schema: {
        tags: ['imports'],
        summary: 'Queue the writing of every record of an import without errors, all or nothing; answers 202 with the import, status committing',
        description:
          'A job writes the records in one transaction; GET /api/imports/{id} shows rowsDone of rowCount meanwhile, then status committed with the result, ' +
          'or failed with commitError (nothing written; the import may be committed again). A commit of an import committing or committed is a 409.',
        params: idParam,
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, IMPORT_ROLES);
      const state = await commitImport(importDeps, auth, request.params.id);
      worker?.wake();
      return reply.status(202).send(state);
    },
  );
}
