import type { ProviderConnector, SyncContext } from '../provider';
import { AuthorizationExpiredError, runApiSync } from './api-sync';
import { type OAuthProvider, freshTokens, prepareOAuthConnect } from './oauth';
import { authorizationUrl, exchangeAuthorizationCode, refreshAccessToken } from './oauth-client';
import { xeroBackend } from './xero-api';

/**
 * Xero: the OAuth2 authorization-code flow through the shared OAuth client as Xero documents it
 * (oauth-client.ts, RFC 6749: GET XERO_AUTHORIZE_URL with response_type=code, client_id,
 * redirect_uri, scope, state; POST XERO_TOKEN_URL with Basic client credentials and
 * grant_type=authorization_code or refresh_token; GET {api}/connections for the tenant id), then
 * the Accounting API over fetch (xero-api.ts).
 */

const LABEL = 'Xero';
const SCOPES = 'openid profile email accounting.transactions accounting.contacts offline_access';

export const xeroOAuth: OAuthProvider = {
  id: 'xero',
  label: LABEL,
  configOf: (deps) => deps.config.xero ?? null,
  authorizationUrl: async (config, state, redirectUri) => authorizationUrl(config, { redirectUri, scope: SCOPES, state }),
  async exchangeCode(config, callback, redirectUri, now) {
    const tokens = await exchangeAuthorizationCode(config, LABEL, { code: callback.code, redirectUri }, now);
    const response = await fetch(`${config.apiBaseUrl}/connections`, { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
    const connections = (await response.json().catch(() => [])) as { tenantId?: string; tenantType?: string; tenantName?: string }[];
    const tenant = Array.isArray(connections) ? (connections.find((entry) => entry.tenantType === 'ORGANISATION') ?? connections[0]) : undefined;
    if (!response.ok || !tenant?.tenantId) throw new Error('No Xero organisation was authorized');
    return { tokens, settings: { tenantId: tenant.tenantId, tenantName: tenant.tenantName ?? null } };
  },
};

async function syncXero(context: SyncContext) {
  const config = context.deps.config.xero;
  if (!config) throw new Error(`${LABEL} is not configured on this server`);
  const tenantId = typeof context.integration.settings.tenantId === 'string' ? context.integration.settings.tenantId : null;
  if (context.integration.status !== 'connected' || !tenantId) throw new Error(`Authorize ${LABEL} first: the connection is waiting for authorization.`);
  let tokens;
  try {
    tokens = await freshTokens(
      context.secrets,
      context.now,
      (refreshToken) => refreshAccessToken(config, LABEL, refreshToken, context.now),
      context.saveSecrets,
    );
  } catch (error) {
    if (error instanceof AuthorizationExpiredError) throw new Error(`Reconnect ${LABEL}: the authorization expired or was revoked.`, { cause: error });
    throw error;
  }
  return runApiSync(context, xeroBackend(config, tenantId, tokens.accessToken));
}

export const xeroConnector: ProviderConnector = {
  id: 'xero',
  isConfigured: (deps) => Boolean(deps.config.xero),
  prepareConnect: (deps, input) => prepareOAuthConnect(xeroOAuth, deps, input),
  sync: syncXero,
};
