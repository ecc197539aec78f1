import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { InvoiceReminder } from '../../../shared/contracts/invoice-reminders';
import type { Database } from '../../db/client';
import { invoiceReminders, paymentLinks } from '../../db/schema';

export type ReminderRow = typeof invoiceReminders.$inferSelect;

/** Rows of a raw statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}

export function toReminderDto(row: ReminderRow): InvoiceReminder {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    daysOverdue: row.daysOverdue,
    reminderDate: row.reminderDate,
    toEmail: row.toEmail,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An invoice's reminders, newest first (an invoice has at most one per configured day). */
export async function findInvoiceReminders(db: Database, params: { organizationId: string; invoiceId: string; limit: number; offset: number }) {
  const where = and(eq(invoiceReminders.organizationId, params.organizationId), eq(invoiceReminders.invoiceId, params.invoiceId));
  const rows = await db
    .select()
    .from(invoiceReminders)
    .where(where)
    .orderBy(desc(invoiceReminders.daysOverdue), desc(invoiceReminders.createdAt))
    .limit(params.limit)
    .offset(params.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(invoiceReminders).where(where);
  return { reminders: rows.map(toReminderDto), total: Number(count?.total ?? 0) };
}

/** The invoice's live payment link, if any (not expired at `now`). */
export async function findLivePaymentLink(db: Database, organizationId: string, invoiceId: string, now: Date) {
  const [row] = await db
    .select({ linkId: paymentLinks.linkId, amount: paymentLinks.amount })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.organizationId, organizationId),
        eq(paymentLinks.invoiceId, invoiceId),
        eq(paymentLinks.status, 'active'),
        gt(paymentLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  return row ?? null;
}

export interface ClaimedReminder {
  id: string;
  organization_id: string;
  invoice_id: string;
  days_overdue: number;
  reminder_date: string;
  to_email: string;
}

/**
 * Claims up to `limit` due reminders by inserting their rows as pending, in one statement.
 * Due: a sent (or overdue) invoice with a balance, in an organization with reminders on (no
 * settings row = on, days 7, 14, 30), and the latest configured day d with due date + d <= the
 * organization's today, for which neither d nor a later day has a reminder yet. Missed earlier
 * days are not mailed afterwards: one reminder per run, the one saying how late it really is.
 * The invoices are locked FOR UPDATE SKIP LOCKED, so a second process takes other invoices, and
 * the unique (invoice, day) key with ON CONFLICT DO NOTHING makes the row the claim: only the
 * process whose insert lands mails it.
 */
export async function claimDueReminders(
  db: Database,
  params: { now: Date; limit: number; organizationId?: string },
): Promise<ClaimedReminder[]> {
  const now = params.now.toISOString();
  const orgFilter = params.organizationId ? sql`and i.organization_id = ${params.organizationId}` : sql``;
  return selectRows<ClaimedReminder>(
    db,
    sql`with due as (
      select i.id as invoice_id, i.organization_id, c.email as to_email, d.day,
        (i.due_date + d.day)::text as reminder_date
      from invoices i
      join organizations o on o.id = i.organization_id
      join customers c on c.id = i.customer_id
      left join automation_settings s on s.organization_id = i.organization_id
      cross join lateral (
        select max(x)::int as day
        from unnest(coalesce(s.reminder_days, '{7,14,30}'::int[])) as x
        where i.due_date + x <= (${now}::timestamptz at time zone o.time_zone)::date
      ) d
      where i.status in ('sent', 'overdue')
        and i.total_amount > i.amount_paid
        and coalesce(s.send_reminders, true)
        and d.day is not null
        and c.email <> ''
        and not exists (
          select 1 from invoice_reminders r where r.invoice_id = i.id and r.days_overdue >= d.day
        )
        ${orgFilter}
      order by i.due_date, i.id
      limit ${params.limit}
      for update of i skip locked
    )
    insert into invoice_reminders (organization_id, invoice_id, days_overdue, reminder_date, to_email, status, created_at)
    select organization_id, invoice_id, day, reminder_date::date, to_email, 'pending', ${now}::timestamptz from due
    on conflict (invoice_id, days_overdue) do nothing
    returning id, organization_id, invoice_id, days_overdue, reminder_date::text as reminder_date, to_email`,
  );
}
