import { pageQuery } from '../../../shared/contracts/common';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { findReconciliationQueue } from './reconciliation-queue';

/** My Practice > Reconciliation (issue 30 item 5). */
export async function practiceReconciliationRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/practice/reconciliation',
    {
      config: { practice: true },
      schema: {
        tags: ['practice'],
        summary: 'Bank reconciliation across clients',
        description:
          'Per active client workspace the member may open (owners and admins: every client; others: their grants): the number and sum of ' +
          'unmatched lines on active accounts, the oldest unmatched day, the active accounts not reconciled for more than 30 days before the ' +
          "workspace's today (or never), the last statement import or feed sync, and the account to open. Most unmatched lines first, then by " +
          'name; paged by limit/offset with the total in X-Total-Count.',
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const { rows, total } = await findReconciliationQueue(deps.db, requireFirm(request), request.query, deps.now());
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );
}
