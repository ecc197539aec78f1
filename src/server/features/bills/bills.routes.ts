import { billInputSchema, billListQuery } from '../../../shared/contracts/bills';
import { currencyBody, idParam, partialBody, TOTAL_CAPPED_HEADER } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { calendarDay, organizationToday } from '../../platform/calendar';
import { findBillDetail, findBillPageJson } from './bills.queries';
import { createBillFromRequest, deleteBill, updateBill } from './bills.service';

export async function billsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const detail = async (organizationId: string, id: string) => {
    const bill = await findBillDetail(deps.db, organizationId, id, await organizationToday(deps.db, organizationId, deps.now()));
    if (!bill) throw notFound('Bill');
    return bill;
  };

  app.get(
    '/api/bills',
    { schema: { tags: ['bills'], summary: 'List bills', querystring: billListQuery } },
    async (request, reply) => {
      const { organizationId, timeZone } = requireAuth(request);
      const today = timeZone ? calendarDay(deps.now(), timeZone) : await organizationToday(deps.db, organizationId, deps.now());
      // The page's JSON text as PostgreSQL built it, sent unchanged (a search too).
      const page = await findBillPageJson(deps.db, { organizationId, today, ...request.query });
      reply.header('X-Total-Count', String(page.total)).type('application/json; charset=utf-8');
      if (page.capped) reply.header(TOTAL_CAPPED_HEADER, 'true');
      return page.json;
    },
  );

  app.get(
    '/api/bills/:id',
    { schema: { tags: ['bills'], summary: 'One bill with its items', params: idParam } },
    async (request) => detail(requireAuth(request).organizationId, request.params.id),
  );

  app.post(
    '/api/bills',
    { schema: { tags: ['bills'], summary: 'Record a bill (sent for approval when a rule matches)', body: currencyBody(billInputSchema) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const bill = await createBillFromRequest(deps.db, auth, request.body, deps.now());
      return reply.status(201).send(await detail(auth.organizationId, bill.id));
    },
  );

  app.put(
    '/api/bills/:id',
    { schema: { tags: ['bills'], summary: 'Edit a bill (fields left out are kept)', params: idParam, body: partialBody(billInputSchema) } },
    async (request) => {
      const auth = requireAuth(request);
      const bill = await updateBill(deps.db, auth, request.params.id, request.body, deps.now());
      return detail(auth.organizationId, bill.id);
    },
  );

  app.delete(
    '/api/bills/:id',
    { schema: { tags: ['bills'], summary: 'Delete a bill without payments', params: idParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deleteBill(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );
}
