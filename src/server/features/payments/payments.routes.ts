import { paymentListQuery, upcomingPaymentsQuery } from '../../../shared/contracts/payments';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { findPaymentPageJson, findPayments, findUpcomingPayments } from './payments.queries';
import { toPaymentDto, toUpcomingDto } from './payments.dto';

export async function paymentsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/payments',
    { schema: { tags: ['payments'], summary: 'Payment history, newest first', querystring: paymentListQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.query.type && !request.query.status) {
        // The common case: the page's JSON text as PostgreSQL built it, sent unchanged.
        const page = await findPaymentPageJson(deps.db, { organizationId: auth.organizationId, limit: request.query.limit, offset: request.query.offset });
        return reply.header('X-Total-Count', String(page.total)).type('application/json; charset=utf-8').send(page.json);
      }
      const { rows, total } = await findPayments(deps.db, { ...request.query, organizationId: auth.organizationId });
      return reply.header('X-Total-Count', String(total)).send(rows.map(toPaymentDto));
    },
  );

  app.get(
    '/api/payments/upcoming',
    { schema: { tags: ['payments'], summary: 'Scheduled bill payments and invoices falling due, soonest first', querystring: upcomingPaymentsQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { rows, total } = await findUpcomingPayments(deps.db, {
        ...request.query,
        organizationId: auth.organizationId,
        now: deps.now(),
      });
      return reply.header('X-Total-Count', String(total)).send(rows.map(toUpcomingDto));
    },
  );
}
