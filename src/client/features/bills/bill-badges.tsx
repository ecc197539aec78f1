import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { BillApprovalStatus, BillStatus } from '@shared/contracts/bills';

const statusVariants: Record<BillStatus, BadgeVariant> = { received: 'secondary', scheduled: 'info', paid: 'success', overdue: 'destructive' };

export function BillStatusBadge({ status }: { status: BillStatus }) {
  return (
    <Badge variant={statusVariants[status]} className="capitalize">
      {status}
    </Badge>
  );
}

const approvalLabels: Record<BillApprovalStatus, { label: string; variant: BadgeVariant } | null> = {
  not_required: null,
  pending: { label: 'Awaiting approval', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

/** Nothing when the bill needs no approval. */
export function ApprovalBadge({ status }: { status: BillApprovalStatus }) {
  const shown = approvalLabels[status];
  return shown ? (
    <Badge variant={shown.variant} data-testid="approval-badge">
      {shown.label}
    </Badge>
  ) : null;
}
