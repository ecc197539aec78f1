import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutSessionQuery, createPaymentLinkSchema } from '../../../shared/contracts/checkout';
import { idParam } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { createPaymentLink } from './create-payment-link';
import { openCheckoutSession } from './open-checkout-session';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

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
    // A paid link is a 409, an expired or replaced one a 410 GONE; the page shows the message.
    async (request) => openCheckoutSession(deps.db, deps.config, request.query.link, deps.now()),
  );

  // Own scope: the raw-body JSON parser the signature check needs applies to the webhook only.
  await app.register(async (scope) => stripeWebhookRoutes(scope.withTypeProvider<ZodTypeProvider>(), deps));
}
