import type { ProviderConnector, ProviderId } from '../provider';
import { csvExcelConnector, quickbooksOnlineCsvConnector } from './import-providers';
import { quickbooksDesktopConnector } from './quickbooks-desktop';
import { quickbooksOnlineConnector } from './quickbooks-online';
import { webhooksConnector } from './webhooks';
import { xeroConnector } from './xero';
import { xeroCsvConnector } from './xero-csv';

/**
 * The connectors of the providers that move data, by provider id (issue 14). A provider of the
 * catalogue without a connector here cannot be connected. Each connector lives in its own file
 * of this folder.
 */
export const connectors: Partial<Record<ProviderId, ProviderConnector>> = {
  csv_excel: csvExcelConnector,
  quickbooks_online_csv: quickbooksOnlineCsvConnector,
  quickbooks_desktop: quickbooksDesktopConnector,
  xero_csv: xeroCsvConnector,
  webhooks: webhooksConnector,
  // Listed as coming_soon unless QBO_CLIENT_ID/QBO_CLIENT_SECRET or XERO_CLIENT_ID/XERO_CLIENT_SECRET are set (isConfigured).
  quickbooks_online: quickbooksOnlineConnector,
  xero: xeroConnector,
  // NetSuite stays coming_soon: it has no connector (issue 14 builds QuickBooks Online and Xero only).
};

export function connectorFor(id: ProviderId): ProviderConnector | undefined {
  return connectors[id];
}
