import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalPaymentResult } from '../../../shared/contracts/portal';
import { auditLog, customerCredits, invoices, payments, portalPayments, portalSettings } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '../../test/fake-stripe';
import { type SignedIn, signUp } from '../../test/factories';
import { recordInvoicePayment } from '../invoices/record-invoice-payment';
import { insertCustomer, insertInvoice } from '../payments/test-rows';
import { portalCookie } from './portal-test-session';

const NOW = new Date('2026-06-15T16:00:00Z');

let fake: FakeStripe;
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    now: NOW,
    config: { stripe: { secretKey: fake.secretKey, publishableKey: fake.publishableKey, webhookSecret: fake.webhookSecret, apiBase: fake.url } },
  });
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const org = () => owner.user.organizationId;

async function customerWithInvoices(specs: { cents: number; dueDate: string; number: string }[]) {
  const customer = await insertCustomer(t.deps.db, org(), `Customer ${specs[0]?.number ?? ''}`);
  const rows = [];
  for (const spec of specs) rows.push(await insertInvoice(t.deps.db, org(), { customerId: customer.id, totalCents: spec.cents, dueDate: spec.dueDate, number: spec.number }));
  const cookie = await portalCookie(t, org(), customer.id);
  return { customer, invoices: rows, cookie };
}

const pay = (cookie: string, body: unknown) => t.app.inject({ method: 'POST', url: '/api/portal/payments', payload: body as object, headers: { cookie } });

const deliver = (event: FakeStripeEvent) => {
  const { payload, signature } = fake.signedEvent(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, origin: 'https://stripe.example' },
  });
};

/** The event the fake Stripe server sent for this intent, of this type. */
function eventOf(intentId: string, type: string): FakeStripeEvent {
  const event = fake.events.find((candidate) => candidate.type === type && candidate.data.object.id === intentId);
  if (!event) throw new Error(`no ${type} for ${intentId}`);
  return event;
}

async function invoiceRow(id: string) {
  const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

async function intentPayments(intentId: string) {
  return t.deps.db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId));
}

