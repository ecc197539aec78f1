import { type SQL, and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { customerBalanceSql } from '../credits/customer-balance';
import { roles, type Role } from '../../../shared/contracts/common';
import { type PracticeClient, type PracticeClientListQuery, billingFrequencies, billingDiscountPercent } from '../../../shared/contracts/practice';
import type { ClientAccessEntry, PracticeClientDetails } from '../../../shared/contracts/portfolio';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import { asBillingFrequency, billedFee, monthlyEquivalent } from '../../../shared/practice-fees';
import type { Database } from '../../db/client';
import { isUuid, likePattern } from '../../db/query-helpers';
import { clientOnboardingWorkflows, customers, invoices, users, workspaceGrants } from '../../db/schema';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import type { FirmActor } from './create-client';
import { inOnboardingSql } from './onboarding-stats';
import { type CustomerRow, type WorkflowRow, findPracticeClient, toPracticeClient, visibleClients } from './practice.queries';

/**
 * A client's fee per month after its billing-frequency discount, in SQL: the same rounding as
 * monthlyEquivalent in shared/practice-fees.ts (the discount is rounded to the cent, half away
 * from zero, then taken off).
 */
export function monthlyEquivalentSql(): SQL {
  const fee = sql`coalesce(${customers.monthlyFee}, 0)`;
  // The percentages are our own constants, written into the statement as numbers.
  const cases = sql.join(
    billingFrequencies.map((frequency) => sql`when ${frequency} then ${sql.raw(String(Number(billingDiscountPercent[frequency])))}`),
    sql` `,
  );
  return sql`(${fee} - round(${fee} * (case ${customers.billingFrequency} ${cases} else 0 end) / 100.0, 2))`;
}

const filters: Record<PracticeClientListQuery['filter'], SQL | undefined> = {
  all: undefined,
  onboarding: eq(customers.onboardingStatus, 'in_progress'),
  completed: eq(customers.onboardingStatus, 'completed'),
  // Spec 4 lets Completed and Active both match completed; Active also leaves out deactivated clients.
  active: and(eq(customers.onboardingStatus, 'completed'), eq(customers.isActive, true)),
};

function portfolioWhere(actor: FirmActor, query: Pick<PracticeClientListQuery, 'search' | 'filter'>): SQL | undefined {
  const conditions = [visibleClients(actor), filters[query.filter]];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(customers.name, pattern), ilike(customers.email, pattern)));
  }
  return and(...conditions);
}

/** The clients the member may see, by name, one page of them, and how many match. */
export async function findPortfolio(db: Database, actor: FirmActor, query: PracticeClientListQuery): Promise<{ rows: PracticeClient[]; total: number }> {
  const where = portfolioWhere(actor, query);
  const rows = await db
    .select({ customer: customers, workflow: clientOnboardingWorkflows })
    .from(customers)
    .leftJoin(clientOnboardingWorkflows, eq(clientOnboardingWorkflows.customerId, customers.id))
    .where(where)
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  return { rows: rows.map((row) => toPracticeClient(row.customer, row.workflow)), total: total?.n ?? 0 };
}

/** Every visible client, or the ones with these ids, by name (the CSV export); null when an id is not visible. */
export async function findClientsForExport(db: Database, actor: FirmActor, ids: string[] | undefined) {
  if (ids && !ids.every(isUuid)) return null;
  const conditions = [visibleClients(actor)];
  if (ids) conditions.push(inArray(customers.id, ids));
  const rows = await db
    .select({ customer: customers, workflow: clientOnboardingWorkflows })
    .from(customers)
    .leftJoin(clientOnboardingWorkflows, eq(clientOnboardingWorkflows.customerId, customers.id))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
  if (ids && rows.length !== ids.length) return null;
  return rows;
}

const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

/**
 * The firm members who may open a client's workspace: the firm's active owners and admins (every
 * client), then the active members granted this one, by name. The rule of findSession.
 */
