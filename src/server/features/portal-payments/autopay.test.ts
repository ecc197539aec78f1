import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayCharges, customerPaymentMethods, invoices, payments, portalSettings } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '../../test/fake-stripe';
import { type SignedIn, signUp } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { insertCustomer, insertInvoice } from '../payments/test-rows';
import { chargeDueAutopay } from './autopay';
import { portalCookie } from './portal-test-session';

const DAY = 24 * 3600_000;

let fake: FakeStripe;
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    now: new Date('2026-06-15T16:00:00Z'),
    config: { stripe: { secretKey: fake.secretKey, publishableKey: fake.publishableKey, webhookSecret: fake.webhookSecret, apiBase: fake.url } },
  });
  owner = await signUp(t.app, { companyName: 'Autopay Studio' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const org = () => owner.user.organizationId;

const autopay = (cookie: string, action: string) => t.app.inject({ method: 'POST', url: '/api/portal/autopay', headers: { cookie }, payload: { action } });

const deliver = (event: FakeStripeEvent) => {
  const { payload, signature } = fake.signedEvent(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, origin: 'https://stripe.example' },
  });
};

/** A customer who saved a card through the portal (SetupIntent confirmed, webhook delivered) and turned autopay on. */
async function autopayCustomer(paymentMethod = 'pm_card_visa') {
  const customer = await insertCustomer(t.deps.db, org(), `Autopay ${randomUUID().slice(0, 6)}`);
  const cookie = await portalCookie(t, org(), customer.id);
  const setup = await autopay(cookie, 'setup');
  expect(setup.statusCode).toBe(200);
  const secret = String(setup.json().clientSecret);
  const setupId = secret.split('_secret_')[0] ?? '';
  await fake.confirmSetupIntent(setupId, paymentMethod === 'pm_card_chargeDeclined' ? 'pm_card_visa' : paymentMethod);
  const event = fake.events.find((candidate) => candidate.type === 'setup_intent.succeeded' && candidate.data.object.id === setupId);
  if (!event) throw new Error('no setup_intent.succeeded');
  expect((await deliver(event)).json().outcome).toBe('recorded');
  // A card that declines later (expired, no funds): Stripe's test method for that.
  if (paymentMethod === 'pm_card_chargeDeclined') {
    await t.deps.db.update(customerPaymentMethods).set({ stripePaymentMethodId: paymentMethod }).where(eq(customerPaymentMethods.customerId, customer.id));
  }
  const enabled = await autopay(cookie, 'enable');
  expect(enabled.statusCode).toBe(200);
  return { customer, cookie, enabled: enabled.json() };
}

async function recurringInvoice(customerId: string, cents: number, dueDate: string) {
  const invoice = await insertInvoice(t.deps.db, org(), { customerId, totalCents: cents, dueDate });
  await t.deps.db.update(invoices).set({ recurringInvoiceId: randomUUID() }).where(eq(invoices.id, invoice.id));
  return invoice;
}

const chargesOf = (invoiceId: string) => t.deps.db.select().from(autopayCharges).where(eq(autopayCharges.invoiceId, invoiceId)).orderBy(autopayCharges.attempt);
const mailsAbout = (invoiceNumber: string, subject: string) => readMails(t).filter((mail) => mail.includes(`${subject}`) && mail.includes(invoiceNumber));

describe('POST /api/portal/autopay', () => {
  it('saves the method from the SetupIntent (brand and last 4 from Stripe) and turns autopay on and off', async () => {
    const customer = await insertCustomer(t.deps.db, org());
    const cookie = await portalCookie(t, org(), customer.id);
    const early = await autopay(cookie, 'enable');
    expect(early.statusCode).toBe(409);

    const setup = await autopay(cookie, 'setup');
    expect(setup.json()).toMatchObject({ enabled: false, method: null, publishableKey: fake.publishableKey });
    const again = await autopay(cookie, 'setup');
    expect(again.statusCode).toBe(200);
    // The Stripe customer is created once.
    const [row] = await t.deps.db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.customerId, customer.id));
    expect(fake.customers.has(row?.stripeCustomerId ?? '')).toBe(true);
    expect([...fake.customers.values()].filter((entry) => entry.metadata.customerId === customer.id)).toHaveLength(1);
    const setupIntent = fake.setupIntents.get(row?.stripeSetupIntentId ?? '');
    expect(setupIntent).toMatchObject({ usage: 'off_session', customer: row?.stripeCustomerId });

    await fake.confirmSetupIntent(setupIntent?.id ?? '', 'pm_card_mastercard');
    const event = fake.events.find((candidate) => candidate.type === 'setup_intent.succeeded' && candidate.data.object.id === setupIntent?.id);
    expect((await deliver(event as FakeStripeEvent)).json().outcome).toBe('recorded');
    expect((await deliver(event as FakeStripeEvent)).json().outcome).toBe('duplicate');
    const [saved] = await t.deps.db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.customerId, customer.id));
    expect(saved).toMatchObject({ stripePaymentMethodId: 'pm_card_mastercard', type: 'card', brand: 'mastercard', last4: '4444', autopay: false });

    expect((await autopay(cookie, 'enable')).json()).toMatchObject({ enabled: true, method: 'Mastercard •••• 4444' });
    expect((await autopay(cookie, 'disable')).json()).toMatchObject({ enabled: false, method: 'Mastercard •••• 4444' });
    const viewOnly = await portalCookie(t, org(), customer.id, ['view_invoices']);
    expect((await autopay(viewOnly, 'enable')).statusCode).toBe(403);
  });
});

