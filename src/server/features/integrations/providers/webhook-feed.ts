import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { auditLog, bills, customers, integrations, invoices, organizations, vendors, webhookDeliveries } from '../../../db/schema';
import type { AppDeps } from '../../../platform/deps';
import { centsFromDecimal, toDecimal } from '../../../../shared/money';
import { webhookEventTypes, type WebhookEventType } from '../../../../shared/contracts/integration-connectors';
import type { Integration } from '../provider';

/**
 * The webhook feed (see webhooks.ts for the whole design): the organization's audit rows after the
 * integration's cursor, in the order their transactions began (xact_id), become pending
 * webhook_deliveries, one per (integration, audit row).
 */

const FEED_PAGE = 500;
/** A long backlog is read this many pages per run, so one integration does not hold up the others. */
const FEED_PAGES_PER_RUN = 20;
/**
 * A cursor of the old form ({createdAt, id}, before audit rows carried their transaction id) was
 * read with this lookback: its last run may not have seen rows committed late within it.
 */
const OLD_CURSOR_LOOKBACK_MS = 5 * 60_000;

/** Audit actions that are webhook events. bill.approved: only the decision that approved the bill. */
const eventOfAction: Record<string, WebhookEventType> = {
  'invoice.created': 'invoice.created',
  'invoice.sent': 'invoice.sent',
  'invoice.paid': 'invoice.paid',
  'invoice.payment_recorded': 'payment.received',
  'bill.created': 'bill.created',
  'bill_approval.approved': 'bill.approved',
  'bill.paid': 'bill.paid',
};

function eventsOf(settings: Record<string, unknown>): WebhookEventType[] {
  const events = settings.events;
  return Array.isArray(events) ? events.filter((event): event is WebhookEventType => webhookEventTypes.includes(event as WebhookEventType)) : [...webhookEventTypes];
}

/**
 * Where the feed stands: every row before (xact, id) has been read, or with no id every row of a
 * transaction below xact. `since` is set only while the rows of an old {createdAt, id} cursor
 * are read: rows created before it were read by the old feed already.
 */
interface FeedCursor {
  xact: string;
  id?: string;
  since?: string;
}

function readFeedCursor(cursor: string | null): FeedCursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as Record<string, unknown>;
    if (typeof parsed.xact === 'string' && /^\d+$/.test(parsed.xact)) {
      return {
        xact: parsed.xact,
        ...(typeof parsed.id === 'string' ? { id: parsed.id } : {}),
        ...(typeof parsed.since === 'string' ? { since: parsed.since } : {}),
      };
    }
    if (typeof parsed.createdAt === 'string' && !Number.isNaN(Date.parse(parsed.createdAt))) {
      // Rows written before migration 0017 all share its xact_id, so their order says nothing:
      // read every row from the start that the old feed might not have seen, once.
      return { xact: '0', since: new Date(Date.parse(parsed.createdAt) - OLD_CURSOR_LOOKBACK_MS).toISOString() };
    }
    return null;
  } catch {
    return null;
  }
}

/** True when cursor a stands after b: (xact, id) order, with no id before every id of its xact. */
function isAfter(a: FeedCursor, b: FeedCursor | null): boolean {
  if (!b) return true;
  const ax = BigInt(a.xact);
  const bx = BigInt(b.xact);
  if (ax !== bx) return ax > bx;
  if (a.id === undefined) return false;
  // Lowercase hex compares as PostgreSQL compares uuids.
  return b.id === undefined || a.id > b.id;
}

/**
 * The feed's horizon: the oldest transaction of this database still running, as a 64-bit id
 * (text). Every transaction below it has ended, so no audit row can appear below it later.
 *
 * pg_snapshot_xmin alone would be the oldest running transaction of the whole server: a long
 * transaction in another database on it (another installation, a report, a test) would hold every
 * delivery here. So the snapshot's running ids (xip, 64-bit) are kept only where a backend of this
 * database holds them (pg_stat_activity.backend_xid, 32-bit, compared modulo 2^32), and the
 * snapshot's xmax bounds the rest (ids from xmax on are never in xip). pg_stat_activity is read
 * after the snapshot: a transaction of this database running at the snapshot either still runs
 * (kept) or has ended since, and then the page queries, which take later snapshots, see its rows.
 * A transaction that took its id after the snapshot is at or above xmax. On PGlite (one
 * connection) xip is empty and the horizon is xmax.
 */
