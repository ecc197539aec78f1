import type { BadgeVariant } from '@/components/ui/badge';
import type { HealthStatus, IntegrationProvider } from '@shared/contracts/integrations';

export const providerStatusLabels: Record<IntegrationProvider['status'], string> = {
  available: 'Available',
  beta: 'Beta',
  coming_soon: 'Coming Soon',
};

export const providerStatusVariants: Record<IntegrationProvider['status'], BadgeVariant> = {
  available: 'success',
  beta: 'info',
  coming_soon: 'secondary',
};

export const healthStatusLabels: Record<HealthStatus, string> = {
  healthy: 'Healthy',
  connected: 'Connected',
  warning: 'Warning',
  error: 'Error',
  disconnected: 'Disconnected',
};

export const healthStatusVariants: Record<HealthStatus, BadgeVariant> = {
  healthy: 'success',
  connected: 'info',
  warning: 'warning',
  error: 'destructive',
  disconnected: 'secondary',
};

export const pricingTierLabels: Record<IntegrationProvider['pricingTier'], string> = {
  free: 'Free',
  standard: 'Standard',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

export const complexityLabels: Record<IntegrationProvider['setupComplexity'], string> = {
  simple: 'Simple setup',
  moderate: 'Moderate setup',
  advanced: 'Advanced setup',
};

export const syncStatusLabels: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
