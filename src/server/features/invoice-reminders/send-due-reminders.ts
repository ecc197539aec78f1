import { and, eq, lt } from 'drizzle-orm';
import type { ReminderRunResult } from '../../../shared/contracts/invoice-reminders';
import { centsFromDecimal } from '../../../shared/money';
import { invoiceReminders } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { paymentLinkUrl } from '../checkout/create-payment-link';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { moneyIn } from '../invoices/invoice-rules';
import { loadInvoiceDocument, pdfFileName } from '../invoices/send-invoice';
import { type ClaimedReminder, claimDueReminders, findLivePaymentLink } from './invoice-reminders.queries';
import { startLoop } from '../../platform/loop';
import { lateFeesForReminder } from '../statements/late-fees';

export const REMINDER_INTERVAL_MS = 60_000;
const BATCH_SIZE = 50;
/** A reminder still pending this long after its claim belongs to a run that died mid-mail. */
const INTERRUPTED_AFTER_MS = 15 * 60_000;

/**
 * Reminders claimed by a run that crashed before recording the mail server's answer: marked
 * failed, not mailed again, since the mail may have left (at most one mail per reminder).
 */
async function closeInterruptedReminders(deps: ReminderDeps, now: Date, organizationId?: string): Promise<void> {
  await deps.db
    .update(invoiceReminders)
    .set({ status: 'failed', failureReason: 'Interrupted before the mail server answered; not sent again to avoid a second copy' })
    .where(
      and(
        eq(invoiceReminders.status, 'pending'),
        lt(invoiceReminders.createdAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS)),
        organizationId ? eq(invoiceReminders.organizationId, organizationId) : undefined,
      ),
    );
}

type ReminderDeps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

/** Builds and mails one claimed reminder: the invoice PDF attached, the payment link when there is one. */
async function mailReminder(deps: ReminderDeps, reminder: ClaimedReminder, now: Date): Promise<void> {
  const document = await loadInvoiceDocument(deps.db, reminder.organization_id, reminder.invoice_id, now);
  const { invoice, customer, organization } = document;
  const pdf = await renderInvoicePdf(document);
  const link = await findLivePaymentLink(deps.db, reminder.organization_id, reminder.invoice_id, now);
  const balance = moneyIn(organization.currency, centsFromDecimal(invoice.balance));
  const days = reminder.days_overdue;
  const lateFees = await lateFeesForReminder(deps.db, reminder.organization_id, reminder.invoice_id);
  await deps.mail.send({
    to: reminder.to_email,
    subject: `Reminder: invoice ${invoice.invoiceNumber} from ${organization.name} is ${days} ${days === 1 ? 'day' : 'days'} overdue`,
    text: [
      `Dear ${customer.name},`,
      '',
      `This is a friendly reminder that invoice ${invoice.invoiceNumber} from ${organization.name} was due on ${invoice.dueDate} and is now ${days} ${days === 1 ? 'day' : 'days'} overdue.`,
      `Amount still due: ${balance}.`,
      ...(lateFees ? [`Late fees charged on this invoice: ${lateFees}.`] : []),
      ...(link ? ['', `Pay online: ${paymentLinkUrl(deps.config.appUrl, link.linkId, link.amount)}`] : []),
      '',
      'The invoice is attached. If you have already paid, please disregard this message.',
      organization.name,
    ].join('\n'),
    attachments: [{ filename: pdfFileName(invoice.invoiceNumber), content: pdf, contentType: 'application/pdf' }],
  });
}

/**
 * Mails every payment reminder due at `now` (docs: claimDueReminders), each exactly once: the
 * reminder row is inserted (pending) before the mail leaves, then marked sent or failed with the
 * reason. A failed or interrupted reminder is never mailed again by a later run: a refused or
 * lost answer from the mail server may still have delivered it, and a second copy is worse than
 * none; the invoice card shows it as failed.
 */
export async function sendDueReminders(
  deps: ReminderDeps,
  options: { now: Date; limit?: number; organizationId?: string; signal?: AbortSignal },
): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { claimed: 0, sent: 0, failed: 0 };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  await closeInterruptedReminders(deps, options.now, options.organizationId);
  // A stop (signal) ends the run between batches: a claimed reminder is always mailed or closed.
  while (result.claimed < limit && !options.signal?.aborted) {
    const claimed = await claimDueReminders(deps.db, {
      now: options.now,
      limit: Math.min(BATCH_SIZE, limit - result.claimed),
      organizationId: options.organizationId,
    });
    if (claimed.length === 0) break;
    result.claimed += claimed.length;
    for (const reminder of claimed) {
      let failureReason: string | null = null;
      try {
        await mailReminder(deps, reminder, options.now);
      } catch (error) {
        failureReason = error instanceof Error && error.message ? error.message.slice(0, 500) : 'The mail could not be sent';
      }
      await deps.db.transaction(async (tx) => {
        await tx
          .update(invoiceReminders)
          .set(failureReason === null ? { status: 'sent', sentAt: options.now, failureReason: null } : { status: 'failed', failureReason })
          .where(eq(invoiceReminders.id, reminder.id));
        await writeAudit(tx, {
          organizationId: reminder.organization_id,
          userId: null,
          action: failureReason === null ? 'invoice.reminder_sent' : 'invoice.reminder_failed',
          entityType: 'invoice',
          entityId: reminder.invoice_id,
          details: { reminderId: reminder.id, daysOverdue: reminder.days_overdue, to: reminder.to_email, ...(failureReason ? { failureReason } : {}) },
        });
      });
      if (failureReason === null) result.sent += 1;
      else result.failed += 1;
    }
  }
  return result;
}

/** Runs sendDueReminders when the server starts and every minute; never two runs at once in one process. */
export function startReminderScheduler(
  deps: ReminderDeps & Pick<AppDeps, 'now'>,
  log: { error: (details: object, message: string) => void },
): () => Promise<void> {
  return startLoop((signal) => sendDueReminders(deps, { now: deps.now(), signal }), REMINDER_INTERVAL_MS, log, 'payment reminder run failed');
}
