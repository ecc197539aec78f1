import { plaidExchangeSchema } from '../../../shared/contracts/bank-reconciliation';
import { idParam } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import { BANK_ACCOUNT_ROLES } from '../bank-accounts/bank-accounts.routes';
import { bankFeedStatus, createPlaidLinkToken, linkPlaidAccount, linkPlaidSandboxAccount, startPlaidScheduler, syncPlaidFeed } from './plaid-feed';

/** Live bank feeds through Plaid (issue 30 item 2), optional: without keys, the status says how to enable them. */
export async function bankFeedsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['bank-reconciliation'];
  if (deps.startWorkers && deps.config.plaid) {
    const stop = startPlaidScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }

  app.get('/api/bank-feeds/status', { schema: { tags, summary: 'Whether live bank feeds (Plaid) can be linked, and how to enable them' } }, async (request) => {
    requireAuth(request);
    return bankFeedStatus(deps.config.plaid);
  });

  app.post(
    '/api/bank-accounts/:id/plaid/link-token',
    { schema: { tags, summary: 'A Plaid Link token for linking this account (Plaid /link/token/create)', params: idParam } },
    async (request) => createPlaidLinkToken(deps, requireRole(request, BANK_ACCOUNT_ROLES), request.params.id),
  );

  app.post(
    '/api/bank-accounts/:id/plaid/exchange',
    {
      schema: {
        tags,
        summary: 'Link the account with what Plaid Link returned, then sync it',
        description:
          "{ public_token, account_id } from Link's onSuccess: the token is exchanged (/item/public_token/exchange), the access token kept " +
          'encrypted, the account checked to be in the item, its balance read (/accounts/balance/get), and the first sync run.',
        params: idParam,
        body: plaidExchangeSchema,
      },
    },
    async (request) => linkPlaidAccount(deps, requireRole(request, BANK_ACCOUNT_ROLES), request.params.id, request.body),
  );

  app.post(
    '/api/bank-accounts/:id/plaid/sandbox',
    {
      schema: {
        tags,
        summary: "Sandbox only: link Plaid's test institution without Link (/sandbox/public_token/create), then sync it",
        params: idParam,
      },
    },
    async (request) => linkPlaidSandboxAccount(deps, requireRole(request, BANK_ACCOUNT_ROLES), request.params.id),
  );

  app.post(
    '/api/bank-accounts/:id/plaid/sync',
    { schema: { tags, summary: 'Sync the linked feed now (/transactions/sync from its cursor)', params: idParam } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      const account = await findBankAccount(deps.db, { organizationId: auth.organizationId, id: request.params.id });
      if (!account) throw notFound('Bank account');
      return syncPlaidFeed(deps, { organizationId: auth.organizationId, bankAccountId: account.id, userId: auth.userId });
    },
  );
}
