import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, organizations, planChanges } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { addMember } from '../team/team.fixtures';
import { type PlanCheckoutRequest, replacePlanCheckoutCalls } from './plan-checkout';

const changePlan = (as: SignedIn, plan: string) => as.request({ method: 'PUT', url: '/api/settings/billing/plan', payload: { plan } });
const billingOf = async (as: SignedIn) => (await as.request({ method: 'GET', url: '/api/user/billing' })).json();

async function firmRow(t: TestApp, firm: SignedIn) {
  const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, firm.user.homeOrganizationId));
  return row;
}
const changesOf = (t: TestApp, firm: SignedIn) => t.deps.db.select().from(planChanges).where(eq(planChanges.organizationId, firm.user.homeOrganizationId));

describe('Settings > Billing without a card provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  });
  afterAll(async () => t.close());

  it("shows a firm's plan with its active clients against the limit, the same inside a client's workspace", async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    const client = await addClient(firm);
    await addClient(firm);
    const admin = await addMember(t, firm, 'admin');
    const expected = { plan: 'starter', maxClients: 10, practice: { activeClients: 2, canChangePlan: true, changeThroughCheckout: false } };
    expect(await billingOf(firm)).toMatchObject(expected);
    await openWorkspace(firm, client.organizationId);
    expect(await billingOf(firm)).toMatchObject({ ...expected, organizationName: firm.user.organizationName });
    expect((await billingOf(admin)).practice).toMatchObject({ activeClients: 2, canChangePlan: false });
  });

  it('records an upgrade by the owner: plan_changes, the plan and its limit, and an audit row, in one answer', async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    const response = await changePlan(firm, 'professional');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'changed', billing: { plan: 'professional', maxClients: 50, practice: { activeClients: 0 } } });
    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'professional', maxClients: 50 });
    expect(await changesOf(t, firm)).toEqual([
      expect.objectContaining({ fromPlan: 'starter', toPlan: 'professional', source: 'manual', changedBy: firm.user.id, stripeReference: null }),
    ]);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, firm.user.homeOrganizationId), eq(auditLog.action, 'firm.plan_changed')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: firm.user.id, entityId: firm.user.homeOrganizationId });
    expect(audits[0]?.details).toMatchObject({ from: 'starter', to: 'professional', maxClients: 50, source: 'manual' });
  });

  it('lets the eleventh client in once a starter firm has upgraded', async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    for (let index = 0; index < 10; index += 1) await addClient(firm);
    expect((await firm.request({ method: 'POST', url: '/api/practice/clients', payload: { businessName: 'x' } })).statusCode).toBe(400);
    await expect(addClient(firm)).rejects.toThrow(/409/);
    expect((await changePlan(firm, 'professional')).statusCode).toBe(200);
    expect((await addClient(firm)).isActive).toBe(true);
    expect((await billingOf(firm)).practice.activeClients).toBe(11);
  });

  it('refuses a downgrade below the active clients with a 409 naming the count, and allows it once clients are deactivated', async () => {
    const firm = await signUpFirm(t, { plan: 'professional' });
    const clients = [];
    for (let index = 0; index < 11; index += 1) clients.push(await addClient(firm));
    const refused = await changePlan(firm, 'starter');
    expect(refused.statusCode).toBe(409);
    const message = 'You have 11 active clients; the Starter plan allows up to 10. Deactivate clients before moving to it.';
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message, fields: { plan: message } });
    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'professional', maxClients: 50 });
    expect(await changesOf(t, firm)).toEqual([]);

    await t.deps.db.update(customers).set({ isActive: false }).where(eq(customers.id, clients[0]?.id ?? ''));
    const allowed = await changePlan(firm, 'starter');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().billing).toMatchObject({ plan: 'starter', maxClients: 10, practice: { activeClients: 10 } });
  });

  it('refuses the current plan (409) and a plan outside the three (400 naming the field)', async () => {
    const firm = await signUpFirm(t, { plan: 'enterprise' });
    const same = await changePlan(firm, 'enterprise');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('You are already on the Enterprise plan');
    const unknown = await changePlan(firm, 'platinum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION', fields: { plan: 'Choose the starter, professional or enterprise plan' } });
  });

  it("refuses everyone but the firm's owner with a 403 and changes nothing", async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    for (const role of ['admin', 'accountant', 'viewer'] as const) {
      const member = await addMember(t, firm, role);
      const response = await changePlan(member, 'enterprise');
      expect(response.statusCode, role).toBe(403);
    }
    const business = await signUp(t.app);
    expect((await changePlan(business, 'enterprise')).statusCode).toBe(403);
    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'starter' });
    expect(await changesOf(t, firm)).toEqual([]);
  });
});

