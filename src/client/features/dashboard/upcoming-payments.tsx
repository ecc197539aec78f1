import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import type { UpcomingPayment } from '@shared/contracts/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiList } from '@/lib/api';
import { useMoneyFormat } from '@/lib/money-format';

const params = { limit: 3, offset: 0 };

/** The next three bill payments going out or invoices falling due. */
export function UpcomingPayments() {
  const { formatAmount } = useMoneyFormat();
  const { data, error } = useQuery({
    queryKey: ['/api/payments/upcoming', params],
    queryFn: () => apiList<UpcomingPayment>('/api/payments/upcoming', params),
  });
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle asChild>
          <h2>Upcoming Payments</h2>
        </CardTitle>
        <Button asChild variant="link" size="sm">
          <Link to="/payments">Schedule More</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-red-700">{error.message}</p>
        ) : !data ? (
          <Skeleton className="h-32 w-full" />
        ) : data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No upcoming payments</p>
        ) : (
          <ul className="divide-y">
            {data.items.map((item) => {
              const outgoing = item.kind === 'bill_payment';
              const Icon = outgoing ? ArrowUpRight : ArrowDownLeft;
              return (
                <li key={`${item.kind}-${item.id}`} className="flex items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <Icon className={`size-4 shrink-0 ${outgoing ? 'text-red-600' : 'text-green-600'}`} aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{item.label}</p>
                      <p className="text-sm text-slate-500">
                        {outgoing ? 'Pay on' : 'Due'} {format(parseISO(item.scheduledDate), 'MMM d, yyyy')}
                      </p>
                    </div>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold text-slate-900">{formatAmount(item.amount)}</span>
                    <Badge variant={outgoing ? 'secondary' : 'info'} className="uppercase">
                      {item.method ?? 'invoice'}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
