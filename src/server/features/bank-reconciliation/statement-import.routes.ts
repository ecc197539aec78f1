import multipart from '@fastify/multipart';
import { bankTransactionsQuery } from '../../../shared/contracts/bank-reconciliation';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import { findBankStatements } from './bank-statements.queries';
import { findBankTransactions } from './bank-transactions.queries';
import { importStatement, previewStatement } from './import-statement';
import { readStatementUpload, statementUploadLimits } from './read-statement-upload';

/** Statements change what the books are matched against: owners, admins and accountants import them. */
const IMPORT_ROLES = ['owner', 'admin', 'accountant'] as const;

export async function statementImportRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  await app.register(multipart, { limits: statementUploadLimits });

  app.post(
    '/api/bank-accounts/:id/statements',
    {
      schema: {
        tags: ['bank-reconciliation'],
        summary: 'Import a statement file: OFX/QFX, camt.053, camt.054, BAI2 or CSV (multipart: file, format?, mapping?, confirmAccount?)',
        description:
          'The format is told from the file unless `format` says it. A CSV needs `mapping` (JSON, see the preview) the first time; it is remembered for the account. ' +
          'Lines already imported (same bank id or same day, amount, description and reference) are skipped. ' +
          'A malformed file is a 400 naming the line or element; a file naming another account is a 409 STATEMENT_OTHER_ACCOUNT unless confirmAccount=true; ' +
          'over 20 MB or 200,000 lines is a 413.',
        params: idParam,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, IMPORT_ROLES);
      const upload = await readStatementUpload(request);
      const result = await importStatement(deps, auth, request.params.id, upload);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/bank-accounts/:id/statements/preview',
    {
      schema: {
        tags: ['bank-reconciliation'],
        summary: "Tell a statement file's format; for a CSV, its header, first rows and a mapping to start from (multipart: file, format?)",
        params: idParam,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const auth = requireRole(request, IMPORT_ROLES);
      const upload = await readStatementUpload(request);
      return previewStatement(deps, auth, request.params.id, upload.source, upload.format);
    },
  );

  app.get(
    '/api/bank-accounts/:id/statements',
    { schema: { tags: ['bank-reconciliation'], summary: "An account's imported statements, newest first", params: idParam, querystring: pageQuery } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const account = await findBankAccount(deps.db, { organizationId, id: request.params.id });
      if (!account) throw notFound('Bank account');
      const { rows, total } = await findBankStatements(deps.db, { organizationId, bankAccountId: account.id, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/bank-accounts/:id/transactions',
    {
      schema: {
        tags: ['bank-reconciliation'],
        summary: "An account's statement lines, newest first, with counts per status and the unmatched sum",
        params: idParam,
        querystring: bankTransactionsQuery,
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const account = await findBankAccount(deps.db, { organizationId, id: request.params.id });
      if (!account) throw notFound('Bank account');
      return findBankTransactions(deps.db, { organizationId, bankAccountId: account.id, ...request.query });
    },
  );
}
