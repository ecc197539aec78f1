import { z } from 'zod';
import { moneyInput } from './common';

/*
 * Advanced Analytics (spec practice 2.7, 3.4, 7; issue 14). Every call takes ?months=3|6|12|24
 * (default 12). Amounts are decimal strings (docs/decisions/0004), rates are percentages with one
 * decimal, null when there is nothing to divide by.
 */

export const analyticsMonths = ['3', '6', '12', '24'] as const;
export const analyticsQuery = z.object({
  months: z
    .enum(analyticsMonths, { message: 'months must be 3, 6, 12 or 24' })
    .default('12')
    .transform((value) => Number(value) as 3 | 6 | 12 | 24),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** GET /api/analytics/export: the four tabs as one PDF or XLSX. */
export const analyticsExportQuery = analyticsQuery.extend({
  format: z.enum(['pdf', 'xlsx'], { message: 'Format must be pdf or xlsx' }),
});

const money = z.string();

export const analyticsPracticeSchema = z.object({
  months: z.number().int(),
  /** The period's days on the firm's calendar, both included, and the previous period of the same length. */
  period: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  overview: z.object({
    /** Fees the firm invoiced its clients in the period (issued, not draft or cancelled). */
    totalRevenue: money,
    activeClients: z.number().int(),
    monthlyRecurringRevenue: money,
    /** As on the practice dashboard: share of the clients active 12 months ago still active today. */
    clientRetentionRate: z.number().nullable(),
    averageClientValue: money,
    /** Clients whose onboarding started in the period that have completed it, in percent. */
    onboardingConversionRate: z.number().nullable(),
  }),
  revenueMetrics: z.object({
    previousRevenue: money,
    /** (revenue − previous revenue) / previous revenue × 100. */
    growthRate: z.number().nullable(),
    collected: money,
    /** Collected in the period / invoiced in the period × 100. */
    collectionRate: z.number().nullable(),
  }),
  clientMetrics: z.object({
    newClientsThisMonth: z.number().int(),
    clientsByServiceLevel: z.record(z.string(), z.number().int()),
    /** Days from onboarding start to completion, for onboardings completed in the period. */
    averageOnboardingTime: z.number().nullable(),
  }),
  timeSeriesData: z.object({
    revenueByMonth: z.array(z.object({ month: z.string(), revenue: money, collected: money })),
  }),
});
export type AnalyticsPractice = z.infer<typeof analyticsPracticeSchema>;

/** The firm's per-item costs (minutes of its time) and the hourly rate that prices them. */
export const costSettingsSchema = z.object({
  documentMinutes: z.number().int(),
  invoiceMinutes: z.number().int(),
  billMinutes: z.number().int(),
  approvalMinutes: z.number().int(),
  exceptionMinutes: z.number().int(),
  hourlyRate: money,
  /** true while the firm has not changed the defaults. */
  isDefault: z.boolean(),
});
export type CostSettings = z.infer<typeof costSettingsSchema>;

const minutes = (label: string) =>
  z
    .number({ message: `${label} must be a whole number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} cannot be negative`)
    .max(600, `${label} must be at most 600 minutes`);

/** PUT /api/analytics/cost-settings. */
export const costSettingsInput = z.object({
  documentMinutes: minutes('Minutes per document'),
  invoiceMinutes: minutes('Minutes per invoice'),
  billMinutes: minutes('Minutes per bill'),
  approvalMinutes: minutes('Minutes per approval'),
  exceptionMinutes: minutes('Minutes per exception'),
  hourlyRate: moneyInput('Hourly rate'),
});
export type CostSettingsInput = z.input<typeof costSettingsInput>;

/** The work a client caused in its workspace in the period, item by item. */
export const clientWorkSchema = z.object({
  documents: z.number().int(),
  invoices: z.number().int(),
  bills: z.number().int(),
  approvals: z.number().int(),
  exceptions: z.number().int(),
});

export const clientProfitabilitySchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  serviceLevel: z.string(),
  monthlyFee: money.nullable(),
  /** Fees collected from the client since the relationship started (completed payments on the firm's invoices to it). */
  lifetimeValue: money,
  /** Fees the firm invoiced the client in the period. */
  feesInPeriod: money,
  work: clientWorkSchema,
  workMinutes: z.number().int(),
  /** workMinutes priced at the hourly rate. */
  workCost: money,
  profitabilityScore: z.number().int(),
  riskScore: z.number().int(),
});
export type ClientProfitability = z.infer<typeof clientProfitabilitySchema>;

const forecastMonth = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  projectedInflow: money,
  projectedOutflow: money,
  netCashFlow: money,
  /** 10..90: falls with less payment history and with each month ahead. */
  confidence: z.number().int(),
});
const forecastWeek = z.object({ weekStart: z.string(), weekEnd: z.string(), projectedInflow: money, projectedOutflow: money, netCashFlow: money });

export const predictiveInsightsSchema = z.object({
  months: z.number().int(),
  asOf: z.string(),
  cashFlowForecast: z.array(forecastMonth),
  weeklyForecast: z.array(forecastWeek),
  basedOnData: z.object({ paidInvoices: z.number().int(), organizationDaysLate: z.number(), bucketShares: z.record(z.string(), z.number()) }),
  clientChurnRisk: z.array(z.object({ clientId: z.string(), clientName: z.string(), riskScore: z.number().int(), riskFactors: z.array(z.string()) })),
  growthOpportunities: z.array(
    z.object({
      type: z.enum(['upsell', 'cross-sell', 'retention']),
      clientId: z.string(),
      clientName: z.string(),
      probability: z.number().int(),
      opportunity: z.string(),
      potentialValue: money,
    }),
  ),
});
export type PredictiveInsights = z.infer<typeof predictiveInsightsSchema>;

export const benchmarkMetricKeys = ['days_sales_outstanding', 'collection_rate', 'days_to_pay_bills', 'invoices_per_client', 'onboarding_days'] as const;

export const industryBenchmarksSchema = z.object({
  months: z.number().int(),
  /** Where the industry averages come from, shown on the page; they are reference figures, not computed. */
  source: z.string(),
  performanceComparison: z.array(
    z.object({
      key: z.enum(benchmarkMetricKeys),
      metric: z.string(),
      unit: z.enum(['days', 'percent', 'count']),
      higherIsBetter: z.boolean(),
      /** The firm's figure over the period; null when there is nothing to compute it from. */
      userValue: z.number().nullable(),
      industryAverage: z.number(),
      /** Where this row's industry average comes from (a survey, or a stated norm that says so). */
      source: z.string(),
      /** 0..100: where userValue falls among firms, assuming a normal spread of 30% around the average; null without a userValue. */
      percentile: z.number().int().nullable(),
    }),
  ),
});
export type IndustryBenchmarks = z.infer<typeof industryBenchmarksSchema>;
