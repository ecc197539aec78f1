import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { KEEP_DONE_JOBS_MS, STALE_JOB_MS, claimJob, completeJob, enqueueJob, failJob, pruneDoneJobs, renewJobLease, runDueJobs, startJobWorker } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.deps.db.delete(jobs);
});

const at = (iso: string) => new Date(iso);
const storedJob = async (id: string) => {
  const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
};

describe('job queue', () => {
  it('claims the oldest due job of the asked kinds and marks it running', async () => {
    const now = at('2026-11-21T10:00:00Z');
    const first = await enqueueJob(t.deps.db, { kind: 'test', payload: { n: 1 }, runAt: at('2026-11-21T09:00:00Z') });
    await enqueueJob(t.deps.db, { kind: 'test', payload: { n: 2 }, runAt: at('2026-11-21T09:30:00Z') });
    await enqueueJob(t.deps.db, { kind: 'other', payload: {}, runAt: at('2026-11-21T08:00:00Z') });
    await enqueueJob(t.deps.db, { kind: 'test', payload: { n: 3 }, runAt: at('2026-11-21T11:00:00Z') });

    const job = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w1', now });
    expect(job).toMatchObject({ id: first.id, status: 'running', attempts: 1, lockedBy: 'w1', payload: { n: 1 } });
    expect(job?.lockedAt?.toISOString()).toBe(now.toISOString());

    const second = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w1', now });
    expect(second?.payload).toEqual({ n: 2 });
    // The third is not due yet, and 'other' was not asked for.
    expect(await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w1', now })).toBeNull();
  });

  it('never gives the same job to two claimers at once', async () => {
    const now = at('2026-11-21T10:00:00Z');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, n) => enqueueJob(t.deps.db, { kind: 'race', payload: { n }, runAt: at('2026-11-21T09:00:00Z') })),
    );
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, n) => claimJob(t.deps.db, { kinds: ['race'], workerId: `w${n}`, now })),
    );
    const ids = claims.flatMap((job) => (job ? [job.id] : []));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(new Set(ids)).toEqual(new Set(created.map((job) => job.id)));
  });

  it('takes again a job left running by a dead process once its lock is stale', async () => {
    const start = at('2026-11-21T10:00:00Z');
    const job = await enqueueJob(t.deps.db, { kind: 'test', payload: {}, runAt: start });
    await claimJob(t.deps.db, { kinds: ['test'], workerId: 'dead', now: start });

    const soon = new Date(start.getTime() + STALE_JOB_MS - 1000);
    expect(await claimJob(t.deps.db, { kinds: ['test'], workerId: 'alive', now: soon })).toBeNull();

    const later = new Date(start.getTime() + STALE_JOB_MS + 1000);
    const again = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'alive', now: later });
    expect(again).toMatchObject({ id: job.id, lockedBy: 'alive', attempts: 2 });

    // The dead worker waking up cannot complete a job it no longer holds.
    await completeJob(t.deps.db, { ...job, lockedBy: 'dead' }, later);
    expect((await storedJob(job.id))?.status).toBe('running');
  });

  it('retries a failed job later, then gives up after its last attempt', async () => {
    const now = at('2026-11-21T10:00:00Z');
    const job = await enqueueJob(t.deps.db, { kind: 'test', payload: {}, runAt: now, maxAttempts: 2 });
    const first = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w', now });
    if (!first) throw new Error('not claimed');
    expect(await failJob(t.deps.db, first, 'boom', now)).toBe(false);
    expect(await storedJob(job.id)).toMatchObject({ status: 'queued', lastError: 'boom', lockedBy: null });
    expect(await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w', now })).toBeNull();

    const later = new Date(now.getTime() + 60_000);
    const second = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w', now: later });
    if (!second) throw new Error('not claimed again');
    expect(await failJob(t.deps.db, second, 'boom again', later)).toBe(true);
    expect(await storedJob(job.id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom again' });
  });

  it('runs due jobs with their handler and records handler errors', async () => {
    const now = at('2026-11-21T10:00:00Z');
    const ok = await enqueueJob(t.deps.db, { kind: 'ok', payload: { value: 'a' }, runAt: now });
    const bad = await enqueueJob(t.deps.db, { kind: 'bad', payload: {}, runAt: now });
    const seen: unknown[] = [];
    const ran = await runDueJobs(t.deps.db, {
      now: () => now,
      handlers: {
        ok: async (job) => {
          seen.push(job.payload);
        },
        bad: async () => {
          throw new Error('handler failed');
        },
      },
    });
    expect(ran).toBe(2);
    expect(seen).toEqual([{ value: 'a' }]);
    expect((await storedJob(ok.id))?.status).toBe('done');
    expect(await storedJob(bad.id)).toMatchObject({ status: 'queued', lastError: 'handler failed', attempts: 1 });
  });

  it('prunes done jobs after a week, keeping recent, queued and failed ones', async () => {
    const old = at('2026-11-01T10:00:00Z');
    const recent = at('2026-11-20T10:00:00Z');
    const done = await enqueueJob(t.deps.db, { kind: 'test', payload: {}, runAt: old });
    const kept = await enqueueJob(t.deps.db, { kind: 'test', payload: {}, runAt: old });
    const waiting = await enqueueJob(t.deps.db, { kind: 'later', payload: {}, runAt: at('2026-12-01T00:00:00Z') });
    const first = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w', now: old });
    if (!first) throw new Error('not claimed');
    await completeJob(t.deps.db, first, old);
    const second = await claimJob(t.deps.db, { kinds: ['test'], workerId: 'w', now: recent });
    if (!second) throw new Error('not claimed');
    await completeJob(t.deps.db, second, recent);
    const now = at('2026-11-21T10:00:00Z');
    expect(await pruneDoneJobs(t.deps.db, new Date(now.getTime() - KEEP_DONE_JOBS_MS))).toBe(1);
    expect(await storedJob(first.id)).toBeUndefined();
    expect([first.id, second.id].sort()).toEqual([done.id, kept.id].sort());
    expect((await storedJob(second.id))?.status).toBe('done');
    expect((await storedJob(waiting.id))?.status).toBe('queued');
  });

  it('keeps a long job with heartbeats from other workers, and hands it over once its heartbeat stopped', async () => {
    const start = at('2026-11-21T10:00:00Z');
    let clock = start;
    const job = await enqueueJob(t.deps.db, { kind: 'long', payload: {}, runAt: start });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const running = runDueJobs(t.deps.db, { now: () => clock, heartbeatMs: 10, workerId: 'busy', handlers: { long: () => gate } });
    // Five minutes of work, the clock moved 40 s at a time: each beat renews the lease.
    for (let step = 1; step <= 8; step += 1) {
      clock = new Date(start.getTime() + step * 40_000);
      const expected = clock.getTime();
      await vi.waitFor(async () => expect((await storedJob(job.id))?.lockedAt?.getTime()).toBe(expected), { timeout: 10_000, interval: 5 });
      expect(await claimJob(t.deps.db, { kinds: ['long'], workerId: 'other', now: new Date(expected + STALE_JOB_MS - 1000) })).toBeNull();
    }
    finish();
    expect(await running).toBe(1);
    expect(await storedJob(job.id)).toMatchObject({ status: 'done', attempts: 1 });

    // A worker that renewed once, then died: taken again a minute after its last heartbeat.
    const orphan = await enqueueJob(t.deps.db, { kind: 'long', payload: {}, runAt: start });
    const claimed = await claimJob(t.deps.db, { kinds: ['long'], workerId: 'dead', now: start });
    if (!claimed) throw new Error('not claimed');
    const beat = new Date(start.getTime() + 45_000);
    expect(await renewJobLease(t.deps.db, claimed, beat)).toBe(true);
    expect(await claimJob(t.deps.db, { kinds: ['long'], workerId: 'alive', now: new Date(beat.getTime() + STALE_JOB_MS - 1000) })).toBeNull();
    const taken = await claimJob(t.deps.db, { kinds: ['long'], workerId: 'alive', now: new Date(beat.getTime() + STALE_JOB_MS + 1000) });
    expect(taken).toMatchObject({ id: orphan.id, lockedBy: 'alive', attempts: 2 });
    // The dead worker's heartbeat, were it to come back, no longer holds the job.
    expect(await renewJobLease(t.deps.db, claimed, new Date(beat.getTime() + STALE_JOB_MS + 2000))).toBe(false);
  });

  it('stop releases a running job at once (its attempt not counted) and another worker claims it', async () => {
    const now = at('2026-11-21T10:00:00Z');
    const job = await enqueueJob(t.deps.db, { kind: 'careful', payload: {}, runAt: now });
    let started: () => void = () => {};
    const began = new Promise<void>((resolve) => {
      started = resolve;
    });
    let sawAbort = false;
    const worker = startJobWorker(t.deps.db, {
      now: () => now,
      pollMs: 60_000,
      handlers: {
        careful: (_job, { signal }) =>
          new Promise<void>((_resolve, reject) => {
            started();
            signal.addEventListener('abort', () => {
              sawAbort = true;
              reject(new Error('stopped'));
            });
          }),
      },
    });
    await began;
    expect((await storedJob(job.id))?.status).toBe('running');
    await worker.stop();
    expect(sawAbort).toBe(true);
    expect(await storedJob(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedAt: null, lockedBy: null, lastError: null });
    expect(await claimJob(t.deps.db, { kinds: ['careful'], workerId: 'next', now })).toMatchObject({ id: job.id, lockedBy: 'next', attempts: 1 });
  });

  it('stop releases the job of a handler that ignores its signal after a wait, and its late finish does not complete it', async () => {
    const now = at('2026-11-21T10:00:00Z');
    const job = await enqueueJob(t.deps.db, { kind: 'deaf', payload: {}, runAt: now });
    let started: () => void = () => {};
    const began = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let finished: () => void = () => {};
    const handlerDone = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const worker = startJobWorker(t.deps.db, {
      now: () => now,
      pollMs: 60_000,
      stopWaitMs: 50,
      handlers: {
        deaf: async () => {
          started();
          await gate;
          finished();
        },
      },
    });
    await began;
    await worker.stop();
    expect(await storedJob(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const next = await claimJob(t.deps.db, { kinds: ['deaf'], workerId: 'next', now });
    expect(next).toMatchObject({ id: job.id, lockedBy: 'next' });
    // The old worker tries to complete the job once its handler finishes: that update must not take.
    const update = vi.spyOn(t.deps.db, 'update');
    try {
      finish();
      await handlerDone;
      await vi.waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 5000 });
    } finally {
      update.mockRestore();
    }
    expect(await storedJob(job.id)).toMatchObject({ status: 'running', lockedBy: 'next' });
  });
});
