import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentLink } from '../../../shared/contracts/checkout';
import { auditLog, invoices, paymentLinks, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { insertCustomer, insertInvoice } from '../payments/test-rows';

const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_fake');

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({
    now: new Date('2026-06-15T16:00:00Z'),
    config: { stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: secret } },
  });
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

async function invoiceWithLink(totalCents: number, linkAmount?: string) {
  const org = owner.user.organizationId;
  const customer = await insertCustomer(t.deps.db, org);
  const invoice = await insertInvoice(t.deps.db, org, { customerId: customer.id, totalCents });
  const response = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payment-link`, payload: linkAmount ? { amount: linkAmount } : {} });
  return { invoice, link: response.json<PaymentLink>() };
}

function succeededEvent(intentId: string, amount: number, metadata: Record<string, string>, eventId = `evt_${intentId}`) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', amount, amount_received: amount, currency: 'usd', metadata } },
  });
}

// Stripe's own test helper signs the payload as Stripe would; no network involved.
const deliver = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret })) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, origin: 'https://stripe.example' },
  });

describe('POST /api/webhooks/stripe', () => {
  it('records a succeeded payment once, marks the link paid, and ignores the same event again', async () => {
    const { invoice, link } = await invoiceWithLink(30_000);
    const metadata = { organizationId: owner.user.organizationId, invoiceId: invoice.id, linkId: link.linkId };
    const payload = succeededEvent('pi_once', 30_000, metadata);
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'recorded' });
    const again = await deliver(payload);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });

    const rows = await t.deps.db.select().from(payments).where(eq(payments.referenceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '300.00', method: 'stripe', status: 'completed', stripePaymentIntentId: 'pi_once', type: 'invoice_payment' });
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored).toMatchObject({ status: 'paid', amountPaid: '300.00' });
    const [linkRow] = await t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.linkId, link.linkId));
    expect(linkRow).toMatchObject({ status: 'paid', stripePaymentIntentId: 'pi_once' });
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'payment_link.paid')));
    expect(audit).toHaveLength(1);

    const session = await t.app.inject({ method: 'GET', url: `/api/checkout/session?link=${link.linkId}` });
    expect(session.statusCode).toBe(409);
  });

  it('records a partial link payment and leaves the rest open', async () => {
    const { invoice, link } = await invoiceWithLink(30_000, '100.00');
    const payload = succeededEvent('pi_part', 10_000, { organizationId: owner.user.organizationId, invoiceId: invoice.id, linkId: link.linkId });
    expect((await deliver(payload)).json().outcome).toBe('recorded');
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored).toMatchObject({ status: 'sent', amountPaid: '100.00' });
  });

  it('refuses a bad signature with a 400 and records nothing', async () => {
    const { invoice, link } = await invoiceWithLink(5_000);
    const payload = succeededEvent('pi_forged', 5_000, { organizationId: owner.user.organizationId, invoiceId: invoice.id, linkId: link.linkId });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const response = await deliver(payload, forged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid Stripe signature' });
    const tampered = await deliver(payload.replace('5000', '1'), stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(tampered.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } });
    expect(missing.statusCode).toBe(400);
    expect(await t.deps.db.select().from(payments).where(eq(payments.stripePaymentIntentId, 'pi_forged'))).toHaveLength(0);
  });

  it('ignores events for other things and links of another organization', async () => {
    const { invoice, link } = await invoiceWithLink(5_000);
    const other = await signUp(t.app);
    const wrongOrg = succeededEvent('pi_wrong_org', 5_000, { organizationId: other.user.organizationId, invoiceId: invoice.id, linkId: link.linkId });
    expect((await deliver(wrongOrg)).json().outcome).toBe('ignored');
    const noMetadata = succeededEvent('pi_elsewhere', 5_000, {});
    expect((await deliver(noMetadata)).json().outcome).toBe('ignored');
    const refund = JSON.stringify({ id: 'evt_r', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } });
    expect((await deliver(refund)).json().outcome).toBe('ignored');
    expect(await t.deps.db.select().from(payments).where(eq(payments.referenceId, invoice.id))).toHaveLength(0);
  });

  it('keeps a payment the invoice can no longer take as an audit entry instead of failing', async () => {
    const { invoice, link } = await invoiceWithLink(5_000);
    await t.deps.db.update(invoices).set({ amountPaid: '50.00', status: 'paid' }).where(eq(invoices.id, invoice.id));
    const payload = succeededEvent('pi_late', 5_000, { organizationId: owner.user.organizationId, invoiceId: invoice.id, linkId: link.linkId });
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('unmatched');
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'payment_link.payment_unmatched')));
    expect(audit[0]?.details).toMatchObject({ amount: '50.00', stripePaymentIntentId: 'pi_late' });
  });
});

describe('POST /api/webhooks/stripe without a webhook secret', () => {
  it('answers 400', async () => {
    const plain = await createTestApp();
    const payload = succeededEvent('pi_x', 100, {});
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    });
    await plain.close();
    expect(response.statusCode).toBe(400);
  });
});