export async function findClientAccess(db: Database, firmId: string, workspaceId: string): Promise<ClientAccessEntry[]> {
  const rows = await db
    .select({ user: users, grantRole: workspaceGrants.role, grantedAt: workspaceGrants.createdAt })
    .from(users)
    .leftJoin(workspaceGrants, and(eq(workspaceGrants.userId, users.id), eq(workspaceGrants.organizationId, workspaceId)))
    .where(
      and(
        eq(users.organizationId, firmId),
        eq(users.isActive, true),
        or(inArray(users.role, [...FIRM_WIDE_ROLES]), sql`${workspaceGrants.id} is not null`),
      ),
    )
    .orderBy(
      asc(sql`case when ${inArray(users.role, [...FIRM_WIDE_ROLES])} then 0 else 1 end`),
      asc(sql`lower(coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username}))`),
    );
  return rows.map(({ user, grantRole, grantedAt }) => {
    const firmWide = FIRM_WIDE_ROLES.includes(user.role);
    const role = firmWide ? user.role : grantRole && isRole(grantRole) ? grantRole : 'viewer';
    return {
      userId: user.id,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username,
      email: user.email,
      firmRole: user.role,
      role,
      source: firmWide ? 'firm' : 'grant',
      grantedAt: firmWide ? null : (grantedAt?.toISOString() ?? null),
    };
  });
}

/** What the client owes the firm: the firm's sent and overdue invoices to it, less what was paid. */
export async function findOpenBalance(db: Database, firmId: string, customerId: string): Promise<{ balance: string; invoices: number }> {
  const [row] = await db
    .select({
      // The customer's balance by the one definition (open invoices due less unapplied credit).
      balance: sql<string>`(${customerBalanceSql(firmId, sql`${customerId}::uuid`)})::text`,
      invoices: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.organizationId, firmId), eq(invoices.customerId, customerId), inArray(invoices.status, ['sent', 'overdue'])));
  return { balance: toDecimal(centsFromDecimal(row?.balance ?? '0')), invoices: row?.invoices ?? 0 };
}

export function toClientDetails(
  customer: CustomerRow,
  workflow: WorkflowRow | null,
  extra: { openBalance: { balance: string; invoices: number }; access: ClientAccessEntry[] },
): PracticeClientDetails {
  const fee = centsFromDecimal(customer.monthlyFee ?? '0');
  const frequency = asBillingFrequency(customer.billingFrequency);
  return {
    ...toPracticeClient(customer, workflow),
    address: customer.address,
    city: customer.city,
    state: customer.state,
    zipCode: customer.zipCode,
    website: customer.website,
    businessType: customer.businessType,
    contactPhone: customer.primaryContactPhone,
    paymentTerms: customer.paymentTerms,
    relationshipStartDate: customer.relationshipStartDate,
    activatedAt: customer.activatedAt?.toISOString() ?? null,
    deactivatedAt: customer.deactivatedAt?.toISOString() ?? null,
    fees: {
      monthlyFee: toDecimal(fee),
      discountPercent: billingDiscountPercent[frequency],
      billedFee: toDecimal(billedFee(fee, frequency)),
      monthlyEquivalent: toDecimal(monthlyEquivalent(fee, frequency)),
    },
    openBalance: extra.openBalance.balance,
    openInvoices: extra.openBalance.invoices,
    access: extra.access,
  };
}

/** A client's details page, or null when the member may not see it (unknown, another firm's, no grant). */
export async function findClientDetails(db: Database, actor: FirmActor, id: string): Promise<PracticeClientDetails | null> {
  const found = await findPracticeClient(db, actor, id);
  if (!found) return null;
  const { customer, workflow } = found;
  const [openBalance, access] = await Promise.all([
    findOpenBalance(db, actor.firmId, customer.id),
    customer.clientOrganizationId ? findClientAccess(db, actor.firmId, customer.clientOrganizationId) : Promise.resolve([]),
  ]);
  return toClientDetails(customer, workflow, { openBalance, access });
}

/** The My Practice badge: glossary.activeOnboarding, the condition the practice dashboard's Active Onboarding counts. */
export async function countClientsInOnboarding(db: Database, actor: FirmActor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(and(visibleClients(actor), inOnboardingSql));
  return row?.n ?? 0;
}
