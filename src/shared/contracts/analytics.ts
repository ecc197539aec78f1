import { z } from 'zod';

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
