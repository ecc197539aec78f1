import { format, parseISO } from 'date-fns';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { useMoneyFormat } from '@/lib/money-format';
import type { Bill } from '@shared/contracts/bills';
import { parseMoney } from '@shared/money';

const approvalBadge: Record<Bill['approvalStatus'], { label: string; variant: BadgeVariant }> = {
  not_required: { label: 'No approval needed', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'success' },
  pending: { label: 'Awaiting approval', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

/** Unpaid bills with their approval state; only payable ones can be ticked (Schedule Payment dialog). */
export function BillPicker(props: {
  bills: Bill[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const { formatCents } = useMoneyFormat();
  const { selected, onChange } = props;
  return (
    <ul className="max-h-64 divide-y overflow-y-auto rounded-md border" aria-label="Bills to pay">
      {props.bills.map((bill) => {
        const badge = approvalBadge[bill.approvalStatus];
        const id = `pay-bill-${bill.id}`;
        return (
          <li
            key={bill.id}
            className={`flex items-center gap-3 px-3 py-2 ${bill.payable ? '' : 'bg-slate-50'}`}
          >
            <Checkbox
              id={id}
              checked={selected.includes(bill.id)}
              disabled={!bill.payable}
              onCheckedChange={(value) =>
                onChange(
                  value === true
                    ? [...selected, bill.id]
                    : selected.filter((item) => item !== bill.id),
                )
              }
            />
            <label
              htmlFor={id}
              className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2 text-sm"
            >
              <span className="min-w-0">
                <span className="font-medium">{bill.billNumber}</span>
                <span className="text-slate-500"> · {bill.vendor.name}</span>
                <span className="block text-xs text-slate-500">
                  Due {format(parseISO(bill.dueDate), 'MMM d, yyyy')}
                  {bill.status === 'overdue' && <span className="text-red-700"> · Overdue</span>}
                  {(parseMoney(bill.amountCredited, { round: true }) ?? 0) > 0 && (
                    <span> · Credit applied {formatCents(parseMoney(bill.amountCredited, { round: true }) ?? 0)}</span>
                  )}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge variant={badge.variant}>{badge.label}</Badge>
                <span className="font-medium tabular-nums">
                  {formatCents(parseMoney(bill.amountDue, { round: true }) ?? 0)}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
