import { createHash } from 'node:crypto';
import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers, externalRecords, integrations, invoiceItems, invoices } from '../../../db/schema';
import { organizationToday } from '../../../platform/calendar';
import { AppError, isUniqueViolation } from '../../../platform/errors';
import { type Cents, centsFromDecimal, multiplyCents, sumCents } from '../../../../shared/money';
import { createInvoice, recordInvoicePayment } from '../../invoices/invoices.service';
import type { SyncContext, SyncSummary } from '../provider';
import { databaseNow } from './export-data';

/**
 * The sync of the API providers (QuickBooks Online, Xero) over a small backend interface each
 * provider implements with its SDK. Direction (integrations.sync_direction): to_platform pulls
 * the provider's customers, invoices and payments into ours; from_platform pushes our customers
 * and invoices; bidirectional does both, pull first.
 *
 * Matching and idempotency (external_records, unique per organization, source, entity and
 * external id):
 * - a pulled customer is matched by its mapping, then by email; otherwise created. A pulled
 *   invoice is created through the invoices service (numbering, totals, audit row, customer
 *   balance) with an id derived from (organization, source, external id), so a second run, even a
 *   concurrent one, cannot create it twice (primary key); an invoice number we already have maps
 *   to that invoice. A pulled payment is claimed in external_records and recorded
 *   (recordInvoicePayment: payment row, amount paid, audit) in one transaction, so it is recorded
 *   exactly once, also after a crash between the two; a payment that cannot be recorded
 *   (overpayment) keeps no claim and is counted as skipped.
 * - a pushed record is sent with an idempotency key (our record's id: QuickBooks' requestid, Xero's
 *   Idempotency-Key), so a retry after a crash between the provider's answer and our mapping does
 *   not create it twice at the provider; then mapped, so it is never pulled back as new.
 * Money: provider amounts are parsed with money.ts into cents; our totals are computed by the
 * invoices service; when the provider's total differs from ours (its discounts, rounding), the
 * difference is kept as a discount (or tax) so the invoice's total is the provider's.
 */

export interface RemoteCustomer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  version: string | null;
}

export interface RemoteInvoice {
  id: string;
  number: string | null;
  customerId: string;
  date: string;
  dueDate: string;
  lines: { description: string; quantity: string; unitPrice: Cents }[];
  taxAmount: Cents;
  totalAmount: Cents;
  version: string | null;
}

export interface RemotePayment {
  id: string;
  date: string;
  /** What the payment paid, by invoice. */
  applied: { invoiceId: string; amount: Cents }[];
}

export interface LocalCustomer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
}

export interface LocalInvoice {
  id: string;
  number: string;
  issueDate: string;
  dueDate: string;
  taxAmount: Cents;
  discountAmount: Cents;
  totalAmount: Cents;
  lines: { description: string; quantity: string; unitPrice: Cents; totalPrice: Cents }[];
}

/** Thrown by a backend when the provider refuses the token (401, invalid_grant). */
export class AuthorizationExpiredError extends Error {}

export interface ApiBackend {
  source: 'quickbooks_online' | 'xero';
  label: string;
  customers(since: Date | null): AsyncGenerator<RemoteCustomer[]>;
  invoices(since: Date | null): AsyncGenerator<RemoteInvoice[]>;
  payments(since: Date | null): AsyncGenerator<RemotePayment[]>;
  createCustomer(customer: LocalCustomer, idempotencyKey: string): Promise<string>;
  createInvoice(invoice: LocalInvoice, remoteCustomerId: string, idempotencyKey: string): Promise<string>;
}

interface ApiCursor {
  /** The provider's records changed after this instant are pulled next time (minus a lookback). */
  pulledSince: string | null;
  /** Our records created after this instant (database time) are pushed next time. */
  pushedThrough: string | null;
}

const PULL_LOOKBACK_MS = 10 * 60_000;
const PUSH_LIMIT = 200;

function readCursor(cursor: string | null): ApiCursor {
  try {
    const parsed = cursor ? (JSON.parse(cursor) as Partial<ApiCursor>) : {};
    return { pulledSince: typeof parsed.pulledSince === 'string' ? parsed.pulledSince : null, pushedThrough: typeof parsed.pushedThrough === 'string' ? parsed.pushedThrough : null };
  } catch {
    return { pulledSince: null, pushedThrough: null };
  }
}

/** A UUID derived from a key: the same external record always gets the same id of ours. */
export function derivedId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

