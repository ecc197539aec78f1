import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { customers } from './customers';
import { documents } from './documents';
import { organizations } from './organizations';
import { users } from './users';

export const onboardingStatuses = ['pending', 'in_progress', 'completed'] as const;
export const clientDocumentTypes = ['w9Form', 'bankStatement', 'businessLicense', 'operatingAgreement'] as const;

/**
 * A client's onboarding (spec practice 3.6): five steps, resumable at currentStep. organizationId
 * is the firm; customerId the firm's customer row for the client.
 */
export const clientOnboardingWorkflows = pgTable(
  'client_onboarding_workflows',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    accountantId: uuid('accountant_id').references(() => users.id, { onDelete: 'set null' }),
    currentStep: integer('current_step').notNull().default(1),
    totalSteps: integer('total_steps').notNull().default(5),
    status: text('status', { enum: onboardingStatuses }).notNull().default('pending'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_onboarding_workflows_customer_key').on(t.customerId), index('client_onboarding_workflows_org_idx').on(t.organizationId, t.status)],
);

/** One step of an onboarding workflow with what was typed in it (data), saved as the user goes. */
export const clientOnboardingSteps = pgTable(
  'client_onboarding_steps',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => clientOnboardingWorkflows.id, { onDelete: 'cascade' }),
    stepNumber: integer('step_number').notNull(),
    stepName: text('step_name').notNull(),
    stepType: text('step_type').notNull(),
    isRequired: boolean('is_required').notNull().default(true),
    status: text('status', { enum: ['pending', 'in_progress', 'completed'] }).notNull().default('pending'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_onboarding_steps_workflow_step_key').on(t.workflowId, t.stepNumber)],
);

/**
 * A compliance document of a client (W-9, bank statement, business license, operating agreement).
 * The file is stored by the documents module in the client's workspace (documentId); a newer upload
 * of the same type replaces the older one for onboarding.
 */
export const clientDocuments = pgTable(
  'client_documents',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    documentType: text('document_type', { enum: clientDocumentTypes }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    filePath: text('file_path').notNull(),
    mimeType: text('mime_type').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('client_documents_customer_idx').on(t.customerId, t.documentType, t.createdAt)],
);

/** A message a firm sent to a client's contact (Send Message); mailed once through the job queue. */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('client_messages_customer_idx').on(t.organizationId, t.customerId, t.createdAt)],
);

/** The firm's subscription plan over time (Settings > Billing), kept besides the audit log. */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    /** manual (recorded by the owner) or stripe (confirmed by the webhook). */
    source: text('source', { enum: ['manual', 'stripe'] }).notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    stripeReference: text('stripe_reference'),
    createdAt: createdAt(),
  },
  (t) => [index('plan_changes_org_idx').on(t.organizationId, t.createdAt), uniqueIndex('plan_changes_stripe_key').on(t.stripeReference)],
);
