import { z } from 'zod';
import { dateInput, pageQuery } from './common';

/**
 * The audit trail (Settings > Activity and each invoice's and bill's History): the rows
 * src/server/platform/audit.ts writes with every change to money, approval or access state.
 */

/** What each action the product writes is called on screen and in the CSV. */
export const auditActionLabels: Readonly<Record<string, string>> = {
  'invoice.created': 'Invoice created',
  'invoice.updated': 'Invoice edited',
  'invoice.deleted': 'Invoice deleted',
  'invoice.sent': 'Invoice sent',
  'invoice.emailed': 'Invoice emailed',
  'invoice.send_failed': 'Invoice send failed',
  'invoice.cancelled': 'Invoice cancelled',
  'invoice.reminder_sent': 'Reminder sent',
  'invoice.reminder_failed': 'Reminder failed',
  'invoice.payment_recorded': 'Payment recorded',
  'invoice.paid': 'Invoice paid',
  'payment_link.created': 'Payment link created',
  'payment_link.paid': 'Paid by payment link',
  'payment_link.payment_unmatched': 'Card payment not matched',
  'recurring_invoice.created': 'Recurring invoice created',
  'recurring_invoice.updated': 'Recurring invoice edited',
  'recurring_invoice.paused': 'Recurring invoice paused',
  'recurring_invoice.deleted': 'Recurring invoice deleted',
  'recurring_invoice.generated': 'Recurring invoice generated',
  'bill.created': 'Bill created',
  'bill.updated': 'Bill edited',
  'bill.deleted': 'Bill deleted',
  'bill.approval_requested': 'Approval requested',
  'bill_approval.approved': 'Approved',
  'bill_approval.rejected': 'Rejected',
  'bill.payment_scheduled': 'Payment scheduled',
  'bill.paid': 'Bill paid',
  'payment.completed': 'Payment completed',
  'payment.failed': 'Payment failed',
  'payment.removed': 'Payment removed',
  'payment.uncompleted': 'Payment back to processing',
  'payment.return_undone': 'Payment return undone',
  'payment.locked_change': 'Reconciled payment changed by the owner',
  'invoice.reopened': 'Invoice reopened',
  'invoice.payment_removed': 'Payment removed from invoice',
  'bill.reopened': 'Bill reopened',
  'bank_statement.imported': 'Bank statement imported',
  'bank_transaction.matched': 'Bank line matched',
  'bank_transaction.unmatched': 'Bank line match undone',
  'bank_transaction.excluded': 'Bank line excluded',
  'bank_transaction.locked_change': 'Reconciled bank line changed by the owner',
  'bank_rule.created': 'Bank rule created',
  'bank_rule.updated': 'Bank rule edited',
  'bank_rule.deleted': 'Bank rule deleted',
  'bank_account.reconciled': 'Bank account reconciled',
  'bank_account.feed_linked': 'Bank feed connected',
  'bank_account.feed_synced': 'Bank feed synced',
  'payment_run.scheduled': 'Payment run scheduled',
  'payment_run.nacha_exported': 'ACH file downloaded',
  'vendor.created': 'Vendor created',
  'vendor.updated': 'Vendor edited',
  'vendor.deleted': 'Vendor deleted',
  'bank_account.created': 'Bank account added',
  'bank_account.updated': 'Bank account edited',
  'bank_account.removed': 'Bank account removed',
  'bank_account.verified': 'Bank account verified',
  'bank_account.verification_expired': 'Bank account verification expired',
  'approval_workflow.created': 'Approval rule created',
  'approval_workflow.updated': 'Approval rule edited',
  'approval_workflow.deleted': 'Approval rule deleted',
  'document.uploaded': 'Document uploaded',
  'document.deleted': 'Document deleted',
  'document.transaction_created': 'Document turned into a transaction',
  'automation_settings.updated': 'Automation settings changed',
  'analytics_costs.updated': 'Cost per item changed',
  'team.member_invited': 'Member invited',
  'team.member_joined': 'Member joined',
  'team.member_updated': 'Member changed',
  'team.member_removed': 'Member removed',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.two_factor_enabled': 'Two-factor turned on',
  'user.two_factor_disabled': 'Two-factor turned off',
  'user.two_factor_recovery_codes_regenerated': 'Recovery codes replaced',
  'user.two_factor_recovery_code_used': 'Recovery code used',
  'workspace.switched': 'Workspace opened',
  'workspace.entered': 'Workspace entered',
  'workspace_grant.created': 'Client access granted',
  'practice_client.created': 'Client added',
  'practice_client.deleted': 'Client deleted',
  'practice_client.activated': 'Client activated',
  'practice_client.deactivated': 'Client deactivated',
  'practice_client.access_granted': 'Client access granted',
  'practice_client.access_revoked': 'Client access revoked',
  'practice_client.message_queued': 'Message to client sent',
  'practice_client.service_level_changed': 'Service level changed',
  'firm.registered': 'Firm registered',
  'firm.plan_changed': 'Plan changed',
  'integration.connected': 'Integration connected',
  'integration.updated': 'Integration settings changed',
  'integration.disconnected': 'Integration disconnected',
  'integration.authorized': 'Integration authorized',
  'firm.plan_subscription_cancel_failed': 'Plan subscription not cancelled',
  // Customer portal (issue 31)
  'customer.portal_access': 'Portal access changed',
  'customer.portal_invited': 'Portal sign-in link sent',
  'customer.portal_sign_in': 'Signed in to the portal',
  'portal_settings.updated': 'Portal settings changed',
};

