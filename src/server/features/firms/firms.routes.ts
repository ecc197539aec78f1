import { firmRegistrationSchema } from '../../../shared/contracts/firms';
import { setSessionCookie } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { noteSignIn } from '../auth/login-notifications';
import { registerFirm } from './firms.service';

export async function firmsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.post(
    '/api/accounting-firms/register',
    {
      config: { public: true, rateLimit: rateLimits.register },
      schema: {
        tags: ['firms'],
        summary: 'Register an accounting firm and its owner',
        description:
          'Signs the owner in (sets the session cookie) and queues a welcome mail to the owner; answers the firm and its owner.',
        body: firmRegistrationSchema,
      },
    },
    async (request, reply) => {
      const { result, user, token } = await registerFirm(deps.db, request.body, deps.now());
      setSessionCookie(reply, token, deps.config.secureCookies);
      await noteSignIn(deps, request, reply, user);
      return reply.status(201).send(result);
    },
  );
}
