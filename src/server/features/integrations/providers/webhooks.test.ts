import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { integrations, webhookDeliveries } from '../../../db/schema';
import { type TestApp, createTestApp } from '../../../test/create-test-app';
import { type SignedIn, asUser, sessionCookie, signUp } from '../../../test/factories';
import { addMember, billPayload, vendorPayload } from '../../bills/payables-fixtures';
import { createCustomerFor, createInvoiceFor } from '../../invoices/invoices.fixtures';
import type { Integration } from '../provider';
import { encryptIntegrationSecrets } from './integration-secrets';
import { RETRY_DELAYS_MS, deliverDueWebhooks } from './webhook-delivery';
import { feedWebhookEvents } from './webhook-feed';
import { webhooksConnector } from './webhooks';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering the queued statuses (then 200), recording every request. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: { status: number; headers?: Record<string, string> }[] = [];
  /** Run (and awaited) before answering the next requests, one each. */
  const beforeAnswer: ((request: Received) => Promise<void>)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const answer = answers.shift() ?? { status: 200 };
      const hook = beforeAnswer.shift();
      void (hook ? hook(entry) : Promise.resolve()).then(() => {
        if (answer.status === 0) return; // a receiver that never answers
        response.writeHead(answer.status, answer.headers);
        response.end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, answers, beforeAnswer, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function signIn(app: FastifyInstance, as: SignedIn): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username: as.user.username, password: 'correct horse battery' } });
  if (response.statusCode !== 200) throw new Error(`login failed ${response.statusCode}: ${response.body}`);
  const cookie = sessionCookie(response);
  return { ...as, cookie, request: asUser(app, cookie) };
}

