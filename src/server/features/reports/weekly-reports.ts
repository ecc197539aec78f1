import { Buffer } from 'node:buffer';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { reportCatalogue } from '../../../shared/contracts/reports';
import { weeklyReportMailings } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { computeReport } from './compute-report';
import { type ReportHeading, reportFileName } from './report-cells';
import { reportPdf } from './report-pdf';
import { resolveReportWindow } from './report-period';
import { type ReportScope, selectRows } from './report-sql';
import { startLoop } from '../../platform/loop';

export const WEEKLY_REPORT_INTERVAL_MS = 60_000;
const BATCH_SIZE = 50;

type WeeklyDeps = Pick<AppDeps, 'db' | 'mail'>;

interface DueMailing {
  user_id: string;
  email: string;
  first_name: string | null;
  role: string;
  organization_id: string;
  organization_name: string;
  time_zone: string;
  currency: string;
  week_start: string;
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Users with Weekly Reports on who have not had this week's mail (the week of their organization's today, from Monday). */
async function findDueMailings(deps: WeeklyDeps, now: Date, organizationId?: string): Promise<DueMailing[]> {
  const week = sql`date_trunc('week', (${now.toISOString()}::timestamptz at time zone o.time_zone))::date`;
  return selectRows<DueMailing>(
    deps.db,
    sql`select u.id as user_id, u.email, u.first_name, u.role, o.id as organization_id, o.name as organization_name,
        o.time_zone, o.currency, ${week}::text as week_start
      from user_settings s join users u on u.id = s.user_id join organizations o on o.id = u.organization_id
      where s.weekly_reports and u.is_active and o.is_active${organizationId ? sql` and o.id = ${organizationId}` : sql``}
        and not exists (select 1 from weekly_report_mailings m where m.organization_id = o.id and m.user_id = u.id and m.week_start = ${week})
      order by u.id limit ${BATCH_SIZE}`,
  );
}

/** The revenue summary and invoice aging of the last 7 days as PDF attachments, and the mail itself. */
async function mailWeeklyReports(deps: WeeklyDeps, due: DueMailing, now: Date): Promise<void> {
  const window = resolveReportWindow({ period: 'last_7_days' }, due.time_zone, now);
  const scope: ReportScope = { organizationId: due.organization_id, timeZone: due.time_zone, ...window, userId: due.user_id, role: due.role };
  const attachments = [];
  for (const type of ['revenue_summary', 'invoice_aging'] as const) {
    const figures = await computeReport(deps.db, type, scope, {}, due.currency);
    const heading: ReportHeading = { organizationName: due.organization_name, title: reportCatalogue[type].name, from: window.from, to: window.to, currency: due.currency, filters: null };
    attachments.push({ filename: reportFileName(heading.title, window.from, window.to, 'pdf'), content: await toBuffer(await reportPdf(heading, figures)), contentType: 'application/pdf' });
  }
  await deps.mail.send({
    to: due.email,
    subject: `Weekly reports for ${due.organization_name}: ${window.from} to ${window.to}`,
    text: [
      `Hello${due.first_name ? ` ${due.first_name}` : ''},`,
      '',
      `Attached are the Revenue Summary and Invoice Aging of ${due.organization_name} for ${window.from} to ${window.to}.`,
      '',
      'You receive this mail because Weekly Reports is on in Settings > Notifications.',
      'Signal AR',
    ].join('\n'),
    attachments,
  });
}

/**
 * Mails the Weekly Reports due at `now`, at most once per user, organization and week: the
 * weekly_report_mailings row is claimed (its unique index decides between two processes) before
 * the mail is built, and marked sent after. A claim whose mail failed or whose process died is
 * never mailed again that week: the mail may have left, and a second copy is worse than none.
 */
export async function sendWeeklyReports(deps: WeeklyDeps, options: { now: Date; organizationId?: string; signal?: AbortSignal }): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  while (!options.signal?.aborted) {
    const due = await findDueMailings(deps, options.now, options.organizationId);
    if (due.length === 0) break;
    for (const mailing of due) {
      // A stop (signal) ends the run before the next claim; what is left goes in the next run.
      if (options.signal?.aborted) break;
      const [claimed] = await deps.db
        .insert(weeklyReportMailings)
        .values({ organizationId: mailing.organization_id, userId: mailing.user_id, weekStart: mailing.week_start, createdAt: options.now })
        .onConflictDoNothing()
        .returning({ id: weeklyReportMailings.id });
      if (!claimed) continue;
      try {
        await mailWeeklyReports(deps, mailing, options.now);
        await deps.db.update(weeklyReportMailings).set({ status: 'sent', sentAt: options.now }).where(eq(weeklyReportMailings.id, claimed.id));
        result.sent += 1;
      } catch {
        result.failed += 1;
      }
    }
  }
  return result;
}

/** Runs sendWeeklyReports when the server starts and every minute; never two runs at once in one process. */
export function startWeeklyReportScheduler(
  deps: WeeklyDeps & Pick<AppDeps, 'now'>,
  log: { error: (details: object, message: string) => void },
): () => Promise<void> {
  return startLoop((signal) => sendWeeklyReports(deps, { now: deps.now(), signal }), WEEKLY_REPORT_INTERVAL_MS, log, 'weekly reports run failed');
}
