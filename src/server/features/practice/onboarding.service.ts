import { and, eq, ne, sql } from 'drizzle-orm';
import type { BusinessInfoStep, DocumentsStep, Onboarding, ServiceSettingsStep } from '../../../shared/contracts/onboarding';
import { ONBOARDING_STEP_COUNT } from '../../../shared/contracts/onboarding';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { clientOnboardingSteps, clientOnboardingWorkflows, customers, organizations } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { findWorkspaceRole } from '../../platform/workspaces';
import { BANK_ACCOUNT_ROLES } from '../bank-accounts/bank-accounts.routes';
import type { FirmActor } from './create-client';
import { findClientDocuments, loadOnboardingState, missingDocuments, toOnboardingDto } from './onboarding.queries';
import { type CustomerRow, type WorkflowRow, findPracticeClient } from './practice.queries';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';

export interface OpenOnboarding {
  customer: CustomerRow;
  workflow: WorkflowRow;
}

/** The onboarding of a client the member may see, as the API answers it; 404 otherwise. */
export async function getOnboarding(db: Database, actor: FirmActor, clientId: string): Promise<Onboarding> {
  const found = await findPracticeClient(db, actor, clientId);
  if (!found?.workflow) throw notFound('Client');
  return toOnboardingDto(await loadOnboardingState(db, found.customer, found.workflow));
}

/**
 * Onboarding writes the client workspace's bank account and documents, so it takes the role that
 * manages bank accounts there: the firm's owners and admins, or an accountant granted the client.
 */
export async function requireOnboarder(db: Database, actor: FirmActor, customer: CustomerRow): Promise<void> {
  const role = customer.clientOrganizationId
    ? await findWorkspaceRole(db, { userId: actor.userId, homeOrganizationId: actor.firmId, homeRole: actor.role, firmId: actor.firmId }, customer.clientOrganizationId)
    : null;
  if (!role || !BANK_ACCOUNT_ROLES.some((allowed) => allowed === role)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to onboard this client');
  }
}

/**
 * Runs one onboarding change in a transaction: the client row locked first (every onboarding
 * write takes it, so two saves of one client run one after the other), the member's right to
 * onboard it checked, and a finished onboarding refused.
 */
export async function inOnboarding<T>(deps: AppDeps, actor: FirmActor, clientId: string, work: (tx: Database, open: OpenOnboarding) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const found = await findPracticeClient(tx, actor, clientId, { lock: true });
    if (!found?.workflow) throw notFound('Client');
    await requireOnboarder(tx, actor, found.customer);
    if (found.workflow.status === 'completed') throw new AppError('CONFLICT', 'This client has already been onboarded');
    return work(tx, { customer: found.customer, workflow: found.workflow });
  });
}

/**
 * Records a step's save: its data (when given) and status, the workflow's current step (the step
 * itself for a draft, the next one once completed), and the start of the onboarding at its first
 * save (workflow and client in progress).
 */
export async function recordStep(
  tx: Database,
  open: OpenOnboarding,
  step: { number: number; data?: Record<string, unknown>; completed: boolean; currentStep: number },
  actor: FirmActor,
  now: Date,
): Promise<void> {
  await tx
    .update(clientOnboardingSteps)
    .set({
      ...(step.data && { data: step.data }),
      status: step.completed ? 'completed' : 'in_progress',
      completedAt: step.completed ? now : null,
      completedBy: step.completed ? actor.userId : null,
      updatedAt: now,
    })
    .where(and(eq(clientOnboardingSteps.workflowId, open.workflow.id), eq(clientOnboardingSteps.stepNumber, step.number)));
  await tx
    .update(clientOnboardingWorkflows)
    .set({ currentStep: step.currentStep, status: 'in_progress', startedAt: open.workflow.startedAt ?? now, updatedAt: now })
    .where(eq(clientOnboardingWorkflows.id, open.workflow.id));
  if (open.customer.onboardingStatus !== 'in_progress') {
    await tx.update(customers).set({ onboardingStatus: 'in_progress', updatedAt: now }).where(eq(customers.id, open.customer.id));
  }
}

/** Where the workflow stands after saving step n: there for a draft, on the next step once completed. */
export const nextStep = (number: number, completed: boolean) => (completed ? Math.min(number + 1, ONBOARDING_STEP_COUNT) : number);

export async function auditStep(tx: Database, actor: FirmActor, open: OpenOnboarding, action: string, details: Record<string, unknown>): Promise<void> {
  await writeAudit(tx, { organizationId: actor.firmId, userId: actor.userId, action, entityType: 'customer', entityId: open.customer.id, details });
}

const duplicateEmail = () =>
  new AppError('CONFLICT', 'A client with this business email is already in your practice', {
    'businessInfo.email': 'A client with this business email is already in your practice',
  });

/**
 * Step 1, Business Information. Completing it puts the business and its primary contact on the
 * firm's customer row and the business's details on its workspace.
 */
