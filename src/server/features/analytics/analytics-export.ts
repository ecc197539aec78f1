import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { ReportFigures } from '../../../shared/contracts/reports';
import { glossary } from '../../../shared/glossary';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { FirmActor } from '../practice/create-client';
import { reportPdf } from '../reports/report-pdf';
import { reportXlsx } from '../reports/report-xlsx';
import { table } from '../reports/report-sql';
import { computeClientProfitability } from './client-profitability';
import { computeIndustryBenchmarks } from './industry-benchmarks';
import { computePracticeAnalytics } from './practice-analytics';
import { computePredictiveInsights } from './predictive-insights';

export const ANALYTICS_EXPORT_TITLE = 'Business Intelligence Report';

/**
 * 'Export Report': the four tabs of the analytics page (Practice Overview, Client Analysis,
 * Industry Benchmarks, Predictive Insights) as one report's figures, written by the reports
 * module's PDF and XLSX writers. The figures are the same computations the API answers.
 */
export async function analyticsExport(db: Database, actor: FirmActor, now: Date, months: number, format: 'pdf' | 'xlsx'): Promise<{ stream: Readable; from: string; to: string }> {
  const [practice, clients, benchmarks, insights] = await Promise.all([
    computePracticeAnalytics(db, actor, now, months),
    computeClientProfitability(db, actor, now, months),
    computeIndustryBenchmarks(db, actor, now, months),
    computePredictiveInsights(db, actor, now, months),
  ]);
  const [firm] = await db.select({ name: organizations.name, currency: organizations.currency }).from(organizations).where(eq(organizations.id, actor.firmId));
  const currency = firm?.currency ?? 'USD';
  const { overview, revenueMetrics, clientMetrics } = practice;
  const figures: ReportFigures = {
    currency,
    summary: [
      { label: glossary.feesInvoiced.label, kind: 'money', value: overview.totalRevenue },
      { label: glossary.collected.label, kind: 'money', value: revenueMetrics.collected },
      { label: 'Growth rate', kind: 'percent', value: revenueMetrics.growthRate },
      { label: glossary.collectionRate.label, kind: 'percent', value: revenueMetrics.collectionRate },
      { label: glossary.activeClients.label, kind: 'number', value: overview.activeClients },
      { label: glossary.monthlyRecurring.label, kind: 'money', value: overview.monthlyRecurringRevenue },
      { label: glossary.retentionRate.label, kind: 'percent', value: overview.clientRetentionRate },
      { label: glossary.averageClientValue.label, kind: 'money', value: overview.averageClientValue },
      { label: 'Onboarding conversion rate', kind: 'percent', value: overview.onboardingConversionRate },
      { label: 'New clients this month', kind: 'number', value: clientMetrics.newClientsThisMonth },
      { label: 'Average onboarding time', kind: 'days', value: clientMetrics.averageOnboardingTime },
    ],
    tables: [
      table(
        'revenue_by_month',
        'Revenue by month',
        [
          { key: 'month', label: 'Month', kind: 'text' },
          { key: 'revenue', label: glossary.invoiced.label, kind: 'money' },
          { key: 'collected', label: 'Collected', kind: 'money' },
        ],
        practice.timeSeriesData.revenueByMonth,
      ),
      table(
        'client_profitability',
        'Client profitability',
        [
          { key: 'clientName', label: 'Client', kind: 'text' },
          { key: 'serviceLevel', label: 'Service level', kind: 'text' },
          { key: 'monthlyFee', label: 'Monthly fee', kind: 'money' },
          { key: 'lifetimeValue', label: 'Lifetime value', kind: 'money' },
          { key: 'profitabilityScore', label: 'Profitability score', kind: 'number' },
          { key: 'riskScore', label: 'Risk score', kind: 'number' },
        ],
        clients.map((row) => ({ ...row, work: null })),
      ),
      table(
        'industry_benchmarks',
        'Industry benchmarks (reference averages: see source)',
        [
          { key: 'metric', label: 'Metric', kind: 'text' },
          { key: 'userValue', label: 'Your value', kind: 'number' },
          { key: 'industryAverage', label: 'Industry average (reference)', kind: 'number' },
          { key: 'percentile', label: 'Percentile', kind: 'number' },
          { key: 'source', label: 'Source of the average', kind: 'text' },
        ],
        benchmarks.performanceComparison.map((row) => ({ metric: row.metric, userValue: row.userValue, industryAverage: row.industryAverage, percentile: row.percentile, source: row.source })),
      ),
      table(
        'cash_flow_forecast',
        'Cash-flow forecast',
        [
          { key: 'month', label: 'Month', kind: 'text' },
          { key: 'projectedInflow', label: 'Inflow', kind: 'money' },
          { key: 'projectedOutflow', label: 'Outflow', kind: 'money' },
          { key: 'netCashFlow', label: 'Net', kind: 'money' },
          { key: 'confidence', label: 'Confidence %', kind: 'number' },
        ],
        insights.cashFlowForecast,
      ),
      table(
        'churn_risk',
        'Client churn risk',
        [
          { key: 'clientName', label: 'Client', kind: 'text' },
          { key: 'riskScore', label: 'Risk score', kind: 'number' },
          { key: 'factors', label: 'Risk factors', kind: 'text' },
        ],
        insights.clientChurnRisk.map((row) => ({ clientName: row.clientName, riskScore: row.riskScore, factors: row.riskFactors.join('; ') })),
      ),
      table(
        'growth_opportunities',
        'Growth opportunities',
        [
          { key: 'type', label: 'Type', kind: 'text' },
          { key: 'clientName', label: 'Client', kind: 'text' },
          { key: 'probability', label: 'Probability %', kind: 'number' },
          { key: 'opportunity', label: 'Opportunity', kind: 'text' },
          { key: 'potentialValue', label: 'Potential value', kind: 'money' },
        ],
        insights.growthOpportunities,
      ),
    ],
    chart: { table: 'revenue_by_month', x: 'month', series: ['revenue', 'collected'], kind: 'bar' },
  };
  const heading = { organizationName: firm?.name ?? '', title: ANALYTICS_EXPORT_TITLE, from: practice.period.from, to: practice.period.to, currency, filters: `Last ${months} months` };
  return { stream: format === 'pdf' ? await reportPdf(heading, figures) : await reportXlsx(heading, figures), from: practice.period.from, to: practice.period.to };
}
