import { planChangeResultSchema, planChangeSchema } from '../../../shared/contracts/settings';
import { requireAuth, requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { changeFirmPlan } from './change-plan';
import { getBilling } from './settings.service';

/** Settings > Billing: the firm owner's plan change (the plan caps the firm's active clients). */
export async function billingRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.put(
    '/api/settings/billing/plan',
    {
      // A practice route: 403 for anyone outside an accounting firm; the service admits the owner only.
      config: { practice: true },
      schema: {
        tags: ['settings'],
        summary: "Change the firm's subscription plan (owner only)",
        description:
          'Starter (10 clients), Professional (50) or Enterprise (200). Without a card provider the change is recorded at once ' +
          '(plan_changes, the plan and its client limit, an audit row) and answered as status changed with the new billing; ' +
          'with Stripe configured the answer is status checkout with a Stripe Checkout URL, and the plan changes when Stripe ' +
          'confirms the subscription (checkout.session.completed). 403 for anyone but the owner; 409 for the current plan or ' +
          'a plan with fewer places than the firm has active clients (the message names the count).',
        body: planChangeSchema,
        response: { 200: planChangeResultSchema },
      },
    },
    async (request) => {
      const outcome = await changeFirmPlan(deps.db, requireFirm(request), request.body, { config: deps.config, now: deps.now() });
      if (outcome.status === 'checkout') return outcome;
      return { status: 'changed' as const, billing: await getBilling(deps.db, requireAuth(request), { changeThroughCheckout: false }) };
    },
  );
}
