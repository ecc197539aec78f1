import { and, asc, count, desc, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AchSettlementMode } from '../../../shared/contracts/ach';
import type { PaymentListQuery, UpcomingPayment } from '../../../shared/contracts/payments';
import type { PageQuery } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { jsonArrayOfText, jsonDate, jsonDecimal, jsonObjectText, jsonTextQuoted, jsonTextString, jsonTimestamp } from '../../db/json';
import { namedFields, pageJsonOf, pageLimit, pageOffset, pageStatementName, preparedPages } from '../../db/prepared';
import { organizationTodaySql } from '../../platform/calendar';
import { countPaymentsFromTotals, paymentCountOf } from '../../platform/summary-totals';
import { achProfiles, bills, customers, invoices, payments, vendors } from '../../db/schema';

function listFilter(organizationId: string, query: Pick<PaymentListQuery, 'type' | 'status'>): SQL | undefined {
  return and(
    eq(payments.organizationId, organizationId),
    query.type ? eq(payments.type, query.type) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
  );
}

/**
 * The payments with the invoice and customer or the bill and vendor they belong to (same
 * organization only). The names are aliased, so that the query also serves as a subquery.
 */
function paymentsWithParties(db: Database) {
  return db
    .select({
      payment: payments,
      invoiceNumber: invoices.invoiceNumber,
      customerName: sql<string | null>`${customers.name}`.as('customer_name'),
      billNumber: bills.billNumber,
      vendorName: sql<string | null>`${vendors.name}`.as('vendor_name'),
      // How a sent ACH payment completes: its account's ACH settings.
      settlementMode: sql<AchSettlementMode | null>`${achProfiles.settlementMode}`.as('settlement_mode'),
      settlementDays: sql<number | null>`${achProfiles.settlementDays}`.as('settlement_days'),
    })
    .from(payments)
    .leftJoin(
      invoices,
      and(eq(payments.type, 'invoice_payment'), eq(invoices.id, payments.referenceId), eq(invoices.organizationId, payments.organizationId)),
    )
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(
      bills,
      and(eq(payments.type, 'bill_payment'), eq(bills.id, payments.referenceId), eq(bills.organizationId, payments.organizationId)),
    )
    .leftJoin(vendors, eq(vendors.id, bills.vendorId))
    .leftJoin(achProfiles, and(eq(achProfiles.bankAccountId, payments.bankAccountId), eq(achProfiles.organizationId, payments.organizationId)));
}

const newestFirst = [desc(payments.createdAt), desc(payments.id)] as const;

/** Payment History, filtered by type or status: rows mapped by toPaymentDto. */
export async function findPayments(db: Database, params: PaymentListQuery & { organizationId: string }) {
  const page = paymentsWithParties(db).where(listFilter(params.organizationId, params)).orderBy(...newestFirst).limit(params.limit).offset(params.offset);
  // The total from the summary table: its cost does not grow with the payments.
  const [rows, total] = await Promise.all([page, countPaymentsFromTotals(db, params.organizationId, params)]);
  return { rows, total };
}

/**
 * The unfiltered page (the common case) as the response's JSON text, built by PostgreSQL
 * (db/json.ts): the same value toPaymentDto gives, so Node neither maps rows nor stringifies
 * them. The label is the counterparty as toPaymentDto writes it: the invoice or bill number and the
 * customer's or vendor's name, the empty ones left out; none without a number. One prepared
 * statement per database (and first-page size).
 */
