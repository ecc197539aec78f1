import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bills } from './bills';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const approvalTriggerTypes = ['all', 'amount_over', 'vendor'] as const;
export const billApprovalActions = ['pending', 'approved', 'rejected', 'superseded'] as const;

/**
 * Approval rules (spec 3, Approval workflow). triggerValue is a decimal amount for amount_over
 * and a vendor id for vendor; unused for all.
 */
export const approvalWorkflows = pgTable(
  'approval_workflows',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    description: text('description'),
    triggerType: text('trigger_type', { enum: approvalTriggerTypes }).notNull(),
    triggerValue: text('trigger_value'),
    approverIds: uuid('approver_ids').array().notNull(),
    requireAllApprovers: boolean('require_all_approvers').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('approval_workflows_org_idx').on(t.organizationId, t.isActive)],
);

/**
 * One approver's decision on one round of a bill (spec 3, Bill approval). Starting a new round
 * marks the previous round's pending and rejected rows superseded.
 */
export const billApprovals = pgTable(
  'bill_approvals',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id').references(() => approvalWorkflows.id, { onDelete: 'set null' }),
    round: integer('round').notNull(),
    status: text('status', { enum: billApprovalActions }).notNull().default('pending'),
    notes: text('notes'),
    /** When the approver approved or rejected (spec: approvedAt). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bill_approvals_approver_idx').on(t.organizationId, t.approverId, t.status),
    index('bill_approvals_bill_idx').on(t.billId, t.round),
    index('bill_approvals_acted_idx').on(t.organizationId, t.approvedAt),
  ],
);
