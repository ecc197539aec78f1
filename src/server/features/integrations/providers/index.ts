import type { ProviderConnector, ProviderId } from '../provider';
import { csvExcelConnector, quickbooksOnlineCsvConnector } from './import-providers';

/**
 * The connectors of the providers that move data, by provider id (issue 14). A provider of the
 * catalogue without a connector here cannot be connected. Each connector lives in its own file
 * of this folder.
 */
export const connectors: Partial<Record<ProviderId, ProviderConnector>> = {
  csv_excel: csvExcelConnector,
  quickbooks_online_csv: quickbooksOnlineCsvConnector,
};

export function connectorFor(id: ProviderId): ProviderConnector | undefined {
  return connectors[id];
}
