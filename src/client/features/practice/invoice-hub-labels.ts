import type { BadgeVariant } from '@/components/ui/badge';
import type { HubStatusFilter } from '@shared/contracts/invoice-hub';
import type { InvoiceStatus } from '@shared/contracts/invoices';

/* The hub's names for the status filter and the invoices' statuses (spec practice 2.6). */
export const filterLabels: Record<HubStatusFilter, string> = {
  all: 'All',
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
};
export const statusBadges: Record<InvoiceStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  overdue: { label: 'Overdue', variant: 'destructive' },
  cancelled: { label: 'Void', variant: 'secondary' },
};
