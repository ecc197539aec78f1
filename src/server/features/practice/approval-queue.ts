import { type SQL, and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  QUEUE_PAYMENT_HORIZON_DAYS,
  type QueueApproval,
  type QueueListQuery,
  type QueuePayment,
  type QueuePaymentStatus,
  type QueueSummary,
} from '../../../shared/contracts/practice-queue';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { billApprovals, bills, organizations, payments, users, vendors } from '../../db/schema';
import { openableClients } from '../../platform/workspaces';
import { waitingCondition } from '../approvals/approvals.queries';
import type { FirmActor } from './create-client';

/*
 * The practice queue reads every workspace the member may open in one statement: the workspaces
 * come from the organizations table (the firm itself, and its clients by organizations_firm_idx),
 * and each is joined to its rows by the indexes that lead with organization_id
 * (bill_approvals_approver_idx, bills_org_due_idx, payments_reference_idx). No loop per client.
 */

/** The firm's own books plus the client workspaces the member may open (the workspace switcher's rule). */
export function queueWorkspaces(actor: FirmActor): SQL {
  return or(eq(organizations.id, actor.firmId), openableClients(actor.firmId, actor.userId, actor.role)) ?? sql`false`;
}

const decimal = (value: string | number) => toDecimal(centsFromDecimal(String(value)));
const direction = (order: QueueListQuery['order']) => (order === 'asc' ? asc : desc);

function workspaceFilter(actor: FirmActor, organizationId: string | undefined): SQL {
  return and(queueWorkspaces(actor), organizationId ? eq(organizations.id, organizationId) : undefined) ?? sql`false`;
}

const isFirm = (actor: FirmActor) => sql<boolean>`(${organizations.id} = ${actor.firmId})`;

/** Bill approval requests waiting for the member in every workspace of the queue. */
export async function findQueueApprovals(db: Database, actor: FirmActor, query: QueueListQuery): Promise<{ rows: QueueApproval[]; total: number }> {
  const where = and(workspaceFilter(actor, query.organizationId), waitingCondition(organizations.id, actor.userId));
  // The same rule as the approval itself (decide-request.ts): over a set limit; null is no limit.
  const limit = sql`(select ${users.approvalLimit} from ${users} where ${users.id} = ${actor.userId})`;
  const sortBy = { dueDate: bills.dueDate, amount: bills.totalAmount, client: sql`lower(${organizations.name})` }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: billApprovals.id,
        organizationId: organizations.id,
        clientName: organizations.name,
        isFirm: isFirm(actor),
        currency: organizations.currency,
        billId: bills.id,
        billNumber: bills.billNumber,
        vendor: vendors.name,
        totalAmount: bills.totalAmount,
        dueDate: bills.dueDate,
        submittedAt: billApprovals.createdAt,
        overLimit: sql<boolean>`coalesce(${bills.totalAmount} > ${limit}, false)`,
      })
      .from(organizations)
      .innerJoin(billApprovals, eq(billApprovals.organizationId, organizations.id))
      .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
      .innerJoin(vendors, eq(vendors.id, bills.vendorId))
      .where(where)
      .orderBy(direction(query.order)(sortBy), asc(bills.dueDate), asc(sql`lower(${organizations.name})`), asc(billApprovals.createdAt), asc(billApprovals.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(organizations)
      .innerJoin(billApprovals, eq(billApprovals.organizationId, organizations.id))
      .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({ ...row, totalAmount: decimal(row.totalAmount), submittedAt: row.submittedAt.toISOString() })),
  };
}

/**
 * Money going out in the next 14 days of each workspace's own calendar: pending or processing bill
 * payments scheduled up to that day, and unpaid, unscheduled bills due by then (overdue ones too).
 */
