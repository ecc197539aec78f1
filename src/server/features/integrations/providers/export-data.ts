import { and, asc, eq, gt, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { billItems, bills, customers, invoiceItems, invoices, organizations, payments, vendors } from '../../../db/schema';
import { type Cents, centsFromDecimal } from '../../../../shared/money';
import { organizationCurrency } from '../../../platform/currency';

/**
 * The records the file exports (IIF, Xero CSV) write, read in keyset pages of PAGE_SIZE rows so an
 * organization with a hundred thousand invoices never loads them in one query. `window` limits
 * each kind to the records changed in (from, through]: the incremental export of a sync.
 */
export const PAGE_SIZE = 500;

export interface ExportWindow {
  /** Exclusive; null for everything. */
  from: Date | null;
  /** Inclusive. */
  through: Date;
}

export interface ExportOrganization {
  id: string;
  name: string;
  country: string;
  currency: string;
  timeZone: string;
}

export interface ExportContact {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  taxId: string | null;
  paymentTerms: string | null;
}

export interface ExportLine {
  description: string;
  quantity: string;
  unitPrice: Cents;
  totalPrice: Cents;
}

export interface ExportDocument {
  id: string;
  number: string;
  contactName: string;
  contactEmail: string;
  contact: ExportContact;
  status: string;
  date: string;
  dueDate: string;
  subtotal: Cents;
  taxAmount: Cents;
  discountAmount: Cents;
  totalAmount: Cents;
  notes: string | null;
  lines: ExportLine[];
  /** The organization's currency: the amounts' minor unit (default USD). */
  currency?: string;
}

export interface ExportPayment {
  id: string;
  /** The organization's day the payment was received. */
  date: string;
  amount: Cents;
  method: string;
  reference: string | null;
  customerName: string;
  invoiceNumber: string;
  /** The organization's currency: the amount's minor unit (default USD). */
  currency?: string;
}

export async function loadExportOrganization(db: Database, organizationId: string): Promise<ExportOrganization> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, country: organizations.country, currency: organizations.currency, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw new Error('Organization not found');
  return row;
}

