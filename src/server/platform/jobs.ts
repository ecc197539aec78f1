import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

/**
 * A running job's worker renews its lease (locked_at) every HEARTBEAT_MS while the handler runs;
 * a 'running' job not renewed for STALE_JOB_MS is presumed dead (its process crashed) and taken
 * again, however long a live job runs.
 */
export const HEARTBEAT_MS = 15_000;
export const STALE_JOB_MS = 60_000;
/** How long stop() waits for a handler that ignores its AbortSignal before releasing the job anyway. */
export const STOP_WAIT_MS = 10_000;

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

/**
 * Renews the lease of a job this worker holds. Answers false when it no longer holds it (another
 * worker took it, or stop released it): the handler must then stop.
 */
export async function renewJobLease(db: Database, job: Job, now: Date): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy ?? '')))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/**
 * Puts the running jobs of this worker back in the queue at once (shutdown): not failed, and the
 * attempt is not counted against them, so another worker takes them now.
 */
export async function releaseJobs(db: Database, workerId: string, now: Date): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAt: now, lockedAt: null, lockedBy: null, updatedAt: now })
    .where(and(eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return released.length;
}

export interface JobContext {
  /** Aborted when the worker stops (shutdown) or loses the job's lease: stop soon, leave no half write. */
  signal: AbortSignal;
}

/** A handler written as `(job) => ...` still fits: the context is an extra argument. */
export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

class JobLeaseLost extends Error {}

/**
 * Runs one claimed job with its heartbeat: locked_at is renewed every `heartbeatMs` while the
 * handler runs. The handler's signal aborts when `stopSignal` does or the lease is lost.
 */
async function runClaimedJob(
  db: Database,
  job: Job,
  handler: JobHandler | undefined,
  options: { now: () => Date; heartbeatMs: number; stopSignal?: AbortSignal },
): Promise<void> {
  const controller = new AbortController();
  const onStop = () => controller.abort(options.stopSignal?.reason ?? new Error('The worker stopped'));
  if (options.stopSignal?.aborted) onStop();
  options.stopSignal?.addEventListener('abort', onStop, { once: true });
  let renewing: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(() => {
    renewing = renewing
      .then(async () => {
        if (controller.signal.aborted) return;
        if (!(await renewJobLease(db, job, options.now()))) controller.abort(new JobLeaseLost('This worker no longer holds the job'));
      })
      .catch(() => {
        // A renewal that failed (a connection blip) is tried again at the next beat; the lease lasts STALE_JOB_MS.
      });
  }, options.heartbeatMs);
  heartbeat.unref();
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(job, { signal: controller.signal });
    clearInterval(heartbeat);
    await renewing;
    await completeJob(db, job, options.now());
  } catch (error) {
    clearInterval(heartbeat);
    await renewing;
    if (options.stopSignal?.aborted) {
      // Cancelled by shutdown: back in the queue at once rather than failed (another worker takes it).
      if (job.lockedBy) await releaseJobs(db, job.lockedBy, options.now());
    } else if (!(controller.signal.reason instanceof JobLeaseLost)) {
      await failJob(db, job, error instanceof Error ? error.message : String(error), options.now());
    }
  } finally {
    options.stopSignal?.removeEventListener('abort', onStop);
  }
}

/**
 * Claims and runs due jobs of the given kinds until none is left (or `limit` is reached, or
 * `signal` aborts). A handler that throws gets its job retried by failJob. Returns how many jobs ran.
 */
export async function runDueJobs(
  db: Database,
  options: { handlers: Record<string, JobHandler>; now: () => Date; workerId?: string; limit?: number; signal?: AbortSignal; heartbeatMs?: number },
): Promise<number> {
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const kinds = Object.keys(options.handlers);
  let ran = 0;
  while (ran < (options.limit ?? Number.POSITIVE_INFINITY) && !options.signal?.aborted) {
    const job = await claimJob(db, { kinds, workerId, now: options.now() });
    if (!job) break;
    ran += 1;
    await runClaimedJob(db, job, options.handlers[job.kind], { now: options.now, heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS, stopSignal: options.signal });
  }
  return ran;
}

export interface JobWorker {
  /** Look for work now instead of at the next poll (after enqueueing). */
  wake: () => void;
  /**
   * Stops polling, aborts the running handler's signal and waits for it (at most `stopWaitMs`);
   * a job it did not finish goes back to the queue at once.
   */
  stop: () => Promise<void>;
}

/** A loop in this process that runs due jobs, polling every `pollMs` while idle. */
export function startJobWorker(
  db: Database,
  options: {
    handlers: Record<string, JobHandler>;
    now: () => Date;
    pollMs?: number;
    heartbeatMs?: number;
    stopWaitMs?: number;
    onError?: (error: unknown) => void;
  },
): JobWorker {
  const workerId = `worker-${process.pid}-${randomUUID()}`;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let resolveSleep: (() => void) | null = null;

  const sleep = () =>
    new Promise<void>((resolve) => {
      resolveSleep = resolve;
      timer = setTimeout(resolve, options.pollMs ?? 2000);
    });

  let lastPrune = 0;
  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        await runDueJobs(db, { handlers: options.handlers, now: options.now, workerId, signal: stopping.signal, heartbeatMs: options.heartbeatMs });
        const now = options.now();
        if (!stopping.signal.aborted && now.getTime() - lastPrune > 3600_000) {
          lastPrune = now.getTime();
          await pruneDoneJobs(db, new Date(now.getTime() - KEEP_DONE_JOBS_MS));
        }
      } catch (error) {
        options.onError?.(error);
      }
      if (!stopping.signal.aborted) await sleep();
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
      stopping.abort(new Error('The job worker is stopping'));
      wakeUp();
      let waitTimer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => {
        waitTimer = setTimeout(() => resolve('late'), options.stopWaitMs ?? STOP_WAIT_MS);
      });
      const outcome = await Promise.race([running.then(() => 'done' as const), waited]);
      clearTimeout(waitTimer);
      if (outcome === 'late') {
        // A handler that ignores its signal: its job goes back to the queue now; whatever the
        // handler writes later cannot complete the job (completeJob checks the lock).
        try {
          await releaseJobs(db, workerId, options.now());
        } catch (error) {
          options.onError?.(error);
        }
      }
    },
  };
}
