import { type SQL, and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PracticeClient } from '../../../shared/contracts/practice';
import type { Database } from '../../db/client';
import { clientOnboardingWorkflows, customers } from '../../db/schema';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import type { FirmActor } from './create-client';
import { isUuid } from '../../db/query-helpers';
import { ONBOARDING_STEPS } from './onboarding-steps';

export type CustomerRow = typeof customers.$inferSelect;
export type WorkflowRow = typeof clientOnboardingWorkflows.$inferSelect;

/** A firm's customer row that is a practice client (it has a workspace). */
export const isPracticeClientOf = (firmId: string) => and(eq(customers.organizationId, firmId), isNotNull(customers.clientOrganizationId));

/**
 * The firm's practice clients this member may see: all of them for the firm's owners and admins,
 * the ones granted to them for everyone else. Every practice route that takes a client id goes
 * through this, so a client without a grant is a 404.
 */
export function visibleClients(actor: FirmActor): SQL {
  const own = isPracticeClientOf(actor.firmId) ?? sql`false`;
  if (FIRM_WIDE_ROLES.includes(actor.role)) return own;
  return and(
    own,
    // Qualified by hand: drizzle leaves columns unqualified in one-table queries.
    sql`exists (select 1 from workspace_grants g where g.organization_id = "customers"."client_organization_id" and g.user_id = ${actor.userId})`,
  ) ?? sql`false`;
}

/** Completed steps out of five; a completed onboarding is 100. */
export function completionPercentage(workflow: Pick<WorkflowRow, 'status' | 'currentStep'> | null): number {
  if (!workflow) return 0;
  if (workflow.status === 'completed') return 100;
  return Math.round(((workflow.currentStep - 1) / ONBOARDING_STEPS) * 100);
}

export function toPracticeClient(row: CustomerRow, workflow: WorkflowRow | null): PracticeClient {
  const status = (row.onboardingStatus as PracticeClient['onboardingStatus']) ?? 'pending';
  return {
    id: row.id,
    organizationId: row.clientOrganizationId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    industry: row.industry,
    contactName: row.primaryContactName,
    contactEmail: row.primaryContactEmail,
    serviceLevel: row.serviceLevel,
    monthlyFee: row.monthlyFee,
    billingFrequency: row.billingFrequency,
    onboardingStatus: status,
    onboardingProgress: { status, currentStep: workflow?.currentStep ?? 1, completionPercentage: completionPercentage(workflow) },
    accountingSoftware: row.accountingSoftware,
    tags: row.tags,
    notes: row.notes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One of the practice clients the member may see, with its onboarding workflow, or null (unknown, another firm's, no grant). */
export async function findPracticeClient(db: Database, actor: FirmActor, customerId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(customerId)) return null;
  const query = db
    .select({ customer: customers, workflow: clientOnboardingWorkflows })
    .from(customers)
    .leftJoin(clientOnboardingWorkflows, eq(clientOnboardingWorkflows.customerId, customers.id))
    .where(and(visibleClients(actor), eq(customers.id, customerId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: customers }) : await query;
  return row ?? null;
}

/** Active clients counted against the plan's client limit. */
export async function countActiveClients(db: Database, firmId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(and(isPracticeClientOf(firmId), eq(customers.isActive, true)));
  return row?.n ?? 0;
}
