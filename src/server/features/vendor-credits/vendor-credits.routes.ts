import { z } from 'zod';
import { applyVendorCreditInput, createVendorCreditInput, customerCreditStatuses, vendorCreditSchema } from '../../../shared/contracts/credits';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findVendorCredit, findVendorCredits } from './vendor-credits.queries';
import { applyVendorCredit, createVendorCredit, reverseVendorCreditApplication } from './vendor-credits.service';

const vendorCreditListQuery = pageQuery.extend({
  vendorId: z.uuid().optional(),
  status: z.enum(customerCreditStatuses).optional(),
});

export async function vendorCreditsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const detail = async (organizationId: string, id: string) => {
    const credit = await findVendorCredit(deps.db, organizationId, id);
    if (!credit) throw notFound('Vendor credit');
    return credit;
  };

  app.post(
    '/api/vendor-credits',
    {
      schema: {
        tags: ['bills'],
        summary: "Record a vendor's credit memo, optionally applied at once to open bills of that vendor",
        body: createVendorCreditInput,
        response: { 201: vendorCreditSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const credit = await createVendorCredit(deps.db, auth, request.body, deps.now());
      return reply.status(201).send(await detail(auth.organizationId, credit.id));
    },
  );

  app.get(
    '/api/vendor-credits',
    { schema: { tags: ['bills'], summary: 'List vendor credits, newest first', querystring: vendorCreditListQuery, response: { 200: vendorCreditSchema.array() } } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { rows, total } = await findVendorCredits(deps.db, { organizationId, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/vendor-credits/:id',
    { schema: { tags: ['bills'], summary: 'One vendor credit with its applications', params: idParam, response: { 200: vendorCreditSchema } } },
    async (request) => detail(requireAuth(request).organizationId, request.params.id),
  );

  app.post(
    '/api/vendor-credits/:id/apply',
    {
      schema: {
        tags: ['bills'],
        summary: 'Apply a vendor credit to open bills of its vendor (each at most what the bill still owes)',
        params: idParam,
        body: applyVendorCreditInput,
        response: { 200: vendorCreditSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const credit = await applyVendorCredit(deps.db, auth, request.params.id, request.body, deps.now());
      return detail(auth.organizationId, credit.id);
    },
  );

  app.post(
    '/api/vendor-credit-applications/:id/reverse',
    {
      schema: {
        tags: ['bills'],
        summary: 'Take a vendor credit off a bill again, while no payment of the bill is scheduled or made',
        params: idParam,
        response: { 200: vendorCreditSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const creditId = await reverseVendorCreditApplication(deps.db, auth, request.params.id, deps.now());
      return detail(auth.organizationId, creditId);
    },
  );
}
