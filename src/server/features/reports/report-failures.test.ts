import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../shared/contracts/reports';
import { jobs } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import * as compute from './compute-report';
import { REPORTS_NOW, seedLedger } from './reports.fixtures';
import { generateReport, runReportJobs } from './reports.service';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: REPORTS_NOW });
  owner = await signUp(t.app);
  await seedLedger(t.deps.db, owner.user.organizationId);
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const GENERIC = 'Failed to generate report. Please try again.';

/** The report's computation fails as a real one would: its statement is refused by the database. */
function failComputation() {
  return vi.spyOn(compute, 'computeReport').mockImplementation(async (db) => {
    await db.execute(sql`select 1 / 0 as n`);
    throw new Error('unreachable: the statement above fails');
  });
}

const open = async (id: string) => (await owner.request({ method: 'GET', url: `/api/reports/${id}` })).json<Report>();

describe('a report whose computation fails', () => {
  it('answers 201 failed with a message when generated inline, and is stored failed', async () => {
    const spy = failComputation();
    const response = await owner.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'invoice_aging' } });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json<Report>();
    expect(report).toMatchObject({ status: 'failed', error: GENERIC, figures: null });
    expect(report.completedAt).toBe(REPORTS_NOW.toISOString());
    expect(await open(report.id)).toMatchObject({ status: 'failed', error: GENERIC });
    const listed = (await owner.request({ method: 'GET', url: '/api/reports?limit=1' })).json<Report[]>();
    expect(listed.map((entry) => [entry.id, entry.status])).toEqual([[report.id, 'failed']]);
    const download = await owner.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=csv` });
    expect(download.statusCode).toBe(409);
    expect(download.json()).toMatchObject({ code: 'CONFLICT', message: 'This report failed; generate it again' });
  });

  it('stays generating while the job has attempts left, then ends failed with a message after the last one', async () => {
    const spy = failComputation();
    const actor = { organizationId: owner.user.organizationId, userId: owner.user.id, role: 'owner' as const };
    const queued = await generateReport(t.deps, actor, { type: 'invoice_aging', period: 'last_30_days', from: undefined, to: undefined, filters: {} }, { inlineRowLimit: 2 });
    expect(queued.status).toBe('generating');

    // Three attempts (the default), retried 30 s then 60 s after a failure.
    expect(await runReportJobs(t.deps)).toBe(1);
    expect(await open(queued.id)).toMatchObject({ status: 'generating', error: null });
    t.clock.advance(30_000);
    expect(await runReportJobs(t.deps)).toBe(1);
    expect((await open(queued.id)).status).toBe('generating');
    t.clock.advance(60_000);
    expect(await runReportJobs(t.deps)).toBe(1);
    expect(spy).toHaveBeenCalledTimes(3);

    const failed = await open(queued.id);
    expect(failed).toMatchObject({ status: 'failed', error: GENERIC, figures: null });
    expect(failed.completedAt).toBe(new Date(REPORTS_NOW.getTime() + 90_000).toISOString());
    // The job is failed for good, keeping the reason for whoever looks into it.
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'report.generate'));
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job?.lastError).toContain('select 1 / 0');
    t.clock.advance(3600_000);
    expect(await runReportJobs(t.deps)).toBe(0);
  });

  it('ends failed after the last attempt even when the step before the computation fails', async () => {
    const actor = { organizationId: owner.user.organizationId, userId: owner.user.id, role: 'owner' as const };
    const queued = await generateReport(t.deps, actor, { type: 'vendor_spending', period: 'last_30_days', from: undefined, to: undefined, filters: {} }, { inlineRowLimit: 0 });
    expect(queued.status).toBe('generating');
    await t.deps.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.status, 'queued'));
    const spy = vi.spyOn(compute, 'loadReportOrganization').mockRejectedValue(new Error('organization lookup failed'));
    expect(await runReportJobs(t.deps)).toBe(1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(await open(queued.id)).toMatchObject({ status: 'failed', error: GENERIC });
    const failedJobs = await t.deps.db.select().from(jobs).where(eq(jobs.lastError, 'organization lookup failed'));
    expect(failedJobs.map((job) => [job.payload.reportId, job.status])).toEqual([[queued.id, 'failed']]);
  });
});

describe('Export All when a computation fails', () => {
  it("answers the generic 500 { message, code }, never Fastify's or the database's text", async () => {
    failComputation();
    const response = await owner.request({ method: 'GET', url: '/api/reports/export-all?period=custom&from=2026-03-01&to=2026-03-31' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side', code: 'INTERNAL' });
  });
});
