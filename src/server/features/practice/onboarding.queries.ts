import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  type ClientDocumentType,
  type Onboarding,
  type OnboardingClient,
  clientDocumentCatalogue,
  clientDocumentTypes,
  onboardingDefaults,
  serviceSettingsSchema,
  stepValues,
} from '../../../shared/contracts/onboarding';
import type { Database } from '../../db/client';
import { bankAccounts, clientDocuments, clientOnboardingSteps, clientOnboardingWorkflows, customers } from '../../db/schema';
import type { FirmActor } from './create-client';
import { type CustomerRow, type WorkflowRow, completionPercentage, visibleClients } from './practice.queries';

export type StepRow = typeof clientOnboardingSteps.$inferSelect;
export type ClientDocumentRow = typeof clientDocuments.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;

export async function findOnboardingSteps(db: Database, workflowId: string): Promise<StepRow[]> {
  return db.select().from(clientOnboardingSteps).where(eq(clientOnboardingSteps.workflowId, workflowId)).orderBy(asc(clientOnboardingSteps.stepNumber));
}

/**
 * The client's compliance documents for onboarding, one per type (an upload replaces the older
 * one of its type). A document the client deleted from its Documents no longer counts.
 */
export async function findClientDocuments(db: Database, customerId: string): Promise<Partial<Record<ClientDocumentType, ClientDocumentRow>>> {
  const rows = await db
    .select()
    .from(clientDocuments)
    .where(and(eq(clientDocuments.customerId, customerId), isNotNull(clientDocuments.documentId)))
    .orderBy(desc(clientDocuments.createdAt));
  const latest: Partial<Record<ClientDocumentType, ClientDocumentRow>> = {};
  for (const row of rows) latest[row.documentType] ??= row;
  return latest;
}

/** Step 4's bank account in the client's workspace, while it is in use. */
export async function findOnboardingBankAccount(db: Database, workspaceId: string | null, bankAccountId: unknown): Promise<BankAccountRow | null> {
  if (!workspaceId || typeof bankAccountId !== 'string' || bankAccountId === '') return null;
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.organizationId, workspaceId), eq(bankAccounts.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Step 2's values before it is saved: the spec's defaults under what the client row already holds
 * (the payment terms chosen in the Add New Client wizard, its service level, fee and frequency), so
 * the wizard's Net 15 is not shown, and then saved, as the default Net 30.
 */
function serviceSettingsDefaults(customer: Pick<CustomerRow, 'serviceLevel' | 'monthlyFee' | 'billingFrequency' | 'paymentTerms'> | undefined) {
  if (!customer) return onboardingDefaults.serviceSettings;
  const stored = { serviceLevel: customer.serviceLevel, monthlyFee: customer.monthlyFee, billingFrequency: customer.billingFrequency, paymentTerms: customer.paymentTerms };
  const { shape } = serviceSettingsSchema;
  // Only values the step accepts (a client added before the wizard had terms keeps the default).
  const valid = Object.fromEntries(Object.entries(stored).filter(([key, value]) => value !== null && shape[key as keyof typeof stored].safeParse(value).success));
  return stepValues(onboardingDefaults.serviceSettings, valid);
}

/** What a step's saved data holds, laid over the step's defaults (step 2's from the client row). */
export function stepData(stepNumber: number, data: Record<string, unknown>, customer?: CustomerRow): Record<string, unknown> {
  switch (stepNumber) {
    case 1:
      return { businessInfo: stepValues(onboardingDefaults.businessInfo, data.businessInfo), primaryContact: stepValues(onboardingDefaults.primaryContact, data.primaryContact) };
    case 2:
      return { serviceSettings: stepValues(serviceSettingsDefaults(customer), data.serviceSettings) };
    case 4:
      return { bankingInfo: stepValues(onboardingDefaults.bankingInfo, data.bankingInfo) };
    default:
      return {};
  }
}

export interface OnboardingState {
  customer: CustomerRow;
  workflow: WorkflowRow;
  steps: StepRow[];
  documents: Partial<Record<ClientDocumentType, ClientDocumentRow>>;
  bankAccount: BankAccountRow | null;
}

export async function loadOnboardingState(db: Database, customer: CustomerRow, workflow: WorkflowRow): Promise<OnboardingState> {
  const steps = await findOnboardingSteps(db, workflow.id);
  const banking = stepData(4, steps.find((step) => step.stepNumber === 4)?.data ?? {}).bankingInfo as { bankAccountId: string };
  const [documents, bankAccount] = await Promise.all([
    findClientDocuments(db, customer.id),
    findOnboardingBankAccount(db, customer.clientOrganizationId, banking.bankAccountId),
  ]);
  return { customer, workflow, steps, documents, bankAccount };
}

/** Step 3 is done when its required documents are in; the review (step 5) is what activation completes. */
const STEPS_COMPLETED_BY_THE_USER = new Set([1, 2, 4]);

/**
 * What activation still needs, one message per item: step1, step2 and step4 until completed, the
 * required documents (w9Form, bankStatement) until uploaded, and bankAccount when step 4's account
 * was removed since. Empty when the client can be activated.
 */
export function missingForActivation(state: Pick<OnboardingState, 'steps' | 'documents' | 'bankAccount'>): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const step of state.steps) {
    if (!STEPS_COMPLETED_BY_THE_USER.has(step.stepNumber) || !step.isRequired || step.status === 'completed') continue;
    missing[`step${step.stepNumber}`] = `Complete step ${step.stepNumber}: ${step.stepName}`;
  }
  Object.assign(missing, missingDocuments(state.documents));
  const banking = state.steps.find((step) => step.stepNumber === 4);
  if (banking?.status === 'completed' && !state.bankAccount) missing.bankAccount = 'Add the bank account again in step 4: Banking Setup';
  return missing;
}

