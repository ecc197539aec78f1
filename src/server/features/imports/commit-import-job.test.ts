import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../shared/contracts/imports';
import { customers, imports, jobs } from '../../db/schema';
import { claimJob } from '../../platform/jobs';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';
import { runImportCommitJob, runImportCommitJobs } from './commit-import-job';
import { commitImportRequest, csvFile, uploadImport } from './imports.fixtures';
import { importDepsOf } from './imports.routes';
import { IMPORT_COMMIT_JOB } from './imports.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HEADER = ['Name', 'Email'];
/** 1,200 customers: three batches of 500, 500 and 200 in the commit. */
const ROWS = 1200;

async function committingImport(as: SignedIn, tag = uniqueName('j')): Promise<{ id: string; emails: string[] }> {
  const emails = Array.from({ length: ROWS }, (_, index) => `${tag}.${index + 1}@example.com`);
  const upload = await uploadImport(as, { entity: 'customers', bytes: csvFile([HEADER, ...emails.map((email, index) => [`Customer ${tag} ${index + 1}`, email])]) });
  expect(upload.statusCode, upload.body).toBe(201);
  const { id } = upload.json<ImportPreview>();
  const queued = await commitImportRequest(as, id);
  expect(queued.statusCode, queued.body).toBe(202);
  return { id, emails };
}

async function customerCount(as: SignedIn): Promise<number> {
  const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(eq(customers.organizationId, as.user.organizationId));
  return Number(row?.n ?? 0);
}

async function readBack(as: SignedIn, id: string): Promise<ImportPreview> {
  const response = await as.request({ method: 'GET', url: `/api/imports/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

describe('the import commit job', () => {
  it('writes nothing when the last batch fails, and says why on the import', async () => {
    const as = await signUp(t.app);
    const { id, emails } = await committingImport(as);
    const last = emails.at(-1) ?? '';
    // Another writer takes the last row's email between the check and the insert.
    await t.deps.db.execute(
      sql.raw(`
      create or replace function race_last_customer() returns trigger language plpgsql as $$
      begin
        if new.email = '${last}' then
          raise exception 'duplicate key value violates unique constraint "customers_org_email_key"' using errcode = 'unique_violation', constraint = 'customers_org_email_key';
        end if;
        return new;
      end $$`),
    );
    await t.deps.db.execute(sql`create trigger race_last_customer before insert on customers for each row execute function race_last_customer()`);
    try {
      expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
    } finally {
      await t.deps.db.execute(sql`drop trigger race_last_customer on customers`);
    }
    expect(await readBack(as, id)).toMatchObject({
      status: 'failed',
      rowsDone: 0,
      result: null,
      commitError: 'A customer of the file was added meanwhile with the same email: upload the file again',
    });
    expect(await customerCount(as)).toBe(0);
    // A failed import may be committed again once the cause is gone, and then writes every row.
    expect((await commitImportRequest(as, id)).statusCode).toBe(202);
    expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
    expect(await readBack(as, id)).toMatchObject({ status: 'committed', rowsDone: ROWS, commitError: null, result: { created: ROWS, customersCreated: ROWS } });
    expect(await customerCount(as)).toBe(ROWS);
  });

  it('rolls back a commit stopped between batches, and finishes it once when the job is taken again', async () => {
    const as = await signUp(t.app);
    const { id } = await committingImport(as);
    const job = await claimJob(t.deps.db, { kinds: [IMPORT_COMMIT_JOB], workerId: 'worker-that-stops', now: t.deps.now() });
    if (!job) throw new Error('no import job queued');
    const stop = new AbortController();
    stop.abort();
    // The first batch of 500 is written in the transaction before the check between batches throws.
    await expect(runImportCommitJob(importDepsOf(t.deps), job, { signal: stop.signal })).rejects.toThrow('nothing was written');
    expect(await customerCount(as)).toBe(0);
    expect(await readBack(as, id)).toMatchObject({ status: 'committing', rowsDone: 0 });

    // The stopped worker never reported back: its job is taken again once it counts as dead.
    expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(0);
    t.clock.advance(11 * 60_000);
    expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
    expect(await readBack(as, id)).toMatchObject({ status: 'committed', rowsDone: ROWS, result: { created: ROWS } });
    expect(await customerCount(as)).toBe(ROWS);
    const [stored] = await t.deps.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(eq(jobs.id, job.id));
    expect(stored).toEqual({ status: 'done', attempts: 2 });
  });

  it("hides another organization's committing import behind a 404", async () => {
    const as = await signUp(t.app);
    const other = await signUp(t.app);
    const { id } = await committingImport(as);
    expect((await other.request({ method: 'GET', url: `/api/imports/${id}` })).statusCode).toBe(404);
    expect((await commitImportRequest(other, id)).statusCode).toBe(404);
    expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
    expect(await customerCount(other)).toBe(0);
    expect(await customerCount(as)).toBe(ROWS);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('shows the rows done to other connections while the commit runs, and no record before it ends (PostgreSQL)', async () => {
    const as = await signUp(t.app);
    const { id } = await committingImport(as);
    const seen: { rowsDone: number; stored: number | undefined; status: string; customers: number }[] = [];
    const deps = {
      ...importDepsOf(t.deps),
      // Runs while the commit's transaction is open: everything here goes through other connections.
      onProgress: async (rowsDone: number) => {
        const [row] = await t.deps.db.select({ rowsDone: imports.rowsDone }).from(imports).where(and(eq(imports.id, id)));
        const body = await readBack(as, id);
        seen.push({ rowsDone, stored: row?.rowsDone, status: body.status, customers: await customerCount(as) });
      },
    };
    expect(await runImportCommitJobs(deps)).toBe(1);
    expect(seen.map((step) => step.rowsDone)).toEqual([500, 1000, 1200]);
    for (const step of seen) expect(step).toEqual({ rowsDone: step.rowsDone, stored: step.rowsDone, status: 'committing', customers: 0 });
    expect(await readBack(as, id)).toMatchObject({ status: 'committed', rowsDone: ROWS });
    expect(await customerCount(as)).toBe(ROWS);
  });
});
