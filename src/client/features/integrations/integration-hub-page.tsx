import { Activity, CheckCircle2, Database, FileUp, Link2, Plus, RefreshCw, Users } from 'lucide-react';
import { useState } from 'react';
import {
  type Integration,
  type IntegrationProvider,
  type IntegrationStats,
  syncDirectionLabels,
  syncFrequencyLabels,
} from '@shared/contracts/integrations';
import { PageLayout } from '@/components/page-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { toast } from '@/lib/toast';
import {
  useDisconnectIntegration,
  useIntegrationHealth,
  useIntegrationStats,
  useIntegrations,
  useProviders,
  useRefreshHub,
  useSyncIntegration,
} from './api';
import { ConnectDialog } from './connect-dialog';
import { HealthTab } from './health-tab';
import { formatWhen } from './hub-format';
import {
  complexityLabels,
  healthStatusLabels,
  healthStatusVariants,
  pricingTierLabels,
  providerStatusLabels,
  providerStatusVariants,
  syncStatusLabels,
} from './hub-labels';
import { ImportDialog, type ImportDialogProps } from './import-dialog';
import { IntegrationExtras } from './integration-extras';

type Tab = 'overview' | 'active' | 'marketplace' | 'health';
type ImportTemplate = ImportDialogProps['template'];

const count = (value: number) => value.toLocaleString();