async function mapped(db: Database, organizationId: string, source: string, entity: string, externalId: string): Promise<string | null> {
  const [row] = await db
    .select({ internalId: externalRecords.internalId })
    .from(externalRecords)
    .where(and(eq(externalRecords.organizationId, organizationId), eq(externalRecords.source, source), eq(externalRecords.entity, entity), eq(externalRecords.externalId, externalId)))
    .limit(1);
  return row?.internalId ?? null;
}

async function mapRecord(db: Database, organizationId: string, source: string, entity: string, externalId: string, internalId: string, version: string | null): Promise<boolean> {
  const inserted = await db
    .insert(externalRecords)
    .values({ organizationId, source, entity, externalId, internalId, externalVersion: version })
    .onConflictDoNothing()
    .returning({ id: externalRecords.id });
  return inserted.length > 0;
}

async function pullCustomer(db: Database, organizationId: string, backend: ApiBackend, remote: RemoteCustomer): Promise<boolean> {
  const existing = await mapped(db, organizationId, backend.source, 'customer', remote.id);
  const fields = {
    name: remote.name.slice(0, 200) || `${backend.label} customer ${remote.id}`,
    phone: remote.phone,
    address: remote.address,
    city: remote.city,
    state: remote.state,
    zipCode: remote.zipCode,
  };
  if (existing) {
    await db.update(customers).set({ ...fields, updatedAt: new Date() }).where(and(eq(customers.id, existing), eq(customers.organizationId, organizationId)));
    await db
      .update(externalRecords)
      .set({ externalVersion: remote.version, updatedAt: new Date() })
      .where(and(eq(externalRecords.organizationId, organizationId), eq(externalRecords.source, backend.source), eq(externalRecords.entity, 'customer'), eq(externalRecords.externalId, remote.id)));
    return true;
  }
  // Our customers need an email (unique per organization): one the provider lacks is a placeholder
  // in the reserved .invalid domain, which no mail is sent to.
  const email = (remote.email?.trim() || `${backend.source}-${remote.id}@no-email.invalid`).toLowerCase();
  const [byEmail] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), sql`lower(${customers.email}) = ${email}`))
    .limit(1);
  const id = byEmail?.id ?? derivedId(`${organizationId}:${backend.source}:customer:${remote.id}`);
  await db.transaction(async (tx) => {
    if (!byEmail) {
      await tx
        .insert(customers)
        .values({ id, organizationId, email, country: remote.country?.slice(0, 2).toUpperCase() || 'US', ...fields })
        .onConflictDoNothing();
    }
    await mapRecord(tx, organizationId, backend.source, 'customer', remote.id, id, remote.version);
  });
  return true;
}

/** The invoice's lines and tax/discount so that its total is the provider's. */
function draftAmounts(remote: RemoteInvoice): { items: { description: string; quantity: string; unitPrice: Cents }[]; taxAmount: Cents; discountAmount: Cents } {
  const items = remote.lines.length > 0
    ? remote.lines
    : [{ description: 'Invoice total', quantity: '1', unitPrice: remote.totalAmount - remote.taxAmount }];
  const subtotal = sumCents(items.map((item) => multiplyCents(item.unitPrice, item.quantity)));
  let taxAmount = remote.taxAmount;
  let discountAmount = subtotal + taxAmount - remote.totalAmount;
  if (discountAmount < 0) {
    taxAmount -= discountAmount;
    discountAmount = 0;
  }
  return { items, taxAmount, discountAmount };
}

async function pullInvoice(context: SyncContext, backend: ApiBackend, remote: RemoteInvoice): Promise<'created' | 'matched' | 'skipped'> {
  const { db } = context.deps;
  const { organizationId } = context.integration;
  if (await mapped(db, organizationId, backend.source, 'invoice', remote.id)) return 'matched';
  const customerId = await mapped(db, organizationId, backend.source, 'customer', remote.customerId);
  if (!customerId) return 'skipped';
  const number = (remote.number?.trim() || `${backend.source === 'xero' ? 'XERO' : 'QBO'}-${remote.id}`).slice(0, 50);
  const [sameNumber] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.invoiceNumber, number)))
    .limit(1);
  if (sameNumber) {
    await mapRecord(db, organizationId, backend.source, 'invoice', remote.id, sameNumber.id, remote.version);
    return 'matched';
  }
  const id = derivedId(`${organizationId}:${backend.source}:invoice:${remote.id}`);
  const amounts = draftAmounts(remote);
  try {
    await createInvoice(
      db,
      { organizationId, userId: context.integration.connectedBy },
      { customerId, invoiceNumber: number, status: 'sent', issueDate: remote.date, dueDate: remote.dueDate < remote.date ? remote.date : remote.dueDate, ...amounts, notes: `Imported from ${backend.label}` },
      context.now,
      { id },
    );
  } catch (error) {
    // Created by a concurrent or interrupted run: the derived id or the number exists. Another
    // refusal (a date or amount our rules do not take) skips this invoice, counted as skipped.
    if (error instanceof AppError && error.code !== 'CONFLICT') return 'skipped';
    if (!isUniqueViolation(error) && !(error instanceof AppError)) throw error;
  }
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id))).limit(1);
  if (!row) return 'skipped';
  await mapRecord(db, organizationId, backend.source, 'invoice', remote.id, id, remote.version);
  return 'created';
}

