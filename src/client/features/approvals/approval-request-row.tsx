import { Check, X } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { useMoneyFormat } from '@/lib/money-format';
import type { ApprovalAction, ApprovalRequest } from '@shared/contracts/approvals';
import { timeSince } from './time-since';

const chipVariants: Record<ApprovalAction, BadgeVariant> = { approved: 'success', rejected: 'destructive', pending: 'warning' };

interface Props {
  request: ApprovalRequest;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}

export function ApprovalRequestRow({ request, selected, onSelectedChange, onApprove, onReject }: Props) {
  const { formatAmount } = useMoneyFormat();
  return (
    <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center" data-testid="approval-request">
      <Checkbox checked={selected} onCheckedChange={(value) => onSelectedChange(value === true)} aria-label={`Select ${request.billNumber}`} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <p className="font-semibold text-slate-900">{request.vendor}</p>
          <p className="text-lg font-semibold tabular-nums text-slate-900">{formatAmount(request.totalAmount)}</p>
        </div>
        <p className="truncate text-sm text-slate-600" title={request.description}>
          {request.description}
        </p>
        <p className="text-xs text-slate-500">
          {request.billNumber} · {timeSince(request.requestedAt)}
          {request.createdBy ? ` · entered by ${request.createdBy}` : ''}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {request.approvals.map((approval) => (
            <Badge key={approval.id} variant={chipVariants[approval.action]}>
              {approval.approverName}: {approval.action}
            </Badge>
          ))}
        </div>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={onApprove}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button size="sm" variant="outline" onClick={onReject}>
          <X aria-hidden="true" />
          Reject
        </Button>
      </div>
    </Card>
  );
}
