import { z } from 'zod';
import { webhookEventTypes } from './integration-connectors';

/**
 * The Integration Hub (spec practice 2.8, 3.4; issue 14): the provider catalogue, the connected
 * integrations of the active organization, their sync history and health.
 */

export const syncFrequencies = ['real_time', 'hourly', 'daily', 'weekly'] as const;
export const syncDirections = ['bidirectional', 'to_platform', 'from_platform'] as const;
export type SyncFrequency = (typeof syncFrequencies)[number];
export type SyncDirection = (typeof syncDirections)[number];

export const syncFrequencyLabels: Record<SyncFrequency, string> = {
  real_time: 'Real-time',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
};
export const syncDirectionLabels: Record<SyncDirection, string> = {
  bidirectional: 'Bidirectional',
  to_platform: 'To platform',
  from_platform: 'From platform',
};

/** The events a webhook integration can subscribe to (settings.events): the connectors' list. */
export const webhookEvents = webhookEventTypes;

/** POST /api/integrations: the provider's own settings (webhook url and events, ...) pass through to its connector. */
export const connectIntegrationSchema = z.object({
  provider: z.string().min(1, 'Choose a provider').max(60),
  settings: z
    .object({
      syncFrequency: z.enum(syncFrequencies).default('daily'),
      // Left out: the provider's first direction (see IntegrationProvider.syncCapabilities).
      syncDirection: z.enum(syncDirections).optional(),
    })
    .catchall(z.unknown())
    .default({ syncFrequency: 'daily' }),
});
export type ConnectIntegrationInput = z.input<typeof connectIntegrationSchema>;

/** PUT /api/integrations/{id}: fields left out are kept. */
export const updateIntegrationSchema = z
  .object({
    syncFrequency: z.enum(syncFrequencies).optional(),
    syncDirection: z.enum(syncDirections).optional(),
  })
  .strict();
export type UpdateIntegrationInput = z.infer<typeof updateIntegrationSchema>;

export type ProviderStatus = 'available' | 'beta' | 'coming_soon';

export interface IntegrationProvider {
  id: string;
  name: string;
  description: string;
  kind: 'file' | 'webhook' | 'api';
  status: ProviderStatus;
  pricingTier: 'free' | 'standard' | 'premium' | 'enterprise';
  setupComplexity: 'simple' | 'moderate' | 'advanced';
  /**
   * What its sync can do: a file connector moves files one way (QuickBooks Desktop and Xero files
   * out of Signal AR, the import templates in), so it has one direction and no real-time sync.
   * The server refuses any other (400); the first direction is the default.
   */
  syncCapabilities: { realTime: boolean; directions: SyncDirection[]; frequencies: SyncFrequency[] };
  features: string[];
  /** Connected (or awaiting authorization) for the active organization. */
  connected: boolean;
  /** The import template its Import button opens, for the file-import providers. */
  importTemplate: 'generic' | 'quickbooks_online' | 'xero' | null;
}

export type HealthStatus = 'healthy' | 'connected' | 'warning' | 'error' | 'disconnected';

export interface HealthIssue {
  message: string;
  suggestedAction: string;
}

export interface IntegrationHealth {
  integrationId: string;
  provider: string;
  providerName: string;
  status: HealthStatus;
  healthScore: number;
  lastSuccessfulSync: string | null;
  consecutiveFailures: number;
  /** Finished syncs the score was computed from (at most the last 20). */
  recentSyncs: number;
  recentFailures: number;
  issues: HealthIssue[];
}

export interface IntegrationHealthReport {
  overall: number;
  integrations: IntegrationHealth[];
}

export interface Integration {
  integrationId: string;
  provider: string;
  providerName: string;
  status: 'connected' | 'pending_authorization' | 'disconnected';
  settings: Record<string, unknown> & { syncFrequency: SyncFrequency; syncDirection: SyncDirection };
  syncDirection: SyncDirection;
  lastSyncAt: string | null;
  nextSyncAt: string | null;
  connectedAt: string;
  health: { status: HealthStatus; healthScore: number };
  /** Present after connect when the provider needs the user to authorize it (OAuth2). */
  authorizationUrl?: string;
  /** Present once, in the connect answer only: values the user copies now (a webhook's signing secret). */
  revealOnce?: Record<string, string>;
}

export interface IntegrationStats {
  totalIntegrations: number;
  activeIntegrations: number;
  totalSyncs: number;
  lastSyncStatus: 'queued' | 'running' | 'succeeded' | 'failed' | null;
  dataPoints: { customersSynced: number; invoicesSynced: number; paymentsSynced: number };
  /**
   * The Overview's three bars, each a percentage or null when there is nothing to measure:
   * successRate = succeeded / finished syncs of the last 30 days; healthyShare = integrations whose
   * health is healthy or connected (never synced) / integrations; onScheduleShare = connected
   * integrations whose next scheduled sync is not overdue / connected integrations.
   */
  syncSummary: { successRate: number | null; healthyShare: number | null; onScheduleShare: number | null };
}

export interface SyncResult {
  syncId: string;
  status: 'succeeded' | 'failed';
  summary: { customersProcessed: number; invoicesProcessed: number; paymentsProcessed: number };
  other: Record<string, number>;
}