/** The Overview's sync summary: three real shares (the spec's fixed 75, 85 and 92 made meaningful). */
function SyncSummary({ stats }: { stats: IntegrationStats }) {
  const bars = [
    { label: 'Successful syncs', value: stats.syncSummary.successRate, meaning: 'Syncs of the last 30 days that succeeded.' },
    { label: 'Healthy integrations', value: stats.syncSummary.healthyShare, meaning: 'Integrations whose health is Healthy or Connected.' },
    { label: 'Syncing on schedule', value: stats.syncSummary.onScheduleShare, meaning: 'Connected integrations whose next scheduled sync is not overdue.' },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sync summary</CardTitle>
        <CardDescription>From your real sync history</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {bars.map((bar) => (
          <div key={bar.label} className="grid gap-1" data-testid="sync-summary-bar">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{bar.label}</span>
              <span className="tabular-nums">{bar.value === null ? 'No data yet' : `${bar.value}%`}</span>
            </div>
            <Progress value={bar.value ?? 0} aria-label={bar.label} />
            <p className="text-xs text-slate-500">{bar.meaning}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function Overview({ stats }: { stats: IntegrationStats | undefined }) {
  const loading = !stats;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Integrations" value={count(stats?.totalIntegrations ?? 0)} icon={Link2} iconTone="bg-blue-100 text-blue-700" loading={loading} />
        <StatCard label="Active Integrations" value={count(stats?.activeIntegrations ?? 0)} icon={CheckCircle2} iconTone="bg-green-100 text-green-700" loading={loading} />
        <StatCard label="Total Syncs" value={count(stats?.totalSyncs ?? 0)} icon={RefreshCw} iconTone="bg-purple-100 text-purple-700" loading={loading} />
        <StatCard
          label="Last Sync"
          value={stats?.lastSyncStatus ? (syncStatusLabels[stats.lastSyncStatus] ?? stats.lastSyncStatus) : 'None yet'}
          icon={Activity}
          iconTone="bg-yellow-100 text-yellow-700"
          loading={loading}
        />
      </div>
      {stats && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Data synced</CardTitle>
              <CardDescription>Records processed by successful syncs</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
                {[
                  { label: 'Customers', value: stats.dataPoints.customersSynced, icon: Users },
                  { label: 'Invoices', value: stats.dataPoints.invoicesSynced, icon: Database },
                  { label: 'Payments', value: stats.dataPoints.paymentsSynced, icon: CheckCircle2 },
                ].map((item) => (
                  <div key={item.label} className="rounded-md border p-3">
                    <dt className="flex items-center gap-2 text-slate-500">
                      <item.icon className="size-4" aria-hidden="true" />
                      {item.label}
                    </dt>
                    <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`synced-${item.label}`}>
                      {count(item.value)}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <SyncSummary stats={stats} />
        </div>
      )}
    </div>
  );
}

function IntegrationCard({
  integration,
  template,
  canManage,
  canSync,
  onImport,
  onDisconnect,
}: {
  integration: Integration;
  template: ImportTemplate | null;
  canManage: boolean;
  canSync: boolean;
  onImport: (template: ImportTemplate) => void;
  onDisconnect: (integration: Integration) => void;
}) {
  const sync = useSyncIntegration();
  const runSync = async () => {
    try {
      const result = await sync.mutateAsync(integration.integrationId);
      const total = result.summary.customersProcessed + result.summary.invoicesProcessed + result.summary.paymentsProcessed;
      toast({ title: 'Sync Complete', description: `${total} ${total === 1 ? 'record' : 'records'} processed.` });
    } catch (error) {
      toast({ title: 'Sync Failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };
  return (
    <Card data-testid="integration-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="text-base">{integration.providerName}</CardTitle>
          <CardDescription>{integration.status === 'pending_authorization' ? 'Waiting for authorization' : 'Connected'}</CardDescription>
        </div>
        <Badge variant={healthStatusVariants[integration.health.status]}>{healthStatusLabels[integration.health.status]}</Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Frequency</dt>
          <dd className="text-right">{syncFrequencyLabels[integration.settings.syncFrequency]}</dd>
          <dt className="text-slate-500">Direction</dt>
          <dd className="text-right">{syncDirectionLabels[integration.syncDirection]}</dd>
          <dt className="text-slate-500">Last sync</dt>
          <dd className="text-right" data-testid="last-sync">
            {formatWhen(integration.lastSyncAt)}
          </dd>
          <dt className="text-slate-500">Health score</dt>
          <dd className="text-right tabular-nums">{integration.health.healthScore}</dd>
        </dl>
        <IntegrationExtras integration={{ integrationId: integration.integrationId, provider: integration.provider, status: integration.status, settings: integration.settings }} />
        <div className="flex flex-wrap gap-2">
          {canSync && (
            <Button size="sm" onClick={() => void runSync()} disabled={sync.isPending || integration.status !== 'connected'}>
              <RefreshCw className={sync.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
              {sync.isPending ? 'Syncing…' : 'Sync'}
            </Button>
          )}
          {template && canSync && (
            <Button size="sm" variant="outline" onClick={() => onImport(template)}>
              <FileUp aria-hidden="true" />
              Import
            </Button>
          )}
          {canManage && (
            <Button size="sm" variant="outline" onClick={() => onDisconnect(integration)}>
              Disconnect
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ProviderCard({
  provider,
  canManage,
  canImport,
  onConnect,
  onImport,
}: {
  provider: IntegrationProvider;
  canManage: boolean;
  canImport: boolean;
  onConnect: (provider: IntegrationProvider) => void;
  onImport: (template: ImportTemplate) => void;
}) {
  const comingSoon = provider.status === 'coming_soon';
  // Importing a file goes through /api/imports: it needs no connection, so the card offers it whatever the status.
  const importable = provider.importTemplate !== null && canImport;
  return (
    <Card data-testid="provider-card" data-provider={provider.id} className="flex flex-col">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="text-base">{provider.name}</CardTitle>
          <CardDescription>{provider.description}</CardDescription>
        </div>
        <Badge variant={providerStatusVariants[provider.status]}>{providerStatusLabels[provider.status]}</Badge>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="flex flex-wrap gap-2 text-xs">
          <Badge variant="outline">{pricingTierLabels[provider.pricingTier]}</Badge>
          <Badge variant="outline">{complexityLabels[provider.setupComplexity]}</Badge>
          {provider.syncCapabilities.realTime && <Badge variant="outline">Real-time</Badge>}
        </div>
        <ul className="grid gap-1 text-sm text-slate-600">
          {provider.features.slice(0, 3).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-wrap gap-2">
          {provider.connected ? (
            <Button size="sm" variant="outline" disabled>
              Connected
            </Button>
          ) : comingSoon ? (
            <Button size="sm" variant="outline" disabled>
              Coming Soon
            </Button>
          ) : (
            <Button size="sm" onClick={() => onConnect(provider)} disabled={!canManage} title={canManage ? undefined : 'Owners and admins connect integrations'}>
              Connect
            </Button>
          )}
          {importable && provider.importTemplate && (
            <Button size="sm" variant="outline" onClick={() => onImport(provider.importTemplate as ImportTemplate)}>
              <FileUp aria-hidden="true" />
              Import
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The Integration Hub (spec practice 2.8; issue 14) of the active workspace. */
export default function IntegrationHubPage() {
  const { data: user } = useCurrentUser();
  const canManage = user?.role === 'owner' || user?.role === 'admin';
  const canSync = canManage || user?.role === 'accountant';
  const [tab, setTab] = useState<Tab>('overview');
  const [connecting, setConnecting] = useState<IntegrationProvider | null>(null);
  const [importing, setImporting] = useState<ImportTemplate | null>(null);
  const [disconnecting, setDisconnecting] = useState<Integration | null>(null);
  const providers = useProviders();
  const integrations = useIntegrations();
  const stats = useIntegrationStats();
  const health = useIntegrationHealth((integrations.data?.length ?? 0) > 0);
  const refresh = useRefreshHub();
  const disconnect = useDisconnectIntegration();
  const templateOf = (provider: string) => providers.data?.find((item) => item.id === provider)?.importTemplate ?? null;

  const confirmDisconnect = async () => {
    if (!disconnecting) return;
    try {
      await disconnect.mutateAsync(disconnecting.integrationId);
      toast({ title: 'Integration Disconnected', description: `${disconnecting.providerName} is disconnected.` });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setDisconnecting(null);
    }
  };

  const list = integrations.data ?? [];
  return (
    <PageLayout
      title="Integration Hub"
      subtitle="Connect your accounting software and keep data in sync"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void refresh()}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
          <Button onClick={() => setTab('marketplace')}>
            <Plus aria-hidden="true" />
            Add Integration
          </Button>
        </div>
      }
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="grid gap-6">
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-fit">
          <TabsTrigger value="overview" className="h-8">Overview</TabsTrigger>
          <TabsTrigger value="active" className="h-8">Active Integrations</TabsTrigger>
          <TabsTrigger value="marketplace" className="h-8">Marketplace</TabsTrigger>
          <TabsTrigger value="health" className="h-8">Health Monitoring</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview stats={stats.data} />
        </TabsContent>
        <TabsContent value="active">
          {list.length === 0 && !integrations.isLoading ? (
            <EmptyState
              icon={Link2}
              title="No integrations yet"
              description="Connect a provider from the Marketplace to sync customers, invoices and payments."
              action={<Button onClick={() => setTab('marketplace')}>Browse Marketplace</Button>}
            />
          ) : (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
              {list.map((integration) => (
                <IntegrationCard
                  key={integration.integrationId}
                  integration={integration}
                  template={templateOf(integration.provider)}
                  canManage={canManage}
                  canSync={canSync}
                  onImport={setImporting}
                  onDisconnect={setDisconnecting}
                />
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="marketplace">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {(providers.data ?? []).map((provider) => (
              <ProviderCard key={provider.id} provider={provider} canManage={canManage} canImport={canSync} onConnect={setConnecting} onImport={setImporting} />
            ))}
          </div>
        </TabsContent>
        <TabsContent value="health">
          <HealthTab report={list.length > 0 ? health.data : undefined} loading={integrations.isLoading || (list.length > 0 && health.isLoading)} />
        </TabsContent>
      </Tabs>
      <ConnectDialog provider={connecting} onOpenChange={(open) => !open && setConnecting(null)} />
      <ImportDialog open={importing !== null} onOpenChange={(open) => !open && setImporting(null)} template={importing ?? 'generic'} />
      <ConfirmDialog
        open={disconnecting !== null}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title="Disconnect integration?"
        description={`${disconnecting?.providerName ?? 'The integration'} stops syncing. Its sync history is kept; you can connect it again later.`}
        confirmLabel="Disconnect"
        onConfirm={() => void confirmDisconnect()}
        pending={disconnect.isPending}
      />
    </PageLayout>
  );
}
