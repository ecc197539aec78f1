import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { type InvoiceStatus, invoiceStatuses } from '@shared/contracts/invoice-status';
import { statusLabels } from './invoice-status-badge';

type StatusFilter = InvoiceStatus | 'all';

/** The invoice list's status filter (radix select and popper), loaded on its first press (invoice-status-filter.tsx). */
export default function InvoiceStatusSelect(props: { value: StatusFilter; onValueChange: (value: StatusFilter) => void }) {
  return (
    <Select defaultOpen value={props.value} onValueChange={(value) => props.onValueChange(value as StatusFilter)}>
      <SelectTrigger className="w-44" aria-label="Filter by status">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All statuses</SelectItem>
        {invoiceStatuses.map((value) => (
          <SelectItem key={value} value={value}>
            {statusLabels[value]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