/** The database's clock: the end of an export window is compared with rows stamped by it. */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await db
    .select({ now: sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` })
    .from(sql`(select 1) as one`);
  return row ? new Date(row.now) : new Date();
}

function changedIn(column: Parameters<typeof gt>[0], window: ExportWindow): SQL | undefined {
  return and(window.from ? gt(column, window.from) : undefined, lte(column, window.through));
}

async function* keyset<T extends { id: string }>(fetch: (after: string | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const page = await fetch(after);
    if (page.length === 0) return;
    yield page;
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1]?.id ?? null;
  }
}

const customerColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zipCode: customers.zipCode,
  country: customers.country,
  taxId: customers.taxId,
  paymentTerms: customers.paymentTerms,
};

const vendorColumns = {
  id: vendors.id,
  name: vendors.name,
  email: vendors.email,
  phone: vendors.phone,
  address: vendors.address,
  city: vendors.city,
  state: vendors.state,
  zipCode: vendors.zipCode,
  country: vendors.country,
  // A vendor's TIN leaves the app only in the IRS filing file and Copy 1/2 (issue 32).
  taxId: sql<string | null>`null`,
  paymentTerms: sql<string | null>`null`,
};

export function customerPages(db: Database, organizationId: string, window: ExportWindow): AsyncGenerator<ExportContact[]> {
  return keyset((after) =>
    db
      .select(customerColumns)
      .from(customers)
      .where(and(eq(customers.organizationId, organizationId), changedIn(customers.updatedAt, window), after ? gt(customers.id, after) : undefined))
      .orderBy(asc(customers.id))
      .limit(PAGE_SIZE),
  );
}

export function vendorPages(db: Database, organizationId: string, window: ExportWindow): AsyncGenerator<ExportContact[]> {
  return keyset((after) =>
    db
      .select(vendorColumns)
      .from(vendors)
      .where(and(eq(vendors.organizationId, organizationId), changedIn(vendors.updatedAt, window), after ? gt(vendors.id, after) : undefined))
      .orderBy(asc(vendors.id))
      .limit(PAGE_SIZE),
  );
}

/** Invoices that are accounting entries: sent, overdue or paid (drafts and cancelled ones are not). */
export async function* invoicePages(db: Database, organizationId: string, window: ExportWindow): AsyncGenerator<ExportDocument[]> {
  const currency = await organizationCurrency(db, organizationId);
  const pages = keyset((after) =>
    db
      .select({ invoice: invoices, contact: customerColumns })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(
        and(
          eq(invoices.organizationId, organizationId),
          notInArray(invoices.status, ['draft', 'cancelled']),
          changedIn(invoices.updatedAt, window),
          after ? gt(invoices.id, after) : undefined,
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(PAGE_SIZE)
      .then((rows) => rows.map((row) => ({ ...row, id: row.invoice.id }))),
  );
  for await (const page of pages) {
    const ids = page.map((row) => row.id);
    const items = await db
      .select()
      .from(invoiceItems)
      .where(and(eq(invoiceItems.organizationId, organizationId), inArray(invoiceItems.invoiceId, ids)))
      .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position), asc(invoiceItems.id));
    yield page.map(({ invoice, contact }) => ({
      id: invoice.id,
      number: invoice.invoiceNumber,
      contactName: contact.name,
      contactEmail: contact.email,
      contact,
      status: invoice.status,
      date: invoice.issueDate,
      dueDate: invoice.dueDate,
      subtotal: centsFromDecimal(invoice.subtotal, currency),
      taxAmount: centsFromDecimal(invoice.taxAmount, currency),
      discountAmount: centsFromDecimal(invoice.discountAmount, currency),
      totalAmount: centsFromDecimal(invoice.totalAmount, currency),
      currency,
      notes: invoice.notes,
      lines: items.filter((item) => item.invoiceId === invoice.id).map((item) => toLine(item, currency)),
    }));
  }
}

export async function* billPages(db: Database, organizationId: string, window: ExportWindow): AsyncGenerator<ExportDocument[]> {
  const currency = await organizationCurrency(db, organizationId);
  const pages = keyset((after) =>
    db
      .select({ bill: bills, contact: vendorColumns })
      .from(bills)
      .innerJoin(vendors, eq(vendors.id, bills.vendorId))
      .where(and(eq(bills.organizationId, organizationId), changedIn(bills.updatedAt, window), after ? gt(bills.id, after) : undefined))
      .orderBy(asc(bills.id))
      .limit(PAGE_SIZE)
      .then((rows) => rows.map((row) => ({ ...row, id: row.bill.id }))),
  );
  for await (const page of pages) {
    const ids = page.map((row) => row.id);
    const items = await db
      .select()
      .from(billItems)
      .where(inArray(billItems.billId, ids))
      .orderBy(asc(billItems.billId), asc(billItems.position), asc(billItems.id));
    yield page.map(({ bill, contact }) => ({
      id: bill.id,
      number: bill.billNumber,
      contactName: contact.name,
      contactEmail: contact.email,
      contact,
      status: bill.status,
      date: String(bill.billDate),
      dueDate: String(bill.dueDate),
      subtotal: centsFromDecimal(bill.subtotal, currency),
      taxAmount: centsFromDecimal(bill.taxAmount, currency),
      discountAmount: 0,
      totalAmount: centsFromDecimal(bill.totalAmount, currency),
      currency,
      notes: bill.notes,
      lines: items.filter((item) => item.billId === bill.id).map((item) => toLine(item, currency)),
    }));
  }
}

function toLine(item: { description: string; quantity: string; unitPrice: string; totalPrice: string }, currency: string): ExportLine {
  return {
    description: item.description,
    quantity: String(Number(item.quantity)),
    unitPrice: centsFromDecimal(item.unitPrice, currency),
    totalPrice: centsFromDecimal(item.totalPrice, currency),
  };
}

/** Completed customer payments (money in), dated the organization's day they were received. */
export async function* receivedPaymentPages(db: Database, organization: ExportOrganization, window: ExportWindow): AsyncGenerator<ExportPayment[]> {
  // The window is when the payment was recorded here (a payment recorded today may be dated last week); the date is when it was received.
  const receivedAt = sql<Date>`coalesce(${payments.processedAt}, ${payments.createdAt})`;
  const recordedAt = payments.createdAt;
  const pages = keyset((after) =>
    db
      .select({
        id: payments.id,
        day: sql<string>`to_char(${receivedAt} at time zone ${organization.timeZone}, 'YYYY-MM-DD')`,
        amount: payments.amount,
        method: payments.method,
        reference: payments.reference,
        customerName: customers.name,
        invoiceNumber: invoices.invoiceNumber,
      })
      .from(payments)
      .innerJoin(invoices, and(eq(invoices.id, payments.referenceId), eq(invoices.organizationId, payments.organizationId)))
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(
        and(
          eq(payments.organizationId, organization.id),
          eq(payments.type, 'invoice_payment'),
          eq(payments.status, 'completed'),
          ne(payments.amount, '0'),
          changedIn(recordedAt, window),
          after ? gt(payments.id, after) : undefined,
        ),
      )
      .orderBy(asc(payments.id))
      .limit(PAGE_SIZE),
  );
  for await (const page of pages) {
    yield page.map((row) => ({
      id: row.id,
      date: row.day,
      amount: centsFromDecimal(row.amount, organization.currency),
      currency: organization.currency,
      method: row.method,
      reference: row.reference,
      customerName: row.customerName,
      invoiceNumber: row.invoiceNumber,
    }));
  }
}

/** "12 Main St\nSuite 4" -> address lines (at most `count`, the rest joined into the last). */
export function addressLines(address: string | null, count: number): string[] {
  const parts = (address ?? '').split(/\r?\n|\r/).map((part) => part.trim()).filter(Boolean);
  if (parts.length > count) parts.splice(count - 1, parts.length, parts.slice(count - 1).join(', '));
  while (parts.length < count) parts.push('');
  return parts;
}
