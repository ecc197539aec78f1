import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { CheckCircle2, DollarSign, FileText, Receipt } from 'lucide-react';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { glossary } from '@shared/glossary';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { useMoneyFormat } from '@/lib/money-format';

export const dashboardStatsKey = ['/api/dashboard/stats'] as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Oct 1–28": the same days of last month the trend compares with. */
const sameDays = (stats: DashboardStats) => `${format(parseISO(stats.lastMonthFrom), 'MMM d')}–${format(parseISO(stats.lastMonthTo), 'd')}`;

function revenueTrend(stats: DashboardStats): { text: string; tone: string } {
  if (stats.revenueChangePercent === null) return { text: `No revenue ${sameDays(stats)}`, tone: 'text-slate-500' };
  const sign = stats.revenueChangePercent > 0 ? '+' : '';
  return {
    text: `${sign}${stats.revenueChangePercent.toFixed(1)}% vs ${sameDays(stats)}`,
    tone: stats.revenueChangePercent >= 0 ? 'text-green-700' : 'text-red-700',
  };
}

/** Spec 2.4's four cards, with the trend lines computed from the data. */
export function StatCards() {
  const { formatAmount } = useMoneyFormat();
  const { data, error } = useQuery<DashboardStats>({ queryKey: dashboardStatsKey });
  if (error) return <p className="text-sm text-red-700">{error.message}</p>;
  if (!data) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  const revenue = revenueTrend(data);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={glossary.totalRevenue.label} hint={glossary.totalRevenue.definition} value={formatAmount(data.totalRevenue)} detail={revenue.text} detailTone={revenue.tone} icon={DollarSign} iconTone="bg-green-50 text-green-700" />
      <StatCard
        label={glossary.outstandingInvoices.label}
        hint={glossary.outstandingInvoices.definition}
        value={formatAmount(data.outstandingInvoices)}
        detail={plural(data.invoicesPending, 'invoice pending', 'invoices pending')}
        icon={FileText}
        iconTone="bg-yellow-50 text-yellow-700"
      />
      <StatCard label={glossary.billsToPay.label} hint={glossary.billsToPay.definition} value={formatAmount(data.billsToPay)} detail={`${data.billsDueThisWeek} due this week`} icon={Receipt} iconTone="bg-red-50 text-red-700" />
      <StatCard
        label={glossary.processedThisMonth.label}
        hint={glossary.processedThisMonth.definition}
        value={formatAmount(data.processedAmount)}
        detail={plural(data.processedPayments, 'transaction', 'transactions')}
        icon={CheckCircle2}
        iconTone="bg-blue-50 text-blue-700"
      />
    </div>
  );
}
