import { and, eq } from 'drizzle-orm';
import type { Onboarding } from '../../../shared/contracts/onboarding';
import { ONBOARDING_STEP_COUNT } from '../../../shared/contracts/onboarding';
import { clientOnboardingSteps, clientOnboardingWorkflows, customers } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { FirmActor } from './create-client';
import { loadOnboardingState, missingForActivation } from './onboarding.queries';
import { auditStep, getOnboarding, inOnboarding } from './onboarding.service';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';

/**
 * 'Complete Onboarding & Activate Client': refused (409, one message per missing item) until
 * steps 1, 2 and 4 are completed and the W-9 and bank statement are uploaded; then, in one
 * transaction, the review step and the workflow are completed, the client becomes active and its
 * fee schedule starts (billed from today).
 */
export async function completeOnboarding(deps: AppDeps, actor: FirmActor, clientId: string): Promise<Onboarding> {
  const now = deps.now();
  await inOnboarding(deps, actor, clientId, async (tx, open) => {
    const state = await loadOnboardingState(tx, open.customer, open.workflow);
    const missing = missingForActivation(state);
    if (Object.keys(missing).length > 0) {
      throw new AppError('CONFLICT', `Onboarding cannot be completed yet: ${Object.values(missing).join('; ')}`, missing);
    }
    await tx
      .update(clientOnboardingSteps)
      .set({ status: 'completed', completedAt: now, completedBy: actor.userId, updatedAt: now })
      .where(and(eq(clientOnboardingSteps.workflowId, open.workflow.id), eq(clientOnboardingSteps.stepNumber, ONBOARDING_STEP_COUNT)));
    await tx
      .update(clientOnboardingWorkflows)
      .set({ status: 'completed', currentStep: ONBOARDING_STEP_COUNT, startedAt: open.workflow.startedAt ?? now, completedAt: now, updatedAt: now })
      .where(eq(clientOnboardingWorkflows.id, open.workflow.id));
    await tx
      .update(customers)
      .set({ onboardingStatus: 'completed', activatedAt: now, updatedAt: now })
      .where(eq(customers.id, open.customer.id));
    await auditStep(tx, actor, open, 'onboarding.completed', {
      serviceLevel: open.customer.serviceLevel,
      monthlyFee: open.customer.monthlyFee,
      billingFrequency: open.customer.billingFrequency,
      bankAccountId: state.bankAccount?.id ?? null,
    });
    // Billing starts here, by the service level, fee, frequency and terms saved in step 2.
    await syncPracticeFeeSchedule(tx, { organizationId: actor.firmId, userId: actor.userId }, open.customer.id, now);
  });
  return getOnboarding(deps.db, actor, clientId);
}
