import type { ProviderConnector, ProviderId } from '../provider';
import { quickbooksDesktopConnector } from './quickbooks-desktop';
import { webhooksConnector } from './webhooks';
import { xeroCsvConnector } from './xero-csv';

/**
 * The connectors of the providers that move data, by provider id (issue 14). A provider of the
 * catalogue without a connector here cannot be connected. Each connector lives in its own file
 * of this folder.
 */
export const connectors: Partial<Record<ProviderId, ProviderConnector>> = {
  quickbooks_desktop: quickbooksDesktopConnector,
  xero_csv: xeroCsvConnector,
  webhooks: webhooksConnector,
  // NetSuite stays coming_soon: it has no connector (issue 14 builds QuickBooks Online and Xero only).
};

export function connectorFor(id: ProviderId): ProviderConnector | undefined {
  return connectors[id];
}
