import { CheckCheck, ListChecks, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { ApprovalRequest } from '@shared/contracts/approvals';
import { useBatchApprove, useDecision, usePendingRequests } from './api';
import { ApprovalRequestRow } from './approval-request-row';
import { ApprovalStatTiles } from './approval-stat-tiles';
import { type Decision, DecisionDialog } from '@/components/decision-dialog';
import { RulesDialog } from './rules-dialog';

export default function ApprovalsPage() {
  const { data: user } = useCurrentUser();
  const { formatAmount } = useMoneyFormat();
  const requests = usePendingRequests();
  const decide = useDecision();
  const batch = useBatchApprove();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decision, setDecision] = useState<{ kind: Decision; request: ApprovalRequest | null } | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const canManageRules = user?.role === 'owner' || user?.role === 'admin';
  const items = requests.data?.items ?? [];
  const selectedIds = items.filter((request) => selected.has(request.id)).map((request) => request.id);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirm = async (comments: string) => {
    if (!decision) return;
    try {
      if (decision.kind === 'batch') {
        const result = await batch.mutateAsync({ requestIds: selectedIds, comments });
        setSelected(new Set());
        toast({
          title: `${result.approvedCount} ${result.approvedCount === 1 ? 'request' : 'requests'} approved successfully`,
          description: result.skipped.length > 0 ? `${result.skipped.length} skipped: ${[...new Set(result.skipped.map((skip) => skip.reason))].join('; ')}` : undefined,
          variant: result.approvedCount === 0 && result.skipped.length > 0 ? 'destructive' : 'default',
        });
      } else if (decision.request) {
        await decide.mutateAsync({ requestId: decision.request.id, action: decision.kind, comments });
        toggle(decision.request.id, false);
        toast({ title: decision.kind === 'approve' ? 'Request approved successfully' : 'Request rejected' });
      }
      setDecision(null);
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not save the decision', variant: 'destructive' });
    }
  };

  const subject =
    decision?.kind === 'batch'
      ? `${selectedIds.length} selected ${selectedIds.length === 1 ? 'request' : 'requests'}`
      : decision?.request
        ? `${decision.request.billNumber} from ${decision.request.vendor} (${formatAmount(decision.request.totalAmount)})`
        : '';

  return (
    <PageLayout
      title="Approvals"
      subtitle="Manage pending approval requests"
      actions={
        <>
          {canManageRules && (
            <Button variant="outline" onClick={() => setRulesOpen(true)}>
              <ListChecks aria-hidden="true" />
              Manage rules
            </Button>
          )}
          <Button disabled={selectedIds.length === 0} onClick={() => setDecision({ kind: 'batch', request: null })}>
            <CheckCheck aria-hidden="true" />
            Approve Selected ({selectedIds.length})
          </Button>
        </>
      }
    >
      <ApprovalStatTiles />
      {requests.isLoading ? (
        <div className="grid grid-cols-1 gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      ) : requests.isError ? (
        <EmptyState title="Could not load approval requests" description={requests.error.message} />
      ) : items.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="All Caught Up" description="No bills are waiting for your approval." />
      ) : (
        <div className="grid grid-cols-1 gap-3">
          {items.map((request) => (
            <ApprovalRequestRow
              key={request.id}
              request={request}
              selected={selected.has(request.id)}
              onSelectedChange={(on) => toggle(request.id, on)}
              onApprove={() => setDecision({ kind: 'approve', request })}
              onReject={() => setDecision({ kind: 'reject', request })}
            />
          ))}
        </div>
      )}
      <DecisionDialog
        decision={decision?.kind ?? null}
        subject={subject}
        pending={decide.isPending || batch.isPending}
        onOpenChange={(open) => !open && setDecision(null)}
        onConfirm={(comments) => void confirm(comments)}
      />
      {canManageRules && <RulesDialog open={rulesOpen} onOpenChange={setRulesOpen} />}
    </PageLayout>
  );
}
