import type { OAuthProviderConfig } from '../../../config';
import { AppError } from '../../../platform/errors';

/**
 * The OAuth 2.0 authorization-code client both API connectors use (QuickBooks Online, Xero), with
 * fetch, as RFC 6749 and both providers document it:
 * - the authorization URL: GET authorizeUrl?response_type=code&client_id&redirect_uri&scope&state
 *   (4.1.1);
 * - the code exchange (4.1.3) and the refresh (6): POST tokenUrl, form-encoded body
 *   (grant_type=authorization_code, code, redirect_uri | grant_type=refresh_token, refresh_token),
 *   the client authenticated with HTTP Basic (2.3.1), as Intuit's and Xero's token endpoints take it;
 * - the answer (5.1): { access_token, token_type, expires_in, refresh_token } (Intuit adds
 *   x_refresh_token_expires_in); a refusal (5.2): 400 or 401 with { error: invalid_grant |
 *   invalid_client | ..., error_description }.
 * The token URLs are the server's configuration (Intuit's and Xero's by default), never user input,
 * so no private-address guard applies. Errors name the provider and the OAuth error code only:
 * never a token, the client secret or the provider's whole answer.
 */

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO instant the access token expires. */
  expiresAt: string;
}

/** How long a token request may take before it is given up. */
const TOKEN_TIMEOUT_MS = 30_000;

/** The token endpoint refused the grant (RFC 6749 5.2): a code used or expired, a refresh token revoked. */
export class OAuthGrantRefusedError extends AppError {
  constructor(
    readonly label: string,
    readonly grant: 'authorization_code' | 'refresh_token',
    readonly oauthError: string,
  ) {
    super(
      'BAD_REQUEST',
      grant === 'authorization_code'
        ? `${label} refused the authorization code (${oauthError}); start Connect again`
        : `${label} refused to renew the authorization (${oauthError}); reconnect ${label}`,
    );
    this.name = 'OAuthGrantRefusedError';
  }
}

/** The token endpoint could not be reached, timed out or answered something other than tokens. */
export class OAuthUnavailableError extends AppError {
  constructor(label: string, grant: TokenGrant['grant_type'], options?: { cause?: unknown }) {
    super(
      'BAD_REQUEST',
      grant === 'authorization_code'
        ? `${label} could not be reached to finish the authorization; start Connect again in a few minutes`
        : `${label} could not be reached to renew the authorization; sync again in a few minutes`,
    );
    this.name = 'OAuthUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Where to send the user to authorize (RFC 6749 4.1.1). */
export function authorizationUrl(config: Pick<OAuthProviderConfig, 'authorizeUrl' | 'clientId'>, request: { redirectUri: string; scope: string; state: string }): string {
  const url = new URL(config.authorizeUrl);
  const params = { response_type: 'code', client_id: config.clientId, redirect_uri: request.redirectUri, scope: request.scope, state: request.state };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * A token answer (RFC 6749 5.1) as our tokens; the access token's lifetime from expires_in
 * (seconds). A refresh answer without a refresh token keeps the one used (RFC 6749 6).
 */
export function tokensOf(body: { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown }, now: Date, previousRefreshToken?: string): OAuthTokens {
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : previousRefreshToken;
  if (typeof body.access_token !== 'string' || !refreshToken) throw new Error('The token answer has no tokens');
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 1800);
  const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds : 1800;
  return { accessToken: body.access_token, refreshToken, expiresAt: new Date(now.getTime() + lifetime * 1000).toISOString() };
}

type TokenGrant = { grant_type: 'authorization_code'; code: string; redirect_uri: string } | { grant_type: 'refresh_token'; refresh_token: string };

async function tokenRequest(config: OAuthProviderConfig, label: string, grant: TokenGrant, now: Date): Promise<OAuthTokens> {
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(grant).toString(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new OAuthUnavailableError(label, grant.grant_type, { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 400 || response.status === 401) {
    const code = typeof body.error === 'string' && /^[\w.-]{1,64}$/.test(body.error) ? body.error : `HTTP ${response.status}`;
    throw new OAuthGrantRefusedError(label, grant.grant_type, code);
  }
  if (!response.ok) throw new OAuthUnavailableError(label, grant.grant_type, { cause: new Error(`HTTP ${response.status}`) });
  try {
    return tokensOf(body, now, grant.grant_type === 'refresh_token' ? grant.refresh_token : undefined);
  } catch (error) {
    throw new OAuthUnavailableError(label, grant.grant_type, { cause: error });
  }
}

/** The authorization code of the callback for tokens (RFC 6749 4.1.3). */
export function exchangeAuthorizationCode(config: OAuthProviderConfig, label: string, request: { code: string; redirectUri: string }, now: Date): Promise<OAuthTokens> {
  return tokenRequest(config, label, { grant_type: 'authorization_code', code: request.code, redirect_uri: request.redirectUri }, now);
}

/** New tokens for a refresh token (RFC 6749 6); the answer's refresh token replaces the old one. */
export function refreshAccessToken(config: OAuthProviderConfig, label: string, refreshToken: string, now: Date): Promise<OAuthTokens> {
  return tokenRequest(config, label, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}
