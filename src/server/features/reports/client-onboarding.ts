import { sql } from 'drizzle-orm';
import type { ReportFigures } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { onboardingStepDefinitions } from '../practice/onboarding-steps';
import { visibleWorkspace } from './client-profitability';
import { type ReportScope, dayEnd, dayStart, numberOrNull, selectRows, table } from './report-sql';

/**
 * A firm's client onboarding in the period: started (the workflow began), completed, still in
 * progress at the period's end, the average days from start to completion, and the step where
 * unfinished onboardings wait. A business has no clients: every figure is zero.
 */
export async function clientOnboarding(db: Database, scope: ReportScope, currency: string): Promise<ReportFigures> {
  const { organizationId: org, timeZone: tz, from, to } = scope;
  const start = dayStart(from, tz);
  const end = dayEnd(to, tz);
  // glossary.onboardingStarted: onboarding starts when its first step is saved (started_at); a
  // client added but never started has none and is not counted.
  const began = sql`w.started_at`;
  const visible = sql`w.organization_id = ${org} and ${visibleWorkspace(scope, sql`c.client_organization_id`)}`;
  // glossary.onboardingInProgress: started by the period's end, not completed then, and the client
  // not deactivated then (on today, the practice dashboard's Active Onboarding).
  const inProgressAtEnd = sql`(${began} < ${end} and (w.completed_at is null or w.completed_at >= ${end}) and (c.deactivated_at is null or c.deactivated_at >= ${end}))`;
  const [totals] = await selectRows<{ started: number; completed: number; in_progress: number; avg_days: string | null }>(
    db,
    sql`select (count(*) filter (where ${began} >= ${start} and ${began} < ${end}))::int as started,
        (count(*) filter (where w.completed_at >= ${start} and w.completed_at < ${end}))::int as completed,
        (count(*) filter (where ${inProgressAtEnd}))::int as in_progress,
        round(avg(extract(epoch from w.completed_at - ${began}) / 86400) filter (where w.completed_at >= ${start} and w.completed_at < ${end}), 1)::text as avg_days
      from client_onboarding_workflows w join customers c on c.id = w.customer_id where ${visible}`,
  );
  const stalled = await selectRows<{ step: number; clients: number; avg_days_waiting: string | null }>(
    db,
    sql`select w.current_step as step, count(*)::int as clients,
        round(avg(extract(epoch from ${end} - w.updated_at) / 86400), 1)::text as avg_days_waiting
      from client_onboarding_workflows w join customers c on c.id = w.customer_id
      where ${visible} and ${inProgressAtEnd}
      group by w.current_step`,
  );
  const clients = await selectRows<{ name: string; status: string; step: number; started: string; completed: string | null; days: string | null }>(
    db,
    sql`select c.name, w.status, w.current_step as step, (${began} at time zone ${tz})::date::text as started,
        (w.completed_at at time zone ${tz})::date::text as completed,
        round((extract(epoch from w.completed_at - ${began}) / 86400)::numeric, 1)::text as days
      from client_onboarding_workflows w join customers c on c.id = w.customer_id
      where ${visible} and ((${began} >= ${start} and ${began} < ${end}) or (w.completed_at >= ${start} and w.completed_at < ${end})
        or ${inProgressAtEnd})
      order by ${began} desc, c.name`,
  );
  const stepName = (step: number) => onboardingStepDefinitions.find((definition) => definition.stepNumber === step)?.stepName ?? `Step ${step}`;
  return {
    currency,
    summary: [
      { label: 'Started', kind: 'number', value: totals ? Number(totals.started) : 0 },
      { label: 'Completed', kind: 'number', value: totals ? Number(totals.completed) : 0 },
      { label: 'In progress', kind: 'number', value: totals ? Number(totals.in_progress) : 0 },
      { label: 'Average days to complete', kind: 'days', value: numberOrNull(totals?.avg_days) },
    ],
    tables: [
      table(
        'by_step',
        'Where onboarding waits',
        [
          { key: 'step', label: 'Step', kind: 'text' },
          { key: 'clients', label: 'Clients', kind: 'number' },
          { key: 'avg_days_waiting', label: 'Avg. days waiting', kind: 'days' },
        ],
        onboardingStepDefinitions.map((definition) => {
          const row = stalled.find((entry) => Number(entry.step) === definition.stepNumber);
          return { step: `${definition.stepNumber}. ${definition.stepName}`, clients: row ? Number(row.clients) : 0, avg_days_waiting: numberOrNull(row?.avg_days_waiting) };
        }),
      ),
      table(
        'clients',
        'Clients',
        [
          { key: 'client', label: 'Client', kind: 'text' },
          { key: 'status', label: 'Status', kind: 'text' },
          { key: 'step', label: 'Current step', kind: 'text' },
          { key: 'started', label: 'Started', kind: 'date' },
          { key: 'completed', label: 'Completed', kind: 'date' },
          { key: 'days', label: 'Days to complete', kind: 'days' },
        ],
        clients.map((row) => ({
          client: row.name,
          status: row.status.replace('_', ' '),
          step: row.completed ? 'Done' : stepName(Number(row.step)),
          started: row.started,
          completed: row.completed,
          days: numberOrNull(row.days),
        })),
      ),
    ],
    chart: { table: 'by_step', x: 'step', series: ['clients'], kind: 'bar' },
  };
}
