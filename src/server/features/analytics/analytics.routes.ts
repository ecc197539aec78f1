import { z } from 'zod';
import {
  analyticsExportQuery,
  analyticsPracticeSchema,
  analyticsQuery,
  clientProfitabilitySchema,
  costSettingsInput,
  costSettingsSchema,
  industryBenchmarksSchema,
  predictiveInsightsSchema,
} from '../../../shared/contracts/analytics';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import { CONTENT_TYPES } from '../reports/report-downloads';
import { reportFileName } from '../reports/report-cells';
import { ANALYTICS_EXPORT_TITLE, analyticsExport } from './analytics-export';
import { computeClientProfitability } from './client-profitability';
import { loadCosts, saveCosts, toCostSettings } from './cost-settings';
import { computeIndustryBenchmarks } from './industry-benchmarks';
import { computePracticeAnalytics } from './practice-analytics';
import { computePredictiveInsights } from './predictive-insights';

/** Advanced Analytics (spec practice 2.7): the firm's figures over the clients the member may see. */
export async function analyticsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['analytics'];
  const practice = { practice: true } as const;

  app.get(
    '/api/analytics/practice',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Practice analytics: overview, revenue and client metrics, revenue by month',
        description:
          "months=3|6|12|24 (default 12): the calendar months ending with this month on the firm's calendar, today included. " +
          "Revenue is the fees the firm invoiced its clients (the firm's invoices to practice clients, not draft or cancelled) by issue day; " +
          'growthRate compares it with the previous period of the same length; collectionRate = collected / invoiced in the period. ' +
          'Active clients, monthly recurring revenue, retention and average client value are the practice dashboard figures.',
        querystring: analyticsQuery,
        response: { 200: analyticsPracticeSchema },
      },
    },
    async (request) => computePracticeAnalytics(deps.db, requireFirm(request), deps.now(), request.query.months),
  );

  app.get(
    '/api/analytics/client-profitability',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Client profitability: the top 10 clients',
        description:
          'lifetimeValue: fees collected from the client since the relationship started. profitabilityScore (0-100) = ' +
          '50 + 50 × (fee − workCost) / max(fee, workCost), fee = fees invoiced in the period, workCost = minutes of work in the ' +
          "client's workspace in the period (documents × documentMinutes + invoices × invoiceMinutes + bills × billMinutes + " +
          'approval decisions × approvalMinutes + exceptions (rejected bills, failed payments) × exceptionMinutes) × hourlyRate / 60; ' +
          '50 when both are zero. riskScore (0-100) = 60 × past-due share of the open balance + 40 × min(1, average days late / 60). ' +
          'Ranked by profitabilityScore, then lifetimeValue.',
        querystring: analyticsQuery,
        response: { 200: z.array(clientProfitabilitySchema) },
      },
    },
    async (request) => computeClientProfitability(deps.db, requireFirm(request), deps.now(), request.query.months),
  );

  app.get(
    '/api/analytics/cost-settings',
    {
      config: practice,
      schema: { tags, summary: "The firm's per-item costs for the profitability score", response: { 200: costSettingsSchema } },
    },
    async (request) => toCostSettings(await loadCosts(deps.db, requireFirm(request).firmId)),
  );

  app.put(
    '/api/analytics/cost-settings',
    {
      config: practice,
      schema: {
        tags,
        summary: "Change the firm's per-item costs (owners and admins)",
        description: 'Minutes per item: whole numbers 0-600; hourlyRate: an amount with at most 2 decimals.',
        body: costSettingsInput,
        response: { 200: costSettingsSchema },
      },
    },
    async (request) => {
      const actor = requireFirm(request);
      if (!FIRM_WIDE_ROLES.includes(actor.role)) throw new AppError('FORBIDDEN', "Only the firm's owners and admins can change the costs");
      return saveCosts(deps.db, actor, request.body, deps.now());
    },
  );

  app.get(
    '/api/analytics/predictive-insights',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Cash-flow forecast, churn risk and growth opportunities',
        description:
          "Forecast of the firm's own books for the months ahead (months=3|6|12|24, from tomorrow) and the first 13 weeks: open " +
          "receivables expected on their due day shifted by the customer's average days late over its last 12 paid invoices (the " +
          "firm's average below 3), times the share of its aging bucket historically paid, plus recurring schedules; outflow: unpaid " +
          'bills on their scheduled payment day or due day. Confidence = min(90, 30 + 2 × invoices paid in the last 12 months) − 5 a month ' +
          'ahead, at least 10. Churn risk (top 5, two factors each) and growth opportunities (top 5) follow the rules in the code ' +
          '(src/server/features/analytics/predictive-insights.ts).',
        querystring: analyticsQuery,
        response: { 200: predictiveInsightsSchema },
      },
    },
    async (request) => computePredictiveInsights(deps.db, requireFirm(request), deps.now(), request.query.months),
  );

  app.get(
    '/api/analytics/industry-benchmarks',
    {
      config: practice,
      schema: {
        tags,
        summary: "The firm's figures against reference industry averages",
        description:
          'Days sales outstanding (open receivables / invoiced × days in the period), collection rate, average days to pay bills, ' +
          'invoices per client per month and onboarding days, each against a reference average kept in the code (source answered), ' +
          'with the percentile assuming a normal spread of 30% around the average (turned round where lower is better).',
        querystring: analyticsQuery,
        response: { 200: industryBenchmarksSchema },
      },
    },
    async (request) => computeIndustryBenchmarks(deps.db, requireFirm(request), deps.now(), request.query.months),
  );

  app.get(
    '/api/analytics/export',
    {
      config: practice,
      schema: {
        tags,
        summary: "Export Report: the analytics page's four tabs as one PDF or XLSX",
        description: 'months=3|6|12|24 (default 12); format=pdf|xlsx. The same figures as the four analytics calls.',
        querystring: analyticsExportQuery,
        produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { months, format } = request.query;
      const file = await analyticsExport(deps.db, requireFirm(request), deps.now(), months, format);
      return reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${reportFileName(ANALYTICS_EXPORT_TITLE, file.from, file.to, format)}"`)
        .send(file.stream);
    },
  );
}
