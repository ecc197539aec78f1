import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { ArrowDownLeft, ArrowUpRight, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { addBankingDays } from '@shared/calendar';
import type { Payment } from '@shared/contracts/payments';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { apiList } from '@/lib/api';
import { useMoneyFormat } from '@/lib/money-format';
import { MethodBadge, PaymentStatusBadge } from './payment-badges';
import { settlementText } from './settlement-text';

export const paymentsQueryKey = '/api/payments';
const PAGE_SIZE = 20;

function paymentDate(payment: Payment): string {
  const value = payment.processedAt ?? payment.scheduledDate;
  if (!value) return 'Date not available';
  return format(parseISO(value), 'MMM d, yyyy');
}

function PaymentRow({ payment }: { payment: Payment }) {
  const { formatAmount } = useMoneyFormat();
  const incoming = payment.type === 'invoice_payment';
  const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex flex-col gap-2 py-4" data-testid="payment-row">
      {/* On a narrow screen the amount goes under the description rather than squeezing it. */}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 items-start gap-3">
          <div className={`mt-0.5 rounded-full p-2 ${incoming ? 'bg-green-50 text-green-700' : 'bg-slate-100 text-slate-700'}`}>
            <Icon className="size-4" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{incoming ? 'Invoice Payment' : 'Bill Payment'}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
              <MethodBadge method={payment.method} />
              <span className="truncate">{payment.label ?? payment.referenceId}</span>
              {payment.reference && <span className="truncate">Ref: {payment.reference}</span>}
            </div>
            <p className="mt-1 text-sm text-slate-500">{paymentDate(payment)}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className={`font-semibold ${incoming ? 'text-green-700' : 'text-slate-900'}`}>{formatAmount(payment.amount)}</p>
          <PaymentStatusBadge status={payment.status} />
        </div>
      </div>
      {payment.settlement && payment.scheduledDate && (
        <p className="pl-11 text-sm text-slate-600" data-testid="payment-settlement">
          {settlementText(payment.settlement.mode, addBankingDays(payment.scheduledDate, payment.settlement.days))}
        </p>
      )}
      {payment.transactionId && <p className="pl-11 text-xs text-slate-500">Transaction ID: {payment.transactionId}</p>}
      {payment.failureReason && (
        <div className="ml-11 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="note">
          {payment.failureReason}
        </div>
      )}
    </li>
  );
}

/** Spec 2.9: every payment in and out, newest first. */
export function PaymentHistory() {
  const [offset, setOffset] = useState(0);
  const { data, isLoading, error } = useQuery({
    queryKey: [paymentsQueryKey, { limit: PAGE_SIZE, offset }],
    queryFn: () => apiList<Payment>(paymentsQueryKey, { limit: PAGE_SIZE, offset }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Payment History</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : error ? (
          <p className="text-sm text-red-700">{error.message}</p>
        ) : !data || data.total === 0 ? (
          <EmptyState icon={CreditCard} title="No payments yet" />
        ) : (
          <>
            <ul className="divide-y">
              {data.items.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </ul>
            {data.total > PAGE_SIZE && <Pager total={data.total} limit={PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
