import { oauthCallbackQuery, oauthProviderParams } from '../../../../shared/contracts/integration-connectors';
import { and, eq } from 'drizzle-orm';
import { idParam } from '../../../../shared/contracts/common';
import { integrations } from '../../../db/schema';
import { requireAuth, requireRole } from '../../../platform/auth';
import { notFound } from '../../../platform/errors';
import type { AppDeps, ZodApp } from '../../../platform/deps';
import { completeOAuthConnect, prepareOAuthConnect } from './oauth';
import { quickbooksOnlineOAuth } from './quickbooks-online';
import { xeroOAuth } from './xero';

const providers = { quickbooks_online: quickbooksOnlineOAuth, xero: xeroOAuth } as const;

/**
 * GET /api/integrations/oauth/{provider}/callback: where QuickBooks Online and Xero send the
 * browser back after the user authorizes. A signed-in route (not public): the user's session
 * cookie comes with the top-level navigation, and the state must belong to this user and the
 * session's organization (oauth.ts). Redirects to /practice/integrations when authorized.
 */
export async function oauthRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/integrations/oauth/:provider/callback',
    {
      schema: {
        tags: ['integrations'],
        summary: 'OAuth2 callback of the QuickBooks Online and Xero connectors',
        description:
          'code, state (and realmId from Intuit). The state is single use, expires after 15 minutes and is bound to the organization and ' +
          'the user who started Connect; anything else is a 400 with a message. On success the tokens are stored encrypted, the ' +
          'integration becomes connected, an audit row is written and the browser is redirected to /practice/integrations.',
        params: oauthProviderParams,
        querystring: oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const provider = providers[request.params.provider];
      const callbackUrl = `${deps.config.appUrl}${request.url}`;
      const location = await completeOAuthConnect(provider, deps, { organizationId: auth.organizationId, userId: auth.userId }, request.query, callbackUrl);
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/api/integrations/:id/authorize',
    {
      schema: {
        tags: ['integrations'],
        summary: 'A new authorization link for an API integration waiting for authorization',
        description:
          'Owners and admins. For a QuickBooks Online or Xero integration in pending_authorization: a fresh single-use state (the ' +
          'previous link stops working), bound to this user, and the provider authorization URL to send the browser to.',
        params: idParam,
      },
    },
    async (request) => {
      const auth = requireRole(request, ['owner', 'admin']);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.params.id)) throw notFound('Integration');
      const [integration] = await deps.db
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, request.params.id), eq(integrations.organizationId, auth.organizationId), eq(integrations.status, 'pending_authorization')))
        .limit(1);
      const provider = integration && (integration.provider === 'quickbooks_online' || integration.provider === 'xero') ? providers[integration.provider] : null;
      if (!integration || !provider) throw notFound('Integration');
      const prepared = await prepareOAuthConnect(provider, deps, { organizationId: auth.organizationId, settings: integration.settings, userId: auth.userId });
      await deps.db.update(integrations).set({ settings: prepared.settings, updatedAt: deps.now() }).where(eq(integrations.id, integration.id));
      return { authorizationUrl: prepared.authorizationUrl ?? '' };
    },
  );
}
