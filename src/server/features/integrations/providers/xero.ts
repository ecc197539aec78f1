import type { OAuthProviderConfig } from '../../../config';
import type { ProviderConnector, SyncContext } from '../provider';
import { AuthorizationExpiredError, runApiSync } from './api-sync';
import { type OAuthProvider, type OAuthTokens, freshTokens, prepareOAuthConnect, tokensOf } from './oauth';
import { xeroBackend } from './xero-api';

/**
 * Xero: the OAuth2 authorization-code flow as Xero documents it (RFC 6749: GET XERO_AUTHORIZE_URL
 * with response_type=code, client_id, redirect_uri, scope, state; POST XERO_TOKEN_URL with Basic
 * client credentials and grant_type=authorization_code or refresh_token; GET {api}/connections for
 * the tenant id), then the Accounting API over fetch (xero-api.ts).
 */

const LABEL = 'Xero';
const SCOPES = 'openid profile email accounting.transactions accounting.contacts offline_access';

async function tokenRequest(config: OAuthProviderConfig, body: Record<string, string>, now: Date): Promise<OAuthTokens> {
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(body).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 400 || response.status === 401) throw new AuthorizationExpiredError(String(json.error ?? response.status));
  if (!response.ok) throw new Error(`${LABEL} token endpoint answered HTTP ${response.status}`);
  return tokensOf(json, now);
}

export const xeroOAuth: OAuthProvider = {
  id: 'xero',
  label: LABEL,
  configOf: (deps) => deps.config.xero ?? null,
  authorizationUrl: async (config, state, redirectUri) =>
    `${config.authorizeUrl}?${new URLSearchParams({ response_type: 'code', client_id: config.clientId, redirect_uri: redirectUri, scope: SCOPES, state }).toString()}`,
  async exchangeCode(config, callback, redirectUri, now) {
    const tokens = await tokenRequest(config, { grant_type: 'authorization_code', code: callback.code, redirect_uri: redirectUri }, now);
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
      (refreshToken) => tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, context.now),
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
