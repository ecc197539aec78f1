import { and, count, desc, eq, getTableColumns, ilike, or, type Placeholder, sql } from 'drizzle-orm';
import { customerBalanceSql, unappliedCreditSql } from '../credits/customer-balance';
import type { Customer, CustomerInput } from '../../../shared/contracts/customers';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { customers, invoices } from '../../db/schema';
import { jsonArrayText, jsonColumn, jsonDecimal, jsonObject } from '../../db/json';
import { namedFields, pageJsonOf, pageLimit, pageOffset, pageStatementName, preparedOnce, preparedPages } from '../../db/prepared';
import { isUuid, likePattern } from '../../db/query-helpers';

/** A customer's row with its unapplied credit, derived like currentBalance (customer-balance.ts). */
export type CustomerRow = typeof customers.$inferSelect & { unappliedCredit: string };

/**
 * A customer's columns with currentBalance derived by customerBalanceSql (open invoices due less
 * unapplied credit), never the customers.current_balance column, which nothing keeps any more;
 * and unappliedCredit from the same definition, so the list's cards need no balance call each.
 */
function customerColumns(organizationId: string | Placeholder) {
  return {
    ...getTableColumns(customers),
    currentBalance: sql<string>`(${customerBalanceSql(organizationId, sql`${customers.id}`)})::numeric(14,2)::text`.as('current_balance'),
    unappliedCredit: sql<string>`(${unappliedCreditSql(organizationId, sql`${customers.id}`)})::numeric(14,2)::text`.as('unapplied_credit'),
  };
}


export function toCustomerDto(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    website: row.website,
    taxId: row.taxId,
    businessType: row.businessType,
    industry: row.industry,
    annualRevenue: row.annualRevenue,
    employeeCount: row.employeeCount,
    primaryContactName: row.primaryContactName,
    primaryContactEmail: row.primaryContactEmail,
    primaryContactPhone: row.primaryContactPhone,
    billingContactName: row.billingContactName,
    billingContactEmail: row.billingContactEmail,
    billingContactPhone: row.billingContactPhone,
    serviceLevel: row.serviceLevel,
    monthlyFee: row.monthlyFee,
    billingFrequency: row.billingFrequency,
    paymentTerms: row.paymentTerms,
    relationshipStartDate: row.relationshipStartDate,
    nextBillingDate: row.nextBillingDate,
    hasPortalAccess: row.hasPortalAccess,
    portalPermissions: row.portalPermissions,
    autoApprovalLimit: row.autoApprovalLimit,
    invoiceTemplate: row.invoiceTemplate,
    preferredPaymentMethods: row.preferredPaymentMethods,
    onboardingStatus: row.onboardingStatus,
    riskLevel: row.riskLevel,
    creditLimit: row.creditLimit,
    currentBalance: row.currentBalance,
    unappliedCredit: row.unappliedCredit,
    isActive: row.isActive,
    legalName: row.legalName,
    vatId: row.vatId,
    companyId: row.companyId,
    electronicAddressScheme: row.electronicAddressScheme,
    electronicAddress: row.electronicAddress,
    buyerReference: row.buyerReference,
    einvoiceFormat: row.einvoiceFormat,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const moneyColumns = new Set(['annualRevenue', 'monthlyFee', 'creditLimit', 'autoApprovalLimit']);
/** Columns that cannot hold null: a blank in the request keeps their default. */
const notNullColumns = new Set([
  'country', 'einvoiceFormat', 'serviceLevel', 'billingFrequency', 'paymentTerms', 'invoiceTemplate', 'onboardingStatus', 'autoApprovalLimit',
]);

type CustomerValues = Partial<Omit<typeof customers.$inferInsert, 'id' | 'organizationId' | 'userId'>>;

/** The column values a request sets: absent fields are left out, so an update keeps them. */
export function customerValues(input: CustomerInput): CustomerValues & { name: string; email: string } {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value === null && notNullColumns.has(key)) continue;
    values[key] = moneyColumns.has(key) && typeof value === 'number' ? toDecimal(value) : value;
  }
  return { ...(values as CustomerValues), name: input.name, email: input.email };
}

/** By name, case-insensitively; then the newest. */
const customerListOrder = [sql`lower(${customers.name})`, desc(customers.createdAt), customers.id] as const;

const activeOf = (organizationId: Placeholder) => and(eq(customers.organizationId, organizationId), eq(customers.isActive, true));

/** Active customers of the organization, as a scalar subquery. */
const activeCustomerCountOf = (organizationId: Placeholder) => sql<number>`(select count(*)::int from ${customers} where ${activeOf(organizationId)})`;

const activeCustomerCountStatement = preparedOnce((db) =>
  db.select({ n: count() }).from(customers).where(activeOf(sql.placeholder('organizationId'))).prepare('active_customer_count'),
);