describe('webhook feed and delivery (local receiver on loopback: test-only relaxation)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedIn;
  let customer: { id: string };
  let integration: Integration;
  let secret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      config: {
        testOnly: {
          allowLoopbackWebhooks: true,
          webhookTimeoutMs: 300,
          // receiver.test exists only here: the request must go to the address the guard checked.
          resolveHost: async (host) => (host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
        },
      },
    });
    owner = await signUp(t.app);
    customer = await createCustomerFor(owner);
    // An event from before the integration existed is never sent.
    await createInvoiceFor(owner, customer.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const prepared = await webhooksConnector.prepareConnect?.(t.deps, { organizationId: owner.user.organizationId, settings: { url: `http://receiver.test:${receiver.port}/hooks?x=1` } });
    if (!prepared) throw new Error('no connect');
    secret = String(prepared.secrets.signingSecret);
    const [row] = await t.deps.db
      .insert(integrations)
      .values({ organizationId: owner.user.organizationId, provider: 'webhooks', settings: prepared.settings, connectedBy: owner.user.id, secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, prepared.secrets) })
      .returning();
    if (!row) throw new Error('no integration');
    integration = row;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const reload = async () => {
    const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, integration.id));
    if (!row) throw new Error('gone');
    return row;
  };
  const deliveries = () => t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, integration.id)).orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.eventId));
  const syncOnce = async () =>
    webhooksConnector.sync({ deps: t.deps, integration: await reload(), secrets: { signingSecret: secret }, saveSecrets: async () => {}, now: t.deps.now() });

  it('signs each delivery; retries a 500 after 1 minute, then succeeds; sync reports the counts', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    receiver.answers.push({ status: 500 }, { status: 500 });
    await expect(syncOnce()).rejects.toThrow(/Webhook deliveries failed \(2\).*HTTP 500/);
    let rows = await deliveries();
    expect(rows.map((row) => [row.eventType, row.status, row.attempts, row.lastStatusCode])).toEqual([
      ['invoice.created', 'pending', 1, 500],
      ['invoice.sent', 'pending', 1, 500],
    ]);
    expect(rows[0]?.nextAttemptAt.getTime()).toBe(t.deps.now().getTime() + 60_000);

    const first = receiver.received[0];
    if (!first) throw new Error('nothing received');
    expect(first.url).toBe('/hooks?x=1');
    expect(first.headers.host).toBe(`receiver.test:${receiver.port}`);
    const payload = JSON.parse(first.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      id: rows[0]?.eventId,
      type: 'invoice.created',
      organizationId: owner.user.organizationId,
      data: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: 'sent', totalAmount: '135.40', amountPaid: '0.00', balanceDue: '135.40', customer: { id: customer.id } },
    });
    expect(first.headers['x-signal-event']).toBe('invoice.created');
    expect(first.headers['x-signal-delivery']).toBe(rows[0]?.id);
    const signature = String(first.headers['x-signal-signature']);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
    expect(match?.[1]).toBe(String(Math.floor(t.deps.now().getTime() / 1000)));
    expect(match?.[2]).toBe(createHmac('sha256', secret).update(`${match?.[1]}.${first.body}`).digest('hex'));

    // Not yet due: nothing is sent.
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ succeeded: 0, retrying: 0 });
    expect(receiver.received).toHaveLength(2);
    // A sync while they wait for their retry (the worker tried them first) is no success either.
    await expect(syncOnce()).rejects.toThrow('Webhook deliveries failed (2) and wait for a retry; last: invoice.sent: The receiver answered HTTP 500.');
    expect(receiver.received).toHaveLength(2);
    t.clock.advance(61_000);
    const summary = await syncOnce();
    expect(summary).toEqual({ customersProcessed: 0, invoicesProcessed: 2, paymentsProcessed: 0, other: { bills: 0, eventsQueued: 0, deliveriesFailed: 0, deliveriesRetrying: 0 } });
    rows = await deliveries();
    expect(rows.map((row) => [row.status, row.attempts, row.lastStatusCode, row.lastError])).toEqual([
      ['succeeded', 2, 200, null],
      ['succeeded', 2, 200, null],
    ]);
    expect(receiver.received[2]?.headers['x-signal-delivery']).toBe(rows[0]?.id);
  });

  it('queues each event once however often and however concurrently the feed runs', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const paid = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '135.40', method: 'ach', paidAt: t.deps.now().toISOString() } });
    expect(paid.statusCode, paid.body).toBe(201);
    const counts = await Promise.all([feedWebhookEvents(t.deps, await reload()), feedWebhookEvents(t.deps, await reload())]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(await feedWebhookEvents(t.deps, await reload())).toBe(0);
    // Even from an empty cursor (a lost cursor): the unique (integration, event) drops them.
    await t.deps.db.update(integrations).set({ cursor: null }).where(eq(integrations.id, integration.id));
    expect(await feedWebhookEvents(t.deps, await reload())).toBe(0);
    const types = (await deliveries()).filter((row) => (row.payload.data as { invoiceId?: string }).invoiceId === invoice.id).map((row) => row.eventType);
    expect(types).toEqual(['invoice.created', 'invoice.sent', 'payment.received', 'invoice.paid']);
    const payment = (await deliveries()).find((row) => row.eventType === 'payment.received');
    expect(payment?.payload.data).toMatchObject({ payment: { amount: '135.40', method: 'ach' }, status: 'paid', balanceDue: '0.00' });

    // Two delivery runs at once send each delivery once.
    const passes = await Promise.all([deliverDueWebhooks(t.deps), deliverDueWebhooks(t.deps)]);
    expect(passes[0].succeeded + passes[1].succeeded).toBe(4);
    const ids = receiver.received.map((request) => request.headers['x-signal-delivery']);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toHaveLength(4);
  });

  it('bill events carry the bill and vendor, amounts as decimal strings', async () => {
    const vendor = await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() });
    const bill = await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendor.json().id, { taxAmount: '8.25', totalAmount: '108.25' }) });
    expect(bill.statusCode, bill.body).toBe(201);
    expect(await feedWebhookEvents(t.deps, await reload())).toBe(1);
    const [row] = (await deliveries()).filter((delivery) => delivery.eventType === 'bill.created');
    expect(row?.payload).toMatchObject({
      type: 'bill.created',
      data: { billId: bill.json().id, billNumber: bill.json().billNumber, totalAmount: '108.25', vendor: { id: vendor.json().id, name: vendor.json().name }, billDate: '2026-11-01', dueDate: '2026-12-01', currency: 'USD' },
    });
    await deliverDueWebhooks(t.deps);
  });

  it('reads the records of a page of events in one query per entity type, not one per event', async () => {
    const created = [];
    for (let index = 0; index < 6; index += 1) created.push(await createInvoiceFor(owner, customer.id, { status: 'sent' }));
    const vendor = await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() });
    for (let index = 0; index < 3; index += 1) {
      expect((await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendor.json().id) })).statusCode).toBe(201);
    }
    const current = await reload();
    const select = vi.spyOn(t.deps.db, 'select');
    try {
      expect(await feedWebhookEvents(t.deps, current)).toBe(15);
      // The cursor with the horizon, the audit page, its invoices, its bills: 4 selects for 15 events.
      expect(select.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      select.mockRestore();
    }
    const queued = await deliveries();
    for (const invoice of created) {
      const rows = queued.filter((row) => (row.payload.data as { invoiceId?: string }).invoiceId === invoice.id);
      expect(rows.map((row) => row.eventType)).toEqual(['invoice.created', 'invoice.sent']);
      for (const row of rows) expect(row.payload.data).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: 'sent', customer: { id: customer.id } });
    }
    expect(queued.filter((row) => row.eventType === 'bill.created' && (row.payload.data as { vendor?: { id: string } }).vendor?.id === vendor.json().id)).toHaveLength(3);
    await deliverDueWebhooks(t.deps);
  });

  it('gives up on a receiver that does not answer in time, and retries later', async () => {
    await createInvoiceFor(owner, customer.id);
    await feedWebhookEvents(t.deps, await reload());
    receiver.answers.push({ status: 0 });
    const started = Date.now();
    const pass = await deliverDueWebhooks(t.deps);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(pass).toMatchObject({ succeeded: 0, retrying: 1 });
    const [row] = (await deliveries()).filter((delivery) => delivery.status === 'pending');
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: null, lastError: 'Request failed: timed out after 0.3 s' });
    t.clock.advance(60_000);
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ succeeded: 1 });
  });

  it('only subscribed events are queued, from when the feed reads them subscribed', async () => {
    await t.deps.db.update(integrations).set({ settings: { ...integration.settings, events: ['invoice.paid'] } }).where(eq(integrations.id, integration.id));
    const unsubscribed = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    expect(await feedWebhookEvents(t.deps, await reload())).toBe(0);
    await t.deps.db.update(integrations).set({ settings: integration.settings }).where(eq(integrations.id, integration.id));
    // The feed passed the first invoice's events while they were not subscribed: they stay unsent.
    expect(await feedWebhookEvents(t.deps, await reload())).toBe(0);
    const subscribed = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    expect(await feedWebhookEvents(t.deps, await reload())).toBe(2);
    const invoiceIds = (await deliveries()).map((row) => (row.payload.data as { invoiceId?: string }).invoiceId);
    expect(invoiceIds.filter((id) => id === subscribed.id)).toHaveLength(2);
    expect(invoiceIds).not.toContain(unsubscribed.id);
    await deliverDueWebhooks(t.deps);
  });

  it('backs off 1 min, 5 min, 30 min, 2 h, 12 h, then fails; does not follow redirects; Retry sends it again', async () => {
    await createInvoiceFor(owner, customer.id);
    await feedWebhookEvents(t.deps, await reload());
    const [row] = (await deliveries()).filter((delivery) => delivery.status === 'pending');
    if (!row) throw new Error('no delivery');
    receiver.answers.push({ status: 302, headers: { location: `http://127.0.0.1:${receiver.port}/elsewhere` } });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      if (attempt > 0) receiver.answers.push({ status: 503 });
      await deliverDueWebhooks(t.deps);
      const [current] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
      expect(current?.attempts).toBe(attempt + 1);
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        expect(current).toMatchObject({ status: 'failed', lastStatusCode: 503, lastError: 'The receiver answered HTTP 503' });
      } else {
        expect(current?.status).toBe('pending');
        expect(current?.lastStatusCode).toBe(attempt === 0 ? 302 : 503);
        expect(current?.nextAttemptAt.getTime()).toBe(t.deps.now().getTime() + delay);
        t.clock.advance(delay);
      }
    }
    expect(receiver.received.map((request) => request.url)).toEqual(Array(6).fill('/hooks?x=1'));

    // The clock moved 15 hours: sign in again.
    owner = await signIn(t.app, owner);
    const member = await addMember(t.app, t.deps.db, owner.user.organizationId, { role: 'accountant' });
    const url = `/api/integrations/${integration.id}/deliveries/${row.id}/retry`;
    expect((await member.request({ method: 'POST', url })).statusCode).toBe(403);
    const retried = await owner.request({ method: 'POST', url });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: row.id, status: 'pending', attempts: 0 });
    expect((await owner.request({ method: 'POST', url })).statusCode).toBe(409);
    await deliverDueWebhooks(t.deps);
    const [done] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
    expect(receiver.received.at(-1)?.headers['x-signal-delivery']).toBe(row.id);
  });

  it('lists the Delivery Log newest first, paginated; other tenants get 404', async () => {
    const all = await t.deps.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.integrationId, integration.id)));
    const page = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/deliveries?limit=2` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(all.length));
    const items = page.json<{ createdAt: string; eventType: string; status: string; attempts: number }[]>();
    expect(items).toHaveLength(2);
    expect((items[0]?.createdAt ?? '') >= (items[1]?.createdAt ?? '')).toBe(true);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['attempts', 'createdAt', 'deliveredAt', 'eventId', 'eventType', 'id', 'lastError', 'lastStatusCode', 'nextAttemptAt', 'status']);
    const stranger = await signUp(t.app);
    expect((await stranger.request({ method: 'GET', url: `/api/integrations/${integration.id}/deliveries` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'POST', url: `/api/integrations/${integration.id}/deliveries/${all[0]?.id}/retry` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/deliveries?limit=500` })).statusCode).toBe(400);
  });
});

