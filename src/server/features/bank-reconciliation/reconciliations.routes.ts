import { createReconciliationSchema, reconciliationPreviewQuery } from '../../../shared/contracts/bank-reconciliation';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import { BANK_ACCOUNT_ROLES } from '../bank-accounts/bank-accounts.routes';
import { previewReconciliation, reconcilePeriod } from './reconcile-period';
import { findReconciliations } from './reconciliation.queries';

/** Reconcile a period (issue 30 item 4): preview the figures, mark reconciled through a day, the history. */
export async function reconciliationsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['bank-reconciliation'];

  app.get(
    '/api/bank-accounts/:id/reconciliations/preview',
    {
      schema: {
        tags,
        summary: 'Bank balance, book balance and the difference through a statement day',
        description:
          'Book balance: the opening point (the statement balance of the last reconciliation before the day, else the opening balance of the ' +
          'earliest imported statement that gives one, else 0) plus the cleared lines (matched, created from, transfer or excluded) posted ' +
          'after it through the day. Difference: statementBalance less the book balance; the unmatched lines of the period (listed, first 50 ' +
          'oldest first; count and sum cover all) explain it.',
        params: idParam,
        querystring: reconciliationPreviewQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return previewReconciliation(deps, auth, request.params.id, request.query);
    },
  );

  app.post(
    '/api/bank-accounts/:id/reconciliations',
    {
      schema: {
        tags,
        summary: 'Mark reconciled through a statement day',
        description:
          'Records the period with its figures and locks the cleared lines through the day (a payment matched to a locked line then changes ' +
          'only by an owner, audited). A day on or before the last reconciliation is a 409; a day after today a 400. Without a live feed, the ' +
          "statement balance becomes the account's balance.",
        params: idParam,
        body: createReconciliationSchema,
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return reply.status(201).send(await reconcilePeriod(deps, auth, request.params.id, request.body));
    },
  );

  app.get(
    '/api/bank-accounts/:id/reconciliations',
    {
      schema: { tags, summary: "The account's reconciliations, latest first", params: idParam, querystring: pageQuery },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const account = await findBankAccount(deps.db, { organizationId, id: request.params.id });
      if (!account) throw notFound('Bank account');
      const { rows, total } = await findReconciliations(deps.db, { organizationId, bankAccountId: account.id, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );
}
