import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PortalAccount, PortalInvoice } from '../../../shared/contracts/portal';
import { centsFromDecimal, normalizeDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import {
  customerPaymentMethods,
  customers,
  invoices,
  organizations,
  payments,
} from '../../db/schema';
import { calendarDay } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { customerBalance } from '../credits/customer-balance';
import { effectiveStatus } from '../invoices/invoices.queries';
import { paymentMethodLabel } from './portal-access';
import type { PortalContext } from './portal-session';
import { readPortalSettings } from './portal-settings';
import { autopayFailures } from '../portal-payments/autopay-failures';
import { findCredits } from '../credits/credit-notes.queries';

const LIST_LIMIT = 50;
const firms = alias(organizations, 'firm');

/** The organization as the portal shows it, with its firm's name for a practice client's workspace. */
async function findBrand(db: Database, organizationId: string) {
  const [row] = await db
    .select({ organization: organizations, firmName: firms.name })
    .from(organizations)
    .leftJoin(firms, eq(firms.id, organizations.accountingFirmId))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw notFound('Workspace');
  return row;
}

const isOpen = inArray(invoices.status, ['sent', 'overdue']);

/** GET /api/portal/account: the customer's balance, credits, payments and payment options. */
export async function readPortalAccount(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, portal: PortalContext): Promise<PortalAccount> {
  const { db } = deps;
  const { organizationId, customerId } = portal;
  const { organization, firmName } = await findBrand(db, organizationId);
  const today = calendarDay(deps.now(), organization.timeZone);
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .limit(1);
  if (!customer) throw notFound('Customer');
  const balance = await customerBalance(db, organizationId, customerId);
  const [open] = await db
    .select({
      count: count(),
      overdue: sql<string>`coalesce(sum(case when ${invoices.status} = 'overdue' or ${invoices.dueDate} < ${today}::date
        then ${invoices.totalAmount} - ${invoices.amountPaid} else 0 end), 0)::text`,
    })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.customerId, customerId), isOpen));
  const seesLedger = portal.permissions.includes('view_invoices');
  const settings = await readPortalSettings(db, organizationId);
  const [method] = await db
    .select()
    .from(customerPaymentMethods)
    .where(and(eq(customerPaymentMethods.organizationId, organizationId), eq(customerPaymentMethods.customerId, customerId)))
    .limit(1);
  const stripe = deps.config.stripe;
  return {
    brand: {
      name: organization.name,
      logoUrl: organization.logoUrl,
      primaryColor: organization.primaryColor,
      email: organization.email,
      firmName: firmName ?? null,
    },
    customer,
    permissions: portal.permissions,
    currency: organization.currency,
    balance: toDecimal(balance.balance),
    openInvoiceCount: open?.count ?? 0,
    overdueAmount: toDecimal(centsFromDecimal(open?.overdue ?? '0')),
    unappliedCredit: toDecimal(balance.unappliedCredit),
    payment: {
      stripe: stripe ? { publishableKey: stripe.publishableKey } : null,
      bankTransferInstructions: settings.paymentInstructions,
    },
    autopay: {
      available: stripe !== null && portal.permissions.includes('pay'),
      enabled: Boolean(method?.autopay && method.stripePaymentMethodId),
      method: paymentMethodLabel(method),
    },
    credits: seesLedger ? (await findCredits(db, organizationId, { customerId, limit: LIST_LIMIT, offset: 0 }, { hideVoid: true })).credits : [],
    payments: seesLedger ? await findPayments(db, organizationId, customerId, organization.timeZone) : [],
  };
}

async function findPayments(db: Database, organizationId: string, customerId: string, timeZone: string): Promise<PortalAccount['payments']> {
  const rows = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      method: payments.method,
      processedAt: payments.processedAt,
      createdAt: payments.createdAt,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.referenceId), eq(invoices.organizationId, organizationId)))
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.type, 'invoice_payment'),
        eq(payments.status, 'completed'),
        eq(invoices.customerId, customerId),
      ),
    )
    .orderBy(desc(sql`coalesce(${payments.processedAt}, ${payments.createdAt})`), desc(payments.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    date: calendarDay(row.processedAt ?? row.createdAt, timeZone),
    amount: normalizeDecimal(row.amount),
    method: row.method,
    invoiceNumber: row.invoiceNumber,
  }));
}

/** GET /api/portal/invoices: this customer's sent, overdue and paid invoices (never drafts or cancelled ones). */
export async function findPortalInvoices(
  db: Database,
  portal: PortalContext,
  query: { status: 'open' | 'paid' | 'all'; limit: number; offset: number },
  now: Date,
): Promise<{ invoices: PortalInvoice[]; total: number }> {
  const { organization } = await findBrand(db, portal.organizationId);
  const today = calendarDay(now, organization.timeZone);
  const statuses = query.status === 'open' ? (['sent', 'overdue'] as const) : query.status === 'paid' ? (['paid'] as const) : (['sent', 'overdue', 'paid'] as const);
  const where = and(
    eq(invoices.organizationId, portal.organizationId),
    eq(invoices.customerId, portal.customerId),
    inArray(invoices.status, [...statuses]),
  );
  const status = effectiveStatus(today);
  // Written out with table names: drizzle leaves columns unqualified in a one-table select.
  const lateFeeFor: SQL<string | null> = sql`(select charged.invoice_number from late_fees fee
    join invoices charged on charged.id = fee.invoice_id
    where fee.fee_invoice_id = "invoices"."id" and fee.organization_id = ${portal.organizationId} limit 1)`;
  const rows = await db
    .select({ invoice: invoices, status, lateFeeFor })
    .from(invoices)
    .where(where)
    .orderBy(sql`case when ${invoices.status} = 'paid' then 1 else 0 end`, asc(invoices.dueDate), asc(invoices.invoiceNumber))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  // The staff invoice view reads the same: the last attempt, when it failed, of an invoice still open.
  const open = rows.filter((row) => row.invoice.status === 'sent' || row.invoice.status === 'overdue').map((row) => row.invoice.id);
  const failures = await autopayFailures(db, portal.organizationId, open);
  return {
    total: total?.n ?? 0,
    invoices: rows.map(({ invoice, status: shown, lateFeeFor: feeFor }) => {
      const totalCents = centsFromDecimal(invoice.totalAmount);
      const paidCents = centsFromDecimal(invoice.amountPaid);
      return {
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        status: shown === 'overdue' ? 'overdue' : shown === 'paid' ? 'paid' : 'sent',
        totalAmount: toDecimal(totalCents),
        amountPaid: toDecimal(paidCents),
        amountDue: toDecimal(Math.max(0, totalCents - paidCents)),
        lateFeeFor: feeFor ?? null,
        autopayFailure: failures.get(invoice.id) ?? null,
      };
    }),
  };
}

/** The id of one of this customer's invoices the portal may show (sent, overdue or paid), else a 404. */
export async function findPortalInvoiceId(db: Database, portal: PortalContext, invoiceId: string): Promise<string> {
  if (!isUuid(invoiceId)) throw notFound('Invoice');
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, portal.organizationId),
        eq(invoices.customerId, portal.customerId),
        eq(invoices.id, invoiceId),
        inArray(invoices.status, ['sent', 'overdue', 'paid']),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Invoice');
  return row.id;
}
