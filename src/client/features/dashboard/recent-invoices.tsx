import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Link } from 'react-router';
import type { Invoice, InvoiceStatus } from '@shared/contracts/invoices';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiList } from '@/lib/api';
import { useMoneyFormat } from '@/lib/money-format';

// Spec 4: gray draft, yellow sent, red overdue, green paid, gray otherwise.
const statusVariant: Partial<Record<InvoiceStatus, BadgeVariant>> = { sent: 'warning', overdue: 'destructive', paid: 'success' };
const params = { limit: 3, offset: 0 };

export function RecentInvoices() {
  const { formatAmount } = useMoneyFormat();
  const { data, error } = useQuery({ queryKey: ['/api/invoices', params], queryFn: () => apiList<Invoice>('/api/invoices', params) });
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle asChild>
          <h2>Recent Invoices</h2>
        </CardTitle>
        <Button asChild variant="link" size="sm">
          <Link to="/invoices">View All</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-red-700">{error.message}</p>
        ) : !data ? (
          <Skeleton className="h-32 w-full" />
        ) : data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No invoices yet</p>
        ) : (
          <ul className="divide-y">
            {data.items.slice(0, 3).map((invoice) => (
              <li key={invoice.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{invoice.invoiceNumber}</p>
                  <p className="truncate text-sm text-slate-500">
                    {invoice.customer.name} · Due {format(parseISO(invoice.dueDate), 'MMM d, yyyy')}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold text-slate-900">{formatAmount(invoice.totalAmount)}</span>
                  <Badge variant={statusVariant[invoice.status] ?? 'secondary'} className="capitalize">
                    {invoice.status}
                  </Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
