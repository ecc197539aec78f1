import { and, eq } from 'drizzle-orm';
import { imports } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Job, type JobContext, type JobWorker, runDueJobs, startJobWorker } from '../../platform/jobs';
import { fileStoreOf } from '../../platform/storage';
import { commitPlan } from './commit-plan';
import { findImport } from './imports.queries';
import { IMPORT_COMMIT_JOB, type ImportActor, type ImportDeps, planFor, storedSheet, throwFirstError } from './imports.service';

export interface ImportJobDeps extends ImportDeps {
  /** Called after each progress write with the rows done (tests look from another connection mid-commit). */
  onProgress?: (rowsDone: number) => Promise<void>;
}

function payloadOf(job: Job): ImportActor & { importId: string } {
  const { importId, organizationId, userId } = job.payload;
  if (typeof importId !== 'string' || typeof organizationId !== 'string' || typeof userId !== 'string') {
    throw new Error(`import.commit job ${job.id} has no import, organization or user`);
  }
  return { importId, organizationId, userId };
}

async function markFailed(deps: ImportDeps, actor: ImportActor, importId: string, message: string): Promise<void> {
  await deps.db
    .update(imports)
    .set({ status: 'failed', commitError: message.slice(0, 2000), rowsDone: 0 })
    .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, importId), eq(imports.status, 'committing')));
}

/**
 * Writes every record of a committing import in one transaction, from the stored file, checked
 * again against the records as they are now: all of them or none. A crash rolls the transaction
 * back and the job, taken again, starts over from the file. A refusal of the records (a row no
 * longer valid, a duplicate written meanwhile) fails the import for good with its reason; any other
 * error is retried by the job queue, and fails the import once the attempts are spent.
 */
export async function runImportCommitJob(deps: ImportJobDeps, job: Job, context: Partial<JobContext> = {}): Promise<void> {
  const { importId, ...actor } = payloadOf(job);
  const current = await findImport(deps.db, actor.organizationId, importId);
  if (!current || current.status !== 'committing') return;
  if (job.attempts > job.maxAttempts) {
    // A process that died mid-commit on every attempt never reached the catch below.
    await markFailed(deps, actor, importId, 'The import stopped before it finished too many times: nothing was written. Try again.');
    return;
  }
  const rowCount = current.rowCount;
  // Progress is written outside the commit's transaction, so other processes see it while the
  // commit runs. PGlite has one connection, held by the transaction: a write beside it would wait
  // for the commit to end, so there the progress jumps from 0 to done.
  const liveProgress = deps.dbKind === 'postgres';
  const writeProgress = async (done: number, total: number): Promise<void> => {
    if (!liveProgress || total === 0) return;
    const rowsDone = Math.min(rowCount, Math.floor((done / total) * rowCount));
    await deps.db
      .update(imports)
      .set({ rowsDone })
      .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, importId), eq(imports.status, 'committing')));
    await deps.onProgress?.(rowsDone);
  };

  let committedKey: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      // Not locked here: the progress writes above update this row from another connection.
      const row = await findImport(tx, actor.organizationId, importId);
      if (!row || row.status !== 'committing') return;
      // Read through the transaction: on PGlite (one connection) a read outside it would wait for it.
      const sheet = await storedSheet(fileStoreOf({ db: tx, now: deps.now }), row);
      if (!sheet) throw new AppError('CONFLICT', 'The uploaded file is no longer available: upload it again');
      const plan = await planFor(tx, actor.organizationId, row, sheet);
      throwFirstError(plan);
      const now = deps.now();
      const result = await commitPlan(tx, actor, plan, { encryptionKey: deps.encryptionKey, now, onProgress: writeProgress, signal: context.signal });
      // Guarded by status: a worker that took this job over from one presumed dead, while the
      // first still ran, finds the import committed here (after waiting on its row) and rolls back.
      const [done] = await tx
        .update(imports)
        .set({ status: 'committed', result, committedAt: now, storageKey: null, rowsDone: row.rowCount })
        .where(and(eq(imports.organizationId, actor.organizationId), eq(imports.id, importId), eq(imports.status, 'committing')))
        .returning({ id: imports.id });
      if (!done) throw new Error('import was committed by another worker meanwhile');
      committedKey = row.storageKey;
    });
  } catch (error) {
    if (error instanceof AppError) {
      await markFailed(deps, actor, importId, error.message);
      return;
    }
    if (!context.signal?.aborted && job.attempts >= job.maxAttempts) {
      await markFailed(deps, actor, importId, 'The import could not be written: nothing was written. Try again.');
    } else if (liveProgress) {
      // Rolled back: the next attempt starts over from the file.
      await deps.db.update(imports).set({ rowsDone: 0 }).where(and(eq(imports.id, importId), eq(imports.status, 'committing')));
    }
    throw error;
  }
  // The file is kept until the commit (schema: imports.storageKey); removed once the commit stands.
  if (committedKey) await deps.store.delete(committedKey);
}

const handlers = (deps: ImportJobDeps) => ({ [IMPORT_COMMIT_JOB]: (job: Job, context: JobContext) => runImportCommitJob(deps, job, context) });

/** Runs every queued import commit now, in this process (tests, the bench; the worker does the same). */
export async function runImportCommitJobs(deps: ImportJobDeps): Promise<number> {
  return runDueJobs(deps.db, { handlers: handlers(deps), now: deps.now });
}

export function startImportWorker(deps: ImportJobDeps, onError: (error: unknown) => void): JobWorker {
  return startJobWorker(deps.db, { handlers: handlers(deps), now: deps.now, pollMs: 2000, onError });
}
