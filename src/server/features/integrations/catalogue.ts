import {
  type IntegrationProvider,
  type ProviderStatus,
  type SyncDirection,
  type SyncFrequency,
  syncDirectionLabels,
  syncDirections,
  syncFrequencies,
  syncFrequencyLabels,
} from '../../../shared/contracts/integrations';
import { AppError } from '../../platform/errors';
import type { AppDeps } from '../../platform/deps';
import type { ProviderConnector, ProviderId } from './provider';
import { connectors } from './providers';

export type ConnectorRegistry = Partial<Record<ProviderId, ProviderConnector>>;

interface CatalogueEntry {
  id: ProviderId;
  name: string;
  description: string;
  kind: IntegrationProvider['kind'];
  pricingTier: IntegrationProvider['pricingTier'];
  setupComplexity: IntegrationProvider['setupComplexity'];
  realTime: boolean;
  /** The directions its sync can go, the default first. */
  directions: readonly SyncDirection[];
  features: string[];
  importTemplate: IntegrationProvider['importTemplate'];
}

/**
 * The providers of the Marketplace (spec practice 3.4 'Integration provider'). Whether one can be
 * connected is not written here: providerStatus asks the connector registry.
 */
export const catalogue: readonly CatalogueEntry[] = [
  {
    id: 'quickbooks_desktop',
    name: 'QuickBooks Desktop',
    description: 'Export customers, invoices and payments as an IIF file that QuickBooks Desktop imports.',
    kind: 'file',
    pricingTier: 'free',
    setupComplexity: 'simple',
    realTime: false,
    directions: ['from_platform'],
    features: ['IIF export of customers and invoices', 'Payments exported with their invoices', 'No add-on to install'],
    importTemplate: null,
  },
  {
    id: 'xero_csv',
    name: 'Xero',
    description: "Import and export contacts and invoices in Xero's own CSV templates.",
    kind: 'file',
    pricingTier: 'free',
    setupComplexity: 'simple',
    realTime: false,
    directions: ['from_platform'],
    features: ['Xero contact and invoice CSV export', "Import from Xero's CSV templates", 'Column mapping and preview'],
    importTemplate: 'xero',
  },
  {
    id: 'quickbooks_online_csv',
    name: 'QuickBooks Online',
    description: "Import customers and invoices from QuickBooks Online's CSV templates.",
    kind: 'file',
    pricingTier: 'free',
    setupComplexity: 'simple',
    realTime: false,
    directions: ['to_platform'],
    features: ['QuickBooks Online CSV templates', 'Preview with per-row errors', 'Re-importing creates nothing twice'],
    importTemplate: 'quickbooks_online',
  },
  {
    id: 'csv_excel',
    name: 'CSV / Excel',
    description: 'Import customers, vendors, invoices and bills from any CSV or Excel file.',
    kind: 'file',
    pricingTier: 'free',
    setupComplexity: 'simple',
    realTime: false,
    directions: ['to_platform'],
    features: ['Customers, vendors, invoices and bills', 'Column mapping step', 'All-or-nothing commit'],
    importTemplate: 'generic',
  },
  {
    id: 'webhooks',
    name: 'Webhooks',
    description: 'Send signed events (invoices, payments, bills) to an https URL of your choice.',
    kind: 'webhook',
    pricingTier: 'standard',
    setupComplexity: 'moderate',
    realTime: true,
    directions: syncDirections,
    features: ['Signed with HMAC-SHA256', 'Retries with a delivery log', 'Choose the events to send'],
    importTemplate: null,
  },
  {
    id: 'quickbooks_online',
    name: 'QuickBooks Online API',
    description: 'Two-way sync of customers, invoices and payments with QuickBooks Online.',
    kind: 'api',
    pricingTier: 'premium',
    setupComplexity: 'moderate',
    realTime: false,
    directions: syncDirections,
    features: ['OAuth2 connection', 'Customers, invoices and payments', 'Scheduled two-way sync'],
    importTemplate: null,
  },
  {
    id: 'xero',
    name: 'Xero API',
    description: 'Two-way sync of contacts, invoices and payments with Xero.',
    kind: 'api',
    pricingTier: 'premium',
    setupComplexity: 'moderate',
    realTime: false,
    directions: syncDirections,
    features: ['OAuth2 connection', 'Contacts, invoices and payments', 'Scheduled two-way sync'],
    importTemplate: null,
  },
  {
    id: 'netsuite',
    name: 'NetSuite',
    description: 'Sync customers, invoices and payments with Oracle NetSuite.',
    kind: 'api',
    pricingTier: 'enterprise',
    setupComplexity: 'advanced',
    realTime: false,
    directions: syncDirections,
    features: ['Token-based authentication', 'Customers, invoices and payments', 'Subsidiary support'],
    importTemplate: null,
  },
];

/** The directions and frequencies a provider's sync offers: real-time only for a real-time provider. */
export function syncModes(entry: Pick<CatalogueEntry, 'realTime' | 'directions'>): { directions: SyncDirection[]; frequencies: SyncFrequency[] } {
  return { directions: [...entry.directions], frequencies: syncFrequencies.filter((frequency) => entry.realTime || frequency !== 'real_time') };
}

/** Refuses (400, naming the field) a chosen direction or frequency the provider cannot sync with. */
export function checkSyncModes(entry: CatalogueEntry, chosen: { syncFrequency?: SyncFrequency | undefined; syncDirection?: SyncDirection | undefined }): void {
  const { directions, frequencies } = syncModes(entry);
  const fields: Record<string, string> = {};
  const either = (labels: string[]) => (labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}` : (labels[0] ?? ''));
  if (chosen.syncDirection && !directions.includes(chosen.syncDirection)) {
    fields.syncDirection = `${entry.name} cannot sync ${syncDirectionLabels[chosen.syncDirection]}: choose ${either(directions.map((d) => syncDirectionLabels[d]))}`;
  }
  if (chosen.syncFrequency && !frequencies.includes(chosen.syncFrequency)) {
    fields.syncFrequency = `${entry.name} cannot sync ${syncFrequencyLabels[chosen.syncFrequency]}: choose ${either(frequencies.map((f) => syncFrequencyLabels[f]))}`;
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION', first, fields);
}

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.id === id);
}

export function providerName(id: string): string {
  return catalogueEntry(id)?.name ?? id;
}

/**
 * available: a file or webhook provider whose connector is registered; beta: an API provider
 * whose connector is registered and configured (credentials in the environment); coming_soon:
 * no connector, or one that says it is not configured. Only available and beta can be connected.
 */
export function providerStatus(id: ProviderId, deps: AppDeps, registry: ConnectorRegistry = connectors): ProviderStatus {
  const entry = catalogueEntry(id);
  const connector = registry[id];
  if (!entry || !connector || !connector.isConfigured(deps)) return 'coming_soon';
  return entry.kind === 'api' ? 'beta' : 'available';
}

export function listProviders(deps: AppDeps, connected: ReadonlySet<string>, registry: ConnectorRegistry = connectors): IntegrationProvider[] {
  return catalogue.map((entry) => ({
    id: entry.id,
    name: entry.name,
    description: entry.description,
    kind: entry.kind,
    status: providerStatus(entry.id, deps, registry),
    pricingTier: entry.pricingTier,
    setupComplexity: entry.setupComplexity,
    syncCapabilities: { realTime: entry.realTime, ...syncModes(entry) },
    features: entry.features,
    connected: connected.has(entry.id),
    importTemplate: entry.importTemplate,
  }));
}
