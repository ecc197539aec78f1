import type { FastifyRequest } from 'fastify';
import { portalAutopayInput, portalAutopayResult, portalPaymentInput, portalPaymentResult } from '../../../shared/contracts/portal';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { useStripeApiBase } from '../checkout/stripe-gateway';
import { requirePortal } from '../portal/portal-session';
import { changeAutopay, startAutopayScheduler } from './autopay';
import { createPortalPayment } from './create-portal-payment';

/**
 * The customer portal's payments (issue 31): several invoices paid at once (one Stripe
 * PaymentIntent, or a bank transfer reference), and autopay of invoices from recurring schedules.
 * Public for the staff check; each route asks for a portal session with the 'pay' permission.
 */
export async function portalPaymentsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  // STRIPE_API_BASE: every Stripe call of this server (payment links, plans, portal) goes there.
  if (deps.config.stripe?.apiBase) useStripeApiBase(deps.config.stripe.secretKey, deps.config.stripe.apiBase);
  if (deps.startWorkers) {
    const stop = startAutopayScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }

  // The portal session is checked before the body: no session is a 401, whatever was sent.
  const portalFirst = { config: { public: true }, preValidation: async (request: FastifyRequest) => void (await requirePortal(request, deps, 'pay')) };

  app.post(
    '/api/portal/payments',
    {
      ...portalFirst,
      schema: {
        tags: ['portal'],
        summary: 'Pay several invoices at once',
        description:
          "The ticked invoices (this customer's, open, each amount above zero and at most its amount due on the organization's day). With Stripe: one PaymentIntent for the sum, confirmed with Stripe.js and allocated to the invoices in due-date order by the signed webhook. Without: the bank transfer instructions and the reference to quote.",
        body: portalPaymentInput,
        response: { 201: portalPaymentResult },
      },
    },
    async (request, reply) => {
      const context = await requirePortal(request, deps, 'pay');
      return reply.status(201).send(await createPortalPayment(deps, context, request.body));
    },
  );

  app.post(
    '/api/portal/autopay',
    {
      ...portalFirst,
      schema: {
        tags: ['portal'],
        summary: 'Save a payment method, or turn autopay on or off',
        description:
          "'setup' returns a Stripe SetupIntent's client secret (the method is stored when Stripe confirms it); 'enable' and 'disable' turn autopay of invoices from recurring schedules on or off (on needs a saved method).",
        body: portalAutopayInput,
        response: { 200: portalAutopayResult },
      },
    },
    async (request) => {
      const context = await requirePortal(request, deps, 'pay');
      return changeAutopay(deps, context, request.body.action);
    },
  );
}