const horizonSql = sql<string>`(select least(
    pg_snapshot_xmax(snap.s)::text::bigint,
    (select min(x::text::bigint) from pg_snapshot_xip(snap.s) as x
      where x::text::bigint % 4294967296 in (
        select a.backend_xid::text::bigint from pg_stat_activity as a
        where a.datname = current_database() and a.backend_xid is not null))
  )::text from (select pg_current_snapshot() as s) as snap)`;

const isoSql = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface FeedRow {
  action: string;
  entityType: string;
  entityId: string;
  details: Record<string, unknown>;
}

/**
 * The records of a page of events, read at once: one query for its invoices and one for its bills
 * (not one per event), keyed by id.
 */
async function loadPageRecords(db: Database, organizationId: string, rows: readonly FeedRow[]) {
  // As eventData reads them: an invoice event names an invoice, every other event a bill.
  const idsOf = (invoice: boolean) => [...new Set(rows.filter((row) => (row.entityType === 'invoice') === invoice).map((row) => row.entityId))];
  const invoiceIds = idsOf(true);
  const billIds = idsOf(false);
  const [invoiceRows, billRows] = await Promise.all([
    invoiceIds.length === 0
      ? []
      : db
          .select({ invoice: invoices, customerName: customers.name, currency: organizations.currency })
          .from(invoices)
          .innerJoin(customers, eq(customers.id, invoices.customerId))
          .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
          .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, invoiceIds))),
    billIds.length === 0
      ? []
      : db
          .select({ bill: bills, vendorName: vendors.name, currency: organizations.currency })
          .from(bills)
          .innerJoin(vendors, eq(vendors.id, bills.vendorId))
          .innerJoin(organizations, eq(organizations.id, bills.organizationId))
          .where(and(eq(bills.organizationId, organizationId), inArray(bills.id, billIds))),
  ]);
  return {
    invoices: new Map(invoiceRows.map((row) => [row.invoice.id, row])),
    bills: new Map(billRows.map((row) => [row.bill.id, row])),
  };
}

type PageRecords = Awaited<ReturnType<typeof loadPageRecords>>;

/** The record's public fields at the time the feed reads the event. */
function eventData(records: PageRecords, row: FeedRow): Record<string, unknown> {
  if (row.entityType === 'invoice') {
    const invoice = records.invoices.get(row.entityId);
    if (!invoice) return { invoiceId: row.entityId };
    const total = centsFromDecimal(invoice.invoice.totalAmount);
    const paid = centsFromDecimal(invoice.invoice.amountPaid);
    const data: Record<string, unknown> = {
      invoiceId: invoice.invoice.id,
      invoiceNumber: invoice.invoice.invoiceNumber,
      status: invoice.invoice.status,
      customer: { id: invoice.invoice.customerId, name: invoice.customerName },
      issueDate: invoice.invoice.issueDate,
      dueDate: invoice.invoice.dueDate,
      currency: invoice.currency,
      totalAmount: toDecimal(total),
      amountPaid: toDecimal(paid),
      balanceDue: toDecimal(total - paid),
    };
    if (row.action === 'invoice.payment_recorded') {
      data.payment = {
        paymentId: typeof row.details.paymentId === 'string' ? row.details.paymentId : null,
        amount: typeof row.details.amount === 'string' ? toDecimal(centsFromDecimal(row.details.amount)) : null,
        method: typeof row.details.method === 'string' ? row.details.method : null,
      };
    }
    return data;
  }
  const bill = records.bills.get(row.entityId);
  if (!bill) return { billId: row.entityId };
  return {
    billId: bill.bill.id,
    billNumber: bill.bill.billNumber,
    status: bill.bill.status,
    approvalStatus: bill.bill.approvalStatus,
    vendor: { id: bill.bill.vendorId, name: bill.vendorName },
    billDate: String(bill.bill.billDate),
    dueDate: String(bill.bill.dueDate),
    currency: bill.currency,
    totalAmount: toDecimal(centsFromDecimal(bill.bill.totalAmount)),
  };
}

/** The condition "after the cursor" on audit rows. */
function afterCursor(cursor: FeedCursor) {
  return cursor.id === undefined
    ? sql`${auditLog.xactId} >= ${cursor.xact}::xid8`
    : sql`(${auditLog.xactId} > ${cursor.xact}::xid8 or (${auditLog.xactId} = ${cursor.xact}::xid8 and ${auditLog.id} > ${cursor.id}::uuid))`;
}

