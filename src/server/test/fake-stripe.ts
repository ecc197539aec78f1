import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Stripe's API for the portal payment and autopay tests and the Stripe browser
 * journeys (STRIPE_API_BASE points the stripe library here; nothing reaches the internet). It
 * answers the documented shapes (https://docs.stripe.com/api) the stripe npm library reads:
 * POST /v1/customers, POST /v1/payment_intents (confirm and off_session for autopay),
 * GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/confirm, POST /v1/setup_intents,
 * GET /v1/setup_intents/:id, POST /v1/setup_intents/:id/confirm, GET /v1/payment_methods/:id,
 * with Stripe's error body (a card_error with status 402 for a declined card). Requests are
 * form-encoded as the library sends them; an Idempotency-Key gives back the first answer.
 *
 * When a PaymentIntent or SetupIntent succeeds or fails it posts the event, signed like Stripe
 * (`Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret, t + "." + body)`), to `webhookUrl`.
 * It also serves a small fake Stripe.js at GET /v3 (the browser journeys route
 * https://js.stripe.com/** and https://api.stripe.com/** to this server).
 */

/** Test payment methods, named like Stripe's: https://docs.stripe.com/testing#cards */
const TEST_METHODS: Record<string, { type: 'card' | 'us_bank_account'; brand: string | null; last4: string; declines: boolean }> = {
  pm_card_visa: { type: 'card', brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { type: 'card', brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeDeclined: { type: 'card', brand: 'visa', last4: '0002', declines: true },
  pm_usBankAccount_success: { type: 'us_bank_account', brand: null, last4: '6789', declines: false },
};

export type FakeIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: FakeIntentStatus;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  description: string | null;
  off_session: boolean;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  status: 'requires_payment_method' | 'succeeded';
  usage: string;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Record<string, unknown> };
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are posted; null keeps them only in `events`. */
  webhookUrl: string | null;
  /** Every API call: method, path and the decoded body. */
  calls: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[];
  paymentIntents: Map<string, FakePaymentIntent>;
  setupIntents: Map<string, FakeSetupIntent>;
  customers: Map<string, { id: string; email: string | null; name: string | null; metadata: Record<string, string> }>;
  events: FakeStripeEvent[];
  /** Confirms an intent as the customer's browser would (Stripe.js): succeeded, or failed with a declining method. */
  confirmPaymentIntent(id: string, paymentMethod?: string): Promise<FakePaymentIntent>;
  confirmSetupIntent(id: string, paymentMethod?: string): Promise<FakeSetupIntent>;
  /** The body and Stripe-Signature header of an event, signed with the webhook secret (for replays). */
  signedEvent(event: FakeStripeEvent): { payload: string; signature: string };
  /** Resolves when every webhook posted so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** `t=..,v1=..` as Stripe signs a webhook body: https://docs.stripe.com/webhooks#verify-manually */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

/** Decodes the library's form body (`metadata[a]=1&payment_method_types[0]=card`) into objects and arrays. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, arrays(child)] as const);
    if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) return entries.map(([, child]) => child);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** The fake Stripe.js served at /v3: Stripe(pk) → elements({ clientSecret }) → create('payment').mount(); confirmPayment / confirmSetup. */
function fakeStripeJs(): string {
  return `(() => {
  const api = 'https://api.stripe.com';
  function Stripe(publishableKey) {
    if (!publishableKey) throw new Error('Stripe(): a publishable key is required');
    let lastElements = null;
    const post = async (path, fields) => {
      const response = await fetch(api + path, {
        method: 'POST',
        headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      const json = await response.json();
      return response.ok ? { ok: json } : { error: json.error || { message: 'Payment failed' } };
    };
    const methodOf = (elements) => (elements && elements._method) || 'pm_card_visa';
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      // Checked by @stripe/react-stripe-js (isStripe); not used by the portal.
      async createToken() { return { error: { message: 'Not available in the fake Stripe.js' } }; },
      async createPaymentMethod() { return { error: { message: 'Not available in the fake Stripe.js' } }; },
      async confirmCardPayment() { return { error: { message: 'Not available in the fake Stripe.js' } }; },
      elements(options) {
        const listeners = {};
        const elements = {
          _options: options || {},
          _method: 'pm_card_visa',
          _elements: [],
          update(next) { Object.assign(elements._options, next || {}); },
          getElement(type) { return elements._elements.find((element) => element._type === type) || null; },
          async submit() { return {}; },
          fetchUpdates() { return Promise.resolve({}); },
          on(name, handler) { (listeners[name] = listeners[name] || []).push(handler); },
          create(type) {
            let node = null;
            const elementListeners = {};
            const element = {
              _type: type,
              mount(target) {
                const host = typeof target === 'string' ? document.querySelector(target) : target;
                node = document.createElement('div');
                node.setAttribute('data-testid', 'fake-stripe-' + type);
                node.style.cssText = 'border:1px solid #cbd5e1;border-radius:6px;padding:12px;font:14px system-ui;color:#0f172a';
                const label = document.createElement('label');
                label.textContent = 'Test payment method';
                label.style.cssText = 'display:block;margin-bottom:6px;font-weight:600';
                const select = document.createElement('select');
                select.setAttribute('aria-label', 'Test payment method');
                select.style.cssText = 'width:100%;padding:6px';
                [['pm_card_visa', 'Visa •••• 4242'], ['pm_usBankAccount_success', 'US bank account •••• 6789'], ['pm_card_chargeDeclined', 'Visa •••• 0002 (declines)']].forEach(([value, text]) => {
                  const option = document.createElement('option');
                  option.value = value;
                  option.textContent = text;
                  select.appendChild(option);
                });
                select.addEventListener('change', () => { elements._method = select.value; });
                node.appendChild(label);
                node.appendChild(select);
                host.appendChild(node);
                setTimeout(() => {
                  (elementListeners.ready || []).forEach((handler) => handler({ elementType: type }));
                  (elementListeners.change || []).forEach((handler) => handler({ elementType: type, complete: true, empty: false }));
                }, 0);
              },
              unmount() { if (node) node.remove(); },
              destroy() { if (node) node.remove(); },
              update() {},
              focus() {},
              blur() {},
              clear() {},
              collapse() {},
              on(name, handler) { (elementListeners[name] = elementListeners[name] || []).push(handler); return element; },
              off() { return element; },
              once(name, handler) { return element.on(name, handler); },
            };
            elements._elements.push(element);
            return element;
          },
        };
        lastElements = elements;
        return elements;
      },
      async confirmPayment({ elements, clientSecret }) {
        const secret = clientSecret || (elements && elements._options.clientSecret) || (lastElements && lastElements._options.clientSecret);
        const id = String(secret).split('_secret_')[0];
        const result = await post('/v1/payment_intents/' + id + '/confirm', { client_secret: secret, payment_method: methodOf(elements || lastElements) });
        return result.error ? { error: result.error } : { paymentIntent: result.ok };
      },
      async confirmSetup({ elements, clientSecret }) {
        const secret = clientSecret || (elements && elements._options.clientSecret) || (lastElements && lastElements._options.clientSecret);
        const id = String(secret).split('_secret_')[0];
        const result = await post('/v1/setup_intents/' + id + '/confirm', { client_secret: secret, payment_method: methodOf(elements || lastElements) });
        return result.error ? { error: result.error } : { setupIntent: result.ok };
      },
      async retrievePaymentIntent(clientSecret) {
        const id = String(clientSecret).split('_secret_')[0];
        const response = await fetch(api + '/v1/payment_intents/' + id + '?client_secret=' + encodeURIComponent(clientSecret), { headers: { authorization: 'Bearer ' + publishableKey } });
        return { paymentIntent: await response.json() };
      },
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;
}

export async function startFakeStripe(
  options: { secretKey?: string; publishableKey?: string; webhookSecret?: string; webhookUrl?: string | null; port?: number } = {},
): Promise<FakeStripe> {
  const suffix = randomBytes(4).toString('hex');
  const secretKey = options.secretKey ?? `sk_test_fake_${suffix}`;
  const publishableKey = options.publishableKey ?? `pk_test_fake_${suffix}`;
  const webhookSecret = options.webhookSecret ?? `whsec_fake_${suffix}`;
  let counter = 0;
  const next = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1).toString(36).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
  const unix = () => Math.floor(Date.now() / 1000);
  const idempotent = new Map<string, { status: number; json: unknown }>();
  const deliveries = new Set<Promise<void>>();
  const paymentMethodOwners = new Map<string, string>();

  const post = (event: FakeStripeEvent): void => {
    fake.events.push(event);
    if (!fake.webhookUrl) return;
    const { payload, signature } = fake.signedEvent(event);
    const delivery = fetch(fake.webhookUrl, { method: 'POST', body: payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } })
      .then(async (response) => {
        await response.text();
      })
      .catch(() => {});
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };

  const emit = (type: string, object: object) =>
    post({ id: next('evt'), object: 'event', type, created: unix(), livemode: false, api_version: '2025-01-27.acacia', data: { object: structuredClone(object) as Record<string, unknown> } });

  type Outcome = { status: number; json: unknown };
  const cardError = (intent: FakePaymentIntent | null, setup: FakeSetupIntent | null): Outcome => ({
    status: 402,
    json: {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        ...(intent ? { payment_intent: intent } : {}),
        ...(setup ? { setup_intent: setup } : {}),
      },
    },
  });

  const confirmIntent = (intent: FakePaymentIntent, paymentMethod: string | undefined): Outcome => {
    if (intent.status === 'succeeded') return { status: 400, json: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.' } } };
    const methodId = paymentMethod ?? intent.payment_method ?? null;
    const method = methodId ? TEST_METHODS[methodId] : undefined;
    if (!methodId || !method) {
      return { status: 400, json: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${methodId ?? ''}'` } } };
    }
    intent.payment_method = methodId;
    if (method.declines) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      emit('payment_intent.payment_failed', intent);
      return cardError(intent, null);
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    emit('payment_intent.succeeded', intent);
    return { status: 200, json: intent };
  };

  const confirmSetup = (setup: FakeSetupIntent, paymentMethod: string | undefined): Outcome => {
    const methodId = paymentMethod ?? 'pm_card_visa';
    const method = TEST_METHODS[methodId];
    if (!method) return { status: 400, json: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${methodId}'` } } };
    if (method.declines) return cardError(null, setup);
    setup.payment_method = methodId;
    setup.status = 'succeeded';
    if (setup.customer) paymentMethodOwners.set(methodId, setup.customer);
    emit('setup_intent.succeeded', setup);
    return { status: 200, json: setup };
  };

  const fake: FakeStripe = {
    url: '',
    secretKey,
    publishableKey,
    webhookSecret,
    webhookUrl: options.webhookUrl ?? null,
    calls: [],
    paymentIntents: new Map(),
    setupIntents: new Map(),
    customers: new Map(),
    events: [],
    async confirmPaymentIntent(id, paymentMethod) {
      const intent = fake.paymentIntents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      confirmIntent(intent, paymentMethod ?? 'pm_card_visa');
      await fake.settled();
      return intent;
    },
    async confirmSetupIntent(id, paymentMethod) {
      const setup = fake.setupIntents.get(id);
      if (!setup) throw new Error(`no SetupIntent ${id}`);
      confirmSetup(setup, paymentMethod);
      await fake.settled();
      return setup;
    },
    signedEvent(event) {
      const payload = JSON.stringify(event);
      return { payload, signature: stripeSignature(payload, webhookSecret) };
    },
    async settled() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    close: async () => {
      await fake.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const handle = (method: string, path: string, body: Record<string, unknown>, auth: string): Outcome => {
    const bearer = auth.replace(/^Bearer\s+/i, '');
    const secretOk = bearer === secretKey;
    const publishableOk = bearer === publishableKey;
    const unauthorized: Outcome = { status: 401, json: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${bearer.slice(0, 8)}****` } } };
    const missing = (what: string, id: string): Outcome => ({ status: 404, json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } } });
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const segments = path.split('/').filter(Boolean);

    // The browser (fake Stripe.js) confirms with the publishable key and the intent's client secret.
    if (method === 'POST' && segments[1] === 'payment_intents' && segments[3] === 'confirm') {
      const intent = fake.paymentIntents.get(segments[2] ?? '');
      if (!intent) return missing('payment_intent', segments[2] ?? '');
      if (!secretOk && !(publishableOk && body.client_secret === intent.client_secret)) return unauthorized;
      return confirmIntent(intent, text(body.payment_method) ?? undefined);
    }
    if (method === 'POST' && segments[1] === 'setup_intents' && segments[3] === 'confirm') {
      const setup = fake.setupIntents.get(segments[2] ?? '');
      if (!setup) return missing('setup_intent', segments[2] ?? '');
      if (!secretOk && !(publishableOk && body.client_secret === setup.client_secret)) return unauthorized;
      return confirmSetup(setup, text(body.payment_method) ?? undefined);
    }
    if (method === 'GET' && segments[1] === 'payment_intents' && segments[2] && publishableOk) {
      const intent = fake.paymentIntents.get(segments[2]);
      return intent && body.client_secret === intent.client_secret ? { status: 200, json: intent } : missing('payment_intent', segments[2]);
    }
    if (!secretOk) return unauthorized;

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: next('cus'), object: 'customer', email: text(body.email), name: text(body.name), metadata: (body.metadata ?? {}) as Record<string, string> };
      fake.customers.set(customer.id, customer);
      return { status: 200, json: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return { status: 400, json: { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' } } };
      }
      const id = next('pi');
      const types = Array.isArray(body.payment_method_types) ? (body.payment_method_types as string[]) : ['card', 'us_bank_account'];
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(body.currency ?? 'usd'),
        status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        customer: text(body.customer),
        payment_method: text(body.payment_method),
        payment_method_types: types,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        description: text(body.description),
        off_session: body.off_session === 'true',
        last_payment_error: null,
        created: unix(),
        livemode: false,
      };
      fake.paymentIntents.set(id, intent);
      if (body.confirm === 'true') {
        const outcome = confirmIntent(intent, intent.payment_method ?? undefined);
        return outcome;
      }
      return { status: 200, json: intent };
    }
    if (method === 'GET' && segments[1] === 'payment_intents' && segments[2]) {
      const intent = fake.paymentIntents.get(segments[2]);
      return intent ? { status: 200, json: intent } : missing('payment_intent', segments[2]);
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      const setup: FakeSetupIntent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        customer: text(body.customer),
        payment_method: null,
        status: 'requires_payment_method',
        usage: text(body.usage) ?? 'off_session',
        metadata: (body.metadata ?? {}) as Record<string, string>,
        created: unix(),
      };
      fake.setupIntents.set(id, setup);
      return { status: 200, json: setup };
    }
    if (method === 'GET' && segments[1] === 'setup_intents' && segments[2]) {
      const setup = fake.setupIntents.get(segments[2]);
      return setup ? { status: 200, json: setup } : missing('setup_intent', segments[2]);
    }
    if (method === 'GET' && segments[1] === 'payment_methods' && segments[2]) {
      const known = TEST_METHODS[segments[2]];
      if (!known) return missing('payment_method', segments[2]);
      return {
        status: 200,
        json: {
          id: segments[2],
          object: 'payment_method',
          type: known.type,
          customer: paymentMethodOwners.get(segments[2]) ?? null,
          ...(known.type === 'card'
            ? { card: { brand: known.brand, last4: known.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' } }
            : { us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: known.last4, account_type: 'checking' } }),
          created: unix(),
          livemode: false,
        },
      };
    }
    return { status: 404, json: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors);
        response.end();
        return;
      }
      if (request.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/' || /^\/[a-z0-9]+\/stripe\.js$/.test(url.pathname))) {
        response.writeHead(200, { ...cors, 'content-type': 'application/javascript; charset=utf-8' });
        response.end(fakeStripeJs());
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = request.method === 'GET' ? Object.fromEntries(url.searchParams) : decodeStripeForm(raw);
      const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      fake.calls.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });
      const cacheKey = idempotencyKey ? `${url.pathname}|${idempotencyKey}` : null;
      const outcome = (cacheKey && idempotent.get(cacheKey)) || handle(request.method ?? 'GET', url.pathname, body, String(request.headers.authorization ?? ''));
      if (cacheKey && outcome.status < 500) idempotent.set(cacheKey, outcome);
      response.writeHead(outcome.status, { ...cors, 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });
      response.end(JSON.stringify(outcome.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
