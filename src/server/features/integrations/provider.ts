import type { AppDeps } from '../../platform/deps';
import type { integrations } from '../../db/schema';

/**
 * The seam between the integration hub (catalogue, connect, sync runs, health, scheduler) and the
 * providers that move data (issue 14). The hub never knows what a provider does; a provider never
 * reads the request: it gets the integration row, whose organization is the tenant.
 */

export type Integration = typeof integrations.$inferSelect;

/** The ids of the catalogue, as GET /api/integrations/providers answers them. */
export const providerIds = [
  'quickbooks_desktop',
  'xero_csv',
  'quickbooks_online_csv',
  'csv_excel',
  'webhooks',
  'quickbooks_online',
  'xero',
  'netsuite',
] as const;
export type ProviderId = (typeof providerIds)[number];

/** What one sync moved (spec practice 3.4 'Sync result'), plus other kinds a provider moves. */
export interface SyncSummary {
  customersProcessed: number;
  invoicesProcessed: number;
  paymentsProcessed: number;
  other?: Record<string, number>;
}

export interface SyncContext {
  deps: AppDeps;
  integration: Integration;
  /** The integration's decrypted secrets (webhook signing secret, OAuth tokens). */
  secrets: Record<string, unknown>;
  /** Persists changed secrets (e.g. refreshed OAuth tokens), encrypted, on the integration row. */
  saveSecrets: (secrets: Record<string, unknown>) => Promise<void>;
  now: Date;
}

/** What the hub passes to prepareConnect. */
export interface ConnectInput {
  organizationId: string;
  settings: Record<string, unknown>;
  /** Optional (added for the OAuth providers): the user connecting, whom the authorization is bound to. */
  userId?: string;
}

/**
 * What prepareConnect answers. `settings` and `secrets` are stored on the integration row
 * (secrets encrypted with platform/encryption.ts as `encryptSecret(key, JSON.stringify(secrets))`,
 * see providers/integration-secrets.ts). The optional members (backwards compatible) are:
 * - `status`: the status to store instead of 'connected' ('pending_authorization' for OAuth
 *   providers until the user authorizes at the provider);
 * - `authorizationUrl`: where the client sends the user to authorize (OAuth providers); the hub
 *   includes it in the connect answer;
 * - `revealOnce`: values the hub includes in the connect answer once and never again (the
 *   webhook signing secret), for the user to copy.
 */
export interface PreparedConnection {
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
  status?: Integration['status'];
  authorizationUrl?: string;
  revealOnce?: Record<string, string>;
}

/**
 * A provider's behaviour. File providers (IIF, Xero CSV) sync by preparing their export; the
 * webhook provider by delivering its queued events; API providers by pulling and pushing records.
 * A thrown error fails the sync; its message is what health shows, so write it for the user.
 */
export interface ProviderConnector {
  id: ProviderId;
  /** False when the provider needs configuration that is absent (API credentials): listed as coming_soon. */
  isConfigured: (deps: AppDeps) => boolean;
  /** Checks and normalises the settings given at connect (e.g. the webhook URL); throws a 400 AppError. */
  prepareConnect?: (deps: AppDeps, input: ConnectInput) => Promise<PreparedConnection>;
  sync: (context: SyncContext) => Promise<SyncSummary>;
}