function upcomingPayments(db: Database, actor: FirmActor, now: Date, organizationId: string | undefined) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`;
  const horizon = sql`(${today} + ${QUEUE_PAYMENT_HORIZON_DAYS}::int)`;
  const workspace = workspaceFilter(actor, organizationId);
  const scheduled = db
    .select({
      id: sql<string>`${payments.id}`.as('id'),
      source: sql<QueuePayment['source']>`'payment'`.as('source'),
      organizationId: sql<string>`${organizations.id}`.as('organization_id'),
      clientName: sql<string>`${organizations.name}`.as('client_name'),
      isFirm: isFirm(actor).as('is_firm'),
      currency: sql<string>`${organizations.currency}`.as('currency'),
      billId: sql<string>`${bills.id}`.as('bill_id'),
      billNumber: sql<string>`${bills.billNumber}`.as('bill_number'),
      payee: sql<string>`${vendors.name}`.as('payee'),
      amount: sql<string>`${payments.amount}`.as('amount'),
      date: sql<string>`${payments.scheduledDate}::text`.as('date'),
      status: sql<QueuePaymentStatus>`case when ${payments.status} in ('processing', 'sent') then 'processing' else 'scheduled' end`.as('status'),
      method: sql<string | null>`${payments.method}`.as('method'),
      approvalStatus: sql<QueuePayment['approvalStatus']>`${bills.approvalStatus}`.as('approval_status'),
    })
    .from(organizations)
    .innerJoin(payments, and(eq(payments.organizationId, organizations.id), eq(payments.type, 'bill_payment')))
    .innerJoin(bills, and(eq(bills.id, payments.referenceId), eq(bills.organizationId, payments.organizationId)))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(and(workspace, inArray(payments.status, ['pending', 'processing', 'sent']), lte(payments.scheduledDate, horizon)));
  // What is left to pay, counted as schedulePayments counts it.
  const paid = sql`coalesce((select sum(${payments.amount}) from ${payments} where ${payments.organizationId} = ${bills.organizationId} and ${payments.type} = 'bill_payment' and ${payments.referenceId} = ${bills.id} and ${payments.status} in ('pending', 'processing', 'sent', 'completed')), 0)`;
  const open = sql`(${bills.totalAmount} - ${bills.amountCredited} - ${bills.prepaidAmount} - ${paid})`;
  const due = db
    .select({
      id: sql<string>`${bills.id}`.as('id'),
      source: sql<QueuePayment['source']>`'bill'`.as('source'),
      organizationId: sql<string>`${organizations.id}`.as('organization_id'),
      clientName: sql<string>`${organizations.name}`.as('client_name'),
      isFirm: isFirm(actor).as('is_firm'),
      currency: sql<string>`${organizations.currency}`.as('currency'),
      billId: sql<string>`${bills.id}`.as('bill_id'),
      billNumber: sql<string>`${bills.billNumber}`.as('bill_number'),
      payee: sql<string>`${vendors.name}`.as('payee'),
      amount: sql<string>`${open}`.as('amount'),
      date: sql<string>`${bills.dueDate}::text`.as('date'),
      status: sql<QueuePaymentStatus>`case when ${bills.dueDate} < ${today} then 'overdue' else 'due' end`.as('status'),
      method: sql<string | null>`null::text`.as('method'),
      approvalStatus: sql<QueuePayment['approvalStatus']>`${bills.approvalStatus}`.as('approval_status'),
    })
    .from(organizations)
    .innerJoin(bills, eq(bills.organizationId, organizations.id))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(and(workspace, inArray(bills.status, ['received', 'overdue']), lte(bills.dueDate, horizon), sql`${open} > 0`));
  return unionAll(scheduled, due).as('queue');
}

export async function findQueuePayments(
  db: Database,
  actor: FirmActor,
  query: QueueListQuery,
  now: Date,
): Promise<{ rows: QueuePayment[]; total: number }> {
  const queue = upcomingPayments(db, actor, now, query.organizationId);
  const sortBy = { dueDate: queue.date, amount: queue.amount, client: sql`lower(${queue.clientName})` }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(queue)
      .orderBy(direction(query.order)(sortBy), asc(queue.date), asc(sql`lower(${queue.clientName})`), asc(queue.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(queue),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((row) => ({ ...row, amount: decimal(row.amount) })) };
}

/** The tab counts and, per workspace with something waiting, its counts (the client filter), by name. */
export async function findQueueSummary(db: Database, actor: FirmActor, now: Date): Promise<QueueSummary> {
  const queue = upcomingPayments(db, actor, now, undefined);
  const [approvalCounts, paymentCounts] = await Promise.all([
    db
      .select({ organizationId: organizations.id, name: organizations.name, isFirm: isFirm(actor), n: count() })
      .from(organizations)
      .innerJoin(billApprovals, eq(billApprovals.organizationId, organizations.id))
      .innerJoin(bills, and(eq(bills.id, billApprovals.billId), eq(bills.organizationId, billApprovals.organizationId)))
      .where(and(queueWorkspaces(actor), waitingCondition(organizations.id, actor.userId)))
      .groupBy(organizations.id, organizations.name),
    db
      .select({ organizationId: queue.organizationId, name: queue.clientName, isFirm: queue.isFirm, n: count() })
      .from(queue)
      .groupBy(queue.organizationId, queue.clientName, queue.isFirm),
  ]);
  const byWorkspace = new Map<string, QueueSummary['clients'][number]>();
  const entry = (row: { organizationId: string; name: string; isFirm: boolean }) => {
    const found = byWorkspace.get(row.organizationId) ?? { organizationId: row.organizationId, name: row.name, isFirm: row.isFirm, approvals: 0, payments: 0 };
    byWorkspace.set(row.organizationId, found);
    return found;
  };
  for (const row of approvalCounts) entry(row).approvals = row.n;
  for (const row of paymentCounts) entry(row).payments = row.n;
  const clients = [...byWorkspace.values()].sort((a, b) => Number(b.isFirm) - Number(a.isFirm) || a.name.localeCompare(b.name));
  return {
    approvals: clients.reduce((sum, client) => sum + client.approvals, 0),
    payments: clients.reduce((sum, client) => sum + client.payments, 0),
    clients,
  };
}
