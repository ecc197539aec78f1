import { analyticsPracticeSchema, analyticsQuery } from '../../../shared/contracts/analytics';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { computePracticeAnalytics } from './practice-analytics';

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
}
