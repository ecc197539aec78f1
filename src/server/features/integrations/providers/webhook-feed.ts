import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { auditLog, bills, customers, integrations, invoices, organizations, vendors, webhookDeliveries } from '../../../db/schema';
import type { AppDeps } from '../../../platform/deps';
import { centsFromDecimal, toDecimal } from '../../../../shared/money';
import { webhookEventTypes, type WebhookEventType } from '../../../../shared/contracts/integration-connectors';
import type { Integration } from '../provider';

/**
 * The webhook feed (see webhooks.ts for the whole design): the organization's audit rows after the
 * integration's cursor, with a lookback, become pending webhook_deliveries, one per (integration,
 * audit row).
 */

export const FEED_LOOKBACK_MS = 5 * 60_000;
const FEED_PAGE = 500;

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

interface FeedCursor {
  createdAt: string;
  id: string;
}

function readFeedCursor(cursor: string | null): FeedCursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as FeedCursor;
    return typeof parsed.createdAt === 'string' && typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

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

/**
 * Reads the integration's new audit events into webhook_deliveries (pending). Answers how many
 * deliveries it queued. Safe to run concurrently and repeatedly: the unique (integration, event)
 * drops what is already queued, and the cursor only moves forward.
 */
export async function feedWebhookEvents(deps: Pick<AppDeps, 'db' | 'now'>, integration: Integration): Promise<number> {
  const { db } = deps;
  const wanted = new Set(eventsOf(integration.settings));
  const actions = Object.entries(eventOfAction).filter(([, type]) => wanted.has(type)).map(([action]) => action);
  if (actions.length === 0) return 0;
  const cursor = readFeedCursor(integration.cursor);
  const createdIso = isoSql(auditLog.createdAt);
  // Start: the cursor minus the lookback, never before the integration was connected.
  let after: FeedCursor | null = null;
  let queued = 0;
  let last: FeedCursor | null = cursor;
  for (;;) {
    const afterCondition: ReturnType<typeof sql> | undefined = after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: { id: string; action: string; entityType: string; entityId: string; details: Record<string, unknown>; createdAt: string }[] = await db
      .select({ id: auditLog.id, action: auditLog.action, entityType: auditLog.entityType, entityId: auditLog.entityId, details: auditLog.details, createdAt: createdIso })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, integration.organizationId),
          inArray(auditLog.action, actions),
          sql`${auditLog.createdAt} >= ${integration.createdAt.toISOString()}::timestamptz`,
          cursor ? sql`${auditLog.createdAt} > ${cursor.createdAt}::timestamptz - make_interval(secs => ${FEED_LOOKBACK_MS / 1000})` : undefined,
          afterCondition,
        ),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      .limit(FEED_PAGE);
    if (rows.length === 0) break;
    const sent = rows.filter((row) => eventOfAction[row.action] && !(row.action === 'bill_approval.approved' && row.details.billApproved !== true));
    const records = await loadPageRecords(db, integration.organizationId, sent);
    const events = [];
    for (const row of sent) {
      const type = eventOfAction[row.action];
      if (!type) continue;
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
    if (tail) {
      after = { createdAt: tail.createdAt, id: tail.id };
      if (!last || tail.createdAt > last.createdAt || (tail.createdAt === last.createdAt && tail.id > last.id)) last = after;
    }
    if (rows.length < FEED_PAGE) break;
  }
  if (last && last !== cursor) {
    // Forward only: another feed that got further keeps its cursor.
    await db
      .update(integrations)
      .set({ cursor: JSON.stringify(last) })
      .where(
        and(
          eq(integrations.id, integration.id),
          or(isNull(integrations.cursor), sql`(${integrations.cursor}::jsonb ->> 'createdAt')::timestamptz < ${last.createdAt}::timestamptz`, sql`(${integrations.cursor}::jsonb ->> 'createdAt')::timestamptz = ${last.createdAt}::timestamptz and ${integrations.cursor}::jsonb ->> 'id' < ${last.id}`),
        ),
      );
    integration.cursor = JSON.stringify(last);
  }
  return queued;
}
