import { oauthCallbackQuery, oauthProviderParams } from '../../../../shared/contracts/integration-connectors';
import { requireAuth } from '../../../platform/auth';
import type { AppDeps, ZodApp } from '../../../platform/deps';
import { completeOAuthConnect } from './oauth';
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
}
