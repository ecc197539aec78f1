import type { AppDeps, ZodApp } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { handleStripeEvent } from './handle-stripe-event';
import { verifyStripeEvent } from './stripe-gateway';

/** POST /api/webhooks/stripe: Stripe signs the exact bytes it sends, so the body stays a Buffer here. */
export async function stripeWebhookRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/webhooks/stripe',
    { config: { public: true, crossOrigin: true }, schema: { tags: ['checkout'], summary: 'Stripe events (signed)', hide: true } },
    async (request) => {
      const stripe = deps.config.stripe;
      if (!stripe?.webhookSecret) throw new AppError('BAD_REQUEST', 'Stripe webhooks are not configured');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('BAD_REQUEST', 'Missing Stripe signature');
      }
      let event;
      try {
        event = await verifyStripeEvent(stripe.secretKey, request.body, signature, stripe.webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
      }
      const outcome = await handleStripeEvent(deps.db, event, deps.now(), stripe);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true, outcome };
    },
  );
}
