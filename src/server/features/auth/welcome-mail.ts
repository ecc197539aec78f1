import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs, organizations, users } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import {
  type Job,
  type JobWorker,
  enqueueJob,
  runDueJobs,
  startJobWorker,
} from '../../platform/jobs';

/**
 * The welcome mail a new owner gets after registering (a business on /auth, a firm on
 * /register-firm). The account is active at once and the owner already signed in, so the mail
 * confirms nothing: it says where to sign in and what to do first. It is queued in the
 * registration's transaction and mailed by a job, so a registration never waits on the mail server.
 */
export const WELCOME_MAIL_JOB = 'user.welcome_mail';

export async function queueWelcomeMail(db: Database, userId: string, now: Date): Promise<void> {
  await enqueueJob(db, { kind: WELCOME_MAIL_JOB, payload: { userId }, runAt: now, maxAttempts: 5 });
}

type WelcomeDeps = Pick<AppDeps, 'db' | 'mail' | 'now' | 'config'>;

export function welcomeMailText(input: {
  name: string;
  username: string;
  organizationName: string;
  firm: boolean;
  maxClients: number | null;
  appUrl: string;
}): string {
  const firstSteps = input.firm
    ? [
        `Start in My Practice (${input.appUrl}/practice): Add New Client sends your client an invitation`,
        `and opens their onboarding.${input.maxClients ? ` Your plan holds up to ${input.maxClients} clients.` : ''}`,
      ]
    : [
        `Start by adding a customer and sending your first invoice, or upload a bill to pay (${input.appUrl}/dashboard).`,
      ];
  return [
    `Hello ${input.name},`,
    '',
    `Your Signal AR account is ready: you are the owner of ${input.organizationName}.`,
    'It is already active, and you were signed in when you registered; there is nothing to confirm.',
    '',
    `Username: ${input.username}`,
    `Sign in:  ${input.appUrl}/auth`,
    '',
    ...firstSteps,
    '',
    'If you did not create this account, reset its password with "Forgot password?" on the sign-in page',
    'and contact us.',
  ].join('\n');
}

/**
 * Mails one welcome. The job row is the claim: it is marked before the mail leaves and unmarked if
 * the mail server refuses (the queue retries), so a job taken twice never mails twice.
 */
export async function sendWelcomeMailJob(deps: WelcomeDeps, job: Job): Promise<void> {
  const userId = typeof job.payload.userId === 'string' ? job.payload.userId : null;
  if (!userId) return;
  const claimed = await deps.db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || '{"mailing": true}'::jsonb` })
    .where(and(eq(jobs.id, job.id), sql`not (${jobs.payload} ? 'mailing')`))
    .returning({ id: jobs.id });
  if (claimed.length === 0) return;
  const [row] = await deps.db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return; // the account is gone
  const { user, organization } = row;
  try {
    await deps.mail.send({
      to: user.email,
      subject: 'Welcome to Signal AR',
      text: welcomeMailText({
        name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
        username: user.username,
        organizationName: organization.name,
        firm: organization.type === 'accounting_firm',
        maxClients: organization.maxClients,
        appUrl: deps.config.appUrl,
      }),
    });
  } catch (error) {
    await deps.db.update(jobs).set({ payload: { userId } }).where(eq(jobs.id, job.id));
    throw error;
  }
}

const handlers = (deps: WelcomeDeps) => ({
  [WELCOME_MAIL_JOB]: (job: Job) => sendWelcomeMailJob(deps, job),
});

/** Mails every queued welcome now, in this process (tests; the worker does the same). */
export async function runWelcomeMailJobs(deps: WelcomeDeps): Promise<number> {
  return runDueJobs(deps.db, { handlers: handlers(deps), now: deps.now });
}

export function startWelcomeMailWorker(
  deps: WelcomeDeps,
  onError: (error: unknown) => void,
): JobWorker {
  return startJobWorker(deps.db, {
    handlers: handlers(deps),
    now: deps.now,
    pollMs: 5000,
    onError,
  });
}
