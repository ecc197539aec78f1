import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type FirmPlanId, findFirmPlan, firmPlanIds } from '../../../shared/contracts/firms';
import type { PlanChangeInput } from '../../../shared/contracts/settings';
import type { Role } from '../../../shared/contracts/common';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { organizations, planChanges, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { countActiveClients } from '../practice/practice.queries';
import { PLAN_CHECKOUT_KIND, cancelReplacedSubscription, createPlanCheckout } from './plan-checkout';

export interface PlanActor {
  firmId: string;
  userId: string;
  role: Role;
}

type FirmRow = typeof organizations.$inferSelect;
export type PlanChangeOutcome = { status: 'changed' } | { status: 'checkout'; checkoutUrl: string };

const isPlanId = (value: string | undefined): value is FirmPlanId => firmPlanIds.some((id) => id === value);

/** The refusals shared by both ways of changing plan: same plan, or fewer places than active clients. */
function checkPlanChange(firm: FirmRow, to: FirmPlanId, activeClients: number): void {
  const plan = findFirmPlan(to);
  if (firm.subscriptionPlan === to) throw new AppError('CONFLICT', `You are already on the ${plan.name} plan`, { plan: `You are already on the ${plan.name} plan` });
  if (activeClients > plan.maxClients) {
    const message = `You have ${activeClients} active clients; the ${plan.name} plan allows up to ${plan.maxClients}. Deactivate clients before moving to it.`;
    throw new AppError('CONFLICT', message, { plan: message });
  }
}

/** Records a plan change on the locked firm row: the plan_changes row, the plan and its limit, the audit row. */
async function applyPlanChange(
  tx: Database,
  firm: FirmRow,
  change: { to: FirmPlanId; source: 'manual' | 'stripe'; changedBy: string | null; stripeReference: string | null; stripe?: { customerId: string | null; subscriptionId: string | null } },
  now: Date,
): Promise<void> {
  const plan = findFirmPlan(change.to);
  await tx.insert(planChanges).values({
    organizationId: firm.id,
    fromPlan: firm.subscriptionPlan,
    toPlan: plan.id,
    source: change.source,
    changedBy: change.changedBy,
    stripeReference: change.stripeReference,
    createdAt: now,
  });
  await tx
    .update(organizations)
    .set({
      subscriptionPlan: plan.id,
      maxClients: plan.maxClients,
      subscriptionStatus: 'active',
      ...(change.stripe ? { stripeCustomerId: change.stripe.customerId ?? firm.stripeCustomerId, stripeSubscriptionId: change.stripe.subscriptionId } : {}),
      updatedAt: now,
    })
    .where(eq(organizations.id, firm.id));
  await writeAudit(tx, {
    organizationId: firm.id,
    userId: change.changedBy,
    action: 'firm.plan_changed',
    entityType: 'organization',
    entityId: firm.id,
    details: { from: firm.subscriptionPlan, to: plan.id, maxClients: plan.maxClients, source: change.source, stripeReference: change.stripeReference },
  });
}

/**
 * Settings > Billing, the owner's plan change. Without a card provider it is recorded at once
 * (firm row locked, as adding a client locks it, so a client cannot slip in during a downgrade).
 * With Stripe configured it opens a Checkout subscription; the webhook applies the plan.
 */
export async function changeFirmPlan(
  db: Database,
  actor: PlanActor,
  input: PlanChangeInput,
  deps: { config: Pick<AppConfig, 'stripe' | 'appUrl'>; now: Date },
): Promise<PlanChangeOutcome> {
  if (actor.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the firm owner can change the plan');
  const stripe = deps.config.stripe;
  if (stripe) {
    const [firm] = await db.select().from(organizations).where(eq(organizations.id, actor.firmId)).limit(1);
    if (!firm) throw notFound('Accounting firm');
    checkPlanChange(firm, input.plan, await countActiveClients(db, firm.id));
    const billingUrl = `${deps.config.appUrl}/settings?tab=billing`;
    const checkout = await createPlanCheckout({
      secretKey: stripe.secretKey,
      plan: findFirmPlan(input.plan),
      organizationId: firm.id,
      userId: actor.userId,
      customerId: firm.stripeCustomerId,
      customerEmail: firm.email,
      successUrl: `${billingUrl}&checkout=success`,
      cancelUrl: `${billingUrl}&checkout=cancelled`,
    });
    return { status: 'checkout', checkoutUrl: checkout.url };
  }
  await db.transaction(async (tx) => {
    const [firm] = await tx.select().from(organizations).where(eq(organizations.id, actor.firmId)).for('update').limit(1);
    if (!firm) throw notFound('Accounting firm');
    checkPlanChange(firm, input.plan, await countActiveClients(tx, firm.id));
    await applyPlanChange(tx, firm, { to: input.plan, source: 'manual', changedBy: actor.userId, stripeReference: null }, deps.now);
  });
  return { status: 'changed' };
}

const stripeId = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id);

/**
 * checkout.session.completed for one of our plan checkouts: applies the plan once per Checkout
 * Session (plan_changes.stripe_reference is unique) and ends the subscription it replaces. The
 * firm paid, so the plan applies even if it now has more active clients than the plan allows;
 * the limit then only stops new clients.
 */
export async function applyPlanCheckout(
  db: Database,
  session: Stripe.Checkout.Session,
  now: Date,
  stripe: { secretKey: string } | null,
): Promise<'recorded' | 'duplicate' | 'ignored'> {
  const { kind, organizationId, plan, userId } = session.metadata ?? {};
  if (session.mode !== 'subscription' || kind !== PLAN_CHECKOUT_KIND || !organizationId || !isUuid(organizationId) || !isPlanId(plan)) return 'ignored';
  if (session.payment_status === 'unpaid') return 'ignored';
  let replaced: string | null = null;
  try {
    const outcome = await db.transaction(async (tx) => {
      const [done] = await tx.select({ id: planChanges.id }).from(planChanges).where(eq(planChanges.stripeReference, session.id)).limit(1);
      if (done) return 'duplicate' as const;
      const [firm] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update').limit(1);
      if (!firm || firm.type !== 'accounting_firm') return 'ignored' as const;
      const [member] = userId && isUuid(userId) ? await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1) : [];
      const subscriptionId = stripeId(session.subscription);
      if (firm.stripeSubscriptionId && firm.stripeSubscriptionId !== subscriptionId) replaced = firm.stripeSubscriptionId;
      await applyPlanChange(
        tx,
        firm,
        { to: plan, source: 'stripe', changedBy: member?.id ?? null, stripeReference: session.id, stripe: { customerId: stripeId(session.customer), subscriptionId } },
        now,
      );
      return 'recorded' as const;
    });
    if (outcome === 'recorded' && replaced && stripe) await endReplacedSubscription(db, stripe.secretKey, organizationId, replaced);
    return outcome;
  } catch (error) {
    // The same event delivered twice at once: the unique reference lets one through.
    if (isUniqueViolation(error, 'plan_changes_stripe_key')) return 'duplicate';
    throw error;
  }
}

/** A failure to cancel is kept in the audit log for whoever reconciles billing; the new plan stands. */
async function endReplacedSubscription(db: Database, secretKey: string, organizationId: string, subscriptionId: string): Promise<void> {
  try {
    await cancelReplacedSubscription(secretKey, subscriptionId);
  } catch (error) {
    await writeAudit(db, {
      organizationId,
      userId: null,
      action: 'firm.plan_subscription_cancel_failed',
      entityType: 'organization',
      entityId: organizationId,
      details: { subscriptionId, reason: error instanceof Error ? error.message : String(error) },
    });
  }
}
