import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { centsFromDecimal } from '../../../shared/money';
import { calendarDay } from '../../../shared/calendar';
import { invoices, organizations } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { Mailer } from '../../platform/mail';
import { recordInvoicePayment } from '../../features/invoices/record-invoice-payment';
import { runDueSchedules } from '../../features/recurring-invoices/generate-recurring-invoices';
import type { SeedContext } from './seed-context';

/*
 * The demo's history, so that the app started after the seed finds its books current (issue 29
 * item 10): every fee period up to the seed's day already billed, and every payment reminder already
 * due already sent. Nothing is generated or mailed at the first start.
 */

/** The generator mails only auto-send schedules; fee schedules are not, and the seed mails nothing. */
const noMail: Mailer = {
  send: () => Promise.reject(new Error('the demo seed mails nothing')),
};

/**
 * Bills the firm's fee schedules up to `until` through the generator itself (one invoice per
 * period, as the app would have made them), in the order the periods came.
 */
export async function billFeePeriodsUntil(context: SeedContext, until: Date): Promise<number> {
  const result = await runDueSchedules({ db: context.db, mail: noMail }, { now: until, organizationIds: [context.organizationId] });
  if (result.failed > 0) throw new Error(`${result.failed} fee schedules could not be billed`);
  return result.generated;
}

/**
 * The fee invoices as the firm handled them: each sent on its issue day, and paid by ACH on its
 * due day (or the seed's today, whichever is first) once that day has come; the ones not yet due
 * stay open. Then each client's balance is brought up to date.
 */
export async function settleFeeInvoices(context: SeedContext): Promise<void> {
  const { db } = context;
  const [firm] = await db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, context.organizationId));
  const today = calendarDay(context.now, firm?.timeZone ?? 'UTC');
  const drafts = await db
    .select({ id: invoices.id, customerId: invoices.customerId, issueDate: invoices.issueDate, dueDate: invoices.dueDate, totalAmount: invoices.totalAmount })
    .from(invoices)
    .where(and(eq(invoices.organizationId, context.organizationId), eq(invoices.status, 'draft'), isNotNull(invoices.recurringInvoiceId)));
  const actor = { organizationId: context.organizationId, userId: context.userId };
  for (const invoice of drafts) {
    const sentAt = new Date(Math.min(new Date(`${invoice.issueDate}T17:00:00Z`).getTime(), context.now.getTime()));
    await db.transaction(async (tx) => {
      await tx.update(invoices).set({ status: 'sent', sentAt, updatedAt: sentAt }).where(eq(invoices.id, invoice.id));
      await writeAudit(tx, { ...actor, action: 'invoice.sent', entityType: 'invoice', entityId: invoice.id, details: { from: 'draft', to: 'sent', seeded: true } });
    });
    const paidDay = invoice.dueDate < today ? invoice.dueDate : null;
    if (paidDay) {
      await recordInvoicePayment(db, actor, invoice.id, { amount: centsFromDecimal(invoice.totalAmount), paidAt: paidDay, method: 'ach', reference: `ACH ${paidDay}` }, context.now);
    }
  }
}

/**
 * Every payment reminder already due at the seed's clock, recorded as sent on its day (the history
 * of the overdue invoices), for the firm and its clients' workspaces: the reminder run at the
 * first start finds each one done. The days are each organization's (or the default 7, 14, 30).
 */
export async function recordPastReminders(context: SeedContext): Promise<void> {
  const now = context.now.toISOString();
  await context.db.execute(sql`
    insert into invoice_reminders (organization_id, invoice_id, days_overdue, reminder_date, to_email, status, sent_at, created_at)
    select i.organization_id, i.id, d.day, i.due_date + d.day, c.email, 'sent',
      ((i.due_date + d.day)::timestamp + interval '9 hours') at time zone o.time_zone,
      ((i.due_date + d.day)::timestamp + interval '9 hours') at time zone o.time_zone
    from invoices i
    join organizations o on o.id = i.organization_id
    join customers c on c.id = i.customer_id
    left join automation_settings s on s.organization_id = i.organization_id
    cross join lateral unnest(coalesce(s.reminder_days, '{7,14,30}'::int[])) as d(day)
    where (o.id = ${context.organizationId} or o.accounting_firm_id = ${context.organizationId})
      and coalesce(s.send_reminders, true)
      and i.status in ('sent', 'overdue')
      and i.total_amount > i.amount_paid
      and c.email <> ''
      and i.due_date + d.day <= (${now}::timestamptz at time zone o.time_zone)::date
    on conflict (invoice_id, days_overdue) do nothing`);
}