describe('POST /api/portal/payments with Stripe', () => {
  it('creates ONE PaymentIntent for the sum of the ticked invoices, with a partial amount on one', async () => {
    const { customer, invoices: [early, late], cookie } = await customerWithInvoices([
      { cents: 25_050, dueDate: '2026-05-01', number: 'INV-P1' },
      { cents: 10_000, dueDate: '2026-06-01', number: 'INV-P2' },
    ]);
    const response = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: late?.id, amount: '40.00' }, { invoiceId: early?.id, amount: '250.50' }] });
    expect(response.statusCode).toBe(201);
    const result = response.json<PortalPaymentResult>();
    // 250.50 + 40.00 = 290.50
    expect(result).toMatchObject({ amount: '290.50', currency: 'USD', status: 'pending', publishableKey: fake.publishableKey, bankTransferInstructions: null });
    expect(result.reference).toMatch(/^PAY-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const intentId = String(result.clientSecret).split('_secret_')[0] ?? '';
    const intent = fake.paymentIntents.get(intentId);
    expect(intent).toMatchObject({ amount: 29_050, currency: 'usd', metadata: { organizationId: org(), portalPaymentId: result.id, customerId: customer.id } });
    const call = fake.calls.find((entry) => entry.path === '/v1/payment_intents' && (entry.body.metadata as Record<string, string>).portalPaymentId === result.id);
    expect(call?.idempotencyKey).toBe(`portal-payment-${result.id}`);
    const [stored] = await t.deps.db.select().from(portalPayments).where(eq(portalPayments.id, result.id));
    expect(stored).toMatchObject({ status: 'pending', method: 'stripe', amount: '290.50', stripePaymentIntentId: intentId });
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'portal_payment.created')));
    expect(audit).toHaveLength(1);

    // The customer confirms with Stripe.js; the signed webhook allocates, the same event 3 times.
    await fake.confirmPaymentIntent(intentId, 'pm_card_visa');
    const event = eventOf(intentId, 'payment_intent.succeeded');
    const outcomes = [];
    for (let delivery = 0; delivery < 3; delivery += 1) outcomes.push((await deliver(event)).json<{ outcome: string }>().outcome);
    expect(outcomes).toEqual(['recorded', 'duplicate', 'duplicate']);
    expect(await invoiceRow(early?.id ?? '')).toMatchObject({ status: 'paid', amountPaid: '250.50' });
    expect(await invoiceRow(late?.id ?? '')).toMatchObject({ status: 'sent', amountPaid: '40.00' });
    const rows = await intentPayments(intentId);
    expect(rows.map((row) => [row.referenceId, row.amount, row.method, row.status]).sort()).toEqual(
      [
        [early?.id, '250.50', 'stripe', 'completed'],
        [late?.id, '40.00', 'stripe', 'completed'],
      ].sort(),
    );
    const [done] = await t.deps.db.select().from(portalPayments).where(eq(portalPayments.id, result.id));
    expect(done?.status).toBe('succeeded');
  });

  it('allocates exactly once when two deliveries of the event arrive in parallel', async () => {
    const { invoices: [one, two], cookie } = await customerWithInvoices([
      { cents: 12_000, dueDate: '2026-06-10', number: 'INV-Q1' },
      { cents: 8_000, dueDate: '2026-06-12', number: 'INV-Q2' },
    ]);
    const result = (await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: one?.id, amount: '120.00' }, { invoiceId: two?.id, amount: '80.00' }] })).json<PortalPaymentResult>();
    const intentId = String(result.clientSecret).split('_secret_')[0] ?? '';
    await fake.confirmPaymentIntent(intentId);
    const event = eventOf(intentId, 'payment_intent.succeeded');
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<{ outcome: string }>().outcome).sort()).toEqual(['duplicate', 'recorded']);
    expect(await intentPayments(intentId)).toHaveLength(2);
    expect(await invoiceRow(one?.id ?? '')).toMatchObject({ status: 'paid', amountPaid: '120.00' });
    expect(await invoiceRow(two?.id ?? '')).toMatchObject({ status: 'paid', amountPaid: '80.00' });
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'portal_payment.succeeded'));
    expect(audits.filter((row) => (row.details as { portalPaymentId?: string }).portalPaymentId === result.id)).toHaveLength(1);
  });

  it('keeps what an invoice paid meanwhile (a second tab) can no longer take as customer credit', async () => {
    const { customer, invoices: [first, second], cookie } = await customerWithInvoices([
      { cents: 10_000, dueDate: '2026-06-20', number: 'INV-R1' },
      { cents: 4_000, dueDate: '2026-06-05', number: 'INV-R2' },
    ]);
    const result = (await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: first?.id, amount: '100.00' }, { invoiceId: second?.id, amount: '40.00' }] })).json<PortalPaymentResult>();
    expect(result.amount).toBe('140.00');
    // The other tab pays R2 (40.00) by bank before the card payment's webhook arrives.
    await recordInvoicePayment(t.deps.db, { organizationId: org(), userId: owner.user.id }, second?.id ?? '', { amount: 4_000, paidAt: '2026-06-15', method: 'ach' }, NOW);
    const intentId = String(result.clientSecret).split('_secret_')[0] ?? '';
    await fake.confirmPaymentIntent(intentId);
    expect((await deliver(eventOf(intentId, 'payment_intent.succeeded'))).json().outcome).toBe('recorded');

    // 140.00 received: R1 takes 100.00, R2 owes nothing now, 40.00 is the customer's credit.
    expect(await invoiceRow(first?.id ?? '')).toMatchObject({ status: 'paid', amountPaid: '100.00' });
    expect(await invoiceRow(second?.id ?? '')).toMatchObject({ status: 'paid', amountPaid: '40.00' });
    const onFirst = await t.deps.db.select().from(payments).where(eq(payments.referenceId, first?.id ?? ''));
    expect(onFirst.map((row) => row.amount).sort()).toEqual(['100.00', '40.00']);
    const excess = onFirst.find((row) => row.amount === '40.00');
    expect(excess).toMatchObject({ status: 'completed', method: 'stripe', stripePaymentIntentId: null, transactionId: `${intentId}:excess` });
    const credits = await t.deps.db.select().from(customerCredits).where(eq(customerCredits.customerId, customer.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ kind: 'overpayment', amount: '40.00', paymentId: excess?.id, invoiceId: first?.id });
    // A replay changes nothing.
    expect((await deliver(eventOf(intentId, 'payment_intent.succeeded'))).json().outcome).toBe('duplicate');
    expect(await t.deps.db.select().from(customerCredits).where(eq(customerCredits.customerId, customer.id))).toHaveLength(1);
  });

  it('marks the payment failed with the reason when the card is declined', async () => {
    const { invoices: [only], cookie } = await customerWithInvoices([{ cents: 5_000, dueDate: '2026-06-01', number: 'INV-S1' }]);
    const result = (await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: only?.id, amount: '50.00' }] })).json<PortalPaymentResult>();
    const intentId = String(result.clientSecret).split('_secret_')[0] ?? '';
    await fake.confirmPaymentIntent(intentId, 'pm_card_chargeDeclined');
    expect((await deliver(eventOf(intentId, 'payment_intent.payment_failed'))).json().outcome).toBe('recorded');
    const [stored] = await t.deps.db.select().from(portalPayments).where(eq(portalPayments.id, result.id));
    expect(stored).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await invoiceRow(only?.id ?? '')).toMatchObject({ status: 'sent', amountPaid: '0.00' });
  });

  it('refuses more than due, zero, negative, paid, twice-ticked and foreign invoices, and needs a portal session with pay', async () => {
    const { customer, invoices: [open, paid], cookie } = await customerWithInvoices([
      { cents: 10_000, dueDate: '2026-06-01', number: 'INV-T1' },
      { cents: 2_000, dueDate: '2026-06-01', number: 'INV-T2' },
    ]);
    await t.deps.db.update(invoices).set({ status: 'paid', amountPaid: '20.00' }).where(eq(invoices.id, paid?.id ?? ''));
    const before = await t.deps.db.select().from(portalPayments).where(eq(portalPayments.customerId, customer.id));

    const tooMuch = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '100.01' }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toHaveProperty(['invoices.0.amount']);
    const zero = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '0' }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty(['invoices.0.amount']);
    const negative = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '-5.00' }] });
    expect(negative.statusCode).toBe(400);
    const alreadyPaid = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '10.00' }, { invoiceId: paid?.id, amount: '20.00' }] });
    expect(alreadyPaid.statusCode).toBe(400);
    expect(alreadyPaid.json().fields).toHaveProperty(['invoices.1.invoiceId']);
    const twice = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '10.00' }, { invoiceId: open?.id, amount: '10.00' }] });
    expect(twice.statusCode).toBe(400);

    // Another customer's invoice, and another workspace's: 404.
    const neighbour = await customerWithInvoices([{ cents: 1_000, dueDate: '2026-06-01', number: 'INV-T3' }]);
    const foreign = await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: neighbour.invoices[0]?.id, amount: '10.00' }] });
    expect(foreign.statusCode).toBe(404);
    const other = await signUp(t.app);
    const otherCustomer = await insertCustomer(t.deps.db, other.user.organizationId);
    const otherInvoice = await insertInvoice(t.deps.db, other.user.organizationId, { customerId: otherCustomer.id, totalCents: 1_000 });
    expect((await pay(cookie, { method: 'stripe', invoices: [{ invoiceId: otherInvoice.id, amount: '10.00' }] })).statusCode).toBe(404);

    // No portal session, a staff session, a portal session without 'pay'.
    expect((await t.app.inject({ method: 'POST', url: '/api/portal/payments', payload: { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '10.00' }] } })).statusCode).toBe(401);
    expect((await owner.request({ method: 'POST', url: '/api/portal/payments', payload: { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '10.00' }] } })).statusCode).toBe(401);
    const viewOnly = await portalCookie(t, org(), customer.id, ['view_invoices']);
    expect((await pay(viewOnly, { method: 'stripe', invoices: [{ invoiceId: open?.id, amount: '10.00' }] })).statusCode).toBe(403);

    expect(await t.deps.db.select().from(portalPayments).where(eq(portalPayments.customerId, customer.id))).toHaveLength(before.length);
  });
});

