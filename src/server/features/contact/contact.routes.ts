import { contactRequestSchema } from '../../../shared/contracts/contact';
import { pageQuery } from '../../../shared/contracts/common';
import { requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { createContactRequest, listContactRequests } from './contact.service';

export async function contactRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.post(
    '/api/contact',
    {
      config: { public: true },
      schema: {
        tags: ['contact'],
        summary: 'Send a demo or sales request',
        body: contactRequestSchema,
      },
    },
    async (request, reply) => {
      const created = await createContactRequest(deps.db, request.body, deps.now());
      return reply.status(201).send({ id: created.id, createdAt: created.createdAt });
    },
  );

  app.get(
    '/api/contact-requests',
    {
      schema: {
        tags: ['contact'],
        summary: 'Demo and sales requests (operator owners only)',
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, ['owner']);
      const { items, total } = await listContactRequests(deps.db, auth, request.query);
      return reply.header('X-Total-Count', total).send(items);
    },
  );
}