/** The required documents still to upload (step 3's rule), by type. */
export function missingDocuments(documents: OnboardingState['documents']): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const type of clientDocumentTypes) {
    const entry = clientDocumentCatalogue[type];
    if (entry.required && !documents[type]) missing[type] = entry.missing;
  }
  return missing;
}

export function toOnboardingDto(state: OnboardingState): Onboarding {
  const { customer, workflow } = state;
  const documents = Object.fromEntries(
    clientDocumentTypes.map((type) => {
      const row = state.documents[type];
      return [
        type,
        row?.documentId
          ? { documentType: type, documentId: row.documentId, fileName: row.fileName, fileSize: row.fileSize, mimeType: row.mimeType, uploadedAt: row.createdAt.toISOString() }
          : null,
      ];
    }),
  ) as Onboarding['documents'];
  const account = state.bankAccount;
  return {
    client: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      organizationId: customer.clientOrganizationId,
      onboardingStatus: customer.onboardingStatus as Onboarding['client']['onboardingStatus'],
    },
    workflow: {
      id: workflow.id,
      currentStep: workflow.currentStep,
      totalSteps: workflow.totalSteps,
      status: workflow.status,
      completionPercentage: completionPercentage(workflow),
      startedAt: workflow.startedAt?.toISOString() ?? null,
      completedAt: workflow.completedAt?.toISOString() ?? null,
    },
    steps: state.steps.map((step) => ({
      number: step.stepNumber,
      name: step.stepName,
      type: step.stepType,
      isRequired: step.isRequired,
      status: step.status,
      data: stepData(step.stepNumber, step.data, customer),
      completedAt: step.completedAt?.toISOString() ?? null,
    })),
    documents,
    bankAccount: account
      ? {
          id: account.id,
          bankName: account.bankName,
          accountType: account.accountType,
          accountLast4: account.accountLast4,
          routingNumber: account.routingNumber,
          verificationStatus: account.verificationStatus,
          isVerified: account.isVerified,
          needsMicroDeposits: account.needsMicroDeposits,
        }
      : null,
    missing: workflow.status === 'completed' ? {} : missingForActivation(state),
  };
}

/** The clients the member may see that are still onboarding (pending or in progress), newest first. */
export async function findOnboardingClients(db: Database, actor: FirmActor, page: { limit: number; offset: number }): Promise<{ rows: OnboardingClient[]; total: number }> {
  const where = and(visibleClients(actor), inArray(customers.onboardingStatus, ['pending', 'in_progress']));
  const [rows, [total]] = await Promise.all([
    db
      .select({ customer: customers, workflow: clientOnboardingWorkflows })
      .from(customers)
      .leftJoin(clientOnboardingWorkflows, eq(clientOnboardingWorkflows.customerId, customers.id))
      .where(where)
      .orderBy(desc(customers.createdAt), asc(customers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return {
    rows: rows.map(({ customer, workflow }) => ({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      onboardingStatus: customer.onboardingStatus as OnboardingClient['onboardingStatus'],
      currentStep: workflow?.currentStep ?? 1,
      completionPercentage: completionPercentage(workflow),
      startedAt: workflow?.startedAt?.toISOString() ?? null,
      createdAt: customer.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
