import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutSessionQuery, createPaymentLinkSchema } from '../../../shared/contracts/checkout';
import { idParam } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { createPaymentLink } from './create-payment-link';
import { LinkClosedError, openCheckoutSession } from './open-checkout-session';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

function sendLinkClosed(reply: FastifyReply, error: LinkClosedError) {
  // 410 Gone has no code in the shared catalogue; the page shows the message either way.
  return reply.status(error.status).send({ message: error.message, code: error.status === 409 ? 'CONFLICT' : 'GONE' });
}

export async function checkoutRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.post(
    '/api/invoices/:id/payment-link',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Create (or return the live) payment link for an unpaid invoice',
        params: idParam,
        body: createPaymentLinkSchema.optional(),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = request.body ?? createPaymentLinkSchema.parse({});
      const { link, created } = await createPaymentLink(deps.db, auth, request.params.id, input, {
        now: deps.now(),
        appUrl: deps.config.appUrl,
      });
      return reply.status(created ? 201 : 200).send(link);
    },
  );

  app.get(
    '/api/checkout/session',
    {
      config: { public: true },
      schema: { tags: ['checkout'], summary: 'Prepare a card payment for a payment link', querystring: checkoutSessionQuery },
    },
    async (request, reply) => {
      try {
        return await openCheckoutSession(deps.db, deps.config, request.query.link, deps.now());
      } catch (error) {
        if (error instanceof LinkClosedError) return sendLinkClosed(reply, error);
        throw error;
      }
    },
  );

  // Own scope: the raw-body JSON parser the signature check needs applies to the webhook only.
  await app.register(async (scope) => stripeWebhookRoutes(scope.withTypeProvider<ZodTypeProvider>(), deps));
}
