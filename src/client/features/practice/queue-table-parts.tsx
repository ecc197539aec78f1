import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { format, parseISO } from 'date-fns';
import type { QueueSort } from '@shared/contracts/practice-queue';
import { Badge } from '@/components/ui/badge';
import { TableHead } from '@/components/ui/table';
import { cn } from '@/lib/utils';

export interface SortState {
  sort: QueueSort;
  order: 'asc' | 'desc';
}

/** A column header that sorts the queue: a button, with aria-sort on the header cell. */
export function SortableHead({ label, column, state, onSort, className }: { label: string; column: QueueSort; state: SortState; onSort: (next: SortState) => void; className?: string }) {
  const active = state.sort === column;
  const Icon = !active ? ArrowUpDown : state.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 rounded-sm font-medium outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring', active && 'text-foreground')}
        onClick={() => onSort({ sort: column, order: active && state.order === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}

/** The workspace an item belongs to: a client by name, or the firm's own books. */
export function WorkspaceName({ name, isFirm }: { name: string; isFirm: boolean }) {
  return (
    <span className="flex items-center gap-2 font-medium text-slate-900">
      <span className="max-w-56 truncate">{name}</span>
      {isFirm && <Badge variant="secondary">My firm</Badge>}
    </span>
  );
}

export const formatDay = (day: string) => format(parseISO(day), 'MMM d, yyyy');