const paymentPageJsonStatement = preparedPages((db, window) => {
  const page = paymentsWithParties(db)
    .where(eq(payments.organizationId, sql.placeholder('organizationId')))
    .orderBy(...newestFirst)
    .limit(pageLimit(window))
    .offset(pageOffset(window))
    .as('page');
  const invoicePayment = sql`${page.payment.type} = 'invoice_payment'`;
  const partyNumber = sql`case when ${invoicePayment} then ${page.invoiceNumber} else ${page.billNumber} end`;
  const partyName = sql`case when ${invoicePayment} then ${page.customerName} else ${page.vendorName} end`;
  const label = sql`case when nullif(${partyNumber}, '') is null then null else concat_ws(' · ', ${partyNumber}, nullif(${partyName}, '')) end`;
  const payment = jsonObjectText({
    id: jsonTextQuoted(page.payment.id),
    type: jsonTextString(page.payment.type),
    method: jsonTextString(page.payment.method),
    status: jsonTextString(page.payment.status),
    referenceId: jsonTextQuoted(page.payment.referenceId),
    reference: jsonTextString(page.payment.reference),
    label: jsonTextString(label),
    scheduledDate: jsonTextQuoted(jsonDate(page.payment.scheduledDate)),
    processedAt: jsonTextQuoted(jsonTimestamp(page.payment.processedAt)),
    amount: jsonTextQuoted(jsonDecimal(page.payment.amount)),
    transactionId: jsonTextString(page.payment.transactionId),
    failureReason: jsonTextString(page.payment.failureReason),
    createdAt: jsonTextQuoted(jsonTimestamp(page.payment.createdAt)),
    settlement: sql`case when ${page.payment.status} = 'sent' and ${page.settlementMode} is not null then concat('{"mode":', to_json(${page.settlementMode})::text, ',"days":', ${page.settlementDays}::text, '}') else 'null' end`,
  });
  return db
    .select(namedFields({ json: jsonArrayOfText(payment, sql`${page.payment.createdAt} desc, ${page.payment.id} desc`), total: paymentCountOf(sql.placeholder('organizationId')) }))
    .from(page)
    .prepare(pageStatementName('payment_list_page_json', window));
});

/** The unfiltered page as the response's JSON text, and the total for X-Total-Count: one statement. */
export async function findPaymentPageJson(
  db: Database,
  params: { organizationId: string; limit: number; offset: number },
): Promise<{ json: string; total: number }> {
  return pageJsonOf(db, paymentPageJsonStatement(db, params), 'payment_list_page_json', params);
}

export type PaymentListRow = Awaited<ReturnType<typeof findPayments>>['rows'][number];

/**
 * Money due in or out, soonest first: scheduled bill payments (pending, or sent to the bank), and sent or overdue
 * invoices with a balance falling due from today on. Each branch is cut to offset+limit first.
 */
export async function findUpcomingPayments(db: Database, params: PageQuery & { organizationId: string; now: Date }) {
  const today = organizationTodaySql(params.organizationId, params.now);
  const take = params.offset + params.limit;
  const billWhere = and(
    eq(payments.organizationId, params.organizationId),
    eq(payments.type, 'bill_payment'),
    inArray(payments.status, ['pending', 'sent']),
    sql`${payments.scheduledDate} is not null`,
  );
  const balance = sql`${invoices.totalAmount} - ${invoices.amountPaid}`;
  const invoiceWhere = and(
    eq(invoices.organizationId, params.organizationId),
    inArray(invoices.status, ['sent', 'overdue']),
    gt(balance, sql`0`),
    gte(invoices.dueDate, today),
  );
  const billBranch = db
    .select({
      id: payments.id,
      kind: sql<UpcomingPayment['kind']>`'bill_payment'`.as('kind'),
      referenceId: payments.referenceId,
      scheduledDate: sql<string>`${payments.scheduledDate}::text`.as('scheduled_date'),
      amount: sql<string>`${payments.amount}::text`.as('amount'),
      method: sql<UpcomingPayment['method']>`${payments.method}`.as('method'),
      label: sql<string>`coalesce(${bills.billNumber} || ' · ' || ${vendors.name}, 'Bill payment')`.as('label'),
    })
    .from(payments)
    .leftJoin(bills, and(eq(bills.id, payments.referenceId), eq(bills.organizationId, payments.organizationId)))
    .leftJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(billWhere)
    .orderBy(asc(payments.scheduledDate), asc(payments.id))
    .limit(take);
  const invoiceBranch = db
    .select({
      id: invoices.id,
      kind: sql<UpcomingPayment['kind']>`'invoice'`.as('kind'),
      referenceId: invoices.id,
      scheduledDate: sql<string>`${invoices.dueDate}::text`.as('scheduled_date'),
      amount: sql<string>`(${balance})::text`.as('amount'),
      method: sql<UpcomingPayment['method']>`null::text`.as('method'),
      label: sql<string>`${invoices.invoiceNumber} || ' · ' || ${customers.name}`.as('label'),
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(invoiceWhere)
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(take);
  const [rows, [bills_], [invoices_]] = await Promise.all([
    unionAll(billBranch, invoiceBranch)
      .orderBy(sql`scheduled_date asc`, sql`id asc`)
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(payments).where(billWhere),
    db.select({ n: count() }).from(invoices).where(invoiceWhere),
  ]);
  return { rows, total: (bills_?.n ?? 0) + (invoices_?.n ?? 0) };
}