describe('a batch claimed by one process whose lease runs out while it sends', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      config: { testOnly: { allowLoopbackWebhooks: true, webhookTimeoutMs: 2000, resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] } },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('does not send a delivery that another process claimed and sent meanwhile', async () => {
    // Two organizations, one webhook and one queued delivery each.
    const hooks: Integration[] = [];
    for (const path of ['a', 'b']) {
      const owner = await signUp(t.app);
      const prepared = await webhooksConnector.prepareConnect?.(t.deps, {
        organizationId: owner.user.organizationId,
        settings: { url: `http://receiver.test:${receiver.port}/${path}`, events: ['invoice.created'] },
      });
      if (!prepared) throw new Error('no connect');
      const [row] = await t.deps.db
        .insert(integrations)
        .values({ organizationId: owner.user.organizationId, provider: 'webhooks', settings: prepared.settings, connectedBy: owner.user.id, secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, prepared.secrets) })
        .returning();
      if (!row) throw new Error('no integration');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await createInvoiceFor(owner, (await createCustomerFor(owner)).id);
      expect(await feedWebhookEvents(t.deps, row)).toBe(1);
      hooks.push(row);
    }
    // Process A claims both. While it sends the first, its lease (2 minutes) runs out and
    // process B claims and delivers the other one.
    const byPath = new Map(hooks.map((hook) => [new URL(String(hook.settings.url)).pathname, hook]));
    let second: PromiseLike<unknown> = Promise.resolve();
    receiver.beforeAnswer.push(async (first) => {
      t.clock.advance(3 * 60_000);
      const other = [...byPath.entries()].find(([path]) => path !== first.url)?.[1];
      if (!other) throw new Error('no other integration');
      second = deliverDueWebhooks(t.deps, { integrationId: other.id });
      await second;
    });
    const passA = await deliverDueWebhooks(t.deps);
    expect(await second).toMatchObject({ succeeded: 1 });
    const ids = receiver.received.map((request) => String(request.headers['x-signal-delivery']));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(passA).toMatchObject({ succeeded: 1, failed: 0, retrying: 0 });
    const rows = await t.deps.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.integrationId, hooks.map((hook) => hook.id)));
    expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
  });
});

