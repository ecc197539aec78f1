import { signedInUserSchema } from '../../../shared/contracts/auth';
import {
  recoveryCodesRegenerateSchema,
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorEnrolmentSchema,
  twoFactorLoginSchema,
  twoFactorStatusSchema,
} from '../../../shared/contracts/two-factor';
import { requireAuth, setSessionCookie } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { noteSignIn } from './login-notifications';
import {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startEnrolment,
} from './two-factor';
import { completeTwoFactorLogin } from './two-factor-login';

/** The sign-in's second step, and the signed-in user's own two-factor settings. */
export async function twoFactorRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const key = deps.config.encryptionKey;
  const own = { viewerAllowed: true } as const;
  const tags = ['auth'];

  app.post(
    '/api/login/two-factor',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Sign in, step two: a 6-digit code or a recovery code for the challenge from POST /api/login',
        description:
          "Each code's time step and each recovery code work once. Wrong codes count toward the sign-in throttle " +
          '(10 per username or address in 15 minutes, then 429). An unknown or expired challenge is a 401: sign in again.',
        body: twoFactorLoginSchema,
        response: { 200: signedInUserSchema },
      },
    },
    async (request, reply) => {
      const { user, token, firstSignIn } = await completeTwoFactorLogin(
        deps.db,
        key,
        request.body,
        request.ip,
        deps.now(),
      );
      setSessionCookie(reply, token, deps.config.secureCookies);
      await noteSignIn(deps, request, reply, user);
      return { ...user, firstSignIn };
    },
  );

  app.get(
    '/api/user/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => getTwoFactorStatus(deps.db, requireAuth(request).userId),
  );

  app.post(
    '/api/user/two-factor/enrolment',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Start turning two-factor on: a new secret (QR code and text) and ten recovery codes, shown once',
        response: { 200: twoFactorEnrolmentSchema },
      },
    },
    async (request) => startEnrolment(deps.db, key, requireAuth(request), deps.now()),
  );

  app.post(
    '/api/user/two-factor/confirm',
    {
      config: own,
      schema: {
        tags,
        summary: 'Finish enrolment with a first code; two-factor is on from now',
        body: twoFactorConfirmSchema,
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) =>
      confirmEnrolment(deps.db, key, requireAuth(request), request.body.code, deps.now()),
  );

  app.post(
    '/api/user/two-factor/disable',
    {
      config: own,
      schema: {
        tags,
        summary: 'Turn two-factor off with a current code, a recovery code or the password',
        body: twoFactorDisableSchema,
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) =>
      disableTwoFactor(deps.db, key, requireAuth(request), request.body, request.ip, deps.now()),
  );

  app.post(
    '/api/user/two-factor/recovery-codes',
    {
      config: own,
      schema: {
        tags,
        summary: 'Replace the ten recovery codes (needs a current code)',
        body: recoveryCodesRegenerateSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) =>
      regenerateRecoveryCodes(deps.db, key, requireAuth(request), request.body.code, deps.now()),
  );
}