async function pullPayment(context: SyncContext, backend: ApiBackend, remote: RemotePayment, today: string): Promise<number> {
  const { db } = context.deps;
  const { organizationId } = context.integration;
  let recorded = 0;
  for (const applied of remote.applied) {
    if (applied.amount <= 0) continue;
    const invoiceId = await mapped(db, organizationId, backend.source, 'invoice', applied.invoiceId);
    if (!invoiceId) continue;
    const key = `${remote.id}:${applied.invoiceId}`;
    // Claim and record in one transaction: a payment is recorded at most once, also when two syncs
    // run together (the second one's claim waits on the unique key, then finds it taken), and a
    // crash between claiming and recording takes the claim back, so the next sync records it.
    try {
      const claimed = await db.transaction(async (tx) => {
        if (!(await mapRecord(tx, organizationId, backend.source, 'payment', key, invoiceId, null))) return false;
        const result = await recordInvoicePayment(
          tx,
          { organizationId, userId: context.integration.connectedBy },
          invoiceId,
          { amount: applied.amount, paidAt: remote.date > today ? today : remote.date, method: 'ach', reference: `${backend.label} payment ${remote.id}` },
          context.now,
        );
        await tx
          .update(externalRecords)
          .set({ internalId: result.payment.id })
          .where(and(eq(externalRecords.organizationId, organizationId), eq(externalRecords.source, backend.source), eq(externalRecords.entity, 'payment'), eq(externalRecords.externalId, key)));
        return true;
      });
      if (claimed) recorded += 1;
    } catch (error) {
      // Refused (overpayment, cancelled invoice): nothing kept, counted as skipped.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return recorded;
}

function unmapped(organizationId: string, source: string, entity: string, idColumn: typeof customers.id | typeof invoices.id) {
  return sql`not exists (select 1 from ${externalRecords} where ${externalRecords.organizationId} = ${organizationId} and ${externalRecords.source} = ${source} and ${externalRecords.entity} = ${entity} and ${externalRecords.internalId} = ${idColumn})`;
}

async function pushCustomer(context: SyncContext, backend: ApiBackend, customer: LocalCustomer): Promise<string> {
  const { db } = context.deps;
  const { organizationId } = context.integration;
  const remoteId = await backend.createCustomer(customer, customer.id);
  await mapRecord(db, organizationId, backend.source, 'customer', remoteId, customer.id, null);
  return remoteId;
}

async function remoteCustomerOf(context: SyncContext, backend: ApiBackend, customerId: string): Promise<string | null> {
  const { db } = context.deps;
  const { organizationId } = context.integration;
  const [row] = await db
    .select({ externalId: externalRecords.externalId })
    .from(externalRecords)
    .where(and(eq(externalRecords.organizationId, organizationId), eq(externalRecords.source, backend.source), eq(externalRecords.entity, 'customer'), eq(externalRecords.internalId, customerId)))
    .limit(1);
  if (row) return row.externalId;
  const [customer] = await db.select().from(customers).where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId))).limit(1);
  return customer ? pushCustomer(context, backend, customer) : null;
}

