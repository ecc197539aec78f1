import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, integrations, webhookDeliveries } from '../../../db/schema';
import { writeAudit, writeAudits } from '../../../platform/audit';
import { type TestApp, createTestApp } from '../../../test/create-test-app';
import { type SignedIn, signUp } from '../../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../../invoices/invoices.fixtures';
import type { Integration } from '../provider';
import { feedWebhookEvents } from './webhook-feed';

/** The transaction id part of a stored cursor, to compare positions. */
function cursorXact(cursor: string | null): bigint {
  const parsed = JSON.parse(cursor ?? '{}') as { xact?: string };
  if (typeof parsed.xact !== 'string') throw new Error(`not a transaction cursor: ${cursor}`);
  return BigInt(parsed.xact);
}

/**
 * Feed runs until `expected` events are queued (never more): on a server shared with other
 * sessions, another session's open transaction holds the horizon for a while.
 */
async function feedUntil(s: { t: TestApp; reload: () => Promise<Integration> }, expected: number): Promise<number> {
  let queued = 0;
  await vi.waitFor(
    async () => {
      queued += await feedWebhookEvents(s.t.deps, await s.reload());
      expect(queued).toBeGreaterThanOrEqual(expected);
    },
    { timeout: 60_000, interval: 200 },
  );
  return queued;
}

async function setUp() {
  const t = await createTestApp();
  const owner = await signUp(t.app);
  const customer = await createCustomerFor(owner);
  const [row] = await t.deps.db
    .insert(integrations)
    .values({ organizationId: owner.user.organizationId, provider: 'webhooks', settings: { url: 'https://receiver.test/hooks' }, connectedBy: owner.user.id })
    .returning();
  if (!row) throw new Error('no integration');
  const reload = async (): Promise<Integration> => {
    const [current] = await t.deps.db.select().from(integrations).where(eq(integrations.id, row.id));
    if (!current) throw new Error('gone');
    return current;
  };
  const queuedEvents = async () =>
    (await t.deps.db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, row.id)).orderBy(asc(webhookDeliveries.eventId))).map(
      (delivery) => delivery.eventId,
    );
  return { t, owner, customer, integration: row, reload, queuedEvents };
}

/** A transaction that writes one event and stays open until released; answers its transaction id. */
function openTransaction(t: TestApp, owner: SignedIn, entityId: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let written: () => void = () => {};
  const wrote = new Promise<void>((resolve) => {
    written = resolve;
  });
  const done = t.deps.db.transaction(async (tx) => {
    await writeAudit(tx, { organizationId: owner.user.organizationId, userId: owner.user.id, action: 'invoice.sent', entityType: 'invoice', entityId });
    const [row] = await tx.select({ xact: sql<string>`pg_current_xact_id()::text` }).from(integrations).limit(1);
    written();
    await gate;
    return BigInt(row?.xact ?? '0');
  });
  return { wrote, release, done };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the webhook outbox with a transaction held open (PostgreSQL only: PGlite has one connection, so nothing else runs while a transaction is open)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => s.t.close());

  it('delivers the events of other commits meanwhile, and the held event once after it commits', async () => {
    const { t, owner, customer } = s;
    const invoices = [];
    for (let n = 0; n < 4; n += 1) invoices.push(await createInvoiceFor(owner, customer.id));
    expect(await feedUntil(s, 4)).toBe(4);
    const [heldInvoice, ...others] = invoices;
    if (!heldInvoice) throw new Error('no invoice');
    // Three transactions that began before the held one, each committing while it stays open.
    const earlier = [];
    for (const invoice of others) {
      const open = openTransaction(t, owner, invoice.id);
      await open.wrote;
      earlier.push(open);
    }
    const held = openTransaction(t, owner, heldInvoice.id);
    await held.wrote;

    const sentFor = async () =>
      (await t.deps.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(sql`${webhookDeliveries.payload} ->> 'type' = 'invoice.sent'`)).map(
        (row) => (row.payload.data as { invoiceId?: string }).invoiceId,
      );
    let cursor = cursorXact((await s.reload()).cursor);
    for (const [index, open] of earlier.entries()) {
      open.release();
      await open.done;
      expect(await feedUntil(s, 1)).toBe(1);
      expect(await sentFor()).toEqual(others.slice(0, index + 1).map((invoice) => invoice.id));
      const next = cursorXact((await s.reload()).cursor);
      expect(next >= cursor).toBe(true);
      cursor = next;
    }
    // Feed runs while it is still open pass nothing over.
    expect(await feedWebhookEvents(t.deps, await s.reload())).toBe(0);
    expect(await sentFor()).not.toContain(heldInvoice.id);

    held.release();
    const heldXact = await held.done;
    expect(cursor <= heldXact).toBe(true);
    expect(await feedUntil(s, 1)).toBe(1);
    expect((await sentFor()).filter((id) => id === heldInvoice.id)).toHaveLength(1);
    expect(await feedWebhookEvents(t.deps, await s.reload())).toBe(0);
    expect(cursorXact((await s.reload()).cursor) > heldXact).toBe(true);
  });

  it('is not held by a transaction open in another database on the same server', async () => {
    const { t, owner, customer } = s;
    expect(await feedUntil(s, 0)).toBe(0);
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await createInvoiceFor(owner, customer.id);
      // One run, while the other database's transaction (older than the invoice's) stays open.
      expect(await feedWebhookEvents(t.deps, await s.reload())).toBe(1);
      await elsewhere.query('rollback');
    } finally {
      await elsewhere.end();
    }
  });

  it("keeps an old cursor's look-back while a transaction older than its rows holds the horizon", async () => {
    const { t, owner, customer, integration } = s;
    const invoice = await createInvoiceFor(owner, customer.id);
    expect(await feedUntil(s, 1)).toBe(1);
    const held = openTransaction(t, owner, invoice.id);
    await held.wrote;
    const entry = { organizationId: owner.user.organizationId, userId: owner.user.id, action: 'invoice.paid', entityType: 'invoice', entityId: invoice.id, details: {} };
    const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    const rows = await t.deps.db.transaction(async (tx) =>
      tx.insert(auditLog).values([20, 3, 1].map((minutes) => ({ ...entry, createdAt: minutesAgo(minutes) }))).returning({ id: auditLog.id, createdAt: auditLog.createdAt }),
    );
    const [old, atCursor, latest] = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (!old || !atCursor || !latest) throw new Error('rows missing');
    await t.deps.db
      .update(integrations)
      .set({ createdAt: sql`now() - interval '1 hour'`, cursor: JSON.stringify({ createdAt: atCursor.createdAt.toISOString(), id: atCursor.id }), settings: { url: 'https://receiver.test/hooks', events: ['invoice.paid'] } })
      .where(eq(integrations.id, integration.id));

    // The held transaction began before the rows' one: nothing is read yet, and the look-back stays.
    expect(await feedWebhookEvents(t.deps, await s.reload())).toBe(0);
    held.release();
    await held.done;
    // Within the look-back: the row at the cursor (the old feed's, queued again: no delivery was stored for it here) and the latest.
    expect(await feedUntil(s, 2)).toBe(2);
    const events = await s.queuedEvents();
    expect(events).toContain(latest.id);
    expect(events).toContain(atCursor.id);
    expect(events).not.toContain(old.id);
  });
});

