import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { apiList } from '@/lib/api';
import { useMoneyFormat } from '@/lib/money-format';
import type { PaymentRun, PaymentRunStatus } from '@shared/contracts/payment-runs';
import { AchFileDownload } from './ach-file-download';
import { MethodBadge } from './payment-badges';
import { settlementText } from './settlement-text';

export const PAYMENT_RUNS_URL = '/api/payment-runs';
const PAGE_SIZE = 10;

const statusBadge: Record<PaymentRunStatus, { label: string; variant: BadgeVariant }> = {
  scheduled: { label: 'Scheduled', variant: 'warning' },
  processing: { label: 'Processing', variant: 'info' },
  sent: { label: 'Sent to bank', variant: 'info' },
  completed: { label: 'Completed', variant: 'success' },
  completed_with_failures: { label: 'Completed with failures', variant: 'destructive' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** How an ACH run goes on from here, in words: its file, then the bank. */
export function completionText(run: PaymentRun): string | null {
  if (!run.completion) return null;
  if (run.status === 'scheduled') return 'Waiting for its ACH file: download it and upload it to your bank.';
  if (run.status !== 'sent') return null;
  return settlementText(run.completion.mode, run.completion.completesOn);
}

function RunRow({ run }: { run: PaymentRun }) {
  const { formatAmount } = useMoneyFormat();
  const status = statusBadge[run.status];
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="payment-run-row"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">
            {format(parseISO(run.scheduledDate), 'MMM d, yyyy')}
          </span>
          <MethodBadge method={run.method} />
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <p className="text-sm text-slate-500">
          {run.paymentCount} {run.paymentCount === 1 ? 'bill' : 'bills'} from {run.bankAccountName}{' '}
          ••••{run.bankAccountLast4}
          {run.failedCount > 0 && ` · ${run.failedCount} failed`}
        </p>
        {completionText(run) && (
          <p className="text-sm text-slate-600" data-testid="run-completion">
            {completionText(run)}
          </p>
        )}
      </div>
      <div className="flex max-w-full flex-wrap items-center justify-end gap-x-4 gap-y-2">
        <span className="font-semibold text-slate-900">{formatAmount(run.totalAmount)}</span>
        {run.method === 'ach' && run.failedCount < run.paymentCount && <AchFileDownload run={run} />}
      </div>
    </li>
  );
}

/** Recent payment runs: bills paid together, with totals, status and the ACH file for the bank. */
export function PaymentRunsList() {
  const [offset, setOffset] = useState(0);
  const query = { limit: PAGE_SIZE, offset };
  const runs = useQuery({
    queryKey: [PAYMENT_RUNS_URL, query],
    queryFn: () => apiList<PaymentRun>(PAYMENT_RUNS_URL, query),
    placeholderData: keepPreviousData,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Runs</CardTitle>
        <CardDescription>Bills paid together from one bank account.</CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : runs.isError ? (
          <p className="text-sm text-red-700">{runs.error.message}</p>
        ) : runs.data.items.length === 0 ? (
          <EmptyState
            icon={Layers}
            title="No payment runs yet"
            description="Scheduled bill payments appear here."
          />
        ) : (
          <>
            <ul className="divide-y">
              {runs.data.items.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </ul>
            <Pager
              total={runs.data.total}
              limit={PAGE_SIZE}
              offset={offset}
              onOffsetChange={setOffset}
              className="mt-3"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
