import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { InvoiceStatus } from '@shared/contracts/invoices';

/** Spec 4: gray draft, yellow sent, red overdue, green paid, gray anything else. */
const variants: Record<string, BadgeVariant> = {
  draft: 'secondary',
  sent: 'warning',
  overdue: 'destructive',
  paid: 'success',
};

export const statusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge variant={variants[status] ?? 'secondary'}>{statusLabels[status] ?? status}</Badge>;
}