export async function saveBusinessInfo(deps: AppDeps, actor: FirmActor, clientId: string, body: BusinessInfoStep): Promise<Onboarding> {
  const now = deps.now();
  const { businessInfo: info, primaryContact: contact, complete } = body;
  try {
    await inOnboarding(deps, actor, clientId, async (tx, open) => {
      if (complete) {
        const [taken] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.organizationId, actor.firmId), ne(customers.id, open.customer.id), sql`lower(${customers.email}) = lower(${info.email})`))
          .limit(1);
        if (taken) throw duplicateEmail();
        const details = {
          name: info.name,
          phone: info.phone || null,
          address: info.address || null,
          city: info.city || null,
          state: info.state || null,
          zipCode: info.zipCode || null,
          taxId: info.taxId || null,
          updatedAt: now,
        };
        await tx
          .update(customers)
          .set({
            ...details,
            email: info.email,
            businessType: info.businessType || null,
            industry: info.industry || null,
            primaryContactName: contact.name,
            primaryContactEmail: contact.email,
            primaryContactPhone: contact.phone || null,
          })
          .where(eq(customers.id, open.customer.id));
        if (open.customer.clientOrganizationId) await tx.update(organizations).set(details).where(eq(organizations.id, open.customer.clientOrganizationId));
      }
      await recordStep(tx, open, { number: 1, data: { businessInfo: info, primaryContact: contact }, completed: complete, currentStep: nextStep(1, complete) }, actor, now);
      await auditStep(tx, actor, open, complete ? 'onboarding.step_completed' : 'onboarding.step_saved', { step: 1, name: info.name, email: info.email });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customers_org_email_key')) throw duplicateEmail();
    throw error;
  }
  return getOnboarding(deps.db, actor, clientId);
}

/**
 * Step 2, Service Configuration. Completing it puts the service level, fee, billing frequency,
 * auto-approval limit, invoice template, payment terms and payment methods on the customer row.
 */
export async function saveServiceSettings(deps: AppDeps, actor: FirmActor, clientId: string, body: ServiceSettingsStep): Promise<Onboarding> {
  const now = deps.now();
  const settings = body.serviceSettings;
  const decimal = (cents: number | null) => (cents === null ? '' : toDecimal(cents));
  const data = { serviceSettings: { ...settings, monthlyFee: decimal(settings.monthlyFee), autoApprovalLimit: decimal(settings.autoApprovalLimit) } };
  await inOnboarding(deps, actor, clientId, async (tx, open) => {
    if (body.complete && settings.monthlyFee !== null && settings.autoApprovalLimit !== null) {
      await tx
        .update(customers)
        .set({
          serviceLevel: settings.serviceLevel,
          monthlyFee: toDecimal(settings.monthlyFee),
          billingFrequency: settings.billingFrequency,
          autoApprovalLimit: toDecimal(settings.autoApprovalLimit),
          invoiceTemplate: settings.invoiceTemplate,
          paymentTerms: settings.paymentTerms,
          preferredPaymentMethods: settings.preferredPaymentMethods,
          updatedAt: now,
        })
        .where(eq(customers.id, open.customer.id));
      await syncPracticeFeeSchedule(tx, { organizationId: actor.firmId, userId: actor.userId }, open.customer.id, now);
    }
    await recordStep(tx, open, { number: 2, data, completed: body.complete, currentStep: nextStep(2, body.complete) }, actor, now);
    await auditStep(tx, actor, open, body.complete ? 'onboarding.step_completed' : 'onboarding.step_saved', {
      step: 2,
      serviceLevel: settings.serviceLevel,
      monthlyFee: data.serviceSettings.monthlyFee,
      billingFrequency: settings.billingFrequency,
      autoApprovalLimit: data.serviceSettings.autoApprovalLimit,
    });
  });
  return getOnboarding(deps.db, actor, clientId);
}

/** Step 3, Document Upload: complete once the W-9 and the bank statement are uploaded (409 naming each one missing). */
export async function saveDocumentsStep(deps: AppDeps, actor: FirmActor, clientId: string, body: DocumentsStep): Promise<Onboarding> {
  const now = deps.now();
  await inOnboarding(deps, actor, clientId, async (tx, open) => {
    const missing = missingDocuments(await findClientDocuments(tx, open.customer.id));
    const documentsIn = Object.keys(missing).length === 0;
    if (body.complete && !documentsIn) {
      throw new AppError('CONFLICT', `Upload the required documents to complete this step: ${Object.values(missing).join('; ')}`, missing);
    }
    await recordStep(tx, open, { number: 3, completed: documentsIn, currentStep: nextStep(3, body.complete) }, actor, now);
    await auditStep(tx, actor, open, body.complete ? 'onboarding.step_completed' : 'onboarding.step_saved', { step: 3 });
  });
  return getOnboarding(deps.db, actor, clientId);
}
