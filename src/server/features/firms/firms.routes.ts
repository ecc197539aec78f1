import { firmRegistrationSchema } from '../../../shared/contracts/firms';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { registerFirm } from './firms.service';

export async function firmsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.post(
    '/api/accounting-firms/register',
    {
      config: { public: true, rateLimit: rateLimits.register },
      schema: {
        tags: ['firms'],
        summary: 'Register an accounting firm and its owner',
        body: firmRegistrationSchema,
      },
    },
    async (request, reply) => {
      const result = await registerFirm(deps.db, request.body);
      return reply.status(201).send(result);
    },
  );
}
