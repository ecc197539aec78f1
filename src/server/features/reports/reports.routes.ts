import { exportAllQuery, generateReportSchema, reportCatalogue, reportDownloadQuery } from '../../../shared/contracts/reports';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import { AppError } from '../../platform/errors';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import type { JobWorker } from '../../platform/jobs';
import type { ReportFigures, ReportFilters } from '../../../shared/contracts/reports';
import { loadReportOrganization } from './compute-report';
import { reportFileName } from './report-cells';
import { CONTENT_TYPES, describeFilters, exportAllZip, renderReport } from './report-downloads';
import { findReport, generateReport, listReports, prepareReport, startReportWorker, toReport } from './reports.service';
import { startWeeklyReportScheduler } from './weekly-reports';

/** Reports & Analytics (spec 2.13): generate, list, open and download the six reports. */
export async function reportsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  let worker: JobWorker | null = null;
  if (deps.startWorkers) {
    const started = startReportWorker(deps, (error) => app.log.error({ err: error }, 'report job failed'));
    worker = started;
    const stopWeekly = startWeeklyReportScheduler(deps, app.log);
    app.addHook('onClose', async () => {
      await started.stop();
      await stopWeekly();
    });
  }
  app.post(
    '/api/reports/generate',
    {
      schema: {
        tags: ['reports'],
        summary: 'Generate and store a report',
        description:
          'type: revenue_summary, client_profitability, invoice_aging, payment_trends, client_onboarding or vendor_spending. ' +
          'period: last_7_days, last_30_days (default), last_90_days, last_year (the last 365 days, today included) or custom with ' +
          'from and to (days or ISO timestamps, at most 5 years). filters: customerId, vendorId, status where the report reads them; ' +
          "another organization's customer or vendor is a 404. Small reports answer 201 ready (or failed) with their figures; " +
          'large ones (over 20,000 source rows) answer 201 generating and are finished by the job queue. ' +
          'Viewers, refused every write, open and download the reports others generated.',
        body: generateReportSchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const report = await generateReport(deps, auth, request.body, {
        onQueued: () => worker?.wake(),
        onFailed: (error) => request.log.error({ err: error }, 'report generation failed'),
      });
      return reply.code(201).send(report);
    },
  );

  app.get(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Recent reports',
        description: 'Newest first, without figures, with generatedBy (the name of the user who generated the report); paginated (limit, offset, X-Total-Count).',
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const { items, total } = await listReports(deps.db, requireAuth(request), request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/api/reports/export-all',
    {
      schema: {
        tags: ['reports'],
        summary: 'Export All Reports: the six reports of a period in one ZIP',
        description: 'period (and from, to for custom) as in generate; each report as CSV, XLSX and PDF. Streamed.',
        querystring: exportAllQuery,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const prepared = await prepareReport(deps, auth, request.query);
      const zip = await exportAllZip(deps.db, prepared);
      const name = `Signal-AR-reports-${prepared.scope.from}-to-${prepared.scope.to}.zip`;
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(zip);
    },
  );

  app.get(
    '/api/reports/:id',
    {
      schema: { tags: ['reports'], summary: 'A report with its figures', description: "Another organization's report is a 404.", params: idParam },
    },
    async (request) => toReport(await findReport(deps.db, requireAuth(request), request.params.id), true),
  );

  app.get(
    '/api/reports/:id/download',
    {
      schema: {
        tags: ['reports'],
        summary: 'Download a report as CSV, XLSX or PDF',
        description: 'format: csv (default), xlsx or pdf. Streamed. A report still generating or failed is a 409.',
        params: idParam,
        querystring: reportDownloadQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { organizationId } = auth;
      const row = await findReport(deps.db, auth, request.params.id);
      if (row.status !== 'ready' || !row.figures) {
        throw new AppError('CONFLICT', row.status === 'failed' ? 'This report failed; generate it again' : 'This report is still generating');
      }
      const organization = await loadReportOrganization(deps.db, organizationId);
      const title = reportCatalogue[row.type].name;
      const filters = row.filters as ReportFilters;
      const heading = {
        organizationName: organization.name,
        title,
        from: row.fromDate,
        to: row.toDate,
        currency: (row.figures as unknown as ReportFigures).currency,
        filters: await describeFilters(deps.db, organizationId, filters),
      };
      const { format } = request.query;
      return reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${reportFileName(title, row.fromDate, row.toDate, format)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(await renderReport(format, heading, row.figures as unknown as ReportFigures));
    },
  );
}