/** The fields of a Customer in the API, in toCustomerDto's order: each is the column of that name. */
const customerDtoColumns = [
  'id', 'name', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country', 'website', 'taxId', 'businessType', 'industry',
  'annualRevenue', 'employeeCount', 'primaryContactName', 'primaryContactEmail', 'primaryContactPhone', 'billingContactName',
  'billingContactEmail', 'billingContactPhone', 'serviceLevel', 'monthlyFee', 'billingFrequency', 'paymentTerms',
  'relationshipStartDate', 'nextBillingDate', 'hasPortalAccess', 'portalPermissions', 'autoApprovalLimit', 'invoiceTemplate',
  'preferredPaymentMethods', 'onboardingStatus', 'riskLevel', 'creditLimit', 'currentBalance', 'isActive', 'legalName', 'vatId',
  'companyId', 'electronicAddressScheme', 'electronicAddress', 'buyerReference', 'einvoiceFormat', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof Customer & keyof typeof customers.$inferSelect)[];

/**
 * The default list page (active customers, no search) as the response's JSON text, built by
 * PostgreSQL (db/json.ts) from a subquery of the page's rows: the same value toCustomerDto gives,
 * so Node neither maps rows nor stringifies them. One prepared statement per database.
 */
const activeCustomerPageJsonStatement = preparedPages((db, window) => {
  const page = db
    .select({
      ...getTableColumns(customers),
      currentBalance: sql<string>`(${customerBalanceSql(sql.placeholder('organizationId'), sql`${customers.id}`)})::numeric(14,2)`.as('current_balance'),
      unappliedCredit: sql<string>`(${unappliedCreditSql(sql.placeholder('organizationId'), sql`${customers.id}`)})::numeric(14,2)`.as('unapplied_credit'),
    })
    .from(customers)
    .where(activeOf(sql.placeholder('organizationId')))
    .orderBy(...customerListOrder)
    .limit(pageLimit(window))
    .offset(pageOffset(window))
    .as('page');
  const customer = jsonObject({
    ...Object.fromEntries(customerDtoColumns.map((key) => [key, jsonColumn(customers[key], page[key])])),
    unappliedCredit: jsonDecimal(page.unappliedCredit),
  });
  return db
    .select(namedFields({ json: jsonArrayText(customer, sql`lower(${page.name}), ${page.createdAt} desc, ${page.id}`), total: activeCustomerCountOf(sql.placeholder('organizationId')) }))
    .from(page)
    .prepare(pageStatementName('active_customer_page_json', window));
});

/** The default list page (the common case) as the response's JSON text, and its total: one statement. */
export async function findActiveCustomerPageJson(
  db: Database,
  params: { organizationId: string; limit: number; offset: number },
): Promise<{ json: string; total: number }> {
  return pageJsonOf(db, activeCustomerPageJsonStatement(db, params), 'active_customer_page_json', params);
}

/**
 * The statements of a customer list (active or all, searched or not), prepared once per database
 * with placeholders: PostgreSQL plans them once per connection, not on every search (issue 33).
 */
function customerListStatementsOf(includeInactive: boolean, search: boolean) {
  return preparedOnce((db) => {
    const organizationId = sql.placeholder('organizationId');
    const pattern = sql.placeholder('pattern');
    const where = and(
      eq(customers.organizationId, organizationId),
      includeInactive ? undefined : eq(customers.isActive, true),
      search ? or(ilike(customers.name, pattern), ilike(customers.email, pattern)) : undefined,
    );
    const name = `customer_list_${includeInactive ? 'all' : 'active'}${search ? '_search' : ''}`;
    return {
      page: db
        .select(customerColumns(organizationId))
        .from(customers)
        .where(where)
        .orderBy(...customerListOrder)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_page`),
      count: db.select({ n: count() }).from(customers).where(where).prepare(`${name}_count`),
    };
  });
}

const customerListStatements = [false, true].flatMap((includeInactive) => [false, true].map((search) => ({ includeInactive, search, of: customerListStatementsOf(includeInactive, search) })));

/** A page of customers with the total; the route answers the default list with findActiveCustomerPageJson (the same value). */
export async function findCustomers(
  db: Database,
  params: { organizationId: string; search?: string | undefined; includeInactive: boolean; limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const search = Boolean(params.search);
  const statements = customerListStatements.find((entry) => entry.includeInactive === params.includeInactive && entry.search === search);
  if (!statements) throw new Error('no customer list statement');
  const { page, count: counted } = statements.of(db);
  const values = { organizationId: params.organizationId, pattern: likePattern(params.search ?? ''), limit: params.limit, offset: params.offset };
  const [rows, totals] = await Promise.all([page.execute(values), counted.execute(values)]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findCustomer(db: Database, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<CustomerRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select(customerColumns(organizationId))
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether another customer of the organization already uses this email (case-insensitive). */
export async function findCustomerByEmail(db: Database, organizationId: string, email: string): Promise<typeof customers.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), sql`lower(${customers.email}) = lower(${email})`))
    .limit(1);
  return row ?? null;
}

export async function customerHasInvoices(db: Database, organizationId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.customerId, customerId)))
    .limit(1);
  return Boolean(row);
}

/** Active customers of the organization (dashboard, sidebar badge). */
export async function countActiveCustomers(db: Database, organizationId: string): Promise<number> {
  const [row] = await activeCustomerCountStatement(db).execute({ organizationId });
  return row?.n ?? 0;
}
