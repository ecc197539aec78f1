/**
 * What a connected integration's card shows besides the hub's own fields: the file providers'
 * export downloads (IIF, Xero CSV), the webhook delivery log, an API provider's Authorize step.
 */
export interface IntegrationExtrasProps {
  integration: { integrationId: string; provider: string; status: string };
}

export function IntegrationExtras(_props: IntegrationExtrasProps) {
  return null;
}
