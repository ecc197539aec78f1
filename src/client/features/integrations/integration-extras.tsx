import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookDelivery } from '@shared/contracts/integration-connectors';
import { webhookEvents } from '@shared/contracts/integrations';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Pager } from '@/components/ui/pager';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { apiList, apiRequest } from '@/lib/api';
import { toast } from '@/lib/toast';

/**
 * What a connected integration's card shows besides the hub's own fields: the file providers'
 * export downloads (IIF, Xero CSV), the webhook delivery log, an API provider's Authorize step.
 */
export interface IntegrationExtrasProps {
  integration: {
    integrationId: string;
    provider: string;
    status: string;
    settings?: Record<string, unknown>;
  };
}

const exportUrl = (id: string, query = '') => `/api/integrations/${id}/export${query}`;

function DownloadLink({ href, children }: { href: string; children: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        {children}
      </a>
    </Button>
  );
}

const statusVariant: Record<WebhookDelivery['status'], BadgeVariant> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'destructive',
};
const statusLabel: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** A pending delivery that was already tried has failed at least once and waits for its retry. */
const isRetrying = (row: WebhookDelivery) => row.status === 'pending' && row.attempts > 0;

function formatTime(value: string | null): string {
  return value
    ? new Date(value).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })
    : '—';
}

const PAGE = 20;

