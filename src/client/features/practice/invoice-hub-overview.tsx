import type { ComponentProps } from 'react';
import { CalendarClock, DollarSign, FileText, Repeat, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { glossary } from '@shared/glossary';
import { useMoneyFormat } from '@/lib/money-format';
import { useInvoiceOverview } from './invoice-hub-api';
import { formatDay } from './queue-table-parts';

/** The four figures across the firm's clients (GET /api/practice/invoice-overview). */
export function HubStats() {
  const { formatAmount } = useMoneyFormat();
  const { data, error } = useInvoiceOverview();
  if (error) return <p className="text-sm text-red-700">{error.message}</p>;
  if (!data) return <Skeleton className="h-28" aria-label="Loading invoice figures" />;
  const figures: ComponentProps<typeof StatCard>[] = [
    { label: glossary.clientsWithInvoices.label, hint: glossary.clientsWithInvoices.definition, value: String(data.totalClientsWithInvoices), icon: Users, iconTone: 'bg-blue-50 text-blue-700' },
    { label: glossary.outstandingAmount.label, hint: glossary.outstandingAmount.definition, value: formatAmount(data.totalOutstandingAmount), detail: 'Sent and overdue, less paid', icon: DollarSign, iconTone: 'bg-yellow-50 text-yellow-700' },
    { label: glossary.monthlyRecurring.label, hint: glossary.monthlyRecurring.definition, value: formatAmount(data.totalMonthlyRecurring), detail: "Active clients' fees per month", icon: Repeat, iconTone: 'bg-green-50 text-green-700' },
    { label: glossary.recentInvoices.label, hint: glossary.recentInvoices.definition, value: String(data.recentInvoiceCount), detail: 'Issued in the last 30 days', icon: FileText, iconTone: 'bg-purple-50 text-purple-700' },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map((figure) => (
        <StatCard key={figure.label} {...figure} />
      ))}
    </div>
  );
}

/** The five sent invoices coming due soonest. */
export function UpcomingDueDates() {
  const { formatAmount } = useMoneyFormat();
  const { data } = useInvoiceOverview();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5" />
          Upcoming Due Dates
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-20" />
        ) : data.upcomingInvoices.length === 0 ? (
          <p className="text-sm text-slate-500">No sent invoices are coming due.</p>
        ) : (
          <ul className="divide-y" aria-label="Upcoming due dates">
            {data.upcomingInvoices.map((row) => (
              <li
                key={row.id}
                className="flex items-center justify-between gap-3 py-2 text-sm"
                data-testid="upcoming-invoice"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{row.clientName}</span>
                  <span className="block text-xs text-slate-500">
                    {row.invoiceNumber} · due {formatDay(row.dueDate)}
                  </span>
                </span>
                <span className="font-medium tabular-nums">{formatAmount(row.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
