import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentLink } from '../../../shared/contracts/checkout';
import { auditLog, paymentLinks } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { insertCustomer, insertInvoice } from '../payments/test-rows';
import { type PaymentIntentRequest, replacePaymentIntentCreator } from './stripe-gateway';

const stripeConfig = { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: 'whsec_test_secret' };

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T16:00:00Z') });
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

async function newInvoice(user: SignedIn, totalCents = 25_000, paidCents = 0, status: 'sent' | 'paid' | 'cancelled' | 'draft' = 'sent') {
  const customer = await insertCustomer(t.deps.db, user.user.organizationId);
  return insertInvoice(t.deps.db, user.user.organizationId, { customerId: customer.id, totalCents, paidCents, status });
}

const createLink = (user: SignedIn, invoiceId: string, payload?: Record<string, unknown>) =>
  user.request({ method: 'POST', url: `/api/invoices/${invoiceId}/payment-link`, payload: payload ?? {} });

describe('POST /api/invoices/{id}/payment-link', () => {
  it('creates a link for the open balance with an unguessable id and the checkout URL', async () => {
    const invoice = await newInvoice(owner, 25_000, 5_000);
    const response = await createLink(owner, invoice.id);
    expect(response.statusCode).toBe(201);
    const link = response.json<PaymentLink>();
    expect(link.amount).toBe('200.00');
    expect(link.linkId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.url).toBe(`http://localhost:5000/checkout?amount=200.00&link=${link.linkId}`);
    expect(link.expiresAt).toBe('2026-07-15T16:00:00.000Z');
    const [row] = await t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.linkId, link.linkId));
    expect(row).toMatchObject({ invoiceId: invoice.id, organizationId: owner.user.organizationId, amount: '200.00', status: 'active', customerId: invoice.customerId });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((a) => a.action)).toEqual(['payment_link.created']);
  });

  it('returns the live link again, and replaces it when another amount is asked for', async () => {
    const invoice = await newInvoice(owner, 10_000);
    const first = (await createLink(owner, invoice.id)).json<PaymentLink>();
    const again = await createLink(owner, invoice.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<PaymentLink>().linkId).toBe(first.linkId);
    const partial = await createLink(owner, invoice.id, { amount: '40.50', expiresInDays: 7 });
    expect(partial.statusCode).toBe(201);
    expect(partial.json<PaymentLink>()).toMatchObject({ amount: '40.50', expiresAt: '2026-06-22T16:00:00.000Z' });
    const rows = await t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, invoice.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'cancelled']);
  });

  it('refuses an amount above the balance, zero, and a bad expiry', async () => {
    const invoice = await newInvoice(owner, 10_000, 2_500);
    const tooMuch = await createLink(owner, invoice.id, { amount: '75.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'VALIDATION', fields: { amount: 'Amount cannot exceed the invoice balance of 75.00' } });
    const zero = await createLink(owner, invoice.id, { amount: 0 });
    expect(zero.json()).toMatchObject({ fields: { amount: 'Amount must be greater than zero' } });
    const expiry = await createLink(owner, invoice.id, { expiresInDays: 365 });
    expect(expiry.json()).toMatchObject({ fields: { expiresInDays: 'Expiry must be between 1 and 90 days' } });
    expect((await createLink(owner, invoice.id, { amount: '75.00' })).statusCode).toBe(201);
  });

  it('refuses paid and cancelled invoices', async () => {
    const paid = await newInvoice(owner, 10_000, 10_000, 'paid');
    expect((await createLink(owner, paid.id)).json()).toMatchObject({ code: 'CONFLICT', message: 'This invoice has already been paid' });
    const cancelled = await newInvoice(owner, 10_000, 0, 'cancelled');
    expect((await createLink(owner, cancelled.id)).statusCode).toBe(409);
  });

  it('hides another organization’s invoice and a malformed id behind a 404', async () => {
    const invoice = await newInvoice(owner);
    const stranger = await signUp(t.app);
    expect((await createLink(stranger, invoice.id)).statusCode).toBe(404);
    expect((await createLink(owner, 'not-a-uuid')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/payment-link`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/checkout/session without a card provider', () => {
  it('answers that payment processing is unavailable, without signing in', async () => {
    const invoice = await newInvoice(owner);
    const link = (await createLink(owner, invoice.id)).json<PaymentLink>();
    for (const url of ['/api/checkout/session', `/api/checkout/session?link=${link.linkId}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        available: false,
        message: 'Payment processing is currently unavailable. Stripe integration not configured.',
      });
    }
  });

  it('says clearly when a link is unknown, expired or already paid', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/checkout/session?link=nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment link not found');

    const invoice = await newInvoice(owner);
    const link = (await createLink(owner, invoice.id, { expiresInDays: 1 })).json<PaymentLink>();
    t.clock.advance(25 * 3600_000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/checkout/session?link=${link.linkId}` });
    t.clock.set(new Date('2026-06-15T16:00:00Z'));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This payment link has expired. Ask for a new one.');

    const other = await newInvoice(owner);
    const paidLink = (await createLink(owner, other.id)).json<PaymentLink>();
    await t.deps.db.update(paymentLinks).set({ status: 'paid' }).where(eq(paymentLinks.linkId, paidLink.linkId));
    const paid = await t.app.inject({ method: 'GET', url: `/api/checkout/session?link=${paidLink.linkId}` });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This invoice has already been paid');
  });
});

describe('GET /api/checkout/session with Stripe configured', () => {
  let s: TestApp;
  let user: SignedIn;
  const requests: PaymentIntentRequest[] = [];
  let restore = () => {};
  beforeAll(async () => {
    s = await createTestApp({ now: new Date('2026-06-15T16:00:00Z'), config: { stripe: stripeConfig } });
    user = await signUp(s.app);
    restore = replacePaymentIntentCreator(async (request) => {
      requests.push(request);
      return { id: `pi_fake_${requests.length}`, clientSecret: `pi_fake_${requests.length}_secret_x` };
    });
  });
  afterEach(() => {
    requests.length = 0;
  });
  afterAll(async () => {
    restore();
    await s.close();
  });

  it('creates a PaymentIntent for the link’s amount, whatever the query string says', async () => {
    const customer = await insertCustomer(s.deps.db, user.user.organizationId);
    const invoice = await insertInvoice(s.deps.db, user.user.organizationId, { customerId: customer.id, totalCents: 30_000, number: 'INV-9' });
    const created = await user.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payment-link`, payload: { amount: '120.00' } });
    const link = created.json<PaymentLink>();
    const response = await s.app.inject({ method: 'GET', url: `/api/checkout/session?amount=1.00&link=${link.linkId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      available: true,
      clientSecret: 'pi_fake_1_secret_x',
      publishableKey: 'pk_test_fake',
      amount: '120.00',
      currency: 'USD',
      invoiceNumber: 'INV-9',
      organizationName: user.user.organizationName,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      secretKey: 'sk_test_fake',
      amountCents: 12_000,
      currency: 'USD',
      metadata: { organizationId: user.user.organizationId, invoiceId: invoice.id, linkId: link.linkId },
    });
    const [row] = await s.deps.db.select().from(paymentLinks).where(eq(paymentLinks.linkId, link.linkId));
    expect(row?.stripePaymentIntentId).toBe('pi_fake_1');
  });

  it('asks for a link when none is given', async () => {
    const response = await s.app.inject({ method: 'GET', url: '/api/checkout/session' });
    expect(response.statusCode).toBe(400);
    expect(requests).toHaveLength(0);
  });
});
