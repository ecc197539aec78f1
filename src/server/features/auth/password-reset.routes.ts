import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  passwordResetAnswerSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '../../../shared/contracts/password-reset';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { requestPasswordReset, resetPassword } from './password-reset';

export async function passwordResetRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.post(
    '/api/password-reset',
    {
      config: { public: true, rateLimit: rateLimits.passwordResetRequest },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (the same answer whether or not the email has an account)',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAnswerSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email, request.log);
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      config: { public: true, rateLimit: rateLimits.passwordResetConfirm },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; every session of the user ends',
        body: passwordResetConfirmSchema,
        response: { 200: passwordResetAnswerSchema },
      },
    },
    async (request) => {
      await resetPassword(deps.db, request.body, deps.now());
      return { message: PASSWORD_RESET_DONE };
    },
  );
}
