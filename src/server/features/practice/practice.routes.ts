import { newClientSchema, practiceClientSchema } from '../../../shared/contracts/practice';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { createPracticeClient } from './create-client';

/** The firm's client portfolio. Practice routes serve the user's firm whatever workspace is open. */
export async function practiceRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['practice'];
  const practice = { practice: true } as const;

  app.post(
    '/api/practice/clients',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Add a client to the practice (Add New Client wizard)',
        description:
          "Creates, in one transaction, the firm's customer row for the client and the client's own organization (its workspace, " +
          'answered as organizationId) with its invoice settings (prefix, next number = invoiceStartNumber, payment terms, currency), ' +
          'automation settings and onboarding workflow. A duplicate business email within the firm is a 409 naming businessEmail; ' +
          "a firm at its plan's client limit gets a 409 naming the limit.",
        body: newClientSchema,
        response: { 201: practiceClientSchema },
      },
    },
    async (request, reply) => {
      const client = await createPracticeClient(deps.db, requireFirm(request), request.body, deps.now());
      return reply.status(201).send(client);
    },
  );
}
