import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { OAuthProviderConfig } from '../../../config';
import { integrations } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { ConnectInput, PreparedConnection, ProviderId } from '../provider';
import { AuthorizationExpiredError } from './api-sync';
import { encryptIntegrationSecrets } from './integration-secrets';
import { OAuthGrantRefusedError, type OAuthTokens } from './oauth-client';

export type { OAuthTokens } from './oauth-client';

/**
 * OAuth2 authorization-code connect of the API providers (QuickBooks Online, Xero).
 *
 * prepareConnect answers status pending_authorization and the provider's authorization URL with
 * a `state` of 32 random bytes. Only its SHA-256 is stored (settings.oauth: stateHash, the user
 * who started it, expiry in 15 minutes), so the state is neither readable from the database nor
 * guessable. The callback (GET /api/integrations/oauth/{provider}/callback, a signed-in route:
 * the browser comes back from the provider with the user's session cookie) finds the integration
 * by the state's hash within the session's organization, checks it was started by this user and
 * has not expired, and consumes it in one conditional update (single use: a replayed callback
 * finds nothing) before exchanging the code. Tokens are stored encrypted, the status becomes
 * connected, and an audit row (integration.authorized) is written in the same transaction.
 */

export const STATE_TTL_MS = 15 * 60_000;

export interface OAuthProvider {
  id: Extract<ProviderId, 'quickbooks_online' | 'xero'>;
  label: string;
  configOf: (deps: Pick<AppDeps, 'config'>) => OAuthProviderConfig | null;
  authorizationUrl: (config: OAuthProviderConfig, state: string, redirectUri: string) => Promise<string>;
  /** Exchanges the code; answers the tokens plus the provider's company (realmId, tenantId). */
  exchangeCode: (
    config: OAuthProviderConfig,
    callback: { url: string; code: string; realmId?: string | undefined },
    redirectUri: string,
    now: Date,
  ) => Promise<{ tokens: OAuthTokens; settings: Record<string, unknown> }>;
}

export function redirectUriOf(deps: Pick<AppDeps, 'config'>, provider: string): string {
  return `${deps.config.appUrl}/api/integrations/oauth/${provider}/callback`;
}

export const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

export async function prepareOAuthConnect(provider: OAuthProvider, deps: AppDeps, input: ConnectInput): Promise<PreparedConnection> {
  const config = provider.configOf(deps);
  if (!config) throw new AppError('BAD_REQUEST', `${provider.label} is not configured on this server`);
  const state = randomBytes(32).toString('base64url');
  const { oauth: _ignored, ...settings } = input.settings;
  return {
    settings: {
      ...settings,
      oauth: { stateHash: hashState(state), userId: input.userId ?? null, expiresAt: new Date(deps.now().getTime() + STATE_TTL_MS).toISOString() },
    },
    secrets: {},
    status: 'pending_authorization',
    authorizationUrl: await provider.authorizationUrl(config, state, redirectUriOf(deps, provider.id)),
  };
}

interface StoredState {
  stateHash?: string;
  userId?: string | null;
  expiresAt?: string;
}

/** The callback: see the comment at the top. Answers where to send the browser. */
export async function completeOAuthConnect(
  provider: OAuthProvider,
  deps: AppDeps,
  actor: { organizationId: string; userId: string },
  query: { code?: string | undefined; state?: string | undefined; realmId?: string | undefined; error?: string | undefined },
  callbackUrl: string,
): Promise<string> {
  const config = provider.configOf(deps);
  if (!config) throw new AppError('NOT_FOUND', `${provider.label} is not configured on this server`);
  if (!query.state) throw new AppError('BAD_REQUEST', 'The authorization answer has no state; start Connect again');
  const stateHash = hashState(query.state);
  const [integration] = await deps.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.organizationId, actor.organizationId),
        eq(integrations.provider, provider.id),
        eq(integrations.status, 'pending_authorization'),
        sql`${integrations.settings} -> 'oauth' ->> 'stateHash' = ${stateHash}`,
      ),
    )
    .limit(1);
  const stored = (integration?.settings.oauth ?? {}) as StoredState;
  const startedBy = stored.userId ?? integration?.connectedBy ?? null;
  if (!integration || startedBy !== actor.userId) {
    throw new AppError('BAD_REQUEST', 'This authorization link is not valid for you (used already, or started by someone else); start Connect again');
  }
  // Single use: consume the state before anything else.
  const { oauth: _consumed, ...settings } = integration.settings;
  const consumed = await deps.db
    .update(integrations)
    .set({ settings, updatedAt: deps.now() })
    .where(and(eq(integrations.id, integration.id), sql`${integrations.settings} -> 'oauth' ->> 'stateHash' = ${stateHash}`))
    .returning({ id: integrations.id });
  if (consumed.length === 0) throw new AppError('BAD_REQUEST', 'This authorization link was used already; start Connect again');
  if (!stored.expiresAt || new Date(stored.expiresAt).getTime() < deps.now().getTime()) {
    throw new AppError('BAD_REQUEST', 'The authorization took too long and expired; start Connect again');
  }
  if (query.error || !query.code) throw new AppError('BAD_REQUEST', `${provider.label} did not authorize the connection${query.error ? ` (${query.error})` : ''}; start Connect again`);
  let exchanged: Awaited<ReturnType<OAuthProvider['exchangeCode']>>;
  try {
    exchanged = await provider.exchangeCode(config, { url: callbackUrl, code: query.code, realmId: query.realmId }, redirectUriOf(deps, provider.id), deps.now());
  } catch (error) {
    // The helper's refusals and outages carry a message to act on; anything else is a refusal too.
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', `${provider.label} refused the authorization code; start Connect again`);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(integrations)
      .set({
        status: 'connected',
        settings: { ...settings, ...exchanged.settings },
        secretsEncrypted: encryptIntegrationSecrets(deps.config.encryptionKey, { ...exchanged.tokens }),
        updatedAt: deps.now(),
      })
      .where(and(eq(integrations.id, integration.id), eq(integrations.organizationId, actor.organizationId)));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'integration.authorized',
      entityType: 'integration',
      entityId: integration.id,
      details: { provider: provider.id, ...exchanged.settings },
    });
  });
  return `/practice/integrations?authorized=${provider.id}`;
}

/** Tokens still valid for a minute, or refreshed (and saved) through `refresh`. */
export async function freshTokens(
  secrets: Record<string, unknown>,
  now: Date,
  refresh: (refreshToken: string) => Promise<OAuthTokens>,
  save: (secrets: Record<string, unknown>) => Promise<void>,
): Promise<OAuthTokens & Record<string, unknown>> {
  const tokens = secrets as Partial<OAuthTokens>;
  if (typeof tokens.accessToken !== 'string' || typeof tokens.refreshToken !== 'string') throw new Error('No tokens: authorize the connection first.');
  if (tokens.expiresAt && new Date(tokens.expiresAt).getTime() > now.getTime() + 60_000) return { ...secrets, ...(tokens as OAuthTokens) };
  let refreshed: OAuthTokens;
  try {
    refreshed = await refresh(tokens.refreshToken);
  } catch (error) {
    // A refused refresh token (revoked, expired, used twice) needs the user to connect again.
    if (error instanceof OAuthGrantRefusedError) throw new AuthorizationExpiredError(error.oauthError, { cause: error });
    throw error;
  }
  const next = { ...secrets, ...refreshed };
  await save(next);
  return next;
}