describe('the webhook feed cursor', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => s.t.close());

  it('queues each of many events once across pages, and the cursor only moves forward', async () => {
    const { t, owner, customer } = s;
    const invoice = await createInvoiceFor(owner, customer.id);
    // 1,200 events of one transaction share its xact_id: the pages go on by id within it.
    const many = Array.from({ length: 1200 }, () => ({ organizationId: owner.user.organizationId, userId: owner.user.id, action: 'invoice.sent', entityType: 'invoice', entityId: invoice.id }));
    await t.deps.db.transaction(async (tx) => writeAudits(tx, many));
    const stale = await s.reload();
    expect(await feedUntil(s, 1201)).toBe(1201);
    const ahead = (await s.reload()).cursor;
    expect(await feedWebhookEvents(t.deps, await s.reload())).toBe(0);

    // A run that started from an older cursor (a second worker) queues nothing again and does not move the cursor back.
    expect(await feedWebhookEvents(t.deps, stale)).toBe(0);
    expect(cursorXact((await s.reload()).cursor) >= cursorXact(ahead)).toBe(true);

    const events = await s.queuedEvents();
    expect(events).toHaveLength(1201);
    expect(new Set(events).size).toBe(1201);
    const audited = await t.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.organizationId} = ${owner.user.organizationId} and ${auditLog.action} in ('invoice.created', 'invoice.sent')`);
    expect(new Set(events)).toEqual(new Set(audited.map((row) => row.id)));
  });

  it('reads an old {createdAt, id} cursor once: what the old feed may have missed, then by transaction within its look-back bound', async () => {
    const { t, owner, customer, integration } = s;
    const invoice = await createInvoiceFor(owner, customer.id);
    await t.deps.db.update(integrations).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(integrations.id, integration.id));
    const entry = { organizationId: owner.user.organizationId, userId: owner.user.id, action: 'invoice.paid', entityType: 'invoice', entityId: invoice.id, details: {} };
    // As before migration 0017: one transaction's rows, created over the last quarter hour.
    const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    const rows = await t.deps.db.transaction(async (tx) =>
      tx
        .insert(auditLog)
        .values([20, 6, 3, 1].map((minutes) => ({ ...entry, createdAt: minutesAgo(minutes) })))
        .returning({ id: auditLog.id, createdAt: auditLog.createdAt }),
    );
    const byAge = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const [old, , atCursor, latest] = byAge;
    if (!old || !atCursor || !latest) throw new Error('rows missing');
    // The old feed read up to the row of 3 minutes ago and delivered it; the 6-minute row committed late and was missed.
    await t.deps.db
      .insert(webhookDeliveries)
      .values({ organizationId: owner.user.organizationId, integrationId: integration.id, eventId: atCursor.id, eventType: 'invoice.paid', nextAttemptAt: new Date(), payload: {} });
    await t.deps.db.delete(webhookDeliveries).where(sql`${webhookDeliveries.integrationId} = ${integration.id} and ${webhookDeliveries.eventId} <> ${atCursor.id}`);
    await t.deps.db
      .update(integrations)
      .set({ cursor: JSON.stringify({ createdAt: atCursor.createdAt.toISOString(), id: atCursor.id }), settings: { url: 'https://receiver.test/hooks', events: ['invoice.paid'] } })
      .where(eq(integrations.id, integration.id));

    // Within the old lookback (5 minutes before the cursor): the 6-minute row and the latest; the 20-minute one was read long ago.
    expect(await feedUntil(s, 2)).toBe(2);
    const events = await s.queuedEvents();
    expect(events).toHaveLength(3);
    expect(events).not.toContain(old.id);
    expect(events).toContain(latest.id);
    expect(JSON.parse((await s.reload()).cursor ?? '{}')).toEqual({ xact: expect.stringMatching(/^\d+$/), since: expect.any(String) });
    expect(await feedWebhookEvents(t.deps, await s.reload())).toBe(0);
  });
});