/** One sync of an API provider; see the comment at the top. */
export async function runApiSync(context: SyncContext, backend: ApiBackend): Promise<SyncSummary> {
  const { deps, integration } = context;
  const { db } = deps;
  const { organizationId } = integration;
  const cursor = readCursor(integration.cursor);
  const startedAt = context.now;
  const through = await databaseNow(db);
  const counts = { customers: 0, invoices: 0, payments: 0, invoicesSkipped: 0, customersPushed: 0, invoicesPushed: 0 };
  const pull = integration.syncDirection !== 'from_platform';
  const push = integration.syncDirection !== 'to_platform';
  try {
    if (pull) {
      const since = cursor.pulledSince ? new Date(new Date(cursor.pulledSince).getTime() - PULL_LOOKBACK_MS) : null;
      for await (const page of backend.customers(since)) {
        for (const remote of page) if (await pullCustomer(db, organizationId, backend, remote)) counts.customers += 1;
      }
      for await (const page of backend.invoices(since)) {
        for (const remote of page) {
          const outcome = await pullInvoice(context, backend, remote);
          if (outcome === 'created') counts.invoices += 1;
          if (outcome === 'skipped') counts.invoicesSkipped += 1;
        }
      }
      const today = await organizationToday(db, organizationId, context.now);
      for await (const page of backend.payments(since)) {
        for (const remote of page) counts.payments += await pullPayment(context, backend, remote, today);
      }
    }
    if (push) {
      const createdAfter = cursor.pushedThrough ? new Date(cursor.pushedThrough) : null;
      const localCustomers = await db
        .select()
        .from(customers)
        .where(and(eq(customers.organizationId, organizationId), createdAfter ? gt(customers.createdAt, createdAfter) : undefined, unmapped(organizationId, backend.source, 'customer', customers.id)))
        .orderBy(asc(customers.createdAt), asc(customers.id))
        .limit(PUSH_LIMIT);
      for (const customer of localCustomers) {
        await pushCustomer(context, backend, customer);
        counts.customersPushed += 1;
      }
      const localInvoices = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            notInArray(invoices.status, ['draft', 'cancelled']),
            createdAfter ? gt(invoices.createdAt, createdAfter) : undefined,
            unmapped(organizationId, backend.source, 'invoice', invoices.id),
          ),
        )
        .orderBy(asc(invoices.createdAt), asc(invoices.id))
        .limit(PUSH_LIMIT);
      for (const invoice of localInvoices) {
        const remoteCustomerId = await remoteCustomerOf(context, backend, invoice.customerId);
        if (!remoteCustomerId) continue;
        const items = await db.select().from(invoiceItems).where(and(eq(invoiceItems.organizationId, organizationId), eq(invoiceItems.invoiceId, invoice.id))).orderBy(asc(invoiceItems.position));
        const local: LocalInvoice = {
          id: invoice.id,
          number: invoice.invoiceNumber,
          issueDate: invoice.issueDate,
          dueDate: invoice.dueDate,
          taxAmount: centsFromDecimal(invoice.taxAmount),
          discountAmount: centsFromDecimal(invoice.discountAmount),
          totalAmount: centsFromDecimal(invoice.totalAmount),
          lines: items.map((item) => ({ description: item.description, quantity: String(Number(item.quantity)), unitPrice: centsFromDecimal(item.unitPrice), totalPrice: centsFromDecimal(item.totalPrice) })),
        };
        const remoteId = await backend.createInvoice(local, remoteCustomerId, invoice.id);
        await mapRecord(db, organizationId, backend.source, 'invoice', remoteId, invoice.id, null);
        counts.invoicesPushed += 1;
      }
    }
  } catch (error) {
    if (error instanceof AuthorizationExpiredError) throw new Error(`Reconnect ${backend.label}: the authorization expired or was revoked.`, { cause: error });
    throw error;
  }
  const next: ApiCursor = { pulledSince: pull ? startedAt.toISOString() : cursor.pulledSince, pushedThrough: push ? through.toISOString() : cursor.pushedThrough };
  await db.update(integrations).set({ cursor: JSON.stringify(next) }).where(and(eq(integrations.id, integration.id), eq(integrations.organizationId, organizationId)));
  return {
    customersProcessed: counts.customers + counts.customersPushed,
    invoicesProcessed: counts.invoices + counts.invoicesPushed,
    paymentsProcessed: counts.payments,
    other: { customersPulled: counts.customers, invoicesPulled: counts.invoices, customersPushed: counts.customersPushed, invoicesPushed: counts.invoicesPushed, invoicesSkipped: counts.invoicesSkipped },
  };
}

/** A provider amount ("135.4", 135.4) in cents; an unreadable one fails the sync with a message. */
export function providerCents(value: unknown, label: string): Cents {
  if (value === undefined || value === null || value === '') return 0;
  try {
    return centsFromDecimal(typeof value === 'number' ? String(value) : String(value));
  } catch {
    throw new Error(`${label}: unreadable amount ${String(value)}`);
  }
}

