import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

/** A 'running' job whose worker has not finished within this long is presumed dead and taken again. */
export const STALE_JOB_MS = 10 * 60_000;

export async function enqueueJob(
  db: Database,
  input: { kind: string; payload: Record<string, unknown>; runAt?: Date; maxAttempts?: number },
): Promise<Job> {
  const [job] = await db
    .insert(jobs)
    .values({ kind: input.kind, payload: input.payload, runAt: input.runAt, maxAttempts: input.maxAttempts })
    .returning();
  if (!job) throw new Error('Job was not inserted');
  return job;
}

/**
 * Takes the next due job of these kinds, or null. The row is picked and locked in one statement
 * (FOR UPDATE SKIP LOCKED), so two processes claiming at the same moment never get the same job.
 */
export async function claimJob(
  db: Database,
  options: { kinds: readonly string[]; workerId: string; now: Date; staleAfterMs?: number },
): Promise<Job | null> {
  const now = options.now.toISOString();
  const staleBefore = new Date(options.now.getTime() - (options.staleAfterMs ?? STALE_JOB_MS)).toISOString();
  const kinds = sql.join(
    options.kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const next = sql`(
    select ${jobs.id} from ${jobs}
    where ${jobs.kind} in (${kinds})
      and ((${jobs.status} = 'queued' and ${jobs.runAt} <= ${now}::timestamptz)
        or (${jobs.status} = 'running' and ${jobs.lockedAt} < ${staleBefore}::timestamptz))
    order by ${jobs.runAt}, ${jobs.createdAt}
    limit 1
    for update skip locked
  )`;
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: options.now,
      lockedBy: options.workerId,
      updatedAt: options.now,
    })
    .where(eq(jobs.id, next))
    .returning();
  return job ?? null;
}

/** Marks a claimed job done; only the worker holding the lock may. */
export async function completeJob(db: Database, job: Job, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedAt: null, lockedBy: null, lastError: null, updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? '')));
}

/**
 * Records a failed attempt: queued again with a growing delay while attempts remain, otherwise
 * failed for good. Returns true when the job will not run again.
 */
export async function failJob(db: Database, job: Job, error: string, now: Date): Promise<boolean> {
  const final = job.attempts >= job.maxAttempts;
  const retryAt = new Date(now.getTime() + 30_000 * 2 ** Math.max(0, job.attempts - 1));
  await db
    .update(jobs)
    .set({
      status: final ? 'failed' : 'queued',
      runAt: final ? job.runAt : retryAt,
      lockedAt: null,
      lockedBy: null,
      lastError: error.slice(0, 2000),
      updatedAt: now,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? '')));
  return final;
}

/** Finished jobs are history only for a while; failed ones stay for inspection. */
export const KEEP_DONE_JOBS_MS = 7 * 24 * 3600_000;

export async function pruneDoneJobs(db: Database, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.updatedAt, olderThan)))
    .returning({ id: jobs.id });
  return removed.length;
}

export type JobHandler = (job: Job) => Promise<void>;

/**
 * Claims and runs due jobs of the given kinds until none is left (or `limit` is reached). A
 * handler that throws gets its job retried by failJob. Returns how many jobs ran.
 */
export async function runDueJobs(
  db: Database,
  options: { handlers: Record<string, JobHandler>; now: () => Date; workerId?: string; limit?: number },
): Promise<number> {
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const kinds = Object.keys(options.handlers);
  let ran = 0;
  while (ran < (options.limit ?? Number.POSITIVE_INFINITY)) {
    const job = await claimJob(db, { kinds, workerId, now: options.now() });
    if (!job) break;
    ran += 1;
    const handler = options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job);
      await completeJob(db, job, options.now());
    } catch (error) {
      await failJob(db, job, error instanceof Error ? error.message : String(error), options.now());
    }
  }
  return ran;
}

export interface JobWorker {
  /** Look for work now instead of at the next poll (after enqueueing). */
  wake: () => void;
  /** Stops polling and waits for the job in hand to finish. */
  stop: () => Promise<void>;
}

/** A loop in this process that runs due jobs, polling every `pollMs` while idle. */
export function startJobWorker(
  db: Database,
  options: { handlers: Record<string, JobHandler>; now: () => Date; pollMs?: number; onError?: (error: unknown) => void },
): JobWorker {
  const workerId = `worker-${process.pid}-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let resolveSleep: (() => void) | null = null;

  const sleep = () =>
    new Promise<void>((resolve) => {
      resolveSleep = resolve;
      timer = setTimeout(resolve, options.pollMs ?? 2000);
    });

  let lastPrune = 0;
  const loop = async () => {
    while (!stopped) {
      try {
        await runDueJobs(db, { handlers: options.handlers, now: options.now, workerId });
        const now = options.now();
        if (now.getTime() - lastPrune > 3600_000) {
          lastPrune = now.getTime();
          await pruneDoneJobs(db, new Date(now.getTime() - KEEP_DONE_JOBS_MS));
        }
      } catch (error) {
        options.onError?.(error);
      }
      if (!stopped) await sleep();
    }
  };
  const running = loop();

  const wakeUp = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const resolve = resolveSleep;
    resolveSleep = null;
    resolve?.();
  };
  return {
    wake: wakeUp,
    async stop() {
      stopped = true;
      wakeUp();
      await running;
    },
  };
}
