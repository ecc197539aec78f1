import { CalendarCheck, Clock, DollarSign, HeartHandshake, Sparkles, TrendingUp, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { useMoneyFormat } from '@/lib/money-format';
import type { OnboardingStats } from '@shared/contracts/portfolio';
import { glossary } from '@shared/glossary';
import { useOnboardingStats } from './portfolio-api';
import { trendTone } from './portfolio-labels';

const days = (value: number | null) => (value === null ? '—' : `${value} ${value === 1 ? 'day' : 'days'}`);

export const RETENTION_DEFINITION = glossary.retentionRate.definition;

function retentionDetail(stats: OnboardingStats): string {
  if (stats.retentionRate === null) return 'No clients were active 12 months ago';
  return `Of ${stats.retentionBase} ${stats.retentionBase === 1 ? 'client' : 'clients'} active a year ago`;
}

/** Spec 2.5's six cards, every figure and trend computed by GET /api/onboarding/stats. */
export function PracticeStatCards() {
  const { formatAmount } = useMoneyFormat();
  const { data, error } = useOnboardingStats();
  if (error) return <p className="text-sm text-red-700">{error.message}</p>;
  if (!data) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading practice figures">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard
        label={glossary.totalClients.label}
        hint={glossary.totalClients.definition}
        value={String(data.totalClients)}
        detail={data.totalClientsTrend ?? (data.totalClients > 0 ? 'All added this month' : 'No clients yet')}
        detailTone={trendTone(data.totalClientsTrend)}
        icon={Users}
        iconTone="bg-blue-50 text-blue-700"
      />
      <StatCard
        label={glossary.activeOnboarding.label}
        hint={glossary.activeOnboarding.definition}
        value={String(data.activeOnboarding)}
        detail={data.averageOnboardingDays === null ? 'None in progress' : `Avg ${days(data.averageOnboardingDays)} so far`}
        icon={Clock}
        iconTone="bg-yellow-50 text-yellow-700"
      />
      <StatCard
        label={glossary.monthlyRecurring.label}
        hint={`${glossary.monthlyRecurring.definition} ${glossary.monthlyRecurringTrend.definition}`}
        value={formatAmount(data.monthlyRecurring)}
        detail={data.monthlyRecurringTrend ?? 'No recurring fees last month'}
        detailTone={trendTone(data.monthlyRecurringTrend)}
        icon={DollarSign}
        iconTone="bg-green-50 text-green-700"
      />
      <StatCard
        label={glossary.retentionRate.label}
        value={data.retentionRate === null ? '—' : `${data.retentionRate}%`}
        detail={retentionDetail(data)}
        hint={RETENTION_DEFINITION}
        icon={HeartHandshake}
        iconTone="bg-purple-50 text-purple-700"
      />
      <StatCard
        label={glossary.averageClientValue.label}
        hint={glossary.averageClientValue.definition}
        value={formatAmount(data.averageClientValue)}
        detail={data.averageClientValueTrend ?? 'Per active client, per month'}
        detailTone={trendTone(data.averageClientValueTrend)}
        icon={TrendingUp}
        iconTone="bg-indigo-50 text-indigo-700"
      />
      <StatCard
        label={glossary.newRevenue.label}
        hint={glossary.newRevenue.definition}
        value={formatAmount(data.newRevenue30Days)}
        detail={data.newRevenueTrend ? `Last 30 days, ${data.newRevenueTrend}` : 'Last 30 days'}
        detailTone={trendTone(data.newRevenueTrend)}
        icon={Sparkles}
        iconTone="bg-pink-50 text-pink-700"
      />
    </div>
  );
}

/** Spec 2.5's Onboarding Overview (the onboarding stats of spec 3.4). */
export function OnboardingOverview() {
  const { formatAmount } = useMoneyFormat();
  const { data } = useOnboardingStats();
  const figures: { label: string; definition: string; value: string; detail?: string | null }[] = data
    ? [
        { ...glossary.inProgress, value: String(data.onboardingInProgress) },
        { ...glossary.completedThisMonth, value: String(data.completedThisMonth), detail: data.completedThisMonthTrend },
        { ...glossary.averageDaysToComplete, value: data.averageOnboardingTime === null ? '—' : String(data.averageOnboardingTime) },
        { ...glossary.newClientRevenue, value: formatAmount(data.revenueFromNewClients), detail: 'Completed this month, per month' },
      ]
    : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarCheck className="size-4 text-slate-500" aria-hidden="true" />
          Onboarding Overview
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-16" />
        ) : (
          <dl className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
            {figures.map((figure) => (
              <div key={figure.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs font-medium text-slate-500" title={figure.definition}>
                  {figure.label}
                </dt>
                <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid={`overview-${figure.label}`}>
                  {figure.value}
                </dd>
                {figure.detail && <dd className={`text-xs ${trendTone(figure.detail)}`}>{figure.detail}</dd>}
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
