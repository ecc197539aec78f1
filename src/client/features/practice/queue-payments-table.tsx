import type { QueuePayment, QueuePaymentStatus } from '@shared/contracts/practice-queue';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMoneyFormat } from '@/lib/money-format';
import { SortableHead, type SortState, WorkspaceName, formatDay } from './queue-table-parts';

const statusBadges: Record<QueuePaymentStatus, { label: string; variant: BadgeVariant }> = {
  scheduled: { label: 'Scheduled', variant: 'info' },
  processing: { label: 'Processing', variant: 'info' },
  due: { label: 'Due', variant: 'warning' },
  overdue: { label: 'Overdue', variant: 'destructive' },
};
const methodLabels: Record<string, string> = { ach: 'ACH', wire: 'Wire', check: 'Check' };
const approvalNotes: Partial<Record<QueuePayment['approvalStatus'], string>> = { pending: 'Awaiting approval', rejected: 'Rejected' };

/** Payments scheduled and bills falling due in the next 14 days, with the client they belong to. */
export function QueuePaymentsTable({ items, sort, onSort }: { items: QueuePayment[]; sort: SortState; onSort: (next: SortState) => void }) {
  const { formatAmountIn } = useMoneyFormat();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <SortableHead label="Client" column="client" state={sort} onSort={onSort} />
          <TableHead>Payee and bill</TableHead>
          <SortableHead label="Amount" column="amount" state={sort} onSort={onSort} className="text-right" />
          <SortableHead label="Date" column="dueDate" state={sort} onSort={onSort} />
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => {
          const badge = statusBadges[item.status];
          const note = approvalNotes[item.approvalStatus];
          return (
            <TableRow key={`${item.source}-${item.id}`} data-testid="queue-payment">
              <TableCell>
                <WorkspaceName name={item.clientName} isFirm={item.isFirm} />
              </TableCell>
              <TableCell>
                <span className="block max-w-64 truncate">{item.payee}</span>
                <span className="block text-xs text-slate-500">{item.billNumber}</span>
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatAmountIn(item.amount, item.currency)}</TableCell>
              <TableCell>
                {formatDay(item.date)}
                <span className="block text-xs text-slate-500">{item.source === 'payment' ? `Payment date${item.method ? ` · ${methodLabels[item.method] ?? item.method}` : ''}` : 'Bill due date'}</span>
              </TableCell>
              <TableCell>
                <Badge variant={badge.variant}>{badge.label}</Badge>
                {note && <span className="ml-2 text-xs text-slate-500">{note}</span>}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
