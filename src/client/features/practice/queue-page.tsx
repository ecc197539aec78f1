import { CalendarClock, CheckCheck, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { QueueApproval, QueueBatchResult, QueueKind } from '@shared/contracts/practice-queue';
import { type Decision, DecisionDialog } from '@/components/decision-dialog';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { QUEUE_PAGE_SIZE, type QueueView, useQueueApprovals, useQueueBatchApprove, useQueueDecision, useQueuePayments, useQueueSummary } from './queue-api';
import { QueueApprovalsTable } from './queue-approvals-table';
import { QueueBatchResultDialog } from './queue-batch-result-dialog';
import { QueuePaymentsTable } from './queue-payments-table';
import type { SortState } from './queue-table-parts';

const ALL = 'all';
const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Could not save the decision');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function LoadingRows() {
  return (
    <div className="grid gap-2 p-4">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10" />
      ))}
    </div>
  );
}

/**
 * Approval Queue: every bill waiting for the user's approval and every payment due in the next 14
 * days, across the firm and all client workspaces the user may open. Approve, reject and batch
 * approve act inside each client's workspace with the Approvals page's rules.
 */
export default function QueuePage() {
  // The tab and the client filter live in the URL (?kind=payments&client=…), so links can open them.
  const [params, setParams] = useSearchParams();
  const kind: QueueKind = params.get('kind') === 'payments' ? 'payments' : 'approvals';
  const summary = useQueueSummary();
  const requestedClient = params.get('client') ?? undefined;
  // A client whose queue has emptied drops out of the filter: show everything again.
  const client = summary.data && !summary.data.clients.some((entry) => entry.organizationId === requestedClient) ? undefined : requestedClient;
  const [sort, setSort] = useState<SortState>({ sort: 'dueDate', order: 'asc' });
  const [offset, setOffset] = useState(0);
  const view: QueueView = { organizationId: client, ...sort, offset };
  const approvals = useQueueApprovals(view, kind === 'approvals');
  const payments = useQueuePayments(view, kind === 'payments');
  const decide = useQueueDecision();
  const batch = useQueueBatchApprove();
  const { formatAmountIn } = useMoneyFormat();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decision, setDecision] = useState<{ kind: Decision; request: QueueApproval | null } | null>(null);
  const [batchResult, setBatchResult] = useState<QueueBatchResult | null>(null);

  const items = approvals.data?.items ?? [];
  const selectedIds = items.filter((item) => selected.has(item.id)).map((item) => item.id);

  const setView = (next: { kind?: QueueKind; client?: string | undefined }) => {
    const merged = { kind, client, ...next };
    const search: Record<string, string> = {};
    if (merged.kind === 'payments') search.kind = 'payments';
    if (merged.client) search.client = merged.client;
    setParams(search, { replace: true });
    setOffset(0);
  };
  const changeSort = (next: SortState) => {
    setSort(next);
    setOffset(0);
  };
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const confirm = async (comments: string) => {
    if (!decision) return;
    try {
      if (decision.kind === 'batch') {
        const result = await batch.mutateAsync({ approvalIds: selectedIds, comments });
        setSelected(new Set());
        setDecision(null);
        const approvedIn = [...new Set(result.results.flatMap((item) => (item.outcome === 'approved' && item.clientName ? [item.clientName] : [])))];
        toast({
          title: `${plural(result.approvedCount, 'request', 'requests')} approved successfully`,
          description: result.skippedCount > 0 ? `${result.skippedCount} skipped: see why in the results.` : approvedIn.join(', '),
          variant: result.approvedCount === 0 ? 'destructive' : 'default',
        });
        if (result.skippedCount > 0) setBatchResult(result);
      } else if (decision.request) {
        const { request } = decision;
        await decide.mutateAsync({ approvalId: request.id, action: decision.kind, comments });
        select([request.id], false);
        setDecision(null);
        toast({ title: decision.kind === 'approve' ? 'Request approved successfully' : 'Request rejected', description: `${request.billNumber} · ${request.clientName}` });
      }
    } catch (error) {
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    }
  };

  const subject =
    decision?.kind === 'batch'
      ? `${plural(selectedIds.length, 'selected request', 'selected requests')} across ${plural(new Set(items.filter((item) => selected.has(item.id)).map((item) => item.organizationId)).size, 'client', 'clients')}`
      : decision?.request
        ? `${decision.request.clientName}: ${decision.request.billNumber} from ${decision.request.vendor} (${formatAmountIn(decision.request.totalAmount, decision.request.currency)})`
        : '';

  const counts = summary.data;
  const list = kind === 'approvals' ? approvals : payments;
  return (
    <PageLayout
      title="Approval Queue"
      subtitle="Bills awaiting your approval and payments due in the next 14 days, across all your clients"
      actions={
        kind === 'approvals' && (
          <Button disabled={selectedIds.length === 0} onClick={() => setDecision({ kind: 'batch', request: null })}>
            <CheckCheck aria-hidden="true" />
            Approve selected ({selectedIds.length})
          </Button>
        )
      }
    >
      <Tabs value={kind} onValueChange={(value) => setView({ kind: value === 'payments' ? 'payments' : 'approvals' })}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            <TabsTrigger value="approvals">Approvals{counts ? ` (${counts.approvals})` : ''}</TabsTrigger>
            <TabsTrigger value="payments">Payments due{counts ? ` (${counts.payments})` : ''}</TabsTrigger>
          </TabsList>
          <Select value={client ?? ALL} onValueChange={(value) => setView({ client: value === ALL ? undefined : value })}>
            <SelectTrigger className="w-64" aria-label="Filter by client">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All clients</SelectItem>
              {counts?.clients.map((entry) => (
                <SelectItem key={entry.organizationId} value={entry.organizationId}>
                  {entry.isFirm ? `${entry.name} (my firm)` : entry.name} · {kind === 'approvals' ? entry.approvals : entry.payments}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <TabsContent value="approvals">
          <Card className="overflow-hidden">
            <CardContent className="p-0">
              {approvals.isLoading ? (
                <LoadingRows />
              ) : approvals.isError ? (
                <EmptyState title="Could not load the queue" description={approvals.error.message} />
              ) : items.length === 0 ? (
                <EmptyState
                  icon={ShieldCheck}
                  title="All Caught Up"
                  description={client ? 'No bills from this client are waiting for your approval.' : 'No bills are waiting for your approval in any client.'}
                />
              ) : (
                <QueueApprovalsTable items={items} selected={selected} onSelectedChange={select} sort={sort} onSort={changeSort} onDecide={(request, action) => setDecision({ kind: action, request })} />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="payments">
          <Card className="overflow-hidden">
            <CardContent className="p-0">
              {payments.isLoading ? (
                <LoadingRows />
              ) : payments.isError ? (
                <EmptyState title="Could not load the queue" description={payments.error.message} />
              ) : (payments.data?.items.length ?? 0) === 0 ? (
                <EmptyState icon={CalendarClock} title="No payments due" description="Nothing is scheduled or falls due in the next 14 days." />
              ) : (
                <QueuePaymentsTable items={payments.data?.items ?? []} sort={sort} onSort={changeSort} />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        {(list.data?.total ?? 0) > QUEUE_PAGE_SIZE && <Pager total={list.data?.total ?? 0} limit={QUEUE_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />}
      </Tabs>
      <DecisionDialog
        decision={decision?.kind ?? null}
        subject={subject}
        pending={decide.isPending || batch.isPending}
        onOpenChange={(open) => !open && setDecision(null)}
        onConfirm={(comments) => void confirm(comments)}
      />
      <QueueBatchResultDialog result={batchResult} onClose={() => setBatchResult(null)} />
    </PageLayout>
  );
}
