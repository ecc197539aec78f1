import { cashFlowQuery } from '../../../shared/contracts/dashboard';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { getCashFlow, getDashboardStats } from './dashboard.service';

export async function dashboardRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get('/api/dashboard/stats', { schema: { tags: ['dashboard'], summary: 'Revenue, open balances and this month’s payments' } }, async (request) => {
    const auth = requireAuth(request);
    return getDashboardStats(deps.db, auth.organizationId, deps.now());
  });

  app.get(
    '/api/dashboard/cash-flow',
    { schema: { tags: ['dashboard'], summary: 'Money in and out per day', querystring: cashFlowQuery } },
    async (request) => {
      const auth = requireAuth(request);
      return getCashFlow(deps.db, auth.organizationId, deps.now(), request.query.days);
    },
  );
}
