import { z } from 'zod';
import { loginSchema, registerSchema, signedInUserSchema } from '../../../shared/contracts/auth';
import { loginChallengeSchema } from '../../../shared/contracts/two-factor';
import { clearSessionCookie, requireAuth, setSessionCookie } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import type { JobWorker } from '../../platform/jobs';
import { rateLimits } from '../../platform/rate-limit';
import { notFound } from '../../platform/errors';
import { deleteSession } from '../../platform/sessions';
import { findSessionUser } from './auth.queries';
import { loginUser, registerUser } from './auth.service';
import { noteSignIn } from './login-notifications';
import { startWelcomeMailWorker } from './welcome-mail';

export async function authRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  let worker: JobWorker | null = null;
  if (deps.startWorkers) worker = startWelcomeMailWorker(deps, (error) => app.log.error({ err: error }, 'welcome mail worker error'));
  app.addHook('onClose', async () => worker?.stop());

  app.post(
    '/api/register',
    {
      config: { public: true, rateLimit: rateLimits.register },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and organization',
        description: 'Signs the new owner in (sets the session cookie) and queues a welcome mail; nothing is left to confirm by mail.',
        body: registerSchema,
      },
    },
    async (request, reply) => {
      const { user, token } = await registerUser(deps.db, request.body, deps.now());
      setSessionCookie(reply, token, deps.config.secureCookies);
      await noteSignIn(deps, request, reply, user);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'Answers the user and sets the session cookie; with two-factor on, answers { twoFactorRequired, challengeToken, expiresAt } ' +
          'and sets no cookie: send the token with a code to POST /api/login/two-factor.',
        body: loginSchema,
        response: { 200: z.union([signedInUserSchema, loginChallengeSchema]) },
      },
    },
    async (request, reply) => {
      const result = await loginUser(deps.db, request.body, request.ip, deps.now(), request.headers['user-agent'] ?? null);
      if (!('token' in result)) return result;
      setSessionCookie(reply, result.token, deps.config.secureCookies);
      await noteSignIn(deps, request, reply, result.user);
      return { ...result.user, firstSignIn: result.firstSignIn };
    },
  );

  app.post(
    '/api/logout',
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Sign out' } },
    async (request, reply) => {
      if (request.auth) await deleteSession(deps.db, request.auth.sessionId);
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  app.get('/api/user', { config: { anyWorkspace: true }, schema: { tags: ['auth'], summary: 'The signed-in user, inside the active workspace' } }, async (request) => {
    const auth = requireAuth(request);
    const user = await findSessionUser(deps.db, auth);
    if (!user) throw notFound('User');
    return user;
  });
}
