import { CheckCircle2, Clock, TrendingUp, XCircle } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
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
    <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {tiles.map((tile) => (
        <StatCard key={tile.label} label={tile.label} value={tile.value} icon={tile.icon} iconTone={tile.tone} loading={stats.isLoading} />
      ))}
    </div>
  );
}
