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
  prepareConnect?: (
    deps: AppDeps,
    input: { organizationId: string; settings: Record<string, unknown> },
  ) => Promise<{
    settings: Record<string, unknown>;
    secrets: Record<string, unknown>;
    /**
     * Where to send the user to authorize the connection (OAuth2). When given, the integration is
     * stored 'pending_authorization' (no scheduled syncs) and POST /api/integrations answers it as
     * `authorizationUrl`; the page navigates there. (A `settings.authorizationUrl` string is read
     * the same way and not stored.)
     */
    authorizationUrl?: string;
  }>;
  sync: (context: SyncContext) => Promise<SyncSummary>;
}
