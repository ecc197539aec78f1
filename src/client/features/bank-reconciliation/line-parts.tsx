import { format, parseISO } from 'date-fns';
import { Lock } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { useMoneyFormat } from '@/lib/money-format';
import { cn } from '@/lib/utils';
import type { BankTransaction, BankTransactionResolution } from '@shared/contracts/bank-reconciliation';
import { parseMoney } from '@shared/money';

export function lineDay(value: string): string {
  return format(parseISO(value), 'MMM d, yyyy');
}

export const resolutionLabels: Record<BankTransactionResolution, string> = {
  matched: 'Matched',
  payment_run: 'Payment run',
  ach_return: 'ACH return',
  created_invoice_payment: 'Invoice payment',
  created_bill_payment: 'Bill payment',
  created_expense: 'Expense',
  transfer: 'Transfer',
  excluded: 'Excluded',
};

/** A deposit in green with a plus, a debit in red with a minus: the sign is written, not only coloured. */
export function LineAmount({ amount, className }: { amount: string; className?: string }) {
  const { formatCents } = useMoneyFormat();
  const cents = parseMoney(amount, { round: true }) ?? 0;
  return (
    <span
      className={cn('tabular-nums font-medium', cents < 0 ? 'text-red-700' : 'text-green-700', className)}
    >
      {cents < 0 ? '−' : '+'}
      {formatCents(Math.abs(cents))}
    </span>
  );
}

export function LineStatus({ line }: { line: BankTransaction }) {
  const variant: BadgeVariant =
    line.status === 'unmatched' ? 'warning' : line.status === 'matched' ? 'success' : 'secondary';
  const label =
    line.status === 'unmatched' ? 'Unmatched' : line.resolution ? resolutionLabels[line.resolution] : 'Matched';
  return (
    <span className="inline-flex items-center gap-1">
      <Badge variant={variant}>{label}</Badge>
      {line.locked && (
        <Lock className="size-3.5 text-slate-500" aria-label="Reconciled: locked" role="img" />
      )}
    </span>
  );
}

/** 90 and up reads high, 70 and up medium, lower low. */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const variant: BadgeVariant = confidence >= 90 ? 'success' : confidence >= 70 ? 'info' : 'warning';
  return <Badge variant={variant}>{confidence}% match</Badge>;
}