describe('a webhook disconnected and connected again with a new URL and secret', () => {
  let t: TestApp;
  let oldReceiver: Awaited<ReturnType<typeof startReceiver>>;
  let newReceiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    oldReceiver = await startReceiver();
    newReceiver = await startReceiver();
    t = await createTestApp({
      config: {
        testOnly: {
          allowLoopbackWebhooks: true,
          webhookTimeoutMs: 300,
          resolveHost: async (host) => (host === 'old.test' || host === 'new.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oldReceiver.close();
    await newReceiver.close();
  });

  it("fails the old connection's undelivered events ('Integration disconnected') and sends the new URL only events after the reconnect", async () => {
    const owner = await signUp(t.app);
    const customer = await createCustomerFor(owner);
    const connect = async (url: string) => {
      const response = await owner.request({ method: 'POST', url: '/api/integrations', payload: { provider: 'webhooks', settings: { url } } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ integrationId: string; revealOnce: { signingSecret: string } }>();
    };
    const first = await connect(`http://old.test:${oldReceiver.port}/hook`);
    const row = async () => {
      const [current] = await t.deps.db.select().from(integrations).where(eq(integrations.id, first.integrationId));
      if (!current) throw new Error('gone');
      return current;
    };
    const ofIntegration = () => t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, first.integrationId)).orderBy(asc(webhookDeliveries.createdAt));
    const before = await createInvoiceFor(owner, customer.id);
    // Queued for the old URL and tried once (the old receiver is down: 503), so it waits for a retry.
    oldReceiver.answers.push({ status: 503 });
    expect(await feedWebhookEvents(t.deps, await row())).toBe(1);
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ retrying: 1 });
    const connectedRow = await row();

    expect((await owner.request({ method: 'DELETE', url: `/api/integrations/${first.integrationId}` })).statusCode).toBe(204);
    expect((await ofIntegration()).map((delivery) => [delivery.status, delivery.lastError])).toEqual([['failed', 'Integration disconnected']]);
    // An event while disconnected, queued by a feed that read the integration before the disconnect.
    const meanwhile = await createInvoiceFor(owner, customer.id);
    expect(await feedWebhookEvents(t.deps, connectedRow)).toBe(1);
    // And one no feed read before the reconnect: the new connection's feed starts at the reconnect.
    const unfed = await createInvoiceFor(owner, customer.id);

    const second = await connect(`http://new.test:${newReceiver.port}/hook`);
    expect(second.integrationId).toBe(first.integrationId);
    expect((await ofIntegration()).map((delivery) => [delivery.status, delivery.lastError])).toEqual([
      ['failed', 'Integration disconnected'],
      ['failed', 'Integration disconnected'],
    ]);
    // The old delivery's retry is due now: it must not go anywhere.
    t.clock.advance(61_000);
    const after = await createInvoiceFor(owner, customer.id);
    // A lost cursor too: the feed still starts at the reconnect.
    await t.deps.db.update(integrations).set({ cursor: null }).where(eq(integrations.id, first.integrationId));
    expect(await feedWebhookEvents(t.deps, await row())).toBe(1);
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ succeeded: 1, retrying: 0, failed: 0 });
    expect(oldReceiver.received).toHaveLength(1);
    expect(newReceiver.received).toHaveLength(1);
    const [sent] = newReceiver.received;
    expect((JSON.parse(sent?.body ?? '{}') as { data: { invoiceId: string } }).data.invoiceId).toBe(after.id);
    expect([before.id, meanwhile.id, unfed.id]).not.toContain(after.id);
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(sent?.headers['x-signal-signature']));
    expect(signature?.[2]).toBe(createHmac('sha256', second.revealOnce.signingSecret).update(`${signature?.[1]}.${sent?.body}`).digest('hex'));
  });
});