/** The kinds of record an audit row is about, as the Record type filter offers them. */
export const auditEntityTypeLabels: Readonly<Record<string, string>> = {
  invoice: 'Invoice',
  recurring_invoice: 'Recurring invoice',
  bill: 'Bill',
  payment: 'Payment',
  payment_run: 'Payment run',
  vendor: 'Vendor',
  customer: 'Customer',
  bank_account: 'Bank account',
  approval_workflow: 'Approval rule',
  document: 'Document',
  user: 'User',
  team_invitation: 'Invitation',
  organization: 'Organization',
  integration: 'Integration',
  bank_statement: 'Bank statement',
  bank_transaction: 'Bank line',
  bank_rule: 'Bank rule',
};

/** "invoice.reminder_sent" -> "Invoice reminder sent" for an action without a label yet. */
function spelledOut(code: string): string {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

export const auditActionLabel = (action: string): string => auditActionLabels[action] ?? spelledOut(action);
export const auditEntityTypeLabel = (entityType: string): string => auditEntityTypeLabels[entityType] ?? spelledOut(entityType);

/** The filters of GET /api/audit-log and its CSV (GET /api/audit-log/export). */
export const auditLogFilters = z.object({
  /** A member's id, or "system" for what the product did by itself (reminders, the payment scheduler). */
  userId: z.union([z.literal('system'), z.uuid({ message: 'Unknown user' })]).optional(),
  action: z.string().trim().max(100, 'Action must be at most 100 characters').optional(),
  entityType: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,50}$/, 'Unknown record type')
    .optional(),
  entityId: z.string().trim().max(100, 'Record id must be at most 100 characters').optional(),
  /** First and last day shown, the organization's days (a timestamp stands for its day there). */
  from: dateInput('From').optional(),
  to: dateInput('To').optional(),
});
export type AuditLogFilters = z.output<typeof auditLogFilters>;

export const auditLogQuery = pageQuery.extend(auditLogFilters.shape);
export type AuditLogQuery = z.output<typeof auditLogQuery>;

/** Who did it: a member, or null for the product itself ("System"). */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

/** One row of the audit trail as the API returns it. */
export interface AuditLogEntry {
  id: string;
  action: string;
  actionLabel: string;
  user: AuditActor | null;
  entityType: string;
  entityTypeLabel: string;
  entityId: string;
  /** The record's readable name: invoice or bill number, vendor or customer name; null when it cannot be found. */
  reference: string | null;
  /** What changed in a line ("Comment: Wrong amount", "Payment of $50.00 by check"); null when there is nothing to add. */
  summary: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The people who appear in the organization's audit trail (the User filter). */
export type AuditLogUser = AuditActor;