describe('POST /api/portal/payments without Stripe', () => {
  let plain: TestApp;
  let staff: SignedIn;
  beforeAll(async () => {
    plain = await createTestApp({ now: NOW, config: { stripe: null } });
    staff = await signUp(plain.app, { companyName: 'Harbor Bakery' });
  });
  afterAll(async () => plain.close());

  it('returns the bank transfer instructions and a reference to quote, and stores the payment pending', async () => {
    const organizationId = staff.user.organizationId;
    const customer = await insertCustomer(plain.deps.db, organizationId);
    const invoice = await insertInvoice(plain.deps.db, organizationId, { customerId: customer.id, totalCents: 30_000 });
    const cookie = await portalCookie(plain, organizationId, customer.id);
    const send = () => plain.app.inject({ method: 'POST', url: '/api/portal/payments', headers: { cookie }, payload: { method: 'stripe', invoices: [{ invoiceId: invoice.id, amount: '125.00' }] } });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const body = first.json<PortalPaymentResult>();
    expect(body).toMatchObject({ amount: '125.00', status: 'pending', clientSecret: null, publishableKey: null });
    expect(body.bankTransferInstructions).toContain('Harbor Bakery');
    expect(body.reference).toMatch(/^PAY-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const [stored] = await plain.deps.db.select().from(portalPayments).where(eq(portalPayments.id, body.id));
    expect(stored).toMatchObject({ method: 'bank_transfer', status: 'pending', reference: body.reference, amount: '125.00' });

    await plain.deps.db.insert(portalSettings).values({ organizationId, paymentInstructions: 'IBAN NL00 TEST 0123 4567 89, Harbor Bakery' });
    const second = (await send()).json<PortalPaymentResult>();
    expect(second.bankTransferInstructions).toBe('IBAN NL00 TEST 0123 4567 89, Harbor Bakery');
    expect(second.reference).not.toBe(body.reference);
    // Nothing is paid until the money arrives.
    const [unpaid] = await plain.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(unpaid).toMatchObject({ amountPaid: '0.00', status: 'sent' });
  });
});
