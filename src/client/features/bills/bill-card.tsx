import { format, parseISO } from 'date-fns';
import { Paperclip, Pencil, Send, Trash2 } from 'lucide-react';
import { RecordHistoryButton } from '@/components/record-history';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMoneyFormat } from '@/lib/money-format';
import type { Bill } from '@shared/contracts/bills';
import { parseMoney } from '@shared/money';
import { ApprovalBadge, BillStatusBadge } from './bill-badges';

interface Props {
  bill: Bill;
  onEdit: () => void;
  onDelete: () => void;
  /** Absent when payments cannot be scheduled from here. */
  onPay?: (() => void) | undefined;
}

export function BillCard({ bill, onEdit, onDelete, onPay }: Props) {
  const { formatAmount } = useMoneyFormat();
  const credited = (parseMoney(bill.amountCredited, { round: true }) ?? 0) > 0;
  const attachment = bill.documentId ? `/api/documents/${bill.documentId}/file` : bill.attachmentUrl;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="bill-card">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{bill.billNumber}</p>
          <BillStatusBadge status={bill.status} />
          <ApprovalBadge status={bill.approvalStatus} />
        </div>
        <p className="truncate text-sm text-slate-600">{bill.vendor.name}</p>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500">
          <span>Due {format(parseISO(bill.dueDate), 'MMM d, yyyy')}</span>
          {attachment && (
            <a href={attachment} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-blue-700 hover:underline">
              <Paperclip className="size-3.5" aria-hidden="true" />
              Attachment
            </a>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
        <div className="sm:text-right">
          <p className="text-lg font-semibold tabular-nums text-slate-900">{formatAmount(bill.totalAmount)}</p>
          {credited && (
            <p className="text-sm tabular-nums text-slate-500" data-testid="bill-credit">
              Credit applied {formatAmount(bill.amountCredited)}
              {bill.status !== 'paid' && <span className="block font-medium text-slate-700">Amount due {formatAmount(bill.amountDue)}</span>}
            </p>
          )}
        </div>
        <div className="flex gap-1">
          {onPay && bill.payable && (
            <Button size="sm" onClick={onPay}>
              <Send aria-hidden="true" />
              Pay
            </Button>
          )}
          <RecordHistoryButton kind="bill" id={bill.id} label={bill.billNumber} />
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${bill.billNumber}`}>
            <Pencil />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${bill.billNumber}`}>
            <Trash2 />
          </Button>
        </div>
      </div>
    </Card>
  );
}
