import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { BarChart3, Download, Percent, TrendingUp, Users } from 'lucide-react';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsPractice, ClientProfitability, IndustryBenchmarks, PredictiveInsights } from '@shared/contracts/analytics';
import { glossary } from '@shared/glossary';
import { parseMoney } from '@shared/money';
import { ordinal } from '@shared/ordinal';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { withParams } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { useCostSettings } from './api';
import { CostSettingsDialog } from './cost-settings-dialog';

const PERIODS = [3, 6, 12, 24] as const;
const units = (amount: string) => (parseMoney(amount) ?? 0) / 100;
/** "2026-11" -> "Nov 2026" on a chart's axis. */
const monthLabel = (month: string) => format(parseISO(`${month}-01`), 'MMM yyyy');

function useAnalytics<T>(path: string, months: number) {
  return useQuery<T>({ queryKey: [withParams(`/api/analytics/${path}`, { months })] });
}

/** Spec: below 40 Low, below 70 Medium, otherwise High; red at 70 or more, yellow at 40 or more. */
function riskBadge(score: number) {
  if (score >= 70) return { label: 'High', tone: 'bg-red-100 text-red-800' };
  if (score >= 40) return { label: 'Medium', tone: 'bg-yellow-100 text-yellow-800' };
  return { label: 'Low', tone: 'bg-green-100 text-green-800' };
}

/** Spec: 80 or more green, 60 or more blue, 40 or more yellow, below 40 red. */
function percentileTone(percentile: number) {
  if (percentile >= 80) return 'text-green-700';
  if (percentile >= 60) return 'text-blue-700';
  if (percentile >= 40) return 'text-yellow-700';
  return 'text-red-700';
}

