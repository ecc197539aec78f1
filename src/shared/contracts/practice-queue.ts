import { z } from 'zod';
import { pageQuery } from './common';
import { approveSchema, rejectSchema } from './approvals';

/*
 * The practice's queue across client workspaces (issue 11, item 4): bills waiting for the signed-in
 * user's approval and payments scheduled or due in the next 14 days, in every workspace the user may
 * open (the firm's own books too).
 */

/** How far ahead the Payments due list looks, in calendar days of each organization. */
export const QUEUE_PAYMENT_HORIZON_DAYS = 14;

export const queueKinds = ['approvals', 'payments'] as const;
export type QueueKind = (typeof queueKinds)[number];
export const queueSorts = ['dueDate', 'amount', 'client'] as const;
export type QueueSort = (typeof queueSorts)[number];
export const sortOrders = ['asc', 'desc'] as const;

export const queueListQuery = pageQuery.extend({
  kind: z.enum(queueKinds, { message: 'Kind must be approvals or payments' }).default('approvals'),
  /** One workspace only (a client's, or the firm's own); it narrows the list, it never widens it. */
  organizationId: z.uuid({ message: 'Choose a client' }).optional(),
  sort: z.enum(queueSorts, { message: 'Sort must be dueDate, amount or client' }).default('dueDate'),
  order: z.enum(sortOrders, { message: 'Order must be asc or desc' }).default('asc'),
});
export type QueueListQuery = z.infer<typeof queueListQuery>;

const workspaceFields = {
  /** The workspace the item belongs to: a client's, or the firm's own (isFirm). */
  organizationId: z.string(),
  clientName: z.string(),
  isFirm: z.boolean(),
  /** The workspace's currency: amounts are shown in it. */
  currency: z.string(),
};

/** A bill approval request waiting for the signed-in user. */
export const queueApprovalSchema = z.object({
  /** The approval request's id: approve, reject and batch-approve take it. */
  id: z.string(),
  ...workspaceFields,
  billId: z.string(),
  billNumber: z.string(),
  vendor: z.string(),
  /** Decimal text ("1200.00"). */
  totalAmount: z.string(),
  dueDate: z.string(),
  submittedAt: z.string(),
  /** The bill's total is over the user's approval limit: approving it will be refused. */
  overLimit: z.boolean(),
});
export type QueueApproval = z.infer<typeof queueApprovalSchema>;

export const queuePaymentStatuses = ['scheduled', 'processing', 'due', 'overdue'] as const;
export type QueuePaymentStatus = (typeof queuePaymentStatuses)[number];

/**
 * Money going out soon: a scheduled bill payment (source payment: its id is the payment's) or an
 * unpaid, unscheduled bill falling due (source bill: its id is the bill's; overdue when its due
 * date has passed).
 */
export const queuePaymentSchema = z.object({
  id: z.string(),
  source: z.enum(['payment', 'bill']),
  ...workspaceFields,
  billId: z.string(),
  billNumber: z.string(),
  payee: z.string(),
  /** Decimal text: the payment's amount, or what is left to pay on the bill. */
  amount: z.string(),
  /** The payment's scheduled date, or the bill's due date. */
  date: z.string(),
  status: z.enum(queuePaymentStatuses),
  /** ach, wire or check for a scheduled payment; null for a bill not scheduled yet. */
  method: z.string().nullable(),
  approvalStatus: z.enum(['not_required', 'pending', 'approved', 'rejected']),
});
export type QueuePayment = z.infer<typeof queuePaymentSchema>;

/** What waits where: the tab counts and the client filter's choices (workspaces with something waiting). */
export const queueSummarySchema = z.object({
  approvals: z.number().int(),
  payments: z.number().int(),
  clients: z.array(
    z.object({
      organizationId: z.string(),
      name: z.string(),
      isFirm: z.boolean(),
      approvals: z.number().int(),
      payments: z.number().int(),
    }),
  ),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** Same bodies and messages as the Approvals page's. */
export const queueApproveSchema = approveSchema;
export const queueRejectSchema = rejectSchema;

export const queueBatchApproveSchema = z.object({
  approvalIds: z
    .array(z.string().max(100), { message: 'Choose at least one request' })
    .min(1, 'Choose at least one request')
    .max(200, 'At most 200 requests at once')
    .transform((ids) => [...new Set(ids)]),
  comments: z
    .string()
    .trim()
    .max(2000, 'Comments must be at most 2000 characters')
    .nullish()
    .transform((value) => value || null),
});
export type QueueBatchApprove = z.input<typeof queueBatchApproveSchema>;

export const queueDecisionSchema = z.object({
  approvalId: z.string(),
  organizationId: z.string(),
  billId: z.string(),
  billApprovalStatus: z.enum(['pending', 'approved', 'rejected']),
});
export type QueueDecision = z.infer<typeof queueDecisionSchema>;

/** One item of a batch: approved, or skipped with the reason the Approvals page would give. */
export const queueBatchItemSchema = z.object({
  approvalId: z.string(),
  outcome: z.enum(['approved', 'skipped']),
  reason: z.string().nullable(),
  /** null when the request was not found in any workspace the user may open. */
  organizationId: z.string().nullable(),
  clientName: z.string().nullable(),
  billNumber: z.string().nullable(),
  vendor: z.string().nullable(),
  /** The bill's approval state after this item (pending while other approvers are still needed). */
  billApprovalStatus: z.enum(['pending', 'approved', 'rejected']).nullable(),
});
export const queueBatchResultSchema = z.object({
  approvedCount: z.number().int(),
  skippedCount: z.number().int(),
  results: z.array(queueBatchItemSchema),
});
export type QueueBatchResult = z.infer<typeof queueBatchResultSchema>;
