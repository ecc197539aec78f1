import { CheckCircle2, Clock, TrendingUp, XCircle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { useApprovalStats } from './api';

export function ApprovalStatTiles() {
  const stats = useApprovalStats();
  const { formatAmount } = useMoneyFormat();
  const tiles = [
    { label: 'Pending Requests', value: stats.data ? String(stats.data.pendingCount) : '', icon: Clock, tone: 'text-yellow-600 bg-yellow-50' },
    { label: 'Approved This Week', value: stats.data ? String(stats.data.approvedThisWeek) : '', icon: CheckCircle2, tone: 'text-green-600 bg-green-50' },
    { label: 'Rejected This Week', value: stats.data ? String(stats.data.rejectedThisWeek) : '', icon: XCircle, tone: 'text-red-600 bg-red-50' },
    { label: 'Highest Pending', value: stats.data ? formatAmount(stats.data.highestPendingAmount) : '', icon: TrendingUp, tone: 'text-blue-600 bg-blue-50' },
  ];
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {tiles.map((tile) => (
        <Card key={tile.label} className="flex items-center gap-4 p-4">
          <div className={`flex size-10 items-center justify-center rounded-full ${tile.tone}`}>
            <tile.icon className="size-5" aria-hidden="true" />
          </div>
          <div>
            <p className="text-sm text-slate-500">{tile.label}</p>
            {stats.isLoading ? <Skeleton className="mt-1 h-7 w-16" /> : <p className="text-2xl font-semibold tabular-nums text-slate-900">{tile.value}</p>}
          </div>
        </Card>
      ))}
    </div>
  );
}