/**
 * Reads the integration's new audit events into webhook_deliveries (pending). Answers how many
 * deliveries it queued. Safe to run concurrently and repeatedly: the unique (integration, event)
 * drops what is already queued, and the cursor only moves forward.
 *
 * Only rows of transactions below the horizon, the oldest transaction of this database still
 * running (horizonSql), are read: every transaction below it has ended, so no row can appear
 * there later, and a transaction held open for an hour is read when it commits, never skipped.
 * On PGlite (one connection) no other transaction runs, so the horizon is the next transaction id.
 */
export async function feedWebhookEvents(deps: Pick<AppDeps, 'db' | 'now'>, integration: Integration): Promise<number> {
  const { db } = deps;
  const wanted = new Set(eventsOf(integration.settings));
  const actions = Object.entries(eventOfAction).filter(([, type]) => wanted.has(type)).map(([action]) => action);
  if (actions.length === 0) return 0;
  // The stored cursor (another process may have moved it) and the horizon, read together.
  const [state] = await db
    .select({ cursor: integrations.cursor, horizon: horizonSql })
    .from(integrations)
    .where(eq(integrations.id, integration.id));
  if (!state) return 0;
  integration.cursor = state.cursor;
  const start = readFeedCursor(state.cursor) ?? { xact: '0' };
  const horizon = state.horizon;
  const createdIso = isoSql(auditLog.createdAt);
  let position: FeedCursor = start;
  let queued = 0;
  let pages = 0;
  for (;;) {
    const rows: { id: string; xact: string; action: string; entityType: string; entityId: string; details: Record<string, unknown>; createdAt: string }[] = await db
      .select({
        id: auditLog.id,
        xact: sql<string>`${auditLog.xactId}::text`,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        details: auditLog.details,
        createdAt: createdIso,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, integration.organizationId),
          inArray(auditLog.action, actions),
          // Events before the integration was connected are never sent.
          sql`${auditLog.createdAt} >= ${integration.createdAt.toISOString()}::timestamptz`,
          start.since ? sql`${auditLog.createdAt} > ${start.since}::timestamptz` : undefined,
          sql`${auditLog.xactId} < ${horizon}::xid8`,
          afterCursor(position),
        ),
      )
      .orderBy(asc(auditLog.xactId), asc(auditLog.id))
      .limit(FEED_PAGE);
    const sent = rows.filter((row) => eventOfAction[row.action] && !(row.action === 'bill_approval.approved' && row.details.billApproved !== true));
    const records = sent.length > 0 ? await loadPageRecords(db, integration.organizationId, sent) : null;
    const events = [];
    for (const row of sent) {
      const type = eventOfAction[row.action];
      if (!type || !records) continue;
      events.push({
        organizationId: integration.organizationId,
        integrationId: integration.id,
        eventId: row.id,
        eventType: type,
        nextAttemptAt: deps.now(),
        payload: { id: row.id, type, createdAt: row.createdAt, organizationId: integration.organizationId, data: eventData(records, row) },
      });
    }
    if (events.length > 0) {
      const inserted = await db.insert(webhookDeliveries).values(events).onConflictDoNothing().returning({ id: webhookDeliveries.id });
      queued += inserted.length;
    }
    const tail = rows[rows.length - 1];
    if (rows.length < FEED_PAGE || !tail) {
      // Read up to the horizon: the next run starts there. An old cursor's `since` stays: rows of
      // transactions that began before it may still be above the horizon (a held one), and rows
      // written after the switch are all created after it, so it never hides a new row.
      await moveCursor(db, integration, { xact: horizon, ...(start.since ? { since: start.since } : {}) });
      return queued;
    }
    // A full page: saved at once, so a crash or a long backlog goes on from here.
    position = { xact: tail.xact, id: tail.id, ...(start.since ? { since: start.since } : {}) };
    await moveCursor(db, integration, position);
    pages += 1;
    if (pages >= FEED_PAGES_PER_RUN) return queued;
  }
}

/**
 * Stores the cursor if it stands after the stored one: another run that got further (a
 * concurrent worker, a manual sync) keeps its cursor. The row is locked for the comparison.
 */
async function moveCursor(db: Database, integration: Integration, next: FeedCursor): Promise<void> {
  const text = JSON.stringify(next);
  if (text === integration.cursor) return;
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx.select({ cursor: integrations.cursor }).from(integrations).where(eq(integrations.id, integration.id)).for('update');
    if (!row) return null;
    const current = readFeedCursor(row.cursor);
    // An old {createdAt, id} cursor reads as xact 0, so any cursor of the new form replaces it.
    if (row.cursor === text || (current && !isAfter(next, current))) return row.cursor;
    await tx.update(integrations).set({ cursor: text }).where(eq(integrations.id, integration.id));
    return text;
  });
  integration.cursor = stored;
}
