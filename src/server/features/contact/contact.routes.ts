import { contactRequestSchema, operatorStatusSchema } from '../../../shared/contracts/contact';
import { pageQuery } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { createContactRequest, isOperator, listContactRequests } from './contact.service';

export async function contactRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.post(
    '/api/contact',
    {
      config: { public: true, rateLimit: rateLimits.contact },
      schema: {
        tags: ['contact'],
        summary: 'Send a demo or sales request (mailed to OPERATOR_EMAILS)',
        body: contactRequestSchema,
      },
    },
    async (request, reply) => {
      const created = await createContactRequest(deps, request.body, deps.now(), request.log);
      return reply.status(201).send({ id: created.id, createdAt: created.createdAt });
    },
  );

  app.get(
    '/api/contact-requests',
    {
      schema: {
        tags: ['contact'],
        summary: 'Demo and sales requests (operators in OPERATOR_EMAILS only)',
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const { items, total } = await listContactRequests(deps, userId, request.query);
      return reply.header('X-Total-Count', total).send(items);
    },
  );

  app.get(
    '/api/operator',
    {
      schema: {
        tags: ['contact'],
        summary: 'Whether the signed-in user runs this installation (may read contact requests)',
        response: { 200: operatorStatusSchema },
      },
    },
    async (request) => ({ isOperator: await isOperator(deps, requireAuth(request).userId) }),
  );
}
