import { z } from 'zod';
import { toDecimal } from '../money';
import { moneyInput } from './common';

export const approvalTriggerTypes = ['all', 'amount_over', 'vendor'] as const;
export type ApprovalTriggerType = (typeof approvalTriggerTypes)[number];

/**
 * An approval rule (spec 3, Approval workflow). triggerValue: an amount for amount_over (bills
 * over it match), a vendor id for vendor, nothing for all.
 */
export const approvalWorkflowInputSchema = z
  .object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    description: z
      .string()
      .trim()
      .max(1000, 'Description must be at most 1000 characters')
      .nullish()
      .transform((value) => value || null),
    triggerType: z.enum(approvalTriggerTypes, { message: 'Trigger must be all, amount_over or vendor' }),
    triggerValue: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((value) => (value === null || value === undefined ? '' : String(value).trim())),
    approverIds: z
      .array(z.uuid({ message: 'Invalid approver' }), { message: 'Choose at least one approver' })
      .min(1, 'Choose at least one approver')
      .max(20, 'At most 20 approvers')
      .transform((ids) => [...new Set(ids)]),
    requireAllApprovers: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.triggerType === 'amount_over') {
      const parsed = moneyInput('Amount').safeParse(value.triggerValue);
      if (!parsed.success) {
        const message = value.triggerValue ? (parsed.error.issues[0]?.message ?? 'Invalid amount') : 'Amount is required';
        ctx.addIssue({ code: 'custom', path: ['triggerValue'], message });
      }
    }
    if (value.triggerType === 'vendor' && !z.uuid().safeParse(value.triggerValue).success) {
      ctx.addIssue({ code: 'custom', path: ['triggerValue'], message: 'Vendor is required' });
    }
  })
  .transform((value) => {
    let triggerValue: string | null = null;
    if (value.triggerType === 'amount_over') triggerValue = toDecimal(moneyInput('Amount').parse(value.triggerValue));
    if (value.triggerType === 'vendor') triggerValue = value.triggerValue;
    return { ...value, triggerValue };
  });
/** triggerValue: a decimal amount ("5000.00") for amount_over, a vendor id for vendor, null for all. */
export type ApprovalWorkflowInput = z.output<typeof approvalWorkflowInputSchema>;
export type ApprovalWorkflowFormValues = z.input<typeof approvalWorkflowInputSchema>;

export interface ApprovalWorkflow {
  id: string;
  name: string;
  description: string | null;
  triggerType: ApprovalTriggerType;
  /** A decimal amount ("5000.00") for amount_over, a vendor id for vendor, null for all. */
  triggerValue: string | null;
  vendorName: string | null;
  approverIds: string[];
  approvers: { id: string; name: string }[];
  requireAllApprovers: boolean;
  isActive: boolean;
  createdAt: string;
}

/** A user who can be named as an approver (active, not a viewer). */
export interface EligibleApprover {
  id: string;
  name: string;
  role: string;
  /** null: no limit. */
  approvalLimit: string | null;
}

export const approvalActions = ['pending', 'approved', 'rejected'] as const;
export type ApprovalAction = (typeof approvalActions)[number];

/** A request waiting for the signed-in user (spec 3, Approval request). */
export interface ApprovalRequest {
  id: string;
  billId: string;
  billNumber: string;
  vendor: string;
  description: string;
  totalAmount: string;
  requestedAt: string;
  createdBy: string | null;
  approvals: { id: string; approverName: string; action: ApprovalAction }[];
}

export interface ApprovalStats {
  pendingCount: number;
  approvedThisWeek: number;
  rejectedThisWeek: number;
  /** Decimal string; "0.00" when nothing is pending. */
  highestPendingAmount: string;
}

const comments = z
  .string()
  .trim()
  .max(2000, 'Comments must be at most 2000 characters')
  .nullish()
  .transform((value) => value || null);

export const approveSchema = z.object({ comments }).default({ comments: null });
/** Rejecting needs a reason the bill's author can act on. */
export const rejectSchema = z.object({
  comments: z
    .string({ message: 'A comment is required to reject' })
    .trim()
    .min(1, 'A comment is required to reject')
    .max(2000, 'Comments must be at most 2000 characters'),
});

export const batchApproveSchema = z.object({
  requestIds: z
    .array(z.string().max(100), { message: 'Choose at least one request' })
    .min(1, 'Choose at least one request')
    .max(200, 'At most 200 requests at once')
    .transform((ids) => [...new Set(ids)]),
  comments,
});

export interface BatchApproveResult {
  approvedCount: number;
  skipped: { requestId: string; reason: string }[];
}