describe('Settings > Billing with Stripe', () => {
  const secret = 'whsec_plan_secret';
  const stripe = new Stripe('sk_test_fake');
  let t: TestApp;
  let checkouts: PlanCheckoutRequest[] = [];
  let cancelled: string[] = [];
  let restore: () => void;
  beforeAll(async () => {
    t = await createTestApp({
      now: new Date('2026-11-21T15:00:00Z'),
      config: { appUrl: 'https://app.example', stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: secret } },
    });
    restore = replacePlanCheckoutCalls({
      create: async (request) => {
        checkouts.push(request);
        return { id: `cs_test_${checkouts.length}`, url: `https://checkout.stripe.example/c/pay/cs_test_${checkouts.length}` };
      },
      cancel: async (_key, subscriptionId) => {
        cancelled.push(subscriptionId);
      },
    });
  });
  afterEach(() => {
    checkouts = [];
    cancelled = [];
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  function completedEvent(sessionId: string, metadata: Record<string, string>, overrides: Record<string, unknown> = {}) {
    return JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer: 'cus_firm', subscription: `sub_${sessionId}`, metadata, ...overrides } },
    });
  }
  const deliver = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret })) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, origin: 'https://stripe.example' },
    });

  it('opens a Checkout subscription, and applies the plan once when Stripe confirms it', async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    expect((await billingOf(firm)).practice.changeThroughCheckout).toBe(true);
    const response = await changePlan(firm, 'professional');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'checkout', checkoutUrl: 'https://checkout.stripe.example/c/pay/cs_test_1' });
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toMatchObject({
      plan: { id: 'professional', monthlyPriceCents: 14900 },
      organizationId: firm.user.homeOrganizationId,
      userId: firm.user.id,
      customerId: null,
      successUrl: 'https://app.example/settings?tab=billing&checkout=success',
      cancelUrl: 'https://app.example/settings?tab=billing&checkout=cancelled',
    });
    // Nothing changes until Stripe confirms.
    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'starter' });
    expect(await changesOf(t, firm)).toEqual([]);

    const metadata = { kind: 'firm_plan', organizationId: firm.user.homeOrganizationId, plan: 'professional', userId: firm.user.id };
    const payload = completedEvent('cs_test_1', metadata);
    const first = await deliver(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'recorded' });
    expect((await deliver(payload)).json()).toEqual({ received: true, outcome: 'duplicate' });

    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'professional', maxClients: 50, stripeCustomerId: 'cus_firm', stripeSubscriptionId: 'sub_cs_test_1' });
    expect(await changesOf(t, firm)).toEqual([
      expect.objectContaining({ fromPlan: 'starter', toPlan: 'professional', source: 'stripe', changedBy: firm.user.id, stripeReference: 'cs_test_1' }),
    ]);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, firm.user.homeOrganizationId), eq(auditLog.action, 'firm.plan_changed')));
    expect(audits).toHaveLength(1);
    expect(cancelled).toEqual([]);

    // The next change reuses the Stripe customer and ends the subscription it replaces.
    await changePlan(firm, 'enterprise');
    expect(checkouts[1]).toMatchObject({ customerId: 'cus_firm', plan: { id: 'enterprise' } });
    const upgrade = await deliver(completedEvent('cs_test_2', { ...metadata, plan: 'enterprise' }));
    expect(upgrade.json().outcome).toBe('recorded');
    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'enterprise', maxClients: 200, stripeSubscriptionId: 'sub_cs_test_2' });
    expect(cancelled).toEqual(['sub_cs_test_1']);
  });

  it('refuses a downgrade below the active clients before sending anyone to Stripe', async () => {
    const firm = await signUpFirm(t, { plan: 'professional' });
    for (let index = 0; index < 11; index += 1) await addClient(firm);
    const response = await changePlan(firm, 'starter');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^You have 11 active clients/);
    expect(checkouts).toEqual([]);
  });

  it('ignores unpaid sessions, other checkouts and businesses, and refuses a forged signature', async () => {
    const firm = await signUpFirm(t, { plan: 'starter' });
    const business = await signUp(t.app);
    const metadata = { kind: 'firm_plan', organizationId: firm.user.homeOrganizationId, plan: 'enterprise', userId: firm.user.id };
    expect((await deliver(completedEvent('cs_unpaid', metadata, { payment_status: 'unpaid' }))).json().outcome).toBe('ignored');
    expect((await deliver(completedEvent('cs_payment', metadata, { mode: 'payment' }))).json().outcome).toBe('ignored');
    expect((await deliver(completedEvent('cs_other', { organizationId: firm.user.homeOrganizationId, plan: 'enterprise' }))).json().outcome).toBe('ignored');
    expect((await deliver(completedEvent('cs_bad_plan', { ...metadata, plan: 'platinum' }))).json().outcome).toBe('ignored');
    expect((await deliver(completedEvent('cs_business', { ...metadata, organizationId: business.user.organizationId }))).json().outcome).toBe('ignored');
    const payload = completedEvent('cs_forged', metadata);
    const forged = await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(forged.statusCode).toBe(400);
    expect(await firmRow(t, firm)).toMatchObject({ subscriptionPlan: 'starter', maxClients: 10 });
    expect(await changesOf(t, firm)).toEqual([]);
  });
});
