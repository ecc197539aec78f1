import { format } from 'date-fns';
import { Check, X } from 'lucide-react';
import type { QueueApproval } from '@shared/contracts/practice-queue';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMoneyFormat } from '@/lib/money-format';
import { SortableHead, type SortState, WorkspaceName, formatDay } from './queue-table-parts';

interface Props {
  items: QueueApproval[];
  selected: ReadonlySet<string>;
  onSelectedChange: (ids: string[], on: boolean) => void;
  sort: SortState;
  onSort: (next: SortState) => void;
  onDecide: (request: QueueApproval, kind: 'approve' | 'reject') => void;
}

/** Bill approval requests waiting for the user, one row each, amounts in the client's currency. */
export function QueueApprovalsTable({ items, selected, onSelectedChange, sort, onSort, onDecide }: Props) {
  const { formatAmountIn } = useMoneyFormat();
  const chosen = items.filter((item) => selected.has(item.id)).length;
  const all = items.length > 0 && chosen === items.length;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <Checkbox
              aria-label="Select all requests"
              checked={all ? true : chosen > 0 ? 'indeterminate' : false}
              onCheckedChange={(on) => onSelectedChange(items.map((item) => item.id), on === true)}
            />
          </TableHead>
          <SortableHead label="Client" column="client" state={sort} onSort={onSort} />
          <TableHead>Vendor and bill</TableHead>
          <SortableHead label="Amount" column="amount" state={sort} onSort={onSort} className="text-right" />
          <SortableHead label="Due date" column="dueDate" state={sort} onSort={onSort} />
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => {
          const label = `${item.billNumber} from ${item.vendor}`;
          return (
            <TableRow key={item.id} data-testid="queue-approval" data-state={selected.has(item.id) ? 'selected' : undefined}>
              <TableCell>
                <Checkbox aria-label={`Select ${label} (${item.clientName})`} checked={selected.has(item.id)} onCheckedChange={(on) => onSelectedChange([item.id], on === true)} />
              </TableCell>
              <TableCell>
                <WorkspaceName name={item.clientName} isFirm={item.isFirm} />
              </TableCell>
              <TableCell>
                <span className="block max-w-64 truncate">{item.vendor}</span>
                <span className="block text-xs text-slate-500">{item.billNumber}</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">
                <span className="block font-medium">{formatAmountIn(item.totalAmount, item.currency)}</span>
                {item.overLimit && <Badge variant="warning">Over your limit</Badge>}
              </TableCell>
              <TableCell>
                {formatDay(item.dueDate)}
                <span className="block text-xs text-slate-500">Submitted {format(new Date(item.submittedAt), 'MMM d')}</span>
              </TableCell>
              <TableCell className="text-right">
                <div className="flex justify-end gap-2">
                  <Button size="sm" aria-label={`Approve ${label}`} onClick={() => onDecide(item, 'approve')}>
                    <Check aria-hidden="true" />
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" aria-label={`Reject ${label}`} onClick={() => onDecide(item, 'reject')}>
                    <X aria-hidden="true" />
                    Reject
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