describe('the autopay scheduler', () => {
  it('charges a due recurring invoice exactly once with two runs in parallel, and mails one receipt', async () => {
    const { customer, enabled } = await autopayCustomer();
    expect(enabled).toMatchObject({ enabled: true, method: 'Visa •••• 4242' });
    const due = await recurringInvoice(customer.id, 12_345, '2026-06-15');
    const later = await recurringInvoice(customer.id, 5_000, '2026-06-16');
    const oneOff = await insertInvoice(t.deps.db, org(), { customerId: customer.id, totalCents: 7_000, dueDate: '2026-06-01' });

    const scope = { organizationId: org() };
    const [one, two] = await Promise.all([chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope }), chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope })]);
    expect(one.charged + two.charged).toBe(1);
    expect(one.failed + two.failed).toBe(0);
    const charges = await chargesOf(due.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ attempt: 1, status: 'succeeded', amount: '123.45', chargeDate: '2026-06-15' });
    const intents = [...fake.paymentIntents.values()].filter((intent) => intent.metadata.invoiceId === due.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 12_345, off_session: true, status: 'succeeded', payment_method: 'pm_card_visa' });
    expect(fake.calls.filter((call) => call.idempotencyKey === `autopay:${due.id}:1`)).toHaveLength(1);
    const paid = await t.deps.db.select().from(payments).where(eq(payments.referenceId, due.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: '123.45', method: 'stripe', stripePaymentIntentId: intents[0]?.id });
    const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.id, due.id));
    expect(invoice).toMatchObject({ status: 'paid', amountPaid: '123.45' });
    // Not yet due, and not from a recurring schedule: untouched.
    expect(await chargesOf(later.id)).toHaveLength(0);
    expect(await chargesOf(oneOff.id)).toHaveLength(0);

    // Stripe's own webhook for the same intent, and later runs, change nothing.
    await fake.settled();
    const event = fake.events.find((candidate) => candidate.type === 'payment_intent.succeeded' && candidate.data.object.id === intents[0]?.id);
    expect((await deliver(event as FakeStripeEvent)).json().outcome).toBe('duplicate');
    expect(await chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope })).toEqual({ charged: 0, failed: 0, mailed: 0 });
    expect(mailsAbout(due.invoiceNumber, 'Receipt')).toHaveLength(1);
    expect(mailsAbout(due.invoiceNumber, 'Receipt')[0]).toContain('$123.45');
    // Out of the way of the next test's later days.
    await t.deps.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, later.id));
  });

  it('retries a declined card after the retry days, never more than the maximum, mails each failure once and shows it on the invoice', async () => {
    const { customer } = await autopayCustomer('pm_card_chargeDeclined');
    await t.deps.db
      .insert(portalSettings)
      .values({ organizationId: org(), autopayMaxAttempts: 2, autopayRetryDays: 3 })
      .onConflictDoUpdate({ target: portalSettings.organizationId, set: { autopayMaxAttempts: 2, autopayRetryDays: 3 } });
    const invoice = await recurringInvoice(customer.id, 9_900, '2026-06-14');
    const scope = { organizationId: org() };
    const start = t.deps.now();
    try {
      expect(await chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope })).toMatchObject({ charged: 0, failed: 1 });
      expect((await chargesOf(invoice.id)).map((row) => [row.attempt, row.status, row.failureReason])).toEqual([[1, 'failed', 'Your card was declined.']]);
      const shown = await owner.request({ method: 'GET', url: `/api/invoices/${invoice.id}` });
      expect(shown.json().autopayFailure).toBe('Autopay on 2026-06-15 failed: Your card was declined.');

      // Two days later: not yet (retry days 3).
      t.clock.advance(2 * DAY);
      expect(await chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope })).toMatchObject({ charged: 0, failed: 0 });
      // Three days after the first attempt: the second and last.
      t.clock.advance(1 * DAY);
      expect(await chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope })).toMatchObject({ charged: 0, failed: 1 });
      // The maximum (2) is reached: never again.
      t.clock.advance(10 * DAY);
      expect(await chargeDueAutopay(t.deps, { now: t.deps.now(), ...scope })).toMatchObject({ charged: 0, failed: 0, mailed: 0 });
      const charges = await chargesOf(invoice.id);
      expect(charges.map((row) => [row.attempt, row.chargeDate, row.status])).toEqual([
        [1, '2026-06-15', 'failed'],
        [2, '2026-06-18', 'failed'],
      ]);
      expect([...fake.paymentIntents.values()].filter((intent) => intent.metadata.invoiceId === invoice.id)).toHaveLength(2);
      const failures = mailsAbout(invoice.invoiceNumber, 'Autopay failed');
      expect(failures).toHaveLength(2);
      expect(failures[0]).toContain('We will try again on or after 2026-06-18');
      expect(failures[1]).toContain('We will not try again');
      const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row).toMatchObject({ amountPaid: '0.00' });
    } finally {
      t.clock.set(start);
      await t.deps.db.delete(portalSettings).where(eq(portalSettings.organizationId, org()));
    }
  });

  it('does nothing for a customer who turned autopay off', async () => {
    const { customer, cookie } = await autopayCustomer();
    await autopay(cookie, 'disable');
    const invoice = await recurringInvoice(customer.id, 2_000, '2026-06-10');
    await chargeDueAutopay(t.deps, { now: t.deps.now(), organizationId: org() });
    expect(await chargesOf(invoice.id)).toHaveLength(0);
  });
});