function DeliveryLog({
  integrationId,
  open,
  onOpenChange,
}: {
  integrationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [offset, setOffset] = useState(0);
  const queryClient = useQueryClient();
  const url = `/api/integrations/${integrationId}/deliveries`;
  const deliveries = useQuery({
    queryKey: [url, { limit: PAGE, offset }],
    queryFn: () => apiList<WebhookDelivery>(url, { limit: PAGE, offset }),
    enabled: open,
  });
  const retry = useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<WebhookDelivery>('POST', `${url}/${deliveryId}/retry`),
    onSuccess: () => {
      toast({
        title: 'Retry queued',
        description: 'The delivery will be sent again within a few seconds.',
      });
      void queryClient.invalidateQueries({ queryKey: [url] });
    },
    onError: (error) =>
      toast({ title: 'Retry failed', description: error.message, variant: 'destructive' }),
  });
  const rows = deliveries.data?.items ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Delivery Log</DialogTitle>
          <DialogDescription>
            Newest first. Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 12 h.
          </DialogDescription>
        </DialogHeader>
        {deliveries.isError ? (
          <p className="text-sm text-red-700">The delivery log could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            {deliveries.isLoading ? 'Loading…' : 'No events have been sent yet.'}
          </p>
        ) : (
          <>
            <ul className="grid gap-2 sm:hidden" aria-label="Deliveries">
              {rows.map((row) => (
                <li key={row.id} className="grid gap-1 rounded-md border p-3 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-mono text-xs">{row.eventType}</span>
                    <Badge variant={statusVariant[row.status]}>
                      {isRetrying(row) ? 'Retrying' : statusLabel[row.status]}
                    </Badge>
                  </div>
                  <p className="text-xs text-slate-600">
                    {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'} ·{' '}
                    {formatTime(row.deliveredAt ?? row.createdAt)}
                    {isRetrying(row) && row.nextAttemptAt
                      ? ` · next try ${formatTime(row.nextAttemptAt)}`
                      : ''}
                  </p>
                  <p className="text-xs [overflow-wrap:anywhere]">
                    {row.lastStatusCode !== null
                      ? `HTTP ${row.lastStatusCode}`
                      : (row.lastError ?? '—')}
                  </p>
                  {row.status === 'failed' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="w-fit"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(row.id)}
                    >
                      Retry
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <div className="hidden min-w-0 overflow-x-auto sm:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Event</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Attempts</TableHead>
                    <TableHead>Last response</TableHead>
                    <TableHead>Time</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell className="font-mono text-xs">{row.eventType}</TableCell>
                      <TableCell>
                        <div className="flex items-center gap-2">
                          <Badge variant={statusVariant[row.status]}>
                            {isRetrying(row) ? 'Retrying' : statusLabel[row.status]}
                          </Badge>
                          {row.status === 'failed' ? (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={retry.isPending}
                              onClick={() => retry.mutate(row.id)}
                            >
                              Retry
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                      <TableCell className="text-right">{row.attempts}</TableCell>
                      <TableCell
                        className="max-w-64 min-w-40 text-xs whitespace-normal"
                        title={row.lastError ?? undefined}
                      >
                        <span className="line-clamp-3 [overflow-wrap:anywhere]">
                          {row.lastStatusCode !== null
                            ? `HTTP ${row.lastStatusCode}`
                            : (row.lastError ?? '—')}
                        </span>
                      </TableCell>
                      <TableCell className="text-xs whitespace-nowrap">
                        {formatTime(row.deliveredAt ?? row.createdAt)}
                        {isRetrying(row) && row.nextAttemptAt ? (
                          <span className="block text-slate-500">
                            Next try {formatTime(row.nextAttemptAt)}
                          </span>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
        <Pager
          total={deliveries.data?.total ?? 0}
          limit={PAGE}
          offset={offset}
          onOffsetChange={setOffset}
        />
      </DialogContent>
    </Dialog>
  );
}

function AuthorizeButton({ integrationId, provider }: { integrationId: string; provider: string }) {
  const authorize = useMutation({
    mutationFn: () =>
      apiRequest<{ authorizationUrl: string }>(
        'POST',
        `/api/integrations/${integrationId}/authorize`,
      ),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
    onError: (error) =>
      toast({
        title: 'Authorization could not start',
        description: error.message,
        variant: 'destructive',
      }),
  });
  const name = provider === 'xero' ? 'Xero' : 'QuickBooks Online';
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600">
        Waiting for authorization: sign in to {name} and allow Signal AR to read and write your
        records.
      </p>
      <Button
        size="sm"
        className="w-fit"
        disabled={authorize.isPending}
        onClick={() => authorize.mutate()}
      >
        Authorize
      </Button>
    </div>
  );
}

export function IntegrationExtras({ integration }: IntegrationExtrasProps) {
  const [logOpen, setLogOpen] = useState(false);
  const { integrationId, provider, status } = integration;
  if (provider === 'quickbooks_desktop') {
    return (
      <div className="flex flex-wrap gap-2">
        <DownloadLink href={exportUrl(integrationId)}>Export IIF</DownloadLink>
        <DownloadLink href={exportUrl(integrationId, '?scope=since_last_sync')}>
          Changes since last sync
        </DownloadLink>
      </div>
    );
  }
  if (provider === 'xero_csv') {
    return (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <DownloadLink href={exportUrl(integrationId)}>Export for Xero</DownloadLink>
          <DownloadLink href={exportUrl(integrationId, '?scope=since_last_sync')}>
            Changes since last sync
          </DownloadLink>
        </div>
        <div className="flex flex-wrap gap-3 text-sm">
          <a
            className="text-blue-700 underline"
            href={exportUrl(integrationId, '?file=contacts')}
            download
          >
            Contacts CSV
          </a>
          <a
            className="text-blue-700 underline"
            href={exportUrl(integrationId, '?file=invoices')}
            download
          >
            Sales invoices CSV
          </a>
          <a
            className="text-blue-700 underline"
            href={exportUrl(integrationId, '?file=bills')}
            download
          >
            Bills CSV
          </a>
        </div>
        <p className="text-sm text-slate-600" data-testid="xero-file-limit">
          Xero imports at most 500 invoices or bills (1,000 contacts) per file. A larger export comes in the ZIP as numbered
          files (xero-sales-invoices-part-1-of-3.csv, …), never splitting an invoice: import them in order, as its
          README.txt says.
        </p>
      </div>
    );
  }
  if (provider === 'webhooks') {
    const url = typeof integration.settings?.url === 'string' ? integration.settings.url : null;
    const events = Array.isArray(integration.settings?.events)
      ? integration.settings.events.map(String)
      : [];
    return (
      <div className="flex flex-col gap-2">
        {url ? (
          <p className="text-sm [overflow-wrap:anywhere]" data-testid="webhook-target">
            Sends {events.length > 0 && events.length < webhookEvents.length ? events.join(', ') : 'every event'} to{' '}
            <span className="font-mono text-xs">{url}</span>
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          Each request is signed: check the{' '}
          <code className="font-mono text-xs">X-Signal-Signature</code> header (HMAC-SHA256 of the
          timestamp, a dot and the body, with the signing secret shown when you connected) and
          ignore a repeated <code className="font-mono text-xs">X-Signal-Delivery</code> id.
        </p>
        <Button size="sm" variant="outline" className="w-fit" onClick={() => setLogOpen(true)}>
          Delivery Log
        </Button>
        <DeliveryLog integrationId={integrationId} open={logOpen} onOpenChange={setLogOpen} />
      </div>
    );
  }
  if (
    (provider === 'quickbooks_online' || provider === 'xero') &&
    status === 'pending_authorization'
  ) {
    return <AuthorizeButton integrationId={integrationId} provider={provider} />;
  }
  return null;
}