function Chart({
  label,
  data,
  series,
  amounts = false,
}: {
  label: string;
  data: Record<string, string | number>[];
  series: { key: string; name: string; color: string }[];
  /** The values are amounts: the axis and tooltip show them as money. */
  amounts?: boolean;
}) {
  const { formatAmount } = useMoneyFormat();
  const money = amounts ? (value: number | string) => formatAmount(value) : undefined;
  return (
    <div className="h-64 w-full" data-testid="analytics-chart" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={8} />
          {/* Counts (clients) are whole: no 0.5 client on the axis. */}
          <YAxis tickLine={false} axisLine={false} fontSize={12} width="auto" tickFormatter={money} allowDecimals={amounts} />
          <Tooltip formatter={money ? (value) => money(Number(value)) : undefined} />
          <Legend />
          {series.map((entry) => (
            <Bar key={entry.key} dataKey={entry.key} name={entry.name} fill={entry.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function Overview({ months }: { months: number }) {
  const { data } = useAnalytics<AnalyticsPractice>('practice', months);
  const { formatAmount } = useMoneyFormat();
  if (!data) return null;
  const rate = (value: number | null) => (value === null ? '—' : `${value}%`);
  const levels = Object.entries(data.clientMetrics.clientsByServiceLevel).map(([label, clients]) => ({ label, clients }));
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label={glossary.feesInvoiced.label} value={formatAmount(data.overview.totalRevenue)} icon={TrendingUp} iconTone="bg-blue-100 text-blue-700" detail={`Growth ${rate(data.revenueMetrics.growthRate)} vs previous ${months} months`} hint={glossary.feesInvoiced.definition} />
        <StatCard label={glossary.collectionRate.label} value={rate(data.revenueMetrics.collectionRate)} icon={Percent} iconTone="bg-green-100 text-green-700" detail={`${formatAmount(data.revenueMetrics.collected)} collected`} hint={glossary.collectionRate.definition} />
        <StatCard label={glossary.activeClients.label} value={String(data.overview.activeClients)} icon={Users} iconTone="bg-purple-100 text-purple-700" detail={`Retention ${rate(data.overview.clientRetentionRate)} · ${data.clientMetrics.newClientsThisMonth} new this month`} hint={`${glossary.activeClients.definition} Retention: ${glossary.retentionRate.definition}`} />
        <StatCard label={glossary.monthlyRecurring.label} value={formatAmount(data.overview.monthlyRecurringRevenue)} icon={BarChart3} iconTone="bg-amber-100 text-amber-700" detail={`${glossary.averageClientValue.label} ${formatAmount(data.overview.averageClientValue)} · onboarding ${data.clientMetrics.averageOnboardingTime ?? '—'} days`} hint={glossary.monthlyRecurring.definition} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader><CardTitle>Revenue by month</CardTitle><CardDescription>Invoiced and collected, {data.period.from} to {data.period.to}</CardDescription></CardHeader>
          <CardContent>
            <Chart amounts label="Revenue by month chart" data={data.timeSeriesData.revenueByMonth.map((row) => ({ label: monthLabel(row.month), revenue: units(row.revenue), collected: units(row.collected) }))} series={[{ key: 'revenue', name: glossary.invoiced.label, color: '#2563eb' }, { key: 'collected', name: glossary.collected.label, color: '#16a34a' }]} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader><CardTitle>Clients by service level</CardTitle><CardDescription>Onboarding conversion {rate(data.overview.onboardingConversionRate)}</CardDescription></CardHeader>
          <CardContent>
            {levels.length === 0 ? <EmptyState icon={Users} title="No clients yet" description="Add a client under My Practice to see it here." /> : <Chart label="Clients by service level chart" data={levels} series={[{ key: 'clients', name: 'Clients', color: '#9333ea' }]} />}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function ClientAnalysis({ months }: { months: number }) {
  const { data } = useAnalytics<ClientProfitability[]>('client-profitability', months);
  const { data: costs } = useCostSettings();
  const { data: user } = useCurrentUser();
  // The server lets the firm's owners and admins change the costs; others read them below.
  const canEditCosts = user?.homeRole === 'owner' || user?.homeRole === 'admin';
  const { formatAmount } = useMoneyFormat();
  if (!data) return null;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5"><CardTitle>Client profitability</CardTitle><CardDescription>Top 10 clients by profitability score</CardDescription></div>
          {canEditCosts && costs && <CostSettingsDialog costs={costs} />}
        </CardHeader>
        <CardContent className="space-y-4">
          {data.length === 0 ? (
            <EmptyState icon={Users} title="No clients yet" description="Add a client under My Practice to see its profitability." />
          ) : (
            <>
              <Chart label="Profitability score chart" data={data.map((row) => ({ label: row.clientName, profitability: row.profitabilityScore, risk: row.riskScore }))} series={[{ key: 'profitability', name: 'Profitability score', color: '#16a34a' }, { key: 'risk', name: 'Risk score', color: '#dc2626' }]} />
              <ul className="divide-y" aria-label="Client profitability">
                {data.map((row) => {
                  const risk = riskBadge(row.riskScore);
                  return (
                    <li key={row.clientId} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                      <div>
                        <p className="font-medium">{row.clientName}</p>
                        <p className="text-slate-500">{row.serviceLevel} · {row.monthlyFee === null ? '—' : formatAmount(row.monthlyFee)}/month · lifetime value {formatAmount(row.lifetimeValue)}</p>
                      </div>
                      <div className="flex items-center gap-3">
                        <span>{row.profitabilityScore}/100</span>
                        <span className={`rounded px-2 py-0.5 text-xs font-medium ${risk.tone}`}>{risk.label} risk {row.riskScore}</span>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader><CardTitle>How the scores are computed</CardTitle></CardHeader>
        <CardContent className="space-y-2 text-sm text-slate-600">
          <p>Profitability score = 50 + 50 × (fee − cost of work) / the larger of the two, kept between 0 and 100: the fee is what you invoiced the client in the period; the cost of work is the minutes of work in its workspace priced at your hourly rate. Equal fee and cost score 50; a fee twice the cost scores 75.</p>
          {costs && (
            <p>
              Minutes per item: document read {costs.documentMinutes}, invoice {costs.invoiceMinutes}, bill {costs.billMinutes}, approval {costs.approvalMinutes}, exception (rejected bill, failed payment) {costs.exceptionMinutes}; hourly rate {formatAmount(costs.hourlyRate)}
              {costs.isDefault ? ' (defaults)' : ''}.
            </p>
          )}
          <p>Risk score = 60 × the past-due share of the client’s open balance + 40 × (average days late / 60, at most 1). Lifetime value is the fees collected since the relationship started.</p>
        </CardContent>
      </Card>
    </div>
  );
}

function Benchmarks({ months }: { months: number }) {
  const { data } = useAnalytics<IndustryBenchmarks>('industry-benchmarks', months);
  if (!data) return null;
  return (
    <Card>
      <CardHeader><CardTitle>Industry benchmarks</CardTitle><CardDescription>Industry averages are reference figures. Source: {data.source}</CardDescription></CardHeader>
      <CardContent>
        <ul className="space-y-4" aria-label="Benchmarks">
          {data.performanceComparison.map((row) => (
            <li key={row.key} className="text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">{row.metric}</span>
                <span>
                  You {row.userValue ?? '—'} · industry {row.industryAverage} (reference) ·{' '}
                  {row.percentile === null ? <span className="text-slate-500">no data</span> : <span className={`font-medium ${percentileTone(row.percentile)}`}>{ordinal(row.percentile)} percentile</span>}
                </span>
              </div>
              <div className="mt-1 h-2 w-full rounded bg-slate-100">
                <div className="h-2 rounded bg-blue-600" style={{ width: `${Math.min(100, ((row.userValue ?? 0) / row.industryAverage) * 50)}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500">Reference: {row.source}</p>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <Chart label="Benchmarks chart" data={data.performanceComparison.map((row) => ({ label: row.metric, you: row.userValue ?? 0, industry: row.industryAverage }))} series={[{ key: 'you', name: 'Your firm', color: '#2563eb' }, { key: 'industry', name: 'Industry (reference)', color: '#94a3b8' }]} />
        </div>
      </CardContent>
    </Card>
  );
}

function Insights({ months }: { months: number }) {
  const { data } = useAnalytics<PredictiveInsights>('predictive-insights', months);
  const { formatAmount } = useMoneyFormat();
  if (!data) return null;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader><CardTitle>Cash-flow forecast</CardTitle><CardDescription>Open receivables shifted by each customer’s days late and weighted by how often invoices of their age got paid, recurring schedules, and unpaid bills. Based on {data.basedOnData.paidInvoices} paid invoices.</CardDescription></CardHeader>
        <CardContent>
          <Chart amounts label="Cash-flow forecast chart" data={data.cashFlowForecast.map((row) => ({ label: monthLabel(row.month), inflow: units(row.projectedInflow), outflow: units(row.projectedOutflow), net: units(row.netCashFlow) }))} series={[{ key: 'inflow', name: 'Inflow', color: '#16a34a' }, { key: 'outflow', name: 'Outflow', color: '#dc2626' }, { key: 'net', name: 'Net', color: '#2563eb' }]} />
          <p className="mt-2 text-xs text-slate-500">Confidence: {data.cashFlowForecast.map((row) => `${monthLabel(row.month)} ${row.confidence}%`).join(' · ')}</p>
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader><CardTitle>Client churn risk</CardTitle></CardHeader>
          <CardContent>
            {data.clientChurnRisk.length === 0 ? (
              <EmptyState icon={Users} title="No client at risk" description="No client shows a churn factor right now." />
            ) : (
              <ul className="divide-y text-sm" aria-label="Client churn risk">
                {data.clientChurnRisk.map((row) => (
                  <li key={row.clientId} className="py-3">
                    <p className="flex justify-between font-medium"><span>{row.clientName}</span><span className={`rounded px-2 py-0.5 text-xs ${riskBadge(row.riskScore).tone}`}>{row.riskScore}</span></p>
                    <ul className="mt-1 list-disc pl-5 text-slate-600">{row.riskFactors.map((factor) => <li key={factor}>{factor}</li>)}</ul>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader><CardTitle>Growth opportunities</CardTitle></CardHeader>
          <CardContent>
            {data.growthOpportunities.length === 0 ? (
              <EmptyState icon={TrendingUp} title="No opportunities yet" description="Upsell, cross-sell and retention ideas appear as your clients’ history grows." />
            ) : (
              <ul className="divide-y text-sm" aria-label="Growth opportunities">
                {data.growthOpportunities.map((row) => (
                  <li key={`${row.type}-${row.clientId}`} className="py-3">
                    <p className="flex justify-between font-medium"><span>{row.clientName}</span><span>{formatAmount(row.potentialValue)}</span></p>
                    <p className="text-slate-600">{row.type} · {row.probability}% · {row.opportunity}</p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Advanced Analytics (spec practice 2.7): four tabs over the selected period; every call takes ?months. */
export default function AnalyticsPage() {
  const [months, setMonths] = useState<number>(12);
  const exportUrl = (format: 'pdf' | 'xlsx') => withParams('/api/analytics/export', { months, format });
  return (
    <PageLayout
      title="Business Intelligence Dashboard"
      subtitle="Analytics across your practice"
      actions={
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor="analytics-period">Period</label>
          <select id="analytics-period" className="h-9 rounded-md border bg-white px-2 text-sm" value={months} onChange={(event) => setMonths(Number(event.target.value))}>
            {PERIODS.map((value) => <option key={value} value={value}>Last {value} Months</option>)}
          </select>
          <DropdownMenu>
            <DropdownMenuTrigger asChild><Button variant="outline"><Download className="size-4" />Export Report</Button></DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild><a href={exportUrl('pdf')} download>PDF</a></DropdownMenuItem>
              <DropdownMenuItem asChild><a href={exportUrl('xlsx')} download>Excel (XLSX)</a></DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      }
    >
      <Tabs defaultValue="overview">
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="overview">Practice Overview</TabsTrigger>
          <TabsTrigger value="clients">Client Analysis</TabsTrigger>
          <TabsTrigger value="benchmarks">Industry Benchmarks</TabsTrigger>
          <TabsTrigger value="insights">Predictive Insights</TabsTrigger>
        </TabsList>
        <TabsContent value="overview"><Overview months={months} /></TabsContent>
        <TabsContent value="clients"><ClientAnalysis months={months} /></TabsContent>
        <TabsContent value="benchmarks"><Benchmarks months={months} /></TabsContent>
        <TabsContent value="insights"><Insights months={months} /></TabsContent>
      </Tabs>
    </PageLayout>
  );
}
